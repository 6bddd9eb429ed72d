"""Profile extraction: the LLM sees a category's stored features and new messages and
answers ``Commands``. Prompts live here; applying the commands is ``semantic.apply``."""

from __future__ import annotations

import json
from collections.abc import Sequence

from memstrata.clock import to_db
from memstrata.facts.said import said_in
from memstrata.llm.base import LLM, Tally, structured
from memstrata.semantic.categories import Category
from memstrata.semantic.commands import Command, Commands
from memstrata.text.lang import detect_language
from memstrata.types import Episode, Fact

LANGUAGE_NAMES = {"zh": "Chinese (中文)", "en": "English"}

_EXTRACT_SYSTEM = """You maintain the "{name}" memory of a user: {prompt}
A memory is a list of features, each a (tag, feature, value) triple: tag is a broad area{examples}, \
feature a specific attribute within it, value what is true now.
You are shown the features already stored and new messages of a conversation. Answer with commands:
- "add": a feature the new messages state or clearly imply about the user that is not stored yet.
- "delete": a stored feature the new messages show is no longer true; copy its tag, feature and value exactly.
To change a value, delete the stored one and add the new one with the same tag and feature.
Read each statement as subject, attribute and value, as the rule extractor does: "my editor is Neovim" and \
"我们项目用的是PostgreSQL" state an attribute; "I've switched to Firefox", "nowadays it's only green tea", \
"最近改用飞书了" change one (delete the old value, add the new); "I've started to like olives" after a dislike \
deletes the dislike and adds the like; "not DHL anymore, back to FedEx" and "不要京东了，还是顺丰吧" delete the \
dropped value and keep the restored one; "please stop using UPS" deletes UPS. A note in the third person \
("User prefers UPS", "用户对花生过敏") is about the user. A fact about another named person ("my colleague Tom \
moved to the design team") is about that person: put the name in the feature ("Tom's team"), never as the user's.
A convention of the project or repository being worked in ("this repo uses pnpm, not npm", "the tests run with \
make test", "we deploy to Fly.io", "这个项目用pnpm") is the project's, not the user's: give its command \
"project": true. Messages and stored features said in a folder name it ("in /home/dev/a"); a project's feature \
holds in its folder only, so never delete one of another folder than the message's.
Record only what the user says about themselves (not the assistant's suggestions, not small talk). \
Do not add what is already stored. "cite" lists the ids of the messages ([#id]) each command rests on.
Keep the language of the conversation: it is {language}; write tag, feature and value in that language and \
never translate. When nothing is worth remembering, answer {{"commands": []}}."""


def feature_lines(facts: Sequence[Fact]) -> str:
    """Stored features as JSON lines ``{"tag", "feature", "value"}`` (``(none)`` when empty), a project's
    convention with ``"project": true, "in": "<folder>"`` (``Fact.project``)."""
    lines = []
    for f in facts:
        feature = f.key.split(".", 2)[2] if f.key.count(".") >= 2 else f.key
        where = {} if f.project is None else {"project": True, "in": f.project}
        lines.append(json.dumps({"id": f.id, "tag": f.tag, "feature": feature, "value": f.value, **where},
                                ensure_ascii=False))
    return "\n".join(lines) or "(none)"


def message_lines(episodes: Sequence[Episode]) -> str:
    """``[#id] role speaker (time): content`` per episode, in order; ``(time, in /home/dev/a)`` for one said in a
    folder (``facts.said.said_in``: its ``metadata.project``)."""
    def where(e: Episode) -> str:
        folder = said_in(e.metadata)
        return "" if folder is None else f", in {folder}"
    return "\n".join(f"[#{e.id}] {e.role}{' ' + e.producer_id if e.producer_id else ''} "
                     f"({to_db(e.created_at)}{where(e)}): {e.content}" for e in episodes)


def extraction_prompt(category: Category, existing: Sequence[Fact], episodes: Sequence[Episode],
                      known: Sequence[Fact] = ()) -> tuple[str, str]:
    """``(system, user)`` prompts for one extraction call. ``known``: facts the rule extractor
    already took from these messages, shown so the model does not restate them."""
    language = LANGUAGE_NAMES[detect_language(" ".join(e.content for e in episodes))]
    examples = f" (e.g. {', '.join(category.examples)})" if category.examples else ""
    system = _EXTRACT_SYSTEM.format(name=category.name, prompt=category.prompt, examples=examples,
                                    language=language)
    user = f"Stored features:\n{feature_lines(existing)}\n\n"
    if known:
        user += ("Already recorded from these messages by another extractor (do not add these again):\n"
                 + "\n".join(f"- {f.key} = {f.value}" for f in known) + "\n\n")
    user += f"New messages:\n{message_lines(episodes)}"
    return system, user


def extract_commands(llm: LLM, category: Category, existing: Sequence[Fact], episodes: Sequence[Episode],
                     *, known: Sequence[Fact] = (), tally: Tally | None = None) -> list[Command]:
    """The LLM's commands for ``episodes`` given the ``existing`` features of ``category`` (and
    the ``known`` facts other extractors took from the same messages).

    Raises:
        LLMError, LLMOutputError: see ``llm.base.structured`` (nothing was applied).
    """
    system, user = extraction_prompt(category, existing, episodes, known)
    answer = structured(llm, system=system, prompt=user, model=Commands, purpose=f"extract:{category.name}",
                        tally=tally)
    return answer.commands
