"""Detectors for secrets and personal data in Chinese and English text.

Each detector returns ``Finding`` spans; ``find_all`` runs them in priority order and
drops spans that overlap an earlier finding (a Chinese ID number is not also a card
number; a key after "my password is" is a password). Checksums keep false positives
down: card numbers must pass Luhn and start with an issuer digit (2–6), resident ID
numbers must carry a valid GB 11643-1999 check character and birth date.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from memstrata.privacy.phones import after_id_word, phone_spans
from memstrata.text.regex import lazy_regex

#: The kinds a policy can name, in detection priority order.
KINDS: tuple[str, ...] = ("password", "api_key", "cn_id", "us_ssn", "bank_card", "id_number", "email", "phone")


@dataclass(frozen=True)
class Finding:
    """One detected span: ``text[start:end]`` is of ``kind``."""

    kind: str
    start: int
    end: int


# -- passwords stated in words ---------------------------------------------------------------
#: A labelled password (``password: ...``, ``my pw is ...``, 密码是...) is followed by the secret
#: and, as a rule, nothing else up to the clause's end. Secrets hold punctuation and spaces
#: (``密码是Abc!2345`` kept ``!2345``; ``password is "correct horse battery staple"`` kept three of
#: its four words when only the first token was taken), so after a label and its verb or sign:
#: a quoted value is taken whole, an unquoted one runs to the clause's end (``，。；！？`` or a
#: line break anywhere, ``.,;!?`` followed by a space or the end), at most ``PW_MAX_CHARS``, or
#: to where a new clause with its own subject begins (``_NEXT_CLAUSE``: "my password is hunter2
#: and I like tea" otherwise kept "and I like tea" redacted too). Inside a clause,
#: redacting a few words too many beats leaking part of a passphrase ("salt and pepper 99").
#: ``pwd`` followed by a path (``pwd: /home/alice/src``) is the working directory, not a password.
#: A code that opens a door, gate, alarm, lock or safe is a password too, in every language
#: (without this, 我家大门密码是4417 was redacted, "my gate code is 4417" and 我的門禁碼是4417
#: were stored): "gate code", "garage door code", "building access code", "alarm code", "lockbox
#: combination", "the code for the front gate"; 门禁码/門禁碼, 开门密码, 大門碼, 保险箱码, 报警器密码.
#: "code" alone is no label ("the code is on GitHub", "zip code", "dress code", "promo code").
_DOOR = (r"(?:gate|door|garage|alarm|lock|locker|padlock|lockbox|keybox|key\s+box|keypad|entry|entrance|building|"
         r"access|security|safe)")
_PW_LABEL_EN = (r"\b(?:password|passcode|passwd|pwd|pw|pin(?:\s+(?:code|number))?|passphrase"
                rf"|{_DOOR}(?:\s+(?:door|access|entry|alarm|system))?\s+(?:code|pin|combination)"
                rf"|(?:code|combination)\s+(?:for|to|of)\s+(?:the\s+|my\s+|our\s+)?(?:front\s+|back\s+|main\s+)?{_DOOR})\b")
_PW_LABEL_ZH = (r"(?:支付密码|登录密码|开机密码|密码|口令|密碼|PIN[码碼]"
                r"|(?:门禁|門禁|开门|開門|门锁|門鎖|大门|大門|院门|院門|车库门?|車庫門?|保险箱|保險箱|保险柜|保險櫃"
                r"|报警器?|報警器?|警报器?|警報器?|开锁|開鎖)[码碼])")
_PW_INTRO = lazy_regex(
    rf"(?i)(?:{_PW_LABEL_EN}(?:\s+(?:for|to|of)\s+[\w .'-]{{1,30}}?)?"
    r"\s*(?:(?:is\s+now|is|was|has\s+been\s+changed\s+to|changed\s+to)\b|[:：=])"
    rf"|{_PW_LABEL_ZH}\s*(?:是|为|為|：|:|=|改成了?|改为|设置为|设为|换成了?))"
    r"[\s:：]*"
)
#: Longest unquoted or quoted value taken after a label, in characters.
PW_MAX_CHARS = 100
_PW_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』"}
_CLAUSE_END = lazy_regex(r"[.,;!?]+(?=\s|$)|[\n，。；！？]")
#: A conjunction and a subject (English), or a Chinese subject or 请 right after a Latin secret:
#: the secret ended before it.
_NEXT_CLAUSE = lazy_regex(
    r"(?i)\s+(?:and|but|so|also|plus|then|or|because|while)\s+"
    r"(?:I|I'm|I'll|I've|I'd|me|my|we|we're|our|you|your|he|she|they|it's|please)\b"
    r"|(?<=[!-~])\s*(?=我|请|你|他|她)"
)
_PATH = lazy_regex(r"(?:~|\.{1,2})?/[^\s]*|[A-Za-z]:\\[^\s]*")


def _password_value(text: str, start: int) -> tuple[int, int] | None:
    """The secret's span after a label ending at ``start``, or None when nothing follows."""
    if start >= len(text):
        return None
    closer = _PW_QUOTES.get(text[start])
    if closer is not None:
        end = text.find(closer, start + 1, start + 2 + PW_MAX_CHARS)
        if end > start + 1 and "\n" not in text[start + 1:end]:
            return start + 1, end
        start += 1  # an unclosed quote: the rest of the clause is the value
    stop = _CLAUSE_END.search(text, start, start + PW_MAX_CHARS)
    end = stop.start() if stop else min(len(text), start + PW_MAX_CHARS)
    clause = _NEXT_CLAUSE.search(text, start, end)
    end = clause.start() if clause and clause.start() > start else end
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None


