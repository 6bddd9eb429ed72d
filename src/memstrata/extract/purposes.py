"""What a thing is used for, as one attribute in English and Chinese.

"I use Obsidian for notes" and 我用Obsidian记笔记 say the same thing; keyed by the purpose's own words they were
``user.notes`` and ``user.笔记``, so one never superseded the other. A purpose on this list is keyed by its
English name (``user.notes``, ``user.tickets``) whatever language or wording says it (notes, note-taking, 笔记;
tickets, issues, tasks, 任务, 工单), and the key's description names it in both languages (``taxonomy.key_spec``),
so a search in either finds the fact. A purpose not listed keeps its own words (``user.translation``,
``user.翻译``). The list is short on purpose: the common uses of a team's or a person's tools, each a
distinct job (tickets and projects stay two: "Jira for tickets" beside "Notion for project management").
"""

from __future__ import annotations

import re
from functools import cache

#: English name (the key part) → (English wordings, Chinese wordings, English description, Chinese description),
#: wordings folded. The Chinese wordings are what the use shapes take as the purpose after 做 / 记 / 写 / 管理 / 跑 /
#: 处理 (记笔记 → 笔记, 管理任务 → 任务, 跑测试 → 测试). The descriptions are the key's (``taxonomy.key_spec``).
_PURPOSES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str, str]] = {
    "notes": (("notes", "note", "note-taking", "note taking", "taking notes", "notetaking"),
              ("笔记", "记笔记", "做笔记"), "the app the user takes notes in", "用户记笔记用的应用"),
    "tickets": (("tickets", "ticket", "issues", "issue tracking", "bug tracking", "task tracking", "tasks",
                 "task management", "to-dos", "todos", "todo", "issue", "task", "ticketing", "bug"),
                ("任务", "任务管理", "工单", "待办", "待办事项"),
                "the tool the user or their team tracks tickets, issues and tasks in",
                "用户或团队管理任务、工单和问题用的工具"),
    "projects": (("projects", "project management", "project tracking"), ("项目", "项目管理"),
                 "the tool the user or their team manages projects in", "用户或团队管理项目用的工具"),
    "docs": (("docs", "documents", "documentation", "wiki", "knowledge base"), ("文档", "知识库", "维基"),
             "the tool the user or their team writes documents and docs in", "用户或团队写文档用的工具"),
    "ci": (("ci", "ci/cd", "continuous integration", "builds"), ("ci", "持续集成", "构建"),
           "the CI service the user or their team builds and tests code with", "用户或团队做持续集成（CI）用的服务"),
    "code": (("code", "source code", "version control", "code hosting", "repos", "repositories"),
             ("代码", "代码托管", "版本控制", "代码仓库"),
             "where the user or their team hosts code", "用户或团队管理、托管代码用的平台"),
    "tests": (("tests", "testing"), ("测试", "自动化测试"),
              "the tool the user or their team runs tests with", "用户或团队跑测试用的工具"),
    "dependencies": (("dependencies", "dependency management", "deps", "packages", "package management"),
                     ("依赖", "依赖管理", "包管理", "包"),
                     "the tool the user or their team manages a project's dependencies and packages with",
                     "用户或团队管理项目依赖和包用的工具"),
    "design": (("design", "designs", "ui design", "prototypes", "prototyping"), ("设计", "原型", "ui设计"),
               "the tool the user or their team designs in", "用户或团队做设计用的工具"),
    "monitoring": (("monitoring", "alerts", "alerting"), ("监控", "告警"),
                   "the tool the user or their team monitors systems with", "用户或团队做监控用的工具"),
    "backups": (("backups", "backup"), ("备份",), "what the user backs up with", "用户做备份用的工具"),
    "calendar": (("calendar", "scheduling", "schedule"), ("日程", "日历", "日程管理"),
                 "the calendar app the user keeps their schedule in", "用户管理日程用的日历应用"),
    "chat": (("chat", "team chat", "messaging", "messages", "instant messaging", "communication"),
             ("聊天", "沟通", "交流", "发消息", "即时通讯"),
             "the chat or messaging app the user or their team talks in", "用户或团队聊天、沟通用的应用"),
    "meetings": (("meetings", "meeting", "video calls", "video meetings", "video conferencing", "conference calls"),
                 ("开会", "视频", "视频会议", "开视频会议", "会议"),
                 "the app the user or their team holds meetings and video calls in",
                 "用户或团队开会、开视频会议用的应用"),
    "analytics": (("analytics", "data analysis"), ("数据分析",),
                  "the tool the user or their team analyses data with", "用户或团队做数据分析用的工具"),
    # providers one uses for a job of one's own (``extract.providers``: "I usually fly with Lufthansa", 我一般坐国航)
    "airline": (("airline", "airlines", "flights", "flying", "air travel"), ("航空公司", "坐飞机", "航班"),
                "the airline the user usually flies with", "用户平时常坐的航空公司"),
    "bank": (("bank", "banking"), ("存钱",), "the bank the user banks with", "用户平时用的银行"),
    "shopping": (("shopping", "groceries", "grocery shopping"), ("购物", "买东西", "买菜"),
                 "the shop or store the user usually shops at", "用户平时常去购物的商店"),
    "hotel": (("hotel", "hotels", "accommodation"), ("住酒店",),
              "the hotel or hotel chain the user usually stays at", "用户平时常住的酒店"),
    "rides": (("rides", "ride-hailing", "ride hailing", "ridesharing", "rideshare", "taxis", "cabs"),
              ("打车", "叫车", "网约车"), "the ride-hailing or taxi app the user gets rides with",
              "用户平时打车、叫车用的应用"),
    # how one pays, not a business's payment system ("Our payment system is Stripe" keeps its own key)
    "payment_method": (("payment method", "payment methods", "means of payment", "way of paying", "way to pay"),
                       ("付款方式", "支付方式"), "how the user usually pays: a card, a wallet or pay app, or cash",
                       "用户平时的付款方式：银行卡、支付宝或微信等钱包、现金"),
}


