"""Who said a memory and whom it is about, as the lines an agent reads name them.

In a group scope (several people talking: ``speaker=`` on ``add``, or an imported
conversation such as LoCoMo) "I love hiking" and "likes eating sushi" are someone's: a
context block that leaves the speaker out lets the agent read Bob's sushi as Alice's, and an
assistant's "I prefer UPS" as the user's preference. So a line is attributed whenever the
memory is not the scope's user's own:

* an episode said by a named speaker other than the scope's user (``producer_id`` not the
  ``user_id``): ``Alice: I love hiking in the mountains``;
* an episode of another role (assistant, tool, system): ``assistant: I prefer UPS`` (named:
  ``Jarvis (assistant): …``), whoever the scope is;
* a fact whose ``subject`` is not the scope's user: ``Bob likes eating sushi``
  (``Bob喜欢吃寿司``);
* a turn said in another project folder than the block's (``ELSEWHERE``) names that folder first;
* a project's convention (``Fact.project``: said in a folder) names its folder, never as a person:
  ``in /home/dev/a: the project uses pnpm`` (``在/home/dev/a：项目用pnpm``); it is the user's, never "another
  person"'s (``about_other_person``).

The user's own memories (a ``user`` turn with no speaker, or with the user's id as speaker;
a fact with no subject or the user's id) read as before, "I like tea", so a single-user store
carries no ``user:`` noise. Display only: ranking, stored rows and filters are untouched.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memstrata.extract import kin, roles
from memstrata.text.clauses import split_dialogue
from memstrata.text.hanzi import simplified
from memstrata.text.tokens import is_cjk
from memstrata.types import Fact, Hit, names_the_user

#: ``Hit.signals`` mark of a turn said in a project folder other than the block's (``context.block.in_folder``):
#: its line names that folder (``in /home/dev/b: This repo uses yarn, not npm``).
ELSEWHERE = "other_folder"
#: Role names in a Chinese context block (the English block uses the role as stored).
ROLE_NAMES_ZH = {"user": "用户", "assistant": "助手", "system": "系统", "tool": "工具"}


#: Fact statements (``extract.rules``) that open with a noun: the subject is put before them as a
#: possessive ("Alice's birthday is March 3", "小明的生日是3月3号"); the others open with a verb
#: ("Bob likes eating sushi", "小明对芒果过敏", "Gina went to a fair").
POSSESSIVE_EN = ("name is", "birthday is", "e-mail is", "phone number is", "favorite ", "favourite ", "diet:",
                 "plans:", "shipping address:", "deliveries:")
POSSESSIVE_ZH = ("名字是", "职业是", "生日是", "家人：", "配送偏好", "收货地址：", "饮食：", "计划：", "日程：",
                 "邮箱是", "电话是", "最喜欢的", "職業是", "收貨地址：", "飲食：", "計劃：", "郵箱是", "電話是",
                 "最喜歡的")
#: Keys whose statement is the value as said (a note, a habit, a scheduled item): the subject
#: comes with a colon ("Alice: scheduled: …" would read as one sentence otherwise).
BARE_VALUE_KEYS = frozenset({"note", "fact.general", "preference.habit", "schedule.event", "contact.hours", "budget"})


def _same(name: str | None, user_id: str | None) -> bool:
    """Whether a speaker or subject ``name`` is the scope's user (``types.names_the_user``)."""
    return names_the_user(name, user_id)


def is_users_own(hit: Hit) -> bool:
    """Whether ``hit`` is the scope's user's own memory: a ``user`` turn said by no named speaker
    or by the user (``producer_id`` equal to the scope's ``user_id``), or a fact about no one in
    particular or about the user. Everything else (another speaker, an assistant or tool turn, a
    fact about someone else) is attributed by ``context.attribution``."""
    if hit.episode is not None:
        return hit.episode.role == "user" and _same(hit.episode.producer_id, hit.episode.scope.user_id)
    if hit.fact is not None:
        return is_users_own_fact(hit.fact)
    return True