#: A label with no verb or sign, the secret right after it ("wifi password hunter2", "alarm code
#: 9931", 密码abc12345, 门锁密码 #5566#: a sign may open it): one token of printable ASCII, at least 4
#: characters with a digit, so "password manager", "pin it" and "password reset 2 times" are no
#: secrets. Without this, "my wifi
#: password is hunter2" was redacted and "wifi password hunter2" stored as typed.
_PW_BARE = lazy_regex(
    rf"(?i)(?:{_PW_LABEL_EN}\s+|{_PW_LABEL_ZH}\s*)(?P<v>(?=[!-~]*\d)[A-Za-z0-9#*@$%&+~^][!-~]{{3,{PW_MAX_CHARS}}}?)"
    r"(?<![.,;!?])(?=[.,;!?]*(?:\s|$)|[^!-~])"
)
#: A login or its credentials stated with a verb or sign as a name and a secret ("the login for the
#: bank is dana / Summer2024!", "creds: admin:Pa55word"): the pair is redacted whole, and only a
#: pair whose second part holds a digit counts, so "the login is broken", "my login is my email",
#: "Flask-Login==0.5.0" and "credentials:\n\n### 1." stay.
_LOGIN_INTRO = lazy_regex(
    r"(?i)(?<![\w-])(?:login|log-in|sign-in|credentials|creds)(?:\s+(?:for|to|of)\s+[\w .'-]{1,30}?)?"
    r"\s*(?:(?:is|are|was|were)\b|[:：]|=(?!=))[ \t:：]*"
)
_LOGIN_PAIR = lazy_regex(r"[^\s/:|]+\s*[/:|]\s*(?=\S*\d)\S+")


def _passwords(text: str) -> Iterator[Finding]:
    found: list[tuple[int, int]] = []
    for m in _PW_INTRO.finditer(text):
        span = _password_value(text, m.end())
        if span is None:
            continue
        if m.group(0).lstrip().lower().startswith("pwd") and _PATH.fullmatch(text[span[0]:span[1]]):
            continue  # the working directory
        found.append(span)
    for m in _LOGIN_INTRO.finditer(text):
        span = _password_value(text, m.end())
        if span is not None and _LOGIN_PAIR.fullmatch(text, *span):
            found.append(span)
    for m in _PW_BARE.finditer(text):
        if m.group(0).lstrip().lower().startswith("pwd") and _PATH.fullmatch(m.group("v")):
            continue
        found.append(m.span("v"))
    for start, end in sorted(found):  # one finding per secret, however many labels name it
        if not any(a <= start and end <= b and (a, b) != (start, end) for a, b in found):
            yield Finding("password", start, end)