@cache
def _names() -> dict[str, str]:
    return {said: name for name, (en, zh, *_) in _PURPOSES.items() for said in (*en, *zh)}


def purpose_name(words: str) -> str:
    """The English name of the purpose ``words`` say ("note-taking", 笔记, 任务 → ``notes``, ``tickets``), or
    ``words`` unchanged when the list does not hold it (case and spacing as said)."""
    return _names().get(" ".join(words.casefold().split()), words)


#: The user's keys of the listed purposes (``user.notes``, ``user.tickets`` ...), where a thing used is stored too.
KEYS: tuple[str, ...] = tuple(f"user.{name}" for name in _PURPOSES)


def wordings(key: str) -> tuple[str, ...]:
    """The wordings of the listed purpose whose user key is ``key`` (``user.notes`` → notes, note-taking, 笔记 ...),
    ``()`` for any other key."""
    name = key.removeprefix("user.")
    return (*_PURPOSES[name][0], *_PURPOSES[name][1]) if key.startswith("user.") and name in _PURPOSES else ()


def chinese() -> list[str]:
    """The listed purposes' Chinese wordings in 汉字, longest first (for a pattern: 视频会议 before 视频)."""
    said = {w for _, zh, *_ in _PURPOSES.values() for w in zh if not w.isascii()}
    return sorted(said, key=len, reverse=True)


#: What names a thing used by its kind after the purpose: "issue tracker", "notes app", 笔记软件, 任务管理工具.
_TOOL_NOUN = re.compile(r"(?:\s+|-)(?:app|application|tool|software|system|platform|service|tracker)$|"
                        r"(?<=[\u4e00-\u9fff])(?:工具|软件|应用|平台|系统)$")


def tool_purpose(attribute: str) -> str | None:
    """The listed purpose an attribute naming a thing used by its kind says ("issue tracker", "notes app", 笔记软件,
    我们的任务管理工具 → ``tickets``, ``notes``), so "Our issue tracker is Jira" is the key "We use Jira for tickets"
    has; ``None`` for any other attribute ("shoe size", "team")."""
    words = " ".join(attribute.casefold().split())
    bare = _TOOL_NOUN.sub("", words)
    return _names().get(bare) if bare != words else None


def listed(words: str) -> bool:
    """Whether the purpose ``words`` say is on the list (开会, "note-taking")."""
    return " ".join(words.casefold().split()) in _names()


def described(name: str) -> tuple[str, str] | None:
    """``(English, Chinese)`` descriptions of the listed purpose ``name`` (the key part, ``notes``), which name it
    in both languages (记笔记 and "takes notes"); ``None`` for a name not listed."""
    return None if name not in _PURPOSES else (_PURPOSES[name][2], _PURPOSES[name][3])
