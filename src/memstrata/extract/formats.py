"""The form a document is wanted in, and when: "I want invoices in PDF", "The client prefers receipts on paper",
我要PDF发票, 客户要纸质发票; "The client wants the report every Friday", 客户希望每周五收到报告.

It is a standing preference of how a kind of document is sent, one value at a time, so "invoices on paper
now" supersedes "invoices in PDF": an open key named in English for the document in both languages
(``<subject>.invoice_format``: 发票 and "invoices" are one key, as a listed purpose is, ``extract.purposes``),
its value the form (``PDF``, ``paper``; 纸质, 电子 as said). Only a listed document and a listed form are read:
"I want pizza in Rome" or 我要一杯咖啡 is no such preference, and "I want a PDF" names no document. When a document
is wanted is a recurrence ("every Friday", "weekly", 每周五, 每个月) under ``<subject>.report_schedule`` (one value at
a time, so "the report every Monday now" supersedes "every Friday"); "I want the report by Friday" (once) is none.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.extract.shapes import open_key
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: The document's English name per surface word (singular), in both languages.
_DOCUMENTS: dict[str, str] = {
    "invoice": "invoice", "receipt": "receipt", "statement": "statement", "bill": "bill", "report": "report",
    "contract": "contract", "quote": "quote", "quotation": "quote", "newsletter": "newsletter",
    "发票": "invoice", "收据": "receipt", "对账单": "statement", "账单": "bill", "报告": "report", "合同": "contract",
    "报价单": "quote", "报价": "quote",
}
#: The form per surface word: a file type keeps its name, print and paper are one.
_FORMS_EN = {"pdf": "PDF", "paper": "paper", "print": "paper", "hard copy": "paper", "word": "Word",
             "excel": "Excel", "csv": "CSV", "electronic form": "electronic", "digital form": "electronic"}
_WANT_EN = r"(?:want|wants|prefer|prefers|need|needs|would like|'d like|would prefer|'d prefer|like|likes)"
_FORMAT_EN = lazy_regex(
    rf"^i\s+(?:(?:only|always|now|still|also)\s+)?{_WANT_EN}\s+(?:(?:all|the|my|our|their|his|her)\s+)?"
    rf"(?P<doc>invoices?|receipts?|statements?|bills?|reports?|contracts?|quotes?|quotations?|newsletters?)\s+"
    r"(?:(?:sent|delivered|emailed)\s+)?(?:in|as|on)\s+(?:an?\s+)?(?P<form>pdf|paper|print|hard copy|word|excel|csv|"
    r"electronic form|digital form)(?:\s+(?:format|form|files?|copies|copy))?(?:\s+(?:only|now|from now on))?$", _IC)
_FORMAT_ZH = lazy_regex(
    r"^我(?:现在|以后|只|都|一直|也)*(?:要|需要|想要|希望要|希望收到|偏好|更喜欢)(?P<form>PDF|pdf|纸质|电子|Word|Excel)"
    r"(?:版|格式|版本)?的?(?P<doc>对账单|发票|收据|账单|报告|合同|报价单|报价)了?$")


#: When a document is wanted, said as a recurrence: "every Friday", "every other week", "on Mondays", "weekly",
#: "each month"; 每周五, 每个月, 每天.
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_EVERY_EN = (rf"(?P<when>(?:every|each)\s+(?:other\s+)?(?:day|week|month|quarter|year|morning|evening|{_DAY}|weekday)"
             rf"(?:\s+(?:morning|afternoon|evening))?|on\s+{_DAY}s|daily|weekly|monthly|quarterly|biweekly)")
_SCHEDULE_EN = lazy_regex(
    rf"^i\s+(?:(?:only|always|now|still|also)\s+)?{_WANT_EN}\s+(?:to\s+(?:get|receive|see)\s+)?"
    r"(?:(?:the|my|our|their|his|her|a)\s+)?(?:(?:weekly|monthly|daily|sales|status|progress|usage)\s+)?"
    r"(?P<doc>invoices?|receipts?|statements?|bills?|reports?|newsletters?|updates?)\s+"
    rf"(?:(?:sent|delivered|emailed)\s+(?:to\s+(?:me|us|them|him|her)\s+)?)?{_EVERY_EN}$", _IC)
_EVERY_ZH = (r"(?P<when>每(?:个)?(?:周|星期|礼拜)[一二三四五六日天]?|每(?:个)?月(?:[0-9一二三四五六七八九十]+号)?"
             r"|每天|每季度|每年)")
_SCHEDULE_ZH = lazy_regex(
    rf"^我(?:现在|以后|只|都|一直|也)*(?:要|需要|想要|希望|偏好|更喜欢){_EVERY_ZH}(?:都)?(?:收到|拿到|看到|要|发)?"
    r"(?:一份|一次)?(?P<doc>对账单|发票|收据|账单|报告|周报|月报|合同)了?$")
_DOCUMENTS_MORE = {"update": "update", "周报": "report", "月报": "report"}


def _finding(doc: str, form: str, clause: str, said: str, what: str = "format") -> list[Finding]:
    found = {**_DOCUMENTS, **_DOCUMENTS_MORE}
    name = found.get(doc) or found.get(doc.removesuffix("s"), "")
    if not name:
        return []
    return [Finding(open_key("", f"{name} {what}"), form, CONF_PREFER, clause, statement=said)]


def schedule_en(clause: str) -> list[Finding]:
    """When an English clause wants a document ("I want the report every Friday" → ``user.report_schedule =
    every Friday``, stated "wants the report every Friday"), a standing wish of one value at a time, as its form
    is; ``[]`` for any other clause."""
    m = _SCHEDULE_EN.match(clause.strip())
    if m is None:
        return []
    when = m.group("when").lower()
    when = re.sub(r"\b(" + _DAY + r")\b", lambda d: d.group(1).capitalize(), when)
    doc = m.group("doc").lower()
    return _finding(doc, when, clause, f"wants the {doc} {when}", "schedule")


def schedule_zh(clause: str) -> list[Finding]:
    """When a Chinese clause wants a document (我希望每周五收到报告 → ``user.report_schedule = 每周五``, stated
    希望每周五收到报告); ``[]`` for any other clause."""
    m = _SCHEDULE_ZH.match(clause.strip())
    if m is None:
        return []
    return _finding(m.group("doc"), m.group("when"), clause, f"希望{m.group('when')}收到{m.group('doc')}", "schedule")


def find_en(clause: str) -> list[Finding]:
    """The document form an English clause wants ("I want invoices in PDF" → ``user.invoice_format = PDF``,
    stated "wants invoices in PDF"); ``[]`` for any other clause."""
    m = _FORMAT_EN.match(clause.strip())
    if m is None:
        return []
    doc = m.group("doc").lower()
    form = _FORMS_EN[m.group("form").lower()]
    plural = doc if doc.endswith("s") else f"{doc}s"
    return _finding(doc, form, clause, f"wants {plural} in {form}")


def find_zh(clause: str) -> list[Finding]:
    """The document form a Chinese clause wants (我要PDF发票 → ``user.invoice_format = PDF``, stated 要PDF发票);
    ``[]`` for any other clause."""
    m = _FORMAT_ZH.match(clause.strip())
    if m is None:
        return []
    form = m.group("form")
    form = form.upper() if form.lower() == "pdf" else form
    return _finding(m.group("doc"), form, clause, f"要{form}{m.group('doc')}")
