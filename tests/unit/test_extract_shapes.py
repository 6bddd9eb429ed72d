"""General statement shapes (``extract.shapes``), each class in English and Chinese: what the rule
extractor reads from a sentence, and what it must not read (questions, hypotheticals, negated or
reported speech, other people's words)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("My editor is Neovim.", [("tool.editor", "Neovim", "", False)]),
    ("Our project's database is PostgreSQL.", [("user.project_database", "PostgreSQL", "", False)]),
    ("My shoe size is 42.", [("user.shoe_size", "42", "", False)]),
    ("My daughter's school is Lincoln Elementary.", [("daughter.school", "Lincoln Elementary", "daughter", False)]),
    ("我的编辑器是VS Code。", [("tool.editor", "VSCode", "", False)]),
    ("我们项目用的是PostgreSQL。", [("user.project_tool", "PostgreSQL", "", False)]),  # the project's, one at a time
    ("我的鞋码是42。", [("user.shoe_size", "42", "", False)]),
    ("我女儿的学校是实验小学。", [("daughter.school", "实验小学", "daughter", False)]),
    # a thing's time said with no copula, as with 是 (a relative's weekly lesson)
    ("我女儿的钢琴课每周六上午十点。", [("daughter.钢琴课", "每周六上午十点", "daughter", False)]),
    ("我儿子的足球训练在每周二下午四点。", [("son.足球训练", "每周二下午四点", "son", False)]),
])
def test_possessive_copula_names_an_attribute(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Nowadays it's only green tea for me.", [("user.drinks", "green tea", "", False)]),
    ("I've switched to Firefox.", [("user.uses", "Firefox", "", False)]),
    ("We moved from Jenkins to GitHub Actions.", [("user.uses", "GitHub Actions", "", False)]),
    ("I've switched to Neovim.", [("tool.editor", "Neovim", "", False)]),
    ("最近改用飞书了。", [("user.uses", "飞书", "", False)]),
    ("现在只用微信联系。", [("contact.channel", "微信", "", False)]),
    ("我现在只喝燕麦奶。", [("user.drinks", "燕麦奶", "", False)]),
    ("I've moved over to Obsidian for notes.", [("user.notes", "Obsidian", "", False)]),
    ("We switched to GitHub Actions for CI.", [("user.ci", "GitHub Actions", "", False)]),
    ("現在只用LINE聯絡。", [("user.uses", "LINE", "", False)]),
    ("I switched to using Vim.", [("tool.editor", "Vim", "", False)]),
    ("I moved to Linux.", [("tool.os", "Linux", "", False)]),
    ("我寄快递改用顺丰。", [("shipping.carrier", "顺丰", "", False)]),
    ("我寫代碼換成了Vim。", [("tool.editor", "Vim", "", False)]),
])
def test_change_by_restriction_or_switch(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We use Jenkins for CI.", [("user.ci", "Jenkins", "", False)]),
    ("These days I use Obsidian for notes", [("user.notes", "Obsidian", "", False)]),
    ("我们用Jenkins做CI。", [("user.ci", "Jenkins", "", False)]),
    ("我现在用Obsidian记笔记", [("user.notes", "Obsidian", "", False)]),  # one key in both languages
    ("我們用GitHub Actions做CI", [("user.ci", "GitHub Actions", "", False)]),
    # what is done in a named thing is what it is used for, and two such clauses share their subject
    ("I write all my code in Neovim and keep notes in Obsidian.",
     [("tool.editor", "Neovim", "", False), ("user.notes", "Obsidian", "", False)]),
    ("We track tasks in Linear.", [("user.tickets", "Linear", "", False)]),
    ("I use VS Code for coding and use Notion for notes.",
     [("tool.editor", "VSCode", "", False), ("user.notes", "Notion", "", False)]),
    ("我在Obsidian里记笔记。", [("user.notes", "Obsidian", "", False)]),
    ("我用Neovim写代码，用Notion记笔记。", [("tool.editor", "Neovim", "", False), ("user.notes", "Notion", "", False)]),
])
def test_what_a_thing_is_used_for_names_its_attribute(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I use Notion for notes now.", [("user.notes", "Notion", "", False)]),  # "now" is no part of the purpose
    ("We switched to Notion for note-taking.", [("user.notes", "Notion", "", False)]),
    ("我现在用Notion记笔记了", [("user.notes", "Notion", "", False)]),  # was user.笔记了
    ("我现在改用Notion记笔记了", [("user.notes", "Notion", "", False)]),  # was user.uses = Notion记笔记
    ("We use Asana for tasks.", [("user.tickets", "Asana", "", False)]),
    ("We use Linear for issue tracking.", [("user.tickets", "Linear", "", False)]),
    ("我们用禅道管理工单", [("user.tickets", "禅道", "", False)]),
    ("我们用Confluence写文档", [("user.docs", "Confluence", "", False)]),
    ("We use Jenkins for continuous integration.", [("user.ci", "Jenkins", "", False)]),
    ("我们用Jenkins做持续集成", [("user.ci", "Jenkins", "", False)]),
    ("我们用DeepL做翻译", [("user.翻译", "DeepL", "", False)]),  # a purpose off the list keeps its words
    ("We moved our tasks to Linear.", [("user.tickets", "Linear", "", False)]),
    ("We're using Linear for our tickets now.", [("user.tickets", "Linear", "", False)]),  # was not read
    ("I'm using Obsidian for notes.", [("user.notes", "Obsidian", "", False)]),
    ("我们团队用Jira管理任务", [("user.tickets", "Jira", "", False)]),  # was user.团队 = Jira管理任务
    ("我們團隊用Jira管理任務", [("user.tickets", "Jira", "", False)]),
    ("我平时用印象笔记记笔记", [("user.notes", "印象笔记", "", False)]),  # was 印象笔, the name cut at its 记
    ("我记笔记改用Notion了", [("user.notes", "Notion", "", False)]),  # what the switch is for, before it
    ("我们管理任务换成Linear了", [("user.tickets", "Linear", "", False)]),
    ("我们开会改用腾讯会议了", [("user.meetings", "腾讯会议", "", False)]),
    ("我们开会改用别的了", [("user.meetings", "", "", True)]),  # no new value: the old one ends
    # a ride-hailing app is a purpose of its own, in both languages; the current one after the former
    ("我以前用滴滴，现在用高德打车。", [("user.rides", "高德", "", False)]),
    ("我平时用滴滴打车。", [("user.rides", "滴滴", "", False)]),
    ("I use Uber for rides.", [("user.rides", "Uber", "", False)]),
    ("Our issue tracker is Jira.", [("user.tickets", "Jira", "", False)]),  # a thing named by its kind
    ("My notes app is Obsidian.", [("user.notes", "Obsidian", "", False)]),
    ("我们的任务管理工具是Jira", [("user.tickets", "Jira", "", False)]),
    ("我的笔记软件是Obsidian", [("user.notes", "Obsidian", "", False)]),
    ("Our payment system is Stripe.", [("user.payment_system", "Stripe", "", False)]),  # off the list: as said
    ("我的任务是写报告", [("user.任务", "写报告", "", False)]),  # no thing used: the attribute's own key
])
def test_a_listed_purpose_is_one_key_in_both_languages(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    """Keyed by the purpose's words, "for notes" and 记笔记 were ``user.notes`` and ``user.笔记``."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I use it for work.", "I use my phone for everything.", "We use Slack for fun.", "Do you use Jenkins for CI?",
    "I use Gmail for email.", "我用手机记笔记", "我用这个做饭", "我们用什么做CI？",
    # done in a place, a time or a language, or a verb's particle: no thing used
    "I do my shopping in London.", "I write my notes in English.", "I keep in touch with Anna.",
    "I do my homework with Tom.",
])
def test_a_use_that_names_no_thing_or_no_purpose_is_not_read(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I've started to like olives.", [("preference.like", "olives", "", False)]),
    ("I've started liking jazz lately.", [("music.like", "jazz", "", False)]),
    ("我开始喜欢吃橄榄了。", [("food.like", "橄榄", "", False)]),
    ("我渐渐喜欢上香菜了。", [("food.like", "香菜", "", False)]),
])
def test_a_like_stated_as_a_beginning(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Not DHL anymore, let's go back to FedEx.",
     [("shipping.carrier", "FedEx", "", False), ("shipping.carrier", "DHL", "", True)]),
    ("Please stop using UPS.", [("shipping.carrier", "UPS", "", True)]),
    ("Forget the window seat, I'll take the aisle again.",
     [("travel.seat", "aisle", "", False), ("travel.seat", "window seat", "", True)]),
    ("不要京东了，还是顺丰吧。", [("shipping.carrier", "顺丰", "", False), ("shipping.carrier", "京东", "", True)]),
    ("以后别用申通发货了。", [("shipping.carrier", "申通", "", True)]),
    # 了 says "no longer": a bare 别用京东了 stops using it, as "Please stop using UPS" does
    ("别用京东了", [("shipping.carrier", "京东", "", True)]),
    # 再 says "not again": a standing prohibition, which ends a stored 圆通 as the very value it forbids
    ("別再用圓通了。", [("shipping.carrier", "不要圆通", "", False)]),
    ("Don't use UPS anymore.", [("shipping.carrier", "UPS", "", True)]),
    ("不喝燕麦奶了，还是喝牛奶吧。", [("user.drinks", "牛奶", "", False), ("user.drinks", "燕麦奶", "", True)]),
    # the replacement said after the stop is chosen, a named thing only
    ("Please stop using UPS, use DHL from now on.",
     [("shipping.carrier", "DHL", "", False), ("shipping.carrier", "UPS", "", True)]),
    ("Don't use UPS anymore, switch to FedEx instead.",
     [("shipping.carrier", "FedEx", "", False), ("shipping.carrier", "UPS", "", True)]),
    ("Please stop using UPS, use it sparingly.", [("shipping.carrier", "UPS", "", True)]),
    ("别用京东了，换顺丰吧。", [("shipping.carrier", "顺丰", "", False), ("shipping.carrier", "京东", "", True)]),
    ("別再用圓通了，以後用順豐。", [("shipping.carrier", "顺丰", "", False), ("shipping.carrier", "圆通", "", True)]),
    ("别用京东了，用别的吧。", [("shipping.carrier", "京东", "", True)]),
])
def test_withdrawal_and_restoration_in_one_message(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Send my packages via FedEx from now on.", [("shipping.carrier", "FedEx", "", False)]),
    ("From now on, deliver to my office.", [("shipping.dropoff", "office", "", False)]),
    ("Deliver my parcels to the front desk from now on.", [("shipping.dropoff", "front desk", "", False)]),
    ("以后快递发中通。", [("shipping.carrier", "中通", "", False)]),
    ("以后都坐靠过道的座位。", [("travel.seat", "靠过道", "", False)]),
])
def test_destination_stated_with_another_verb(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("User prefers UPS for delivery.", [("shipping.carrier", "UPS", "", False)]),
    ("The user is allergic to peanuts.", [("health.allergy", "peanuts", "", False)]),
    ("User's editor is VS Code.", [("tool.editor", "VSCode", "", False)]),
    ("- User dislikes cilantro", [("food.dislike", "cilantro", "", False)]),
    ("用户对花生过敏。", [("health.allergy", "花生", "", False)]),
    ("用户的编辑器是Vim。", [("tool.editor", "Vim", "", False)]),
    ("用戶對花生過敏。", [("health.allergy", "花生", "", False)]),
    ("使用者對貓過敏。", [("health.allergy", "猫", "", False)]),
    ("使用者的編輯器是Vim。", [("tool.editor", "Vim", "", False)]),
])
def test_note_in_the_third_person_is_the_users_own(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("prefers FedEx for shipping", [("shipping.carrier", "FedEx", "", False)]),
    ("- Likes jazz", [("music.like", "jazz", "", False)]),
    ("Lives in Munich.", [("identity.location", "Munich", "", False)]),
    ("Works at Meta.", [("identity.employer", "Meta", "", False)]),
    ("喜欢爵士乐", [("music.like", "爵士乐", "", False)]),
    ("- 住在北京", [("identity.location", "北京", "", False)]),
    ("偏好順豐快遞", [("shipping.carrier", "顺丰", "", False)]),
])
def test_note_that_leaves_its_subject_out_is_the_users_own(text: str,
                                                           expected: list[tuple[str, str, str, bool]]) -> None:
    # Memory files and agents write notes without a subject; the Markdown projection writes its own
    # facts so ("prefers FedEx for shipping"), and a line added in that wording was no fact.
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["Sounds good", "Works for me", "Works in Chrome", "Looks great", "Makes sense",
                                  "Prefers tea?", "喜欢吗？", "喜欢这个吗"])
