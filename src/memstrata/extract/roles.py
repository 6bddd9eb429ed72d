"""People an agent writes notes about by their role: a customer, a client, a colleague, a manager.

A support or sales agent keeps notes such as "Customer prefers to be contacted after 6pm", "Note: the
customer wants invoices in PDF", "The client is based in Toronto", 客户在多伦多, 备注：客户要PDF发票. Each is
a fact about that person, never the user's own: the sentence is read in the first person by the same
shapes that read the user's words ("prefers", "wants", "is based in", 要, 在), and what they find is kept
under the role as its subject (``shapes.about``), one English word in both languages as relatives are
(``kin``): 客户 and "client" are ``client``, 同事 and "coworker" ``colleague``.

Which role nouns name one person: the note's own register, "the customer", "our client", a bare
"Customer" opening the sentence, 客户 / 该客户 / 这位客户, and a role one has one of ("my manager", "my boss",
我老板, 我领导, 我房东): what the user says of their boss is worth keeping under the boss ("My boss prefers
email", 我老板喜欢用邮件沟通, which the extraction bench annotates as the boss's like; "My boss is flying to Tokyo
next Friday" the boss's trip, never the user's). "My client", "my colleague" and 我的客户 are one of several,
so they name nobody, as "my friend" does. A plural ("Customers prefer email") is said of everyone.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: Subject word per surface word; the subject is English (``client`` for 客户, which business notes
#: mean by it; 顾客, a shop's customer, is ``customer``).
_SUBJECT: dict[str, str] = {
    "customer": "customer", "client": "client", "colleague": "colleague", "coworker": "colleague",
    "co-worker": "colleague", "manager": "manager", "boss": "boss", "supervisor": "boss", "patient": "patient",
    "tenant": "tenant", "guest": "guest", "landlord": "landlord", "supplier": "supplier", "vendor": "supplier",
    "客户": "client", "顾客": "customer", "客人": "guest", "同事": "colleague", "经理": "manager", "老板": "boss",
    "领导": "boss", "上司": "boss", "病人": "patient", "患者": "patient", "租客": "tenant", "房客": "tenant",
    "房东": "landlord", "供应商": "supplier",
}
#: The Chinese word a statement shows for a subject (the first Chinese surface of each).
_SHOWN_ZH: dict[str, str] = {}
for _word, _canonical in _SUBJECT.items():
    if not _word.isascii():
        _SHOWN_ZH.setdefault(_canonical, _word)

_EN_ROLES = "|".join(w for w in _SUBJECT if w.isascii())
_ZH_ROLES = "|".join(w for w in _SUBJECT if not w.isascii())
#: The Chinese words that name a role (客户, 老板, 同事): a question holding one asks about that person.
ZH_WORDS: frozenset[str] = frozenset(w for w in _SUBJECT if not w.isascii())

#: A note's label, not a statement: "Note:", "NB:", "FYI:", "Memo:", 备注：, 备忘：, 注：. "Note to self:" too.
NOTE_LABEL = lazy_regex(r"^(?:notes?(?:\s+to\s+self)?|nb|n\.b\.|fyi|memo|备注|备忘|注)\s*[:：]\s*", _IC)

#: Roles a person has one of, so "my manager" names them; "my client" is one of several.
_ONE_OF = "manager|boss|supervisor|landlord"
_ONE_OF_ZH = "老板|领导|上司|经理|房东"

_ROLE_EN = lazy_regex(
    rf"^(?:(?:the|our|this|that)\s+(?P<role>{_EN_ROLES})|(?P<bare>{_EN_ROLES})|my\s+(?P<own>{_ONE_OF}))"
    r"(?P<poss>'s)?\s+(?P<rest>\S.*)$", _IC)
#: 我们经理 as "our manager" (it stored nothing while 我经理 was the manager's).
_ROLE_ZH = lazy_regex(rf"^(?:(?:该|这位|这个|那位|此)?(?P<role>{_ZH_ROLES})|我们?的?(?P<own>{_ONE_OF_ZH}))"
                      r"(?P<rest>.+)$")


def subject(word: str) -> str:
    """The subject word for a role named ``word`` (``客户`` → ``client``, ``Coworker`` → ``colleague``);
    ``""`` for a word that names no role.

    >>> subject("客户"), subject("Coworker"), subject("customer"), subject("friend")
    ('client', 'colleague', 'customer', '')
    """
    return _SUBJECT.get(word.strip().lower(), "")


def is_role(word: str) -> bool:
    """Whether ``word`` is a role's subject word (``client``, ``colleague``), as ``subject`` gives them."""
    return word in _SUBJECT.values()


def shown(subject_word: str, lang: str) -> str:
    """How a statement in ``lang`` names the role: the Chinese word in Chinese, "the <role>" in English.

    >>> shown("client", "zh"), shown("client", "en")
    ('客户', 'the client')
    """
    return _SHOWN_ZH.get(subject_word, subject_word) if lang == "zh" else f"the {subject_word}"


def named_in(subject_word: str, statement: str) -> bool:
    """Whether ``statement`` opens by naming the role ``subject_word`` as ``extract.statements.statement_for`` writes
    it ("the client lives in Toronto", 客户住在多伦多), so a reader need not name it again.

    >>> named_in("client", "客户住在多伦多"), named_in("customer", "the customer: only contact after 6pm")
    (True, True)
    """
    if not is_role(subject_word):
        return False
    text = statement.strip().casefold()
    return any(text.startswith(shown(subject_word, lang).casefold()) for lang in ("en", "zh"))


def role_en(sentence: str) -> tuple[str, str, str] | None:
    """``(subject, possessive, rest)`` of an English sentence about a role ("The client is based in
    Toronto" → ``("client", "", "is based in Toronto")``, "Customer's email is …" → ``("customer", "'s", …)``);
    ``None`` when it names none, or one of several ("my client")."""
    text = NOTE_LABEL.sub("", sentence.strip())
    m = _ROLE_EN.match(text)
    if m is None:
        return None
    word = m.group("role") or m.group("bare") or m.group("own")
    if m.group("bare") and not m.group("bare")[0].isupper():
        return None  # a bare role opens a note ("Customer prefers …"); "client called" mid-chat names nobody
    return subject(word), m.group("poss") or "", m.group("rest")


def role_zh(sentence: str) -> tuple[str, str] | None:
    """``(subject, rest)`` of a Chinese sentence about a role (客户在多伦多 → ``("client", "在多伦多")``,
    备注：客户要PDF发票 → ``("client", "要PDF发票")``); ``None`` when it names none (我的客户 is one of several)."""
    m = _ROLE_ZH.match(NOTE_LABEL.sub("", sentence.strip()))
    if m is None:
        return None
    return subject(m.group("role") or m.group("own")), m.group("rest")