def is_users_own_fact(fact: Fact) -> bool:
    """Whether ``fact`` is the scope's user's own: about no one in particular or about the user, or a project's
    convention (``Fact.project``). A fact about anyone else, the user's relatives included (``wife``, ``Bob``,
    ``boss``), is theirs: ``Memory.context``'s profile lists it under "About other people" and the inspector's
    profile in its own section, by this one rule."""
    return fact.project is not None or _same(fact.subject, fact.scope.user_id)


def about_someone_else(fact: Fact) -> bool:
    """Whether ``fact``'s ``subject`` names someone other than its scope's user (a listing
    then shows whom each fact is about)."""
    return not _same(fact.subject, fact.scope.user_id)


def about_other_person(hit: Hit) -> bool:
    """Whether ``hit`` is a fact about someone outside the user's household: its ``subject`` is
    neither the scope's user nor one of the user's relatives or pets (``extract.kin``: ``wife``,
    ``son``, ``cat``), so a role (``boss``, ``customer``, ``client``), a name (``Tom``) or another
    person's relative (``Jon's son``). ``Memory.context`` lists such facts under their own heading,
    never under the user's (``context.block``). ``False`` for an episode."""
    if hit.fact is None or hit.fact.project is not None or _same(hit.fact.subject, hit.fact.scope.user_id):
        return False
    owner, relation = kin.split_subject((hit.fact.subject or "").strip())
    return relation is None or not (owner is None or _same(owner, hit.fact.scope.user_id))


def several_users(hits: Sequence[Hit]) -> bool:
    """Whether ``hits`` belong to more than one user (a read by session or agent alone): each
    line then names its user (``context.attribution(..., name_user=True)``)."""
    return len({h.scope.user_id for h in hits if h.scope.user_id is not None}) > 1


def attribution(hit: Hit, *, chinese: bool = False, name_user: bool = False) -> str:
    """The words put before ``hit``'s text on its line, ``""`` for the user's own memory.

    Args:
        hit: a ranked or profile hit (``Hit.episode`` / ``Hit.fact`` set).
        name_user: name the hit's user on their own memories too (``several_users``):
            ``"alice: "``, ``"alice "`` before a fact statement.
        chinese: the block's labels are Chinese (``context.render.labels_for``): full-width colon and
            Chinese role names (``ROLE_NAMES_ZH``).

    Returns:
        ``"Alice: "`` / ``"Alice："`` for another speaker's turn, ``"assistant: "`` /
        ``"助手："`` (``"Jarvis (assistant): "`` / ``"Jarvis（助手）："`` when named) for a turn of
        another role; before a fact about someone else: ``"Bob "`` (``Bob likes eating sushi``),
        ``"Bob's "`` before a statement opening with a noun (``POSSESSIVE_EN``: ``Bob's birthday is
        …``), ``"小明"`` / ``"小明的"`` before a Chinese one (``小明对芒果过敏``, ``小明的生日是…``),
        ``"Bob: "`` before a bare value (``BARE_VALUE_KEYS``) or a fact with no statement.

    >>> from datetime import datetime, timezone
    >>> from memstrata.types import Episode, Scope
    >>> said = Episode(1, Scope(user_id="grp"), "user", "I love hiking", datetime(2026, 1, 1, tzinfo=timezone.utc),
    ...                1, producer_id="Alice")
    >>> hit = Hit("episode", 1, said.content, said.content, 0.9, 0.9, said.created_at, (1,), said.scope,
    ...           episode=said)
    >>> attribution(hit), attribution(hit, chinese=True)
    ('Alice: ', 'Alice：')
    """
    colon = "：" if chinese else ": "
    folder = hit.episode.metadata.get("project") if hit.episode is not None and hit.signals.get(ELSEWHERE) else None
    where = "" if not isinstance(folder, str) else f"在{folder}{colon}" if chinese else f"in {folder}{colon}"
    return where + _whose(hit, colon, name_user=name_user, chinese=chinese)


