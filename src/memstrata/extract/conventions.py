"""A project's conventions: "This repo uses pnpm, not npm", "The tests run with make test", "The API lives in
src/api", "We deploy to Fly.io from the main branch", "The staging database is Postgres 16", 这个项目用pnpm不用npm.

What a project uses and how it is worked on is kept under the project, never as the user's own tool or home, the way
"My team uses Jira" is kept under the team (``extract.workplace``: ``user.team_tool``, stated "team uses Jira"): the
key names the project (``user.project_<what>``) and the statement says it is the project's ("the project uses pnpm,
not npm", "the project's tests run with make test", 项目用pnpm不用npm). One value per attribute, as a group's tool is:
a project has one test command, one API location, one staging database, so "The tests run with pytest" said later
replaces ``make test``. What a tool is names the attribute when it is known (``extract.tool_kinds``: a database, a CI
service: "We use PostgreSQL 16 in production" is ``user.project_database``), else ``user.project_tool``.

The subject must be the project: this / the / our repo, project, codebase, app, service; "we" only with a place of
the project's own ("in production", "in CI", "in this repo") or a verb only a project does (deploy). "We use Slack at
work" stays a thing used (``tool.uses``), "My team uses Jira" the team's.
"""

from __future__ import annotations

import re

from memstrata.extract import directives, gazetteer
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.extract.shapes import open_key
from memstrata.extract.tool_kinds import kind_of
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: The project as the subject: "this repo", "the project", "our codebase" ("our project" / "my team" are a group the
#: user belongs to, ``extract.workplace``'s: "Our project now uses PostgreSQL" is ``user.project_tool`` as before).
_PROJECT_EN = (r"(?:(?:this|the)\s+(?:repo|repository|project|codebase|code\s?base|monorepo|app|service|backend|"
               r"frontend)|our\s+(?:repo|repository|codebase|code\s?base|monorepo|backend|frontend))")
#: A named thing, a version after it ("PostgreSQL 16", "Fly.io", "pnpm", "GitHub Actions"); no amount or pronoun.
_NAME = (r"(?!(?:a|an|the|some|lots|many|more|less|no|too|much|it|them|this|that)\b)[\w.+#@/-]+"
         r"(?:\s+(?-i:[A-Z0-9][\w.+#-]*))*")
#: "This repo uses pnpm, not npm", "The project is built with Vite", "This codebase is written in Rust".
_USES_EN = lazy_regex(
    rf"^{_PROJECT_EN}\s+(?:now\s+|also\s+|only\s+|still\s+)?(?:uses|is using|is built with|is written in|runs on|"
    rf"depends on)\s+(?P<v>{_NAME})(?:\s*,?\s*(?:and\s+|but\s+)?(?:not|instead of|rather than)\s+"
    r"(?P<alt>[\w.+#@/-]+(?:\s+[\w.+#@/-]+)?))?(?:\s+(?:for|as)\s+(?P<for>[a-z][a-z ]{1,25}))?$", _IC)
#: "We use PostgreSQL 16 in production", "We run Redis in staging", "We use Poetry in this repo".
_WE_USE_IN_EN = lazy_regex(
    rf"^we\s+(?:now\s+|also\s+|only\s+)?(?:use|run|are using|are on)\s+(?P<v>{_NAME})\s+"
    r"(?P<env>in\s+(?:production|prod|staging|ci|dev|development|this\s+(?:repo|project|codebase)))$", _IC)
#: "The tests run with make test", "Tests are run with `pytest -q`", "The docs build with mkdocs".
_RUN_WITH_EN = lazy_regex(
    r"^(?:the\s+|our\s+)?(?P<what>tests?|unit tests|integration tests|test suite|linters?|lint|build|docs|"
    r"migrations|dev server|server|app|benchmarks?|type checks?|formatter)\s+(?:runs?|are run|is run|builds?|"
    r"is built|are built)\s+(?:with|via|using|through|by running)\s+(?P<v>.+)$", _IC)
#: What a command looks like: in backticks, with a path, flag or dot, or opening with a tool that runs others ("make
#: test", "npm test", "uv run pytest"); "The tests run with errors" names none.
_COMMAND = lazy_regex(r"^`.+`$|[./_-]|^(?:make|just|npm|pnpm|yarn|bun|npx|cargo|go|uv|poetry|python3?|pytest|tox|nox|"
                      r"mvn|gradle|bash|sh|docker|dotnet|mix|rake|bundle|composer|deno|task)\b", _IC)
#: "The API lives in src/api", "Our migrations are under db/migrations": where a part of the project is.
_LIVES_EN = lazy_regex(
    r"^(?:the|our)\s+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?:lives?|is|are|sits?|resides?|is kept|are kept)"
    r"\s+(?:in|under|at)\s+(?P<v>`?[\w.-]*/[\w./-]*`?)$", _IC)
#: "We deploy to Fly.io from the main branch", "We host on Vercel"; "on" a day or a time is when, not where ("We deploy
#: on Fridays" had stored the project's deploy target Fridays).
_DEPLOY_EN = lazy_regex(
    r"^we\s+(?:now\s+|always\s+|usually\s+)?(?:deploy|host|ship)\s+(?:it\s+|the app\s+|everything\s+)?(?:to|on)\s+"
    r"(?!(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|weekday|week|month|time|schedule|demand)s?\b)"
    r"(?P<v>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)(?P<rest>\s+(?:from|via|with|using|on)\s+.+)?$", _IC)
#: "The staging database is Postgres 16", "Our production server runs Ubuntu 24.04", "Our CI runs on GitHub Actions".
_SETUP_EN = lazy_regex(
    r"^(?i:(?:the|our)\s+(?P<what>(?:(?:staging|production|prod|dev|development|test|local|ci)\s+)?(?:database|db|"
    r"server|environment|cluster|cache|queue|runtime|ci|ci/cd|pipeline|build system|package manager|registry))"
    r"\s+(?:is|runs on|runs|is on|uses|is hosted on))\s+(?P<v>[A-Z][\w.+#-]*(?:\s+[\w.+#-]+){0,2})$")


#: The project named as where "we" work ("in this repo", "for the billing repo", "in our codebase").
_SCOPE_EN = (r"(?:in|for|on)\s+(?:this|the|our)\s+(?:[\w-]+\s+){0,2}?(?:repo|repository|project|codebase|code\s?base|"
             r"monorepo)")
#: "We use tabs, not spaces, in this repo", "For the billing repo we use tabs not spaces", "In this codebase we use
#: black, not autopep8": a choice with the one it is over, the project named before or after it.
_WE_USE_SCOPED_EN = lazy_regex(
    rf"^(?:(?P<pre>{_SCOPE_EN})\s*,?\s+)?we\s+(?:now\s+|also\s+|only\s+|always\s+)?(?:use|are using)\s+"
    rf"(?P<v>(?:\d|two|four)[- ]spaces?|{_NAME})"
    r"(?:\s*,?\s*(?:and\s+|but\s+)?(?:not|instead of|rather than|over)\s+(?P<alt>[\w.+#@/-]+))?"
    rf"(?:\s+(?:now|these days|nowadays))?(?:\s*,?\s*(?P<post>{_SCOPE_EN}))?"
    r"(?:\s+(?:now|these days|nowadays))?$",
    _IC)
#: A second convention said after "and" with "we" left out: "..., and run tests with pytest -x".
_AND_RUN_EN = lazy_regex(r"\s*,?\s+and\s+(?:we\s+)?(?=run\s)", _IC)
_WE_RUN_EN = lazy_regex(r"^run\s+(?:the\s+|our\s+)?(?P<what>tests?|unit tests|integration tests|test suite|linters?|"
                        r"lint|build|docs|migrations|benchmarks?|type checks?|formatter)\s+"
                        r"(?:with|via|using|through)\s+(?P<v>.+)$", _IC)
#: How code is indented is one attribute of a project: "tabs" and "spaces" name it (no tool kind does).
_INDENTATION = lazy_regex(r"^(?:tabs|spaces|(?:\d|two|four)[- ]spaces?(?:\s+indents?)?)$", _IC)
#: Tools of the work on code that "we" choose one of over another, the project unnamed (a package manager, a test
#: runner, a formatter, a linter, a bundler, a build tool): "We use pnpm, not npm" is the project's; "We use cash, not
#: cards" names none of them and is no convention.
#: Each with the job it does (``dev_tool_job``: what a question about it names, "which package manager?").
DEV_TOOL_JOBS: dict[str, tuple[str, ...]] = {
    "package manager": ("npm", "pnpm", "yarn", "bun", "pip", "uv", "poetry", "pipenv", "conda", "pdm", "hatch"),
    "test runner": ("pytest", "unittest", "nose", "jest", "vitest", "mocha"),
    "formatter": ("black", "prettier", "ruff", "yapf", "autopep8"),
    "linter": ("eslint", "flake8", "pylint", "mypy", "pyright", "ruff"),
    "bundler": ("webpack", "vite", "rollup", "esbuild"),
    "build tool": ("cmake", "bazel", "gradle", "maven"),
    "version control": ("git", "mercurial", "svn"),
}
_DEV_TOOLS = frozenset(name for names in DEV_TOOL_JOBS.values() for name in names)


def dev_tool_jobs(name: str) -> tuple[str, ...]:
    """The jobs of the developer tool ``name`` (``DEV_TOOL_JOBS``, case aside: ruff formats and lints), ``()`` for
    a name not listed.

    >>> dev_tool_jobs("pnpm"), dev_tool_jobs("Ruff"), dev_tool_jobs("cash")
    (('package manager',), ('formatter', 'linter'), ())
    """
    return tuple(job for job, names in DEV_TOOL_JOBS.items() if name.strip().casefold() in names)
#: The kinds of tool (``extract.tool_kinds``) a project is built or run on; a team's tracker, chat or documents are the
#: team's ("We use Jira, not Linear"), an airline or a bank a provider of one's own.
_PROJECT_KINDS = frozenset({"ci", "code hosting", "database", "cloud"})


def _of_work(name: str) -> bool:
    """Whether ``name`` is a way of working on code: an indentation (``_INDENTATION``), a developer tool
    (``_DEV_TOOLS``) or a tool a project is built or run on (``_PROJECT_KINDS``)."""
    return bool(_INDENTATION.match(name)) or name.casefold() in _DEV_TOOLS or _kind(name) in _PROJECT_KINDS


def _scoped_en(text: str) -> list[Finding]:
    """The conventions a sentence with "we" and the project named states (``_WE_USE_SCOPED_EN``): "We use tabs, not
    spaces, in this repo" → ``user.project_indentation = tabs``; a command run said after "and" too ("for the billing
    repo we use tabs not spaces, and run tests with pytest -x"). The project unnamed, a choice of one way of working
    over another is the project's too ("We use pnpm, not npm", "We use tabs not spaces": both ``_of_work``), as
    我们用pnpm不用npm is, and so is a developer tool said alone ("We use pnpm": ``DEV_TOOL_JOBS``; "We use Jira" is
    a thing used, the team's). ``[]`` for any other sentence."""
    first, *rest = _AND_RUN_EN.split(text, maxsplit=1)
    m = _WE_USE_SCOPED_EN.match(first)
    if m is None or not (m.group("pre") or m.group("post")
                         or (m.group("alt") and _of_work(m.group("v")) and _of_work(m.group("alt")))
                         # "We use pnpm", "We now use yarn": a tool only work on code uses is the project's too
                         or (not m.group("alt") and m.group("v").casefold() in _DEV_TOOLS)):
        return []
    value = m.group("v")
    alt = f", not {m.group('alt')}" if m.group("alt") else ""
    what = "indentation" if _INDENTATION.match(value) else _kind(value)
    found = project_finding(what, value, text, f"the project uses {value}{alt}")
    if rest and (run := _WE_RUN_EN.match(rest[0])) is not None and _COMMAND.search(run.group("v")):
        thing, command = run.group("what").lower(), run.group("v").strip("`")
        found += project_finding(thing, command, text, f"the project's {thing} run with {command}")
    return found


def find_en(sentence: str) -> list[Finding]:
    """The project convention an English ``sentence`` states ("This repo uses pnpm, not npm" → ``user.project_tool
    = pnpm``, stated "the project uses pnpm, not npm"), ``[]`` for any other sentence."""
    text = re.sub(r"[.!]+$", "", sentence.strip())
    if scoped := _scoped_en(text):
        return scoped
    if (m := _USES_EN.match(text)) is not None:
        alt = f", not {m.group('alt')}" if m.group("alt") else ""
        # "This repo uses tabs, not spaces" is its indentation: as a tool, a later tool replaced it
        what = m.group("for") or ("indentation" if _INDENTATION.match(m.group("v")) else _kind(m.group("v")))
        purpose = f" for {m.group('for')}" if m.group("for") else ""
        return project_finding(what, m.group("v"), sentence, f"the project uses {m.group('v')}{purpose}{alt}")
    if (m := _WE_USE_IN_EN.match(text)) is not None:
        said = f"the project uses {m.group('v')} {m.group('env')}"
        return project_finding(_kind(m.group("v")), m.group("v"), sentence, said)
    if (m := _RUN_WITH_EN.match(text)) is not None and _COMMAND.search(m.group("v")):
        what, value = m.group("what").lower(), m.group("v").strip("`")
        return project_finding(what, value, sentence, f"the project's {what} run with {value}")
    if (m := _DEPLOY_EN.match(text)) is not None:
        rest = m.group("rest") or ""
        return project_finding("deploy", m.group("v"), sentence, f"the project deploys to {m.group('v')}{rest}")
    if (m := _SETUP_EN.match(text)) is not None:
        said = text[m.start("what"):m.end("v")]
        return project_finding(m.group("what").lower(), m.group("v"), sentence, f"the project's {said}")
    if (m := _LIVES_EN.match(text)) is not None:
        said, value = text[m.start("what"):], m.group("v").strip("`")
        return project_finding(f"{m.group('what').lower()} location", value, sentence, f"the project's {said}")
    return []


#: The key a project's tool of no attribute of its own is kept under (``project_finding("tool", ...)``).
PROJECT_TOOL_KEY = "user.project_tool"


def _tool_kinds(name: str) -> frozenset[str]:
    """What the tool ``name`` is: its developer jobs (``DEV_TOOL_JOBS``: pnpm a package manager, ruff a formatter and
    a linter) or its kind (``extract.tool_kinds``: Jira an issue tracker); empty when neither list names it."""
    bare = re.sub(r"\s+v?\d[\d.]*$", "", name.strip())
    jobs = dev_tool_jobs(bare) or dev_tool_jobs(name)
    kind = kind_of(bare) or kind_of(name)
    return frozenset(jobs) or (frozenset({kind}) if kind else frozenset())


def other_tools(new: str, old: str) -> bool:
    """Whether the project's tools ``new`` and ``old`` (both ``PROJECT_TOOL_KEY`` values) do different jobs, so the
    one said later leaves the other in use: "We use pnpm" then "We use pytest" (a package manager, a test runner) or
    "This repo uses Conventional Commits" (no job listed) keep both; pnpm then yarn (one job) and two tools neither list
    names do not (one value at a time, as before).

    >>> other_tools("pytest", "pnpm"), other_tools("Conventional Commits", "pnpm"), other_tools("yarn", "pnpm")
    (True, True, False)
    """
    kinds_new, kinds_old = _tool_kinds(new), _tool_kinds(old)
    return bool(kinds_new or kinds_old) and not kinds_new & kinds_old


def _kind(name: str) -> str:
    """What the named tool is (``extract.tool_kinds``: "PostgreSQL 16" is a database), ``tool`` when not known."""
    return kind_of(re.sub(r"\s+v?\d[\d.]*$", "", name)) or kind_of(name) or "tool"


def project_finding(what: str, value: str, clause: str, said: str, *, retract: bool = False) -> list[Finding]:
    """The one finding of what a project uses or how it is worked on: ``user.project_<what> = value`` stated ``said``
    ("the project uses pnpm", "project uses PostgreSQL"), the withdrawal of it with ``retract``; ``[]`` for an empty
    value. This module's shapes and a group's tool said of "our project" (``extract.workplace.group_tool``) both
    write it here."""
    value = value.strip()
    return [Finding(open_key("", f"project {what}"), value, CONF_STATED, clause, statement=said,
                    retract=retract)] if value else []


#: 这个项目, 本仓库 (我们项目 is a group the user belongs to, ``extract.workplace``'s).
_PROJECT_ZH = r"(?:这个|本)(?:项目|仓库|代码库|工程|repo)"
_LATIN = r"[A-Za-z0-9_.+#@/-]"
#: 这个项目用pnpm不用npm, 这个仓库用的是Poetry, 本项目使用PostgreSQL做数据库.
_USES_ZH = lazy_regex(
    rf"^{_PROJECT_ZH}(?:现在|目前|一直)?(?:都)?(?:用的是|用|使用|采用|基于)(?P<v>[A-Za-z]{_LATIN}*(?:\s[A-Za-z0-9]{_LATIN}*)?)"
    rf"(?:[，,]?(?:而)?(?:不用|不是|别用|不要用)(?P<alt>[A-Za-z]{_LATIN}*))?(?:(?:做|来做|当)(?P<for>[\w\u4e00-\u9fff]{1,6}))?$")
#: 我们的后端是Go写的, 这个项目是用Rust写的, 我们前端用React开发: how a part of the project is made, as "our backend
#: is written in Go" says it (``_USES_EN``); the part is one only a project has (后端, 前端, 代码), never 我们的产品 or
#: 我们家.
_PART_ZH = r"(?:后端|前端|服务端|客户端|代码|代码库|仓库|项目|服务|接口|网站|App|app|APP|小程序)"
_MADE_ZH = lazy_regex(
    rf"^(?:{_PROJECT_ZH}|我们(?:的|这边的?|公司的|组的?|团队的)?{_PART_ZH})(?:现在|目前|主要|全部|都|全)*"
    r"(?:是)?(?:用|拿|基于)?"
    rf"(?P<v>[A-Za-z]{_LATIN}*(?:\s[A-Za-z0-9]{_LATIN}*)?)(?:语言)?(?:写的|开发的|实现的|写|开发|实现|搭的)$")
#: 我们的数据库是MySQL, 我们线上的缓存用的是Redis: a part of the project's setup, as "Our database is MySQL"
#: (``_SETUP_EN``).
_SETUP_PARTS_ZH = {"数据库": "database", "缓存": "cache", "消息队列": "queue", "服务器": "server", "CI": "ci",
                   "ci": "ci", "包管理器": "package manager", "构建工具": "build system"}
_SETUP_ZH = lazy_regex(
    r"^我们(?:的|这边的?|公司的|组的?|团队的)?(?:项目的?)?(?P<env>(?:线上|生产环境?|测试环境?|开发环境?)的?)?"
    rf"(?P<what>{'|'.join(_SETUP_PARTS_ZH)})(?:现在|目前|一直)?(?:用的是|是|用)(?P<v>[A-Za-z]{_LATIN}*(?:\s[0-9]{_LATIN}*)?)$")
#: 测试用make test跑, 跑测试用make test, 我们用make test跑测试, 这个项目的测试用make test跑, 格式化统一用black跑一下:
#: what is run (its English name, as ``_RUN_WITH_EN`` keys it) and the command.
_RUN_ZH = {"测试": "tests", "单元测试": "unit tests", "格式化": "formatter", "代码检查": "lint", "lint": "lint",
           "构建": "build"}
_RUN_WORDS_ZH = "|".join(sorted(_RUN_ZH, key=len, reverse=True))
_TESTS_ZH = lazy_regex(rf"^(?:(?:{_PROJECT_ZH}|项目|我们)的?)?(?:(?:跑|运行)(?P<w1>{_RUN_WORDS_ZH})用|"
                       rf"(?P<w2>{_RUN_WORDS_ZH})(?:都|统一|一般|一律)?(?:用|命令是)|我们用)(?P<v>[A-Za-z][\w .+/-]*?)"
                       r"(?:跑|运行|来跑|执行)?(?:一下)?(?P<w3>测试)?$")  # 我们用Confluence写文档: no command
#: 我们用pnpm不用npm, 我们用 uv 不用 pip: a group's choice of one tool over another, both named, is the project's.
_WE_CHOOSE_ZH = lazy_regex(rf"^我们(?:这边|现在|都|统一|一般)*(?:用的是|用|使用)(?P<v>[A-Za-z]{_LATIN}*)"
                           rf"[，,]?(?:不用|别用|不要用)(?P<alt>[A-Za-z]{_LATIN}*)$")
#: The spaces a Chinese sentence puts around a Latin name (这个项目用 pnpm 不用 npm): no part of either.
_SPACE_BY_HAN = lazy_regex(r"(?<=[\u4e00-\u9fff，,])\s+|\s+(?=[\u4e00-\u9fff，,])")
#: 缩进用两个空格，不要用tab, 代码统一用4个空格缩进, 这个项目缩进用tab: the indentation, as "We use 2 spaces, not
#: tabs" (``user.project_indentation``); only a project's code is indented so, so the project need not be named.
_SPACES_ZH = r"(?:[1-8一二两四八]\s?个?\s?空格|tabs?|Tabs?|TABs?|制表符)"
_INDENT_ZH = lazy_regex(
    rf"^(?:(?:{_PROJECT_ZH}|项目|代码|我们)的?)?(?:(?:代码)?缩进(?:统一|都|一律|一般|全部)*(?:用的是|用|使用|是)(?P<v>{_SPACES_ZH})"
    rf"|(?:统一|都|一律|一般|全部)*(?:用|使用)(?P<w>{_SPACES_ZH})(?:来)?缩进)"
    rf"(?:[，,]?(?:而)?(?:不要用|别用|不用|不是|而不是)(?P<alt>{_SPACES_ZH}|空格))?$")
#: 我们部署到Fly.io, 项目部署在Vercel上.
_DEPLOY_ZH = lazy_regex(rf"^(?:我们|{_PROJECT_ZH}|项目)(?:都)?部署(?:到|在)"
                        r"(?P<v>[A-Za-z][\w.-]*(?:\s[A-Za-z][\w.-]*)?)(?:上)?$")


def find_zh(sentence: str) -> list[Finding]:
    """The project convention a Chinese ``sentence`` states (这个项目用pnpm不用npm → ``user.project_tool = pnpm``,
    stated 项目用pnpm不用npm), ``[]`` for any other sentence."""
    text = _SPACE_BY_HAN.sub("", re.sub(r"[。！!.~～；;]+$", "", sentence.strip()))
    we = _WE_CHOOSE_ZH.match(text)
    if we is not None and (hit := gazetteer.lookup(we.group("v"))) is not None and not hit.key.startswith("tool."):
        we = None  # 我们用DHL不用UPS: a carrier chosen (``extract.replacing``), no tool of a project
    if (m := _USES_ZH.match(text) or we) is not None:
        alt = f"不用{m.group('alt')}" if m.group("alt") else ""
        what = _kind(m.group("v"))
        purpose = f"做{m.group('for')}" if m.groupdict().get("for") else ""
        return project_finding(what, m.group("v"), sentence, f"项目用{m.group('v')}{purpose}{alt}")
    if (m := _MADE_ZH.match(text)) is not None:  # 我们的后端是Go写的: never the user's 后端 = Go写
        return project_finding(_kind(m.group("v")), m.group("v"), sentence, f"项目用{m.group('v')}写的")
    if (m := _SETUP_ZH.match(text)) is not None:
        what = _SETUP_PARTS_ZH[m.group("what")]
        return project_finding(what, m.group("v"), sentence, f"项目的{m.group('what')}是{m.group('v')}")
    if (m := _TESTS_ZH.match(text)) is not None and (said := m.group("w1") or m.group("w2") or m.group("w3")):
        value = m.group("v").strip()
        return project_finding(_RUN_ZH[said], value, sentence, f"项目用{value}跑{said}")
    if (m := _DEPLOY_ZH.match(text)) is not None:
        return project_finding("deploy", m.group("v"), sentence, f"项目部署到{m.group('v')}")
    if (m := _INDENT_ZH.match(text)) is not None:
        value, alt = m.group("v") or m.group("w"), f"，不用{m.group('alt')}" if m.group("alt") else ""
        return project_finding("indentation", value, sentence, f"项目缩进用{value}{alt}")
    return []


#: What a team's tools are for (``extract.purposes``: "We use Jenkins for CI" is ``user.ci``, 我们用GitHub Actions做CI
#: too) and the group's tool (``extract.workplace``: "My team uses Jira"): how the work is done, as a project's
#: convention is. A personal use ("I use Obsidian for notes": ``user.notes``) is none.
_TEAM_WORK_KEYS = frozenset({"user.ci", "user.tests", "user.code", "user.docs", "user.tickets", "user.projects",
                             "user.monitoring", "user.team_tool", "user.company_tool", "user.dependencies"})


def is_how_to_work(key: str) -> bool:
    """Whether a fact of ``key`` says how to work: an instruction to the agent (``assistant.instruction``), a
    project's convention (``user.project_<what>``, this module's and ``extract.workplace``'s "Our project uses …")
    or what the user's team works with (``user.ci``, ``user.team_tool``).

    >>> [is_how_to_work(k) for k in ("assistant.instruction", "user.project_tests", "user.ci", "user.notes")]
    [True, True, True, False]
    """
    return key == directives.KEY or key.startswith("user.project_") or key in _TEAM_WORK_KEYS


def find(sentence: str, lang: str) -> list[Finding]:
    """``find_zh`` or ``find_en`` by ``lang``."""
    return find_zh(sentence) if lang == "zh" else find_en(sentence)


#: The keys of a project's conventions (``project_finding``): ``user.project_tool``, ``user.project_tests`` ...; said
#: in a folder, such a fact is that folder's (``facts.terms.subject_of``).
PROJECT_KEY_PREFIX = "user.project_"