def test_subjectless_chat_states_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("My colleague Tom moved to the design team.", [("tom.team", "design team", "Tom", False)]),
    ("Tom is back on the platform team.", [("tom.team", "platform team", "Tom", False)]),
    ("Sarah is allergic to shellfish.", [("health.allergy", "shellfish", "Sarah", False)]),
    ("我同事小张调到设计组了。", [("小张.team", "设计组", "小张", False)]),
    ("小张又回到平台组了。", [("小张.team", "平台组", "小张", False)]),
    ("小李对海鲜过敏。", [("health.allergy", "海鲜", "小李", False)]),
    ("小陈调到市场部了。", [("小陈.team", "市场部", "小陈", False)]),
    ("小陳又回銷售部了。", [("小陈.team", "销售部", "小陈", False)]),
])
def test_named_person_kept_apart_from_the_user(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "My point is that we should wait.", "我的意思是再等等。", "Is my editor still set to Vim?",
    "如果我的车是特斯拉就好了。",
    "I might switch to Firefox.", "要不要改用飞书？", "He switched to Android, I think.", "他好像换成安卓了。",
    "I haven't started to like olives.", "我还没开始喜欢橄榄。", "Do you think I'll start liking coffee?",
    "Should I stop using UPS?", "要不要不用京东了？", "不用谢了", "别用这个了", "我加入了俱乐部", "Send it to John.",
    "I switched to it.", "I switched to using that.",
    "Did you send it via FedEx?", "上次是发的中通吗？", "They shipped it with DHL last time.",
    "The user asked about peanuts.", "用户问了花生的问题。", "User may prefer UPS?",
    "Tom asked whether I like sushi.", "小张问我喜不喜欢寿司。", "Did Anna move to Toronto?", "小李搬去多伦多了吗？",
    "My friend is allergic to mango", "我朋友对芒果过敏", "She said I should try yoga.", "我朋友说她喜欢寿司。",
    "Let's say my editor is Emacs.", "要是我的编辑器是Emacs呢？",
    # real chat that looks like a shape and is not one (LoCoMo, MemoryBank)
    "My family is my motivation and they keep me going.",
    "Watching movies is a great idea.", "Nature always cheers me up.", "Here's one of them that I came across.",
    "My music ability is limited.", "我的工作很稳定但是一点也不有意思。",
])
def test_questions_hypotheticals_and_reports_give_nothing(text: str) -> None:
    assert _read(text) == []