def _whose(hit: Hit, colon: str, *, name_user: bool, chinese: bool) -> str:
    """``attribution`` but the folder of a turn said in another project (``ELSEWHERE``)."""
    if hit.fact is not None and (project := hit.fact.project) is not None:
        user = f"{(hit.scope.user_id or '').strip()}{colon}" if name_user and (hit.scope.user_id or "").strip() else ""
        return f"{user}在{project}{colon}" if chinese else f"{user}in {project}{colon}"
    if is_users_own(hit):
        # A block over several users (read by session or agent alone) names each user too: their
        # own words and facts are not the reader's.
        user = (hit.scope.user_id or "").strip()
        if not (name_user and user):
            return ""
        if hit.episode is not None or hit.fact is None:
            return f"{user}{colon}"
        return _before_statement(hit, user, colon)
    if hit.episode is not None:
        role, name = hit.episode.role, hit.episode.producer_id
        shown_role = ROLE_NAMES_ZH.get(role, role) if chinese else role
        if role == "user":
            return f"{(name or '').strip()}{colon}"
        if name and not _same(name, role):
            return f"{name.strip()}（{shown_role}）{colon}" if chinese else f"{name.strip()} ({shown_role}){colon}"
        return f"{shown_role}{colon}"
    assert hit.fact is not None  # is_users_own is True for a hit with neither
    return _before_statement(hit, (hit.fact.subject or "").strip(), colon)


def _before_statement(hit: Hit, subject: str, colon: str) -> str:
    """The words naming ``subject`` before a fact hit's statement (see ``context.attribution``)."""
    assert hit.fact is not None
    statement = hit.text.strip()  # the statement, possibly in the user's script (``context.render.in_users_script``)
    if _opens_with(statement, subject):
        # a named person's statement names them already (``extract.statements.statement_for``: "Tom: is on
        # the payments team", "小王在支付组"); a second name would read "Tom Tom: ...", "小王小王..."
        return ""
    if roles.named_in(subject, statement):  # "the client lives in Toronto", 客户住在多伦多: named already
        return ""
    owner, relation = kin.split_subject(subject)
    if relation and kin.named_in(relation, statement):
        # a relative's fact names them already ("their son is allergic to eggs", 儿子对鸡蛋过敏): only
        # whose relative it is, when that is someone else than the user ("Jon: their son is ...")
        return "" if owner is None or _same(owner, hit.fact.scope.user_id) else f"{owner}{colon}"
    if not hit.fact.statement or hit.fact.key in BARE_VALUE_KEYS:
        return f"{subject}{colon}"
    if is_cjk(statement[0]):
        return f"{subject}的" if statement.startswith(POSSESSIVE_ZH) else subject
    return f"{subject}'s " if statement.lower().startswith(POSSESSIVE_EN) else f"{subject} "


def _opens_with(statement: str, name: str) -> bool:
    """Whether ``statement`` begins with the word ``name`` (case aside): "Tom: is on ..." does,
    "Tomatoes ..." does not; a Chinese name has no word boundary, so its first characters are enough, nor has a
    Latin name before Chinese ("Leo对花生过敏": ``str.isalnum`` is true of 对, which would read "Leo Leo对...")."""
    if not name or not statement.casefold().startswith(name.casefold()):
        return False
    rest = statement[len(name):]
    return not rest or is_cjk(name[-1]) or is_cjk(rest[0]) or not (rest[0].isalnum() or rest[0] == "_")


