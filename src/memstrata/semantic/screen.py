"""The privacy policy applied to what an LLM proposes, before it is embedded or stored.

The model reads episodes that were already redacted, yet its answer is new text: it can
copy a placeholder (``[REDACTED:password]``) into a feature, restate a secret from the
stored features it was shown, or invent one. Rule facts pass the same gate in
``write.ingest.Ingestor._admit``; this is its twin for commands. ``delete`` commands pass
unchanged: they name values already stored, which passed this gate when they were added.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from memstrata.privacy.policy import PrivacyPolicy, redact
from memstrata.semantic.commands import Command

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Screened:
    """Commands that may be applied, and what the gate took out (kinds only, never values).

    ``withheld``: ``add`` commands not applied because they carry a ``drop`` kind.
    ``redacted``: kinds replaced by placeholders in the commands that were kept.
    """

    commands: list[Command]
    withheld: int
    redacted: tuple[str, ...]


def screen_commands(commands: Sequence[Command], policy: PrivacyPolicy) -> Screened:
    """Redact each ``add``'s tag, feature and value; withhold it when a ``drop`` kind is found
    in them or its placeholder was copied into them."""
    dropped = policy.dropped_placeholders()
    kept: list[Command] = []
    withheld, kinds = 0, []
    for cmd in commands:
        if cmd.command != "add":
            kept.append(cmd)
            continue
        parts = {name: redact(getattr(cmd, name), policy) for name in ("tag", "feature", "value")}
        if any(p in r.text for r in parts.values() for p in dropped):
            withheld += 1
            continue
        found = [k for r in parts.values() for k in r.kinds]
        kinds += found
        kept.append(cmd.model_copy(update={n: r.text for n, r in parts.items()}) if found else cmd)
    if withheld or kinds:
        log.info("privacy gate on LLM features: %d withheld, redacted kinds %s", withheld, sorted(set(kinds)))
    return Screened(kept, withheld, tuple(dict.fromkeys(kinds)))
