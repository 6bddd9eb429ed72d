"""A job that ended ends the employer: "I lost my job", "I got laid off", 我被裁员了, 我辞职了.

"I work at Google" then "I lost my job" left Google current: the loss was stored as an event
(``extract.salience``) and nothing ended the employer. A careful listener no longer says where
the user works, so the job's end withdraws every value of ``identity.employer`` (which one is
not said, and one works at one place at a time). An occupation stays ("I'm a teacher" holds
after a layoff). A fear, a wish, a question or a hypothetical ("If I lose my job", 我怕被裁员,
"I might quit my job") and someone else's ("My friend lost his job") end nothing.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.extract.onset import JOB_TAKEN_EN, JOB_TAKEN_ZH
from memstrata.extract.places import known_place
from memstrata.extract.subject_en import NOT_NAMES
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_EN = lazy_regex(r"(?:^|[,;]\s*|\b(?:since|after|now that|because|and|but|so)\s+)i\s+(?:just\s+|recently\s+|finally\s+|"
                 r"also\s+)?(?:lost my job|got (?:laid off|fired|sacked|let go)|was (?:laid off|fired|let go|sacked)|"
                 r"quit my job|left my job|resigned)\b", _IC)
_EN_NOT = lazy_regex(r"\b(?:if|afraid|might|may|will|would|could|should|worried|scared|fear|don't|didn't|won't|"
                     r"not|never|almost|nearly|wish|hope|want|thinking|said|says|told)\b|\?", _IC)
_ZH = lazy_regex(r"(?:^|[，,]|因为|自从)我(?:刚刚?|已经|上个?月|上周|昨天|前几天|最近|也)*"
                 # 出来创业 / 辞职创业: out of the job, into a business of one's own (我在创业 alone may be beside a
                 # job)
                 r"(?:失业了|被(?:公司)?(?:裁员|裁|开除|辞退|解雇)了|辞职了|离职了|丢了工作|把工作辞了"
                 r"|(?:自己)?(?:出来|辞职)(?:自己)?创业了)")
_ZH_NOT = lazy_regex(r"如果|要是|万一|怕|担心|会|想|打算|不|没|吗|？|\?|说")


#: A new job begun where the sentence names no employer: "I started a new job as a paramedic", "I got a new job",
#: 我换工作了, 我换了一份新工作: the employer before is no longer where one works (one named, "a new job at Acme",
#: 我换了新工作，现在在美团, supersedes it instead: ``extract.onset``).
_NEW_EN = lazy_regex(r"(?:^|[,;]\s*|\b(?:and|so|but|now)\s+)i(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|"
                     rf"also\s+)?{JOB_TAKEN_EN}\s+(?:a\s+)?new\s+job\b"
                     # the job itself, not a thing of one ("a new job offer", "a new job interview", "job search")
                     r"(?=\s*(?:$|[.!?,;:)\-—]|(?:as|in|last|this|yesterday|today|recently|now|and|but|so|too|"
                     r"a\s+(?:week|month|few|couple)|\d+|two|three|four|five|six)\b))"
                     r"(?![^,;]*\b(?:at|with|for)\s)(?P<rest>[^,;]*)", _IC)
_NEW_ZH = lazy_regex(r"(?:^|[，,])我(?:刚刚?|已经|上个?月|上周|最近|也)*"
                     rf"(?:{JOB_TAKEN_ZH}?(?:一份)?新的?工作|换工作)了?(?:[，,。]|$)")


def new_job(sentence: str, lang: str, *, employer_named: bool) -> list[Finding]:
    """The withdrawal of the employer a new job begun says (``_NEW_EN`` / ``_NEW_ZH``), ``[]`` when none or when
    the sentence names the new employer (``employer_named``: its finding supersedes the old one)."""
    m = None if employer_named else (_NEW_ZH if lang == "zh" else _NEW_EN).search(sentence)
    if m is None:
        return []
    clause = m.group(0)
    if (_ZH_NOT if lang == "zh" else _EN_NOT).search(clause):
        return []
    return [Finding("identity.employer", "", CONF_PREFER, sentence, retract=True,
                    statement="换了工作" if lang == "zh" else "started a new job")]


#: A named employer left: "I quit Google yesterday", "I left Deloitte last month", "I resigned from Acme". The name
#: may be no employer ("I quit Facebook", the app; "I left Austin"): the withdrawal ends only an employer of that
#: very name, and keeps no former one (``extract.former``).
_NAMED_EN = lazy_regex(
    r"(?:^|[,;]\s*|\b(?:and|but|so|since|after|now that)\s+)i\s+(?:just\s+|recently\s+|finally\s+|officially\s+)?"
    r"(?:quit|left|resigned\s+from)\s+(?P<org>(?-i:[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3}))"
    r"(?=\s*$|\s*[,;.!]|\s+(?:today|yesterday|last\s+\w+|this\s+\w+|earlier\b|on\s+\w+|in\s+\w+|"
    r"(?:a|an|one|two|three|four|five|six|a\s+few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|after\b|for\b|"
    r"to\b|and\b|so\b|because\b))", _IC)


def named_end(sentence: str) -> list[Finding]:
    """The withdrawal of the employer named as left in ``sentence`` (``_NAMED_EN``), ``[]`` when none, or when the
    name is a known place ("I left Berlin") or a word no name is ("I quit Monday")."""
    m = _NAMED_EN.search(sentence)
    if m is None or _EN_NOT.search(sentence[: m.end()]):
        return []
    org = m.group("org")
    if org.endswith(".") and org.rsplit(None, 1)[-1] not in _ABBREVIATED:
        org = org[:-1]  # "I quit Google. I'm at Stripe now": the sentence's full stop, no part of the name
    if known_place(org) or org.split()[0] in NOT_NAMES or _NOT_AN_ORG_EN.match(org):
        return []
    return [Finding("identity.employer", org, CONF_PREFER, sentence, retract=True,
                    statement=f"no longer works at {org}")]


#: A name's own last word that ends in a full stop ("Acme Inc.", "Smith & Co."): the stop is kept.
_ABBREVIATED = frozenset({"Inc.", "Co.", "Corp.", "Ltd.", "Bros.", "Jr.", "LLC.", "Ltda.", "GmbH."})
#: Capitalised words after "quit" / "left" that are no employer: days, months, a time.
_NOT_AN_ORG_EN = lazy_regex(r"^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
                            r"April|June|July|August|September|October|November|December|Christmas|Easter|"
                            r"Thanksgiving)\b")


def find(sentence: str, lang: str) -> list[Finding]:
    """The withdrawal of the employer a job's end in ``sentence`` says (``[]`` when none): every value, or the one
    named ("I quit Google": ``_named_end``)."""
    if lang == "zh":
        m = _ZH.search(sentence)
        said = sentence[: m.end()] if m else ""
        if m is None or _ZH_NOT.search(said):
            return []
    else:
        m = _EN.search(sentence)
        said = sentence[: m.end()] if m else ""
        if m is None or _EN_NOT.search(said):
            return named_end(sentence)
    return [Finding("identity.employer", "", CONF_PREFER, sentence, retract=True,
                    statement="工作结束了" if lang == "zh" else "no longer works there")]