# -- API keys and tokens ---------------------------------------------------------------------
#: Vendor prefixes (OpenAI/Anthropic ``sk-``, GitHub ``ghp_`` and friends, AWS access key
#: ids ``AKIA``/``ASIA``, Slack ``xox?-``, Google ``AIza``, GitLab ``glpat-``, Stripe live keys,
#: JSON Web Tokens, PEM private keys).
_KEY_PREFIXES = lazy_regex(
    r"(?<![\w-])(?:"
    r"sk-(?:proj-|ant-(?:api\d\d-)?|live-)?[A-Za-z0-9_-]{20,}"
    r"|gh[pousr]_[A-Za-z0-9]{30,}"
    r"|github_pat_[A-Za-z0-9_]{40,}"
    r"|(?:AKIA|ASIA)[0-9A-Z]{16}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"
    r"|AIza[0-9A-Za-z_-]{35}"
    r"|glpat-[A-Za-z0-9_-]{20,}"
    r"|(?:sk|rk|pk)_live_[A-Za-z0-9]{20,}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
    r")(?![\w-])",
    re.ASCII,  # \w ASCII-only: a key written straight after Chinese (我的key是sk-...) still has its edge
)
_PEM = lazy_regex(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)", re.S)
_TOKEN = lazy_regex(r"(?<![\w/+=.-])[A-Za-z0-9+/_=-]{24,}(?![\w/+=-])", re.ASCII)
_KEYWORD_TOKEN = lazy_regex(
    r"(?i)(?:\bkey|api[\s_-]?key|access[\s_-]?key|secret(?:[\s_-]?key)?|token|密钥|秘钥|令牌)"
    r"\s*(?:is|=|:|：|是|为)?\s*[\"']?(?P<v>[A-Za-z0-9+/_=.-]{16,})"
)
#: Shannon entropy (bits per character) from which a long mixed token counts as a secret.
#: Random base62/base64 strings of 24+ characters measure 4.2–5.0; English words and
#: identifiers like ``internationalization_service`` measure below 3.8.
ENTROPY_BITS = 3.8


def shannon_entropy(token: str) -> float:
    """Bits per character of ``token``'s character distribution (0 for an empty string)."""
    if not token:
        return 0.0
    counts = Counter(token)
    n = len(token)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _looks_random(token: str) -> bool:
    classes = sum((any(c.islower() for c in token), any(c.isupper() for c in token),
                   any(c.isdigit() for c in token)))
    return classes == 3 and shannon_entropy(token) >= ENTROPY_BITS


def _api_keys(text: str) -> Iterator[Finding]:
    for pattern in (_PEM, _KEY_PREFIXES):
        for m in pattern.finditer(text):
            yield Finding("api_key", m.start(), m.end())
    for m in _KEYWORD_TOKEN.finditer(text):
        value = m.group("v").rstrip(".")
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            yield Finding("api_key", m.start("v"), m.start("v") + len(value))
    for m in _TOKEN.finditer(text):
        if _looks_random(m.group()):
            yield Finding("api_key", m.start(), m.end())


# -- Chinese resident identity numbers (GB 11643-1999) ---------------------------------------
_CN_ID = lazy_regex(r"(?<![0-9A-Za-z])[1-9]\d{16}[0-9Xx](?![0-9A-Za-z])")
_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_ID_CHECK = "10X98765432"


def valid_cn_id(number: str) -> bool:
    """Whether an 18-character string is a well-formed resident ID: check character
    (ISO 7064 MOD 11-2) and a real birth date between 1900 and 2099."""
    if len(number) != 18 or not number[:17].isdigit():
        return False
    check = _CN_ID_CHECK[sum(int(d) * w for d, w in zip(number[:17], _CN_ID_WEIGHTS, strict=True)) % 11]
    if number[17].upper() != check:
        return False
    try:
        born = date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return False
    return 1900 <= born.year <= 2099


def _cn_ids(text: str) -> Iterator[Finding]:
    for m in _CN_ID.finditer(text):
        if valid_cn_id(m.group()):
            yield Finding("cn_id", m.start(), m.end())


# -- US Social Security numbers -------------------------------------------------------------
#: The written ``AAA-GG-SSSS`` form only (nine bare digits are too often something else). Areas
#: 000, 666 and 900–999, group 00 and serial 0000 are never issued (SSA, "Social Security Number
#: Randomization", 2011), so they are not SSNs; a number glued to more digits or hyphens is part
#: of something longer (a phone number, a part number).
_SSN = lazy_regex(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])")


