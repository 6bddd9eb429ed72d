"""What kind of thing a named tool is, for a switch that does not say what it replaces.

"We use Jira", "We use Slack", then "We've moved to Linear": a careful listener ends Jira, not
Slack, because Linear and Jira do one job. The fact engine (``facts.switch``) asks this module
for the kind of the new value and of each thing used; two things of different kinds are never
rivals. The list is short on purpose: common team tools whose name is unambiguous, in English
and Chinese. A name not listed has no kind and may be a rival of anything (see ``facts.switch``).
"""

from __future__ import annotations

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
}


@cache
def _by_name() -> dict[str, str]:
    return {simplified(name).casefold(): kind for kind, names in _KINDS.items() for name in names}


def kind_of(value: str) -> str | None:
    """The kind of the named tool ``value`` ("Linear" → ``"issue tracker"``, 飛書 → ``"team chat"``), or
    ``None`` when the list does not name it."""
    return _by_name().get(simplified(value.strip()).casefold())