def test_open_key_holds_one_value_about_its_subject() -> None:
    spec = key_spec("daughter.school")
    assert (spec.kind, spec.cardinality, spec.sensitivity) == ("fact", "one", "low")
    assert key_spec("tool.editor").cardinality == "one"
    with pytest.raises(KeyError):
        key_spec("undotted")


@pytest.mark.parametrize(("text", "expected"), [
    ("I also like scuba diving, skiing, running, hiking, and rock climbing, a variety of them.",
     ["scuba diving", "skiing", "running", "hiking", "rock climbing"]),
    ("I mainly love Chinese food and Japanese cuisine, especially barbecue and sushi.",
     ["Chinese food", "Japanese cuisine", "barbecue", "sushi"]),
    ("I like pizza, thanks!", ["pizza"]),
    ("I like jazz, so good.", ["jazz"]),
])
def test_a_list_after_a_like_continues_it(text: str, expected: list[str]) -> None:
    assert [value for _, value, _, _ in _read(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My phone is a Pixel 8.", [("tool.phone", "Pixel 8", "", False)]),
    ("My phone is 555-123-4567.", [("contact.phone", "555-123-4567", "", False)]),
])
def test_my_phone_is_a_device_unless_it_is_a_number(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My birthday is March 3.", [("identity.birthday", "March 3", "", False)]),
    ("My birthday's on June 5", [("identity.birthday", "June 5", "", False)]),
    ("My email address is anna.lee@example.org", [("contact.email", "anna.lee@example.org", "", False)]),
    ("my email is john at gmail dot com", [("contact.email", "john at gmail dot com", "", False)]),
    ("My cell number is +49 151 2345678", [("contact.phone", "+49 151 2345678", "", False)]),
    ("My home address is 221B Baker Street", [("shipping.address", "221B Baker Street", "", False)]),
    ("My mother tongue is Portuguese.", [("language.spoken", "Portuguese", "", False)]),
    ("The user's phone number is 555-987-6543", [("contact.phone", "555-987-6543", "", False)]),
    ("My mom's birthday is June 3", [("identity.birthday", "June 3", "mom", False)]),
    ("Sarah's email is sarah@corp.com", [("contact.email", "sarah@corp.com", "Sarah", False)]),
    ("我的生日是三月三号", [("identity.birthday", "三月三号", "", False)]),
    ("我生日是5月20日", [("identity.birthday", "5月20日", "", False)]),
    ("我的邮箱是wang@163.com", [("contact.email", "wang@163.com", "", False)]),
    ("我手机号是13812345678", [("contact.phone", "13812345678", "", False)]),
    ("我的收货地址是北京市朝阳区建国路88号", [("shipping.address", "北京市朝阳区建国路88号", "", False)]),
    ("我母語是粵語", [("language.spoken", "粤语", "", False)]),
    ("我的電話號碼是0912345678", [("contact.phone", "0912345678", "", False)]),
    ("用户的邮箱是li@qq.com", [("contact.email", "li@qq.com", "", False)]),
    ("我女儿的生日是九月一号", [("identity.birthday", "九月一号", "daughter", False)]),
])
def test_possessive_copula_carries_birthday_contact_address_and_language(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


def test_a_relatives_copula_reads_as_theirs() -> None:
    (fact,) = RuleExtractor().extract(text="My mom's birthday is June 3", role="user", said_at=_AT)
    assert fact.statement == "their mom's birthday is June 3"
    (diet,) = RuleExtractor().extract(text="My wife is vegetarian.", role="user", said_at=_AT)
    assert diet.statement == "their wife's diet: vegetarian"  # it read "their wife diet: vegetarian"


@pytest.mark.parametrize("text", [
    "My birthday is coming up", "My email is down", "My number is 7", "My address is none of your business",
    "Is my email anna@example.com?", "我的地址是保密的", "我的电话是多少", "如果我的邮箱是a@b.com",
    "我的朋友每周六来。", "我老婆的车每天停在楼下。",  # what a person or a thing does, no time it is at
])
def test_a_copula_whose_value_is_no_day_address_or_number_stores_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm allergic to peanuts and my birthday is March 3",
     [("health.allergy", "peanuts", "", False), ("identity.birthday", "March 3", "", False)]),
    ("My email is anna@example.com, I'm allergic to peanuts",
     [("contact.email", "anna@example.com", "", False), ("health.allergy", "peanuts", "", False)]),
    ("我对花生过敏，我生日是5月20日",
     [("health.allergy", "花生", "", False), ("identity.birthday", "5月20日", "", False)]),
])
def test_a_copula_is_read_beside_the_other_facts_of_its_sentence(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我的手机是华为", [("tool.phone", "华为", "", False)]),
    ("我的手機是華為。", [("tool.phone", "华为", "", False)]),
    ("My phone is a Huawei.", [("tool.phone", "华为", "", False)]),
    ("现在只用苹果了", [("tool.phone", "iPhone", "", False)]),
    ("現在只用蘋果了", [("tool.phone", "iPhone", "", False)]),
    ("These days I only use Apple.", [("tool.phone", "iPhone", "", False)]),
    ("我喜欢吃苹果", [("food.like", "苹果", "", False)]),
])
def test_a_phone_is_named_by_its_brand(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "value", "old"), [
    ("We moved from MySQL to PostgreSQL.", "PostgreSQL", "MySQL"),
    ("我们从MySQL迁到PostgreSQL了。", "PostgreSQL", "MySQL"),
    ("我們從MySQL遷到PostgreSQL了。", "PostgreSQL", "MySQL"),
])
def test_a_change_names_the_value_it_replaces(text: str, value: str, old: str) -> None:
    [cand] = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert (cand.key, cand.value, cand.instead_of) == ("user.uses", value, old)


