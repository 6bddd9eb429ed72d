"""Whether a message asks the agent to act on the project: "install the deps and add lodash", "please run the
tests", 帮我装一下依赖, 先跑一下测试.

Read by the context block (``context.block``: such a request is to be done the way the folder's conventions and
the user's instructions say) and by the search (``recall.request_parts``: each step of such a request judged for
match evidence), so it lives with the other readings of a query's text (``text.clauses``), below both.
"""

from __future__ import annotations

import re

from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex

#: Verbs that ask an agent to change or run a project (base form, English): a prompt that opens with one ("install
#: the deps and add lodash", "please run the tests", "can you update the dependencies?") is to be done the way the
#: folder's conventions and the user's instructions say, whatever words it shares with them.
ACT_VERBS_EN = ("install", "uninstall", "add", "remove", "delete", "run", "rerun", "fix", "implement", "write",
                "rewrite", "create", "update", "upgrade", "downgrade", "bump", "refactor", "rename", "move", "commit",
                "push", "merge", "rebase", "squash", "deploy", "release", "ship", "build", "rebuild", "compile", "test",
                "lint", "format", "set up", "setup", "configure", "debug", "migrate", "generate", "scaffold",
                "publish", "bootstrap", "init", "initialize", "change", "edit", "modify", "replace", "revert", "patch",
                "open a pr", "open a pull request", "make a pr", "clean up", "tidy up", "package", "vendor", "pin")
#: The same in Chinese, read after 请 / 帮我 / 麻烦 / 给我 / 先 / 把 ...: 装依赖, 跑测试, 修这个bug, 提交, 部署.
ACT_VERBS_ZH = ("安装", "装", "卸载", "添加", "加上", "加", "删除", "删掉", "去掉", "运行", "跑", "执行", "修复", "修",
                "改", "重构", "重命名", "实现", "写", "新建", "创建", "提交", "推送", "推", "合并", "部署", "发布",
                "上线", "升级", "更新", "构建", "编译", "测试", "格式化", "配置", "迁移", "生成", "初始化", "回滚")
_ACT_VERBS_EN = "|".join(v.replace(" ", r"\s+") for v in sorted(ACT_VERBS_EN, key=len, reverse=True))
_ACT_EN = lazy_regex(
    r"^\W*(?:(?:ok(?:ay)?|so|now|then|and|next|also|first|please|pls|kindly|just|go ahead and|let's|lets|"
    r"(?:can|could|would|will)\s+you(?:\s+please)?|i\s+(?:want|need|would like|'d like)\s+you\s+to)[\s,]+)*"
    rf"(?:{_ACT_VERBS_EN})\b", re.IGNORECASE)
_ACT_ZH = lazy_regex(r"^\W*(?:好的|那|现在|然后|接下来|请|麻烦(?:你)?|帮(?:我|忙)|给我|你|先|再|去|"
                     r"把[^，,。？?]{1,20}?)*"
                     rf"(?:{'|'.join(sorted(ACT_VERBS_ZH, key=len, reverse=True))})")


def asks_to_act(query: str) -> bool:
    """Whether ``query`` asks the agent to change or run the project (English or Chinese, either script): it opens
    with a verb of ``ACT_VERBS_EN`` / ``ACT_VERBS_ZH`` after polite or sequencing words. A question ("why is the
    build slow?", 这个函数是干什么的) or a remark ("ok, go on") asks nothing to be done.

    >>> [asks_to_act(q) for q in ("install the deps and add lodash", "Can you update the dependencies?",
    ...                           "帮我装一下依赖", "先跑一下测试", "把这个函数重构一下")]
    [True, True, True, True, True]
    >>> [asks_to_act(q) for q in ("why is the build slow?", "ok, go on", "explain this", "这个函数是干什么的？",
    ...                           "what should I add to my diet?")]
    [False, False, False, False, False]
    """
    return bool(_ACT_EN.match(query) or _ACT_ZH.match(simplified(query)))
