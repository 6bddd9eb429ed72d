"""The words a question uses for what a fact holds: its key's topic words, in English and Chinese.

A fact's match evidence (``Hit.signals["match"]``, ``recall.fusion.match_strength``) is the larger of
its cosine and the share of the query's terms it holds. A fact keeps few words ("prefers 顺丰 for
shipping", key ``shipping.carrier``), so a question naming its topic another way shared little:
"which carrier do I use?" held "carrier" (from the key) but not "use", 0.50, under
``recall.evidence.MATCH_EVIDENCE`` (0.55), and ``context()`` left the carrier out;
"which courier…", "who do I ship with?" or 寄快递用哪家 fared no better when the cosine was low.

So the text a fact's coverage is counted on (``match_text``) adds:

* its key's **topic words** (``TOPIC_WORDS``): the nouns and verbs a question about that key uses,
  English and Chinese, so an English question finds a fact stated in Chinese and the reverse
  (carrier / courier / delivery / 快递 / 物流 for ``shipping.carrier``). Only words that name the
  topic: a generic word ("user", "time") would make unrelated questions match. "work" and "job"
  name both the occupation and the employer: "what does the user do for work?" is answered by
  ``identity.employer`` 美团 said as 在美团工作 (no English word of its own), 你在哪工作？ by "works at
  Google";
* for a **preference** (``Fact.kind == "preference"``), the verbs of choosing (``CHOICE_WORDS``):
  a preference is what the user uses, prefers, chooses or picks, so "which carrier do I use?"
  and "which seat do I prefer?" are answered by "prefers 顺丰 for shipping" and "prefers window
  seat" as fully as by a fact saying "uses".

Ranking signals only: the full-text index already holds the key's descriptions
(``facts.terms.fact_terms``); nothing stored changes.
"""

from __future__ import annotations

from memstrata.extract import things
from memstrata.types import Fact

#: Topic words per taxonomy key (``extract.taxonomy``): what a question about the key says.
TOPIC_WORDS: dict[str, str] = {
    "shipping.carrier": "carrier carriers courier couriers delivery deliveries deliver shipping ship ships shipped "
                        "shipment parcel parcels package packages express logistics 快递 快递公司 物流 配送 寄件 "
                        "寄快递 发快递 发货 包裹",
    "shipping.dropoff": "delivery deliveries deliver delivered parcel parcels package packages door doorstep locker "
                        "快递 配送 包裹 门口 快递柜",
    "shipping.address": "address deliver delivery shipping 地址 收货",
    "tool.editor": "editor editors ide coding code 编辑器 写代码 开发工具",
    "tool.os": "os operating system computer laptop 操作系统 电脑",
    "tool.language": "programming language languages coding code 编程 编程语言",
    "travel.seat": "seat seats flight flights fly flying plane train aisle window 座位 飞机 火车 靠窗 过道",
    "identity.location": "live lives living city town based reside 住 住在 城市",
    "identity.hometown": "hometown grew born 老家 家乡 出生",
    "identity.occupation": "job jobs work works working profession occupation career 职业 工作 上班 做什么",
    "identity.employer": "job jobs work works working workplace company employer 公司 单位 工作 上班",
    "identity.former": "lived city town moved company employer former previous previously 住过 城市 公司 单位 以前",
    "identity.name": "name 名字",
    "identity.age": "age 年龄 岁",
    "identity.birthday": "birthday 生日",
    "contact.channel": "contact reach email phone text message 联系 联系方式 电话 邮件 短信",
    "food.diet": "diet vegetarian vegan 饮食 吃素",
    "health.allergy": "allergy allergies allergic 过敏",
    "health.condition": "health condition conditions medical illness disease 健康 疾病",
    "drink.like": "drink drinks beverage 喝 饮料",
    "food.like": "food foods eat dish dishes 吃 食物",
    "food.dislike": "food foods eat dish dishes 吃 食物",
    "food.quit": "food foods eat dish dishes quit gave stopped 吃 食物 戒",
    "drink.quit": "drink drinks beverage quit gave stopped 喝 饮料 戒",
    "drink.avoid": "drink drinks beverage never avoid 喝 饮料 不喝",
    "habit.quit": "habit habits quit gave stopped smoke smoking 习惯 戒 抽烟",
    "pet": "pet pets animal 宠物",
    "language.spoken": "language languages speak 语言",
    "family.member": "family relative relatives 家人 亲戚",
}

#: What a preference is, in the words of a question about it (English; Chinese 用 and 选).
CHOICE_WORDS = "use uses using prefer prefers choose pick 用 选"


def match_text(fact: Fact) -> str:
    """The text ``fact``'s query coverage is counted on: its statement, value and key, its key's
    ``TOPIC_WORDS``, the Chinese words of a listed thing its key names (``extract.things.wordings``:
    车 for ``user.car``) and, for a preference, ``CHOICE_WORDS``.

    >>> from datetime import datetime, timezone
    >>> from memstrata.types import Scope
    >>> t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> fact = Fact(1, Scope(), "preference", "shipping.carrier", "顺丰", "Shipping", 0.9, 0.8, "low", (1,), t,
    ...             None, None, None, "active", 0, None, t, statement="prefers 顺丰 for shipping")
    >>> "courier" in match_text(fact) and "use" in match_text(fact)
    True
    """
    # A listed thing keyed by its English name (``extract.things``: user.car for 我的车) is asked about in its
    # Chinese words too: 他现在开什么车？ held 车 of the key user.车, and nothing of user.car.
    thing = " ".join(things.wordings(fact.key.partition(".")[2]))
    parts = [fact.statement or "", fact.value, fact.key, TOPIC_WORDS.get(fact.key, ""), thing]
    if fact.kind == "preference":
        parts.append(CHOICE_WORDS)
    return " ".join(p for p in parts if p)
