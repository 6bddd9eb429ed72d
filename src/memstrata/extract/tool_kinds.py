"""What kind of thing a named tool is, for a switch that does not say what it replaces.

"We use Jira", "We use Slack", then "We've moved to Linear": a careful listener ends Jira, not
Slack, because Linear and Jira do one job. The fact engine (``facts.switch``) asks this module
for the kind of the new value and of each thing used; two things of different kinds are never
rivals. The list is short on purpose: common team tools whose name is unambiguous, the common music and video
streaming services, the common airlines and banks one uses (``extract.providers``) and the mobile carriers, home
internet providers and insurers one holds a line, a plan or a policy with, in English and Chinese. A
name not listed has no kind and may be a rival of anything (see ``facts.switch``).

The list also tells a name said in lower case ("We use jira") from a word: a listed name that is no
English word (``_WORDS``) is a name whatever its case (``LOWER_CASE_NAMES``), and is stored as the list
spells it (``spelled``: jira → Jira), so "We use jira" and "We use Jira" are one value.
"""

from __future__ import annotations

import re
from functools import cache

from memstrata.text.hanzi import simplified

#: kind → names (case-folded on lookup; Chinese in Simplified).
_KINDS: dict[str, tuple[str, ...]] = {
    "issue tracker": ("Jira", "Linear", "Asana", "Trello", "ClickUp", "YouTrack", "GitHub Issues", "Shortcut",
                      "Monday", "Basecamp", "Redmine", "Teambition", "禅道", "TAPD", "Pivotal Tracker"),
    "team chat": ("Slack", "Microsoft Teams", "Teams", "Discord", "Mattermost", "Zulip", "Rocket.Chat", "钉钉",
                  "DingTalk", "飞书", "Lark", "Feishu", "企业微信", "WeCom", "Google Chat"),
    "documents": ("Notion", "Confluence", "Obsidian", "Evernote", "OneNote", "Google Docs", "Coda", "Roam",
                  "Logseq", "Bear", "语雀", "石墨文档", "腾讯文档", "印象笔记", "Quip", "Dropbox Paper"),
    "ci": ("Jenkins", "GitHub Actions", "CircleCI", "GitLab CI", "Travis CI", "Travis", "Buildkite", "TeamCity",
           "Drone", "Bamboo", "Azure Pipelines"),
    "code hosting": ("GitHub", "GitLab", "Bitbucket", "Gitee"),
    "video calls": ("Zoom", "Google Meet", "Webex", "Skype", "腾讯会议", "Whereby"),
    "design": ("Figma", "Sketch", "Adobe XD", "墨刀", "Penpot"),
    "cloud": ("AWS", "GCP", "Google Cloud", "Azure", "阿里云", "腾讯云", "DigitalOcean", "Heroku", "Vercel"),
    "browser": ("Chrome", "Firefox", "Safari", "Edge", "Brave", "Opera", "Arc"),
    "email": ("Gmail", "Outlook", "ProtonMail", "Fastmail", "QQ邮箱", "163邮箱"),
    "database": ("PostgreSQL", "Postgres", "MySQL", "SQLite", "MongoDB", "Redis", "Oracle", "SQL Server",
                 "MariaDB", "DynamoDB", "Cassandra"),
    # providers one uses for a job of one's own (``extract.providers``): "I switched to United" ends Lufthansa
    "airline": ("Lufthansa", "United", "United Airlines", "Delta", "American Airlines", "Southwest", "JetBlue",
                "Alaska Airlines", "British Airways", "Air France", "KLM", "Emirates", "Qatar Airways",
                "Singapore Airlines", "Cathay Pacific", "ANA", "JAL", "Ryanair", "easyJet", "Air Canada", "Qantas",
                "Turkish Airlines", "国航", "中国国航", "中国国际航空", "东航", "中国东方航空", "南航", "中国南方航空",
                "海航", "海南航空", "川航", "四川航空", "厦航", "厦门航空", "春秋航空", "吉祥航空"),
    # what one listens to and watches on: one service at a time for most ("switched to Apple Music" ends Spotify)
    "music streaming": ("Spotify", "Apple Music", "YouTube Music", "Tidal", "Pandora", "Deezer", "Amazon Music",
                        "SoundCloud", "QQ音乐", "网易云音乐", "网易云", "酷狗音乐", "酷狗", "酷我音乐", "汽水音乐"),
    "video streaming": ("Netflix", "Hulu", "Disney+", "HBO Max", "Prime Video", "Amazon Prime Video",
                        "Paramount+", "Peacock", "腾讯视频", "爱奇艺", "优酷", "芒果TV", "哔哩哔哩", "B站", "西瓜视频"),
    "bank": ("Chase", "Wells Fargo", "Bank of America", "Citi", "Citibank", "HSBC", "Barclays", "Santander",
             "Revolut", "Monzo", "N26", "Capital One", "招商银行", "招行", "工商银行", "工行", "建设银行", "建行",
             "中国银行", "中行", "农业银行", "农行", "交通银行", "交行"),
    # providers one holds a plan, a line or a policy with ("I'm on T-Mobile", "I'm with Geico"): one at a time
    "mobile carrier": ("T-Mobile", "Verizon", "Verizon Wireless", "AT&T", "Sprint", "Mint Mobile", "Google Fi",
                       "Visible", "Cricket Wireless", "Boost Mobile", "US Mobile", "Metro by T-Mobile", "Vodafone",
                       "EE", "O2", "giffgaff", "Three UK", "Rogers", "Telus", "Optus", "Telstra", "中国移动",
                       "中国联通", "中国电信"),
    "broadband": ("Comcast", "Xfinity", "Spectrum", "Cox", "Verizon Fios", "Fios", "AT&T Fiber", "Google Fiber",
                  "Frontier", "Starlink", "Virgin Media", "BT Broadband", "Sky Broadband", "长城宽带"),
    "insurer": ("Geico", "Progressive", "State Farm", "Allstate", "Liberty Mutual", "Nationwide", "USAA",
                "Farmers Insurance", "Lemonade", "Aviva", "Admiral", "Direct Line", "Kaiser Permanente", "Aetna",
                "Cigna", "Blue Cross", "UnitedHealthcare", "中国平安", "平安保险", "中国人寿", "太平洋保险",
                "众安保险"),
}