@pytest.mark.parametrize(("text", "expected"), [
    ("I love romance novels and biographies.", ["romance novels", "biographies"]),
    ("I love traveling and watching movies.", ["traveling", "watching movies"]),
    ("我还喜欢潜水、滑雪、跑步、登山和攀岩。", ["潜水", "滑雪", "跑步", "登山", "攀岩"]),
    ("我還喜歡潛水、滑雪和攀岩。", ["潜水", "滑雪", "攀岩"]),
    ("我喜欢AC/DC、枪与玫瑰等摇滚乐队。", ["AC/DC", "枪与玫瑰"]),
    # a pair said as one thing, or a list inside a phrase, stays one value
    ("I like mac and cheese.", ["mac and cheese"]),
    ("我喜欢傲慢与偏见。", ["傲慢与偏见"]),
    ("我最喜欢写一些诗歌和小说。", ["写一些诗歌和小说"]),
])
def test_a_list_of_likes_is_one_like_per_item(text: str, expected: list[str]) -> None:
    assert [value for _, value, _, _ in _read(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I've been studying English recently.", [("activity.learning", "English", "", False)]),
    ("Recently, I started learning how to shoot and it feels really cool.",
     [("activity.learning", "shoot", "", False)]),
    ("我最近开始学做菜了。", [("activity.learning", "做菜", "", False)]),
    ("我在學吉他。", [("activity.learning", "吉他", "", False)]),
    ("I plan to go on a trip to Mexico.", [("plan.intent", "go on a trip to Mexico", "", False)]),
    ("我最近也打算读几本古典文学作品。", [("plan.intent", "读几本古典文学作品", "", False)]),
    ("我對攝影很感興趣。", [("hobby.like", "摄影", "", False)]),
])
def test_learning_a_plan_and_an_interest(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I'm learning a lot.", "I learned a lot today.", "I study at Harvard.", "Are you learning French?",
    "I might start learning French.", "I plan to ask you later.",
    "我在学校。", "我在学习中。", "他在学英语。", "你在学什么？", "我打算问问你。",
])
def test_what_is_no_learning_or_plan(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Lately I've been networking and it's gotten me some good stuff.",
     [("activity.current", "networking", "", False)]),
    ("I've been hiking a lot recently.", [("activity.current", "hiking", "", False)]),
    ("Recently I've been going to the gym.", [("activity.current", "going to the gym", "", False)]),
    ("我最近在看一些军事类的书籍。", [("activity.current", "看一些军事类的书籍", "", False)]),
    ("话说回来，我最近在看一些军事类的书籍，觉得很有趣。", [("activity.current", "看一些军事类的书籍", "", False)]),
    ("這段時間我一直在跑步。", [("activity.current", "跑步", "", False)]),
])
def test_what_one_has_been_doing_lately(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    """A pursuit in the progressive with a time word of the recent past is a standing fact for a while; an
    opinion after it (觉得很有趣) or "anyway" before it (话说回来) no longer hides it."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "Lately I've been feeling tired.", "I've been running late.", "Lately I've been thinking about you.",
    "我最近在想搬家的事。", "我在吃饭。", "我最近在家。",
    "她说她最近在跑步。", "我觉得我最近在进步。", "你最近在看什么书？",
])
def test_a_feeling_a_moment_or_a_report_is_no_pursuit(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("我会听古典音乐、阅读和做饭来放松。", ["古典音乐", "阅读", "做饭"]),
    ("我會聽古典音樂、閱讀和做飯來放鬆。", ["古典音乐", "阅读", "做饭"]),
    ("I read novels to relax.", ["read novels"]),
    ("川菜是我的最爱。", ["川菜"]),
    ("I love all dances, but contemporary is my top pick.", ["all dances", "contemporary"]),
    ("我喜欢所有舞蹈，但现代舞是我的最爱。", ["所有舞蹈", "现代舞"]),
    ("Pizza is my favorite.", ["Pizza"]),
])
def test_a_like_or_activity_said_another_way(text: str, expected: list[str]) -> None:
    assert [value for _, value, _, _ in _read(text)] == expected


@pytest.mark.parametrize("text", [
    "我需要放松一下。", "我想去海边放松一下。", "This is my favorite.", "I need to relax.",
    "In my room, I usually go to relax and feel at ease.", "I usually go to relax.", "I go out to relax.",
    "我觉得，我的编辑器是Vim。", "如果我最近开始学做菜了，你会教我吗？", "我在学习函数的概念时，感觉有些抽象。",
])
def test_no_like_or_activity_in_a_need_a_hedge_or_a_time(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    # quoted titles in English are no bare names (extract.examples): the kind alone
    ('I also enjoy classic literature such as "Walden" and "The Kite Runner".', ["classic literature"]),
    ("我喜欢经典文学作品比如《瓦尔登湖》", ["经典文学作品", "《瓦尔登湖》"]),
    ("I like sports such as tennis and golf.", ["sports", "tennis", "golf"]),
])
def test_the_liked_kind_and_its_examples(text: str, expected: list[str]) -> None:
    assert [value for _, value, _, _ in _read(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Actually I switched to FedEx for delivery.", [("shipping.carrier", "FedEx", "", False)]),
    ("But now I've switched to Firefox.", [("user.uses", "Firefox", "", False)]),
    ("Well, we moved our CI to GitHub Actions.", [("user.ci", "GitHub Actions", "", False)]),
    ("其实我改用京东了。", [("shipping.carrier", "京东", "", False)]),
    ("不过我们现在换成中通了。", [("shipping.carrier", "中通", "", False)]),
])
def test_a_change_after_a_leading_discourse_word(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    """"Actually", "but", "well", 其实, 不过 before a change leave it a change, as they leave a topic
    pattern's statement; the shapes read the clause as said first."""
    assert _read(text) == expected