def _ssns(text: str) -> Iterator[Finding]:
    for m in _SSN.finditer(text):
        yield Finding("us_ssn", m.start(), m.end())


# -- identity and account numbers said after their label ---------------------------------------
#: A number that identifies a person or an account, known by the label before it rather than by its shape (no
#: checksum tells a passport number from an order number): "my passport number is E12345678", "driver's license
#: no. D1234-5678", "account number: 00123456", "passport E12345678", 护照号是E12345678, 驾照号码：…, 社保卡号…,
#: 银行账号…. The value is one token of letters, digits and hyphens (digits may be grouped by spaces) holding at
#: least 5 digits, so "my passport is in the drawer" and "account number is on the card" stay. Without this the
#: passport number was stored as a fact of ``low`` sensitivity and shown in every context. A resident ID (身份证)
#: and an SSN are known by their own shape and checksum (``_cn_ids``, ``_ssns``): one that fails it is no number
#: of theirs, so their labels are not read here.
_ID_LABEL_EN = (r"\b(?:passport(?:\s+(?:number|no\.?|num|#))?"
                r"|(?:(?:driver'?s?|driving)\s+)?licen[cs]e\s+(?:number|no\.?|num|#)"
                r"|(?:driver'?s?|driving)\s+licen[cs]e"
                r"|(?:bank\s+|checking\s+|savings\s+)?account\s+(?:number|no\.?|num|#)|routing\s+number|iban"
                r"|(?:national\s+insurance|national\s+id(?:entity)?|id\s+card|identity\s+card"
                r"|tax\s+(?:id|file)|insurance\s+(?:policy|member)|medicare|health\s+card|visa)\s+(?:number|no\.?|num|#))")
_ID_LABEL_ZH = (r"(?:护照|護照|驾照|駕照|驾驶证|駕駛證|社保卡?|医保卡?|醫保卡?|银行卡|銀行卡|银行账户|銀行帳戶"
                r"|账户|帳戶|账号|帳號|帐号|保单|保單|签证|簽證|港澳通行证|通行证)(?:号码|號碼|编号|編號|号|號)?")
_ID_NUMBER = lazy_regex(
    rf"(?i)(?:{_ID_LABEL_EN}(?:\s+(?:is|was)\b|\s*[:：=#])?|{_ID_LABEL_ZH}(?:是|为|為|[:：=#])?)[\s:：]*"
    r"(?P<v>(?=(?:[A-Za-z -]*\d){5})[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])| (?=\d))*[A-Za-z0-9])(?![A-Za-z0-9-])"
)


def _id_numbers(text: str) -> Iterator[Finding]:
    for m in _ID_NUMBER.finditer(text):
        yield Finding("id_number", m.start("v"), m.end("v"))