#: "my wife", "our son's", "the user's older sister", "my little brother": a relative or pet of the user named by a
#: possessive in an English question (the word is checked by ``extract.kin.is_relative``).
_USERS_RELATIVE_EN = re.compile(rf"\b(?:my|our|the user's|user's)\s+({kin.SIBLING}|[a-z][a-z-]*)", re.IGNORECASE)
#: 我老婆, 我的妈妈, 我们的猫, 用户的女儿: what follows the user (and 的) in a Chinese question, where a relative's
#: word is looked for (longest first, so 妈妈 is read before 妈).
_USERS_ZH = re.compile(r"(?:我们|我|用户)的?")
_ZH_RELATIVES = tuple(sorted(kin.ZH_WORDS, key=len, reverse=True))


#: Words by which a question refers to a person named before it ("anything I should prepare for him?", 她喜欢什么？).
_PERSON_BACK_EN = frozenset({"he", "she", "him", "her", "his", "hers", "they", "them", "their"})
_PERSON_BACK_ZH = ("他", "她")


def asked_relatives(query: str) -> frozenset[str]:
    r"""``relatives_named`` by what ``query`` asks: its last user turn when it is a dialogue
    (``text.clauses.split_dialogue``), or the whole dialogue when that turn names none and refers back to a
    person (he, him, her, 他, 她: "user: my brother is coming next week … user: anything I should prepare for
    him?"). A relative named only in the chit-chat before a question about the user is not asked about.

    >>> sorted(asked_relatives("user: my brother visits soon\nassistant: nice!\nuser: what should I get him?"))
    ['brother']
    >>> asked_relatives("user: my wife and I went hiking\nassistant: nice!\nuser: what is my blood type?")
    frozenset()
    """
    asked, dialogue = split_dialogue(query)
    found = relatives_named(asked)
    if found or dialogue is None:
        return found
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", asked)}
    if words & _PERSON_BACK_EN or any(w in asked for w in _PERSON_BACK_ZH):
        return relatives_named(dialogue)
    return found


def relatives_named(query: str) -> frozenset[str]:
    """The user's relatives and pets ``query`` asks about, as subject words (``extract.kin.subject``: 老婆 and
    "wife" are ``wife``): each named after the user's possessive ("my wife", "our dog", "the user's mom", 我老婆,
    我的妈妈, 用户的女儿). A relative word that is not the user's ("who is allergic to cats?", 谁对猫过敏) names
    no one asked about. Empty for a question about the user alone.

    >>> sorted(asked_relatives("where does my wife work?")), sorted(asked_relatives("我老婆在哪里工作？"))
    (['wife'], ['wife'])
    >>> sorted(asked_relatives("what does my little brother eat?")), sorted(asked_relatives("我妈妈喜欢吃什么"))
    (['younger brother'], ['mom'])
    >>> asked_relatives("who is allergic to cats?"), asked_relatives("谁对猫过敏？"), asked_relatives("my job?")
    (frozenset(), frozenset(), frozenset())
    """
    found = {kin.subject(m.group(1)) for m in _USERS_RELATIVE_EN.finditer(query)
             if kin.is_relative(m.group(1).removesuffix("'s"))}
    text = simplified(query)
    for m in _USERS_ZH.finditer(text):
        word = next((w for w in _ZH_RELATIVES if text.startswith(w, m.end())), None)
        if word is not None:
            found.add(kin.subject(word))
    return frozenset(found)


def about_relative(hit: Hit, relatives: frozenset[str]) -> bool:
    """Whether ``hit`` is about one of the user's ``relatives`` (``asked_relatives``): a fact whose subject is
    that relative of the user, or a fact or message naming them in English or Chinese ("my wife Priya works at
    Intel", "has a family member: wife named Priya", 老婆喜欢吃辣; ``extract.kin.named_in``, case aside)."""
    if not relatives:
        return False
    if hit.fact is not None and hit.fact.subject:
        owner, relation = kin.split_subject(kin.subject(hit.fact.subject.strip()))
        if relation in relatives and (owner is None or _same(owner, hit.fact.scope.user_id)):
            return True
    text = hit.text.casefold()
    return any(kin.named_in(relation, text) for relation in relatives)