#: Kinds of provider one has one of at a time, each with the key it is stored under and how it is said in English
#: (``extract.providers``; ``facts.switch``: a switch to one is that provider even when it ends none).
PROVIDER_KEYS: dict[str, tuple[str, str]] = {
    "bank": ("user.bank", "banks with {v}"), "airline": ("user.airline", "flies with {v}"),
    "mobile carrier": ("user.mobile_carrier", "has their phone line with {v}"),
    "broadband": ("user.broadband", "gets home internet from {v}"),
    "insurer": ("user.insurer", "is insured with {v}"),
}
#: The provider kinds one is "on" or "with" ("I'm on T-Mobile", "I'm with Chase"): an airline one is on is a flight.
HELD_WITH = ("bank", "mobile carrier", "broadband", "insurer")


#: Listed names that are English words too: said in lower case they are the word ("we use bamboo", "the
#: edge", "a linear process"), so only their capitalised form names the tool.
_WORDS = frozenset({"linear", "monday", "shortcut", "basecamp", "teams", "discord", "slack", "notion",
                    "confluence", "obsidian", "coda", "roam", "bear", "quip", "jenkins", "drone", "bamboo", "zoom",
                    "whereby", "sketch", "azure", "oracle", "chrome", "safari", "edge", "brave", "opera", "arc",
                    "outlook", "lark", "travis", "redis", "cassandra", "teambition", "united", "delta", "southwest",
                    "emirates", "chase", "citi", "ana", "capital one", "santander", "tidal", "pandora", "peacock",
                    "progressive", "visible", "spectrum", "frontier", "nationwide", "farmers insurance", "lemonade",
                    "three uk", "ee", "o2", "rogers", "cricket wireless", "cox", "sprint", "admiral", "direct line"})