# -- bank cards --------------------------------------------------------------------------------
_CARD = lazy_regex(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")


def luhn_ok(digits: str) -> bool:
    """The Luhn (mod 10) check of a digit string (ISO/IEC 7812-1)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


#: A card verification code (3 or 4 digits) after its label: ``cvv 123``, ``CVC: 1234``, 安全码是123.
#: It is reported as ``bank_card``: it is card data and useless without the card.
_CVV = lazy_regex(
    r"(?i)(?:\b(?:cvv2?|cvc2?)\b|安全码|安全碼)(?:\s*(?:code|number)\b)?\s*(?:is\b|[:：=#是为])?\s*(?P<v>\d{3,4})(?!\d)"
)


def _bank_cards(text: str) -> Iterator[Finding]:
    for m in _CVV.finditer(text):
        yield Finding("bank_card", m.start("v"), m.end("v"))
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if not 13 <= len(digits) <= 19 or digits[0] not in "23456" or not luhn_ok(digits):
            continue
        if after_id_word(text, m.start()):
            continue
        yield Finding("bank_card", m.start(), m.end())


# -- e-mail and phone numbers ------------------------------------------------------------------
# Addresses may be internationalised (RFC 6531/5890: ``josé@exämple.de``, ``张三@例子.中国``).
# Chinese and Japanese put no space before an address (``我的邮箱是zhang@example.com``), so a
# local part of Latin (or other spaced-script) letters starts after any CJK character, while a
# CJK local part cannot be told apart from the words before it and takes the whole CJK run:
# redacting a few words too many beats leaking the address.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_LABEL = r"[^\W_](?:[\w-]{0,61}[^\W_])?"
#: Top-level domains in CJK scripts (IANA root zone database, https://www.iana.org/domains/root/db):
#: a CJK TLD has no space after it either (``张三@例子.中国有事联系我``), so it ends where a known one
#: does. Longest first, so ``中文网`` is not cut to a shorter entry.
CJK_TLDS: tuple[str, ...] = tuple(sorted((
    "中国", "中國", "香港", "台湾", "台灣", "澳门", "澳門", "新加坡", "公司", "网络", "網絡", "网址", "網址",
    "网店", "网站", "在线", "中文网", "中信", "商城", "商店", "商标", "集团", "我爱你", "移动", "联通", "手机",
    "游戏", "企业", "信息", "广东", "佛山", "时尚", "健康", "招聘", "餐厅", "购物", "八卦", "慈善", "公益",
    "政务", "机构", "组织机构", "娱乐", "微博", "书籍", "書籍", "世界", "大拿", "珠宝", "工行", "点看", "點看",
    "通販", "家電", "みんな", "コム", "ストア", "セール", "クラウド", "ポイント", "ファッション",
    "한국", "닷컴", "닷넷", "삼성",
), key=len, reverse=True))
#: An ASCII TLD ends at the first non-ASCII-alphanumeric (``.com谢谢``); a CJK TLD at the end of a
#: known one, else (an unknown one) at the end of the CJK run; a TLD in another script needs a break.
_TLD = (
    r"(?:[A-Za-z]{2,63}(?![A-Za-z0-9-])|xn--[A-Za-z0-9-]{2,59}(?![A-Za-z0-9-])"
    rf"|{'|'.join(CJK_TLDS)}|[{_CJK}]{{2,63}}|[^\W\d_A-Za-z{_CJK}]{{2,63}}(?![\w-]))"
)
_EMAIL = lazy_regex(
    rf"(?:(?<![^\W{_CJK}])(?<![.%+-])(?:[^\W{_CJK}]|[.%+-])+|(?<![\w.%+-])[{_CJK}]+)"
    rf"@(?:{_LABEL}\.)+{_TLD}")

def _emails(text: str) -> Iterator[Finding]:
    for m in _EMAIL.finditer(text):
        yield Finding("email", m.start(), m.end())


def _phones(text: str) -> Iterator[Finding]:
    for start, end in phone_spans(text):
        yield Finding("phone", start, end)


DETECTORS: dict[str, Callable[[str], Iterator[Finding]]] = {
    "password": _passwords,
    "api_key": _api_keys,
    "cn_id": _cn_ids,
    "us_ssn": _ssns,
    "bank_card": _bank_cards,
    "id_number": _id_numbers,
    "email": _emails,
    "phone": _phones,
}


#: Texts up to this many characters have their findings kept (``_found``): a message is read
#: by the detectors under up to three policies when it is written and again by an import's checks
#: (``Memory.forgotten_messages``, ``stored_otherwise``), ~5 times in all; on LoCoMo's import the
#: detectors were ~15% of ingest time. At most ``FOUND_KEPT`` texts, ~8 MB of text at most.
FOUND_CHARS = 4096
FOUND_KEPT = 2048


def find_all(text: str) -> list[Finding]:
    """Every non-overlapping finding in ``text``, ordered by position.

    Detectors run in ``KINDS`` order; a span overlapping one already taken is dropped. The
    findings of the last ``FOUND_KEPT`` texts of at most ``FOUND_CHARS`` characters are kept in
    the process (the texts with them: docs/privacy.md, what a forget does not reach).
    """
    return list(_found(text) if len(text) <= FOUND_CHARS else _detect(text))


@functools.lru_cache(maxsize=FOUND_KEPT)
def _found(text: str) -> tuple[Finding, ...]:
    return _detect(text)


def _detect(text: str) -> tuple[Finding, ...]:
    taken: list[Finding] = []
    for kind in KINDS:
        for finding in DETECTORS[kind](text):
            if not any(finding.start < t.end and t.start < finding.end for t in taken):
                taken.append(finding)
    return tuple(sorted(taken, key=lambda f: f.start))
