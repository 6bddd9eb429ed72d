"""The form a document is wanted in: "I want invoices in PDF", "The client prefers receipts on paper",
我要PDF发票, 客户要纸质发票.

It is a standing preference of how a kind of document is sent, one value at a time, so "invoices on paper
now" supersedes "invoices in PDF": an open key named in English for the document in both languages
(``<subject>.invoice_format``: 发票 and "invoices" are one key, as a listed purpose is, ``extract.purposes``),
its value the form (``PDF``, ``paper``; 纸质, 电子 as said). Only a listed document and a listed form are read:
"I want pizza in Rome" or 我要一杯咖啡 is no such preference, and "I want a PDF" names no document.
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


def _finding(doc: str, form: str, clause: str, said: str) -> list[Finding]:
    name = _DOCUMENTS.get(doc) or _DOCUMENTS.get(doc.removesuffix("s"), "")
    if not name:
        return []
    return [Finding(open_key("", f"{name} format"), form, CONF_PREFER, clause, statement=said)]


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