#: Attributes (folded, words apart) whose key holds one thing of a kind at a time: "my browser is Chrome"
#: (``user.browser``), "Our issue tracker is Jira" and "We use Jira for tickets" (``user.tickets``:
#: ``extract.purposes``).
#: A value held there is of that kind whatever its name (``kind_of_key``), so a switch to a browser ends the browser
#: said so, and a browser said so ends the browser used: the key and a thing used of its kind are one slot. Notes and
#: docs are left out: one kind (``documents``), two jobs.
_SLOTS: dict[str, str] = {
    **dict.fromkeys(("browser", "web browser", "浏览器"), "browser"),
    **dict.fromkeys(("email client", "email app", "mail app", "mail client", "邮箱客户端"), "email"),
    **dict.fromkeys(("tickets", "issue tracker"), "issue tracker"),
    **dict.fromkeys(("chat", "team chat"), "team chat"),
    **dict.fromkeys(("meetings",), "video calls"),
    **dict.fromkeys(("design",), "design"),
    **dict.fromkeys(("ci",), "ci"),
    **dict.fromkeys(("code",), "code hosting"),
    **dict.fromkeys(("cloud", "cloud provider"), "cloud"),
    **dict.fromkeys(("bank",), "bank"),
    **dict.fromkeys(("airline",), "airline"),
    **dict.fromkeys(("mobile carrier", "phone carrier", "cell carrier", "cell phone carrier", "wireless carrier",
                     "mobile provider", "phone provider", "cell provider", "mobile network", "手机运营商", "运营商",
                     # the plan is with the carrier ("My phone plan is with Singtel"); what it costs is ``_cost``
                     "phone plan", "mobile plan", "cell plan", "cell phone plan", "cellphone plan", "mobile phone plan",
                     "wireless plan"),
                    "mobile carrier"),
    # not "insurance", "broadband": "my car insurance is $140 a month" holds an amount, no insurer
    **dict.fromkeys(("internet provider", "internet service provider", "isp", "broadband provider"), "broadband"),
    **dict.fromkeys(("insurer", "insurance company", "insurance provider", "保险公司"), "insurer"),
    **dict.fromkeys(("music app", "music service", "music streaming", "听歌软件", "音乐软件", "音乐app"),
                    "music streaming"),
}


def kind_of_key(key: str) -> str | None:
    """The kind of thing the user's key ``key`` holds one of (``_SLOTS``: ``user.browser`` → ``"browser"``,
    ``user.tickets`` → ``"issue tracker"``), or ``None``."""
    owner, _, attribute = key.partition(".")
    return _SLOTS.get(" ".join(attribute.replace("_", " ").casefold().split())) if owner == "user" else None


def slot_keys(kind: str) -> tuple[str, ...]:
    """The user's keys that hold one thing of ``kind`` (``"browser"`` → ``user.browser``, ``user.web_browser``,
    ``user.浏览器``): where a thing of that kind said by its role is stored."""
    return tuple(f"user.{'_'.join(attribute.split())}" for attribute, k in _SLOTS.items() if k == kind)


@cache
def _spellings() -> dict[str, str]:
    return {name.casefold(): name for names in _KINDS.values() for name in names if name.isascii()}


def spelled(value: str, *, words: bool = True) -> str:
    """``value`` as the list spells the name ("jira" → ``"Jira"``, "github actions" → ``"GitHub Actions"``);
    unchanged when the list does not name it, or names it but it is an English word too (``_WORDS``) and
    ``words`` is false (where the value need not be a thing chosen: "my favourite shape is arc")."""
    folded = value.strip().casefold()
    return value if not words and folded in _WORDS else _spellings().get(folded, value)


#: A regular expression (no groups) for the listed Latin names that are no English word, longest first,
#: for a pattern compiled case-insensitively: "jira", "github actions", "clickup".
LOWER_CASE_NAMES = "(?:" + "|".join(
    re.escape(name).replace(r"\ ", r"\s+")
    for name in sorted((n for n in _spellings().values() if n.casefold() not in _WORDS), key=len, reverse=True)
) + r")(?![\w.+#-])"


@cache
def _by_name() -> dict[str, str]:
    return {simplified(name).casefold(): kind for kind, names in _KINDS.items() for name in names}


def kinds() -> tuple[str, ...]:
    """The kinds the list knows ("issue tracker", "team chat", "database", ...), in its order."""
    return tuple(_KINDS)


def kind_of(value: str) -> str | None:
    """The kind of the named tool ``value`` ("Linear" → ``"issue tracker"``, 飛書 → ``"team chat"``), or
    ``None`` when the list does not name it."""
    return _by_name().get(simplified(value.strip()).casefold())
