"""What to do with each kind of detected secret or personal datum, and the redaction itself.

Actions per kind:

* ``redact``: the span is replaced by ``[REDACTED:<kind>]`` in the stored episode, the text
  that is embedded and the full-text index; facts extracted from the redacted text keep
  the placeholder.
* ``drop``: redacted in the episode as above, and no fact whose value or statement carries
  that kind's placeholder is stored.
* ``allow``: stored as said.

Defaults: secrets and identity numbers (``password``, ``api_key``, ``bank_card``, ``cn_id``,
``us_ssn``, ``id_number``) are ``drop``: a fact "password = [REDACTED]" helps nobody. Contact details (``email``,
``phone``) are ``redact``: the episode keeps that an address was given, never the address.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from memstrata.errors import InvalidInput
from memstrata.privacy.detectors import KINDS, Finding, find_all
from memstrata.text.regex import lazy_regex

ACTIONS: tuple[str, ...] = ("redact", "drop", "allow")

DEFAULT_ACTIONS: dict[str, str] = {
    "password": "drop",
    "api_key": "drop",
    "bank_card": "drop",
    "cn_id": "drop",
    "us_ssn": "drop",
    "id_number": "drop",
    "email": "redact",
    "phone": "redact",
}


def placeholder(kind: str) -> str:
    """The typed placeholder that replaces a redacted span, e.g. ``[REDACTED:api_key]``."""
    return f"[REDACTED:{kind}]"


_PLACEHOLDER = lazy_regex(r"\[REDACTED:[a-z_]+\]")
#: What may surround placeholders in a value that still says nothing: spaces, punctuation,
#: conjunctions ("[REDACTED:email] or [REDACTED:phone]").
_FILLER = lazy_regex(r"[\W_]*(?:\b(?:and|or)\b|和|或)?[\W_]*")


def only_placeholders(text: str) -> bool:
    """Whether ``text`` holds a placeholder and nothing else worth keeping: a fact whose value
    is ``[REDACTED:email]`` tells an agent nothing, so it is not stored.

    >>> only_placeholders("[REDACTED:email]"), only_placeholders(" [REDACTED:email] or [REDACTED:phone].")
    (True, True)
    >>> only_placeholders("work: [REDACTED:email]"), only_placeholders("FedEx")
    (False, False)
    """
    if not _PLACEHOLDER.search(text):
        return False
    return all(_FILLER.fullmatch(part) for part in _PLACEHOLDER.split(text))


@dataclass(frozen=True)
class PrivacyPolicy:
    """Action per kind (``redact`` | ``drop`` | ``allow``); kinds not named take the default."""

    actions: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_ACTIONS))

    def __post_init__(self) -> None:
        for kind, action in self.actions.items():
            if kind not in KINDS:
                raise InvalidInput(f"privacy policy names unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
            if action not in ACTIONS:
                raise InvalidInput(f"privacy policy for {kind!r} is {action!r}; use one of {', '.join(ACTIONS)}")

    def action(self, kind: str) -> str:
        """The action for ``kind``."""
        return self.actions.get(kind, DEFAULT_ACTIONS[kind])

    @classmethod
    def parse(cls, spec: str) -> PrivacyPolicy:
        """Defaults overridden by ``"email=allow,phone=drop"`` (``MEMSTRATA_PRIVACY``).

        Raises:
            InvalidInput: a malformed entry, unknown kind or unknown action.
        """
        actions = dict(DEFAULT_ACTIONS)
        for part in filter(None, (p.strip() for p in spec.split(","))):
            kind, sep, action = part.partition("=")
            if not sep:
                raise InvalidInput(f"MEMSTRATA_PRIVACY entry {part!r} is not kind=action (e.g. email=allow)")
            actions[kind.strip()] = action.strip()
        return cls(actions)

    def dropped_placeholders(self) -> tuple[str, ...]:
        """Placeholders whose presence in a fact means the fact is not stored."""
        return tuple(placeholder(k) for k in KINDS if self.action(k) == "drop")


def strictest() -> PrivacyPolicy:
    """Every kind redacted: the form of a text that no policy stores more of. Two texts equal
    under it are one statement whatever each kind's action was when either was stored."""
    return PrivacyPolicy({kind: "redact" for kind in KINDS})


@dataclass(frozen=True)
class Redaction:
    """A redacted text and what was taken out of it (kinds and counts only, never the values)."""

    text: str
    kinds: tuple[str, ...]


def redact(text: str, policy: PrivacyPolicy) -> Redaction:
    """``text`` with every finding whose kind is not ``allow`` replaced by its placeholder."""
    findings: list[Finding] = [f for f in find_all(text) if policy.action(f.kind) != "allow"]
    if not findings:
        return Redaction(text, ())
    out, pos = [], 0
    for f in findings:
        out += [text[pos:f.start], placeholder(f.kind)]
        pos = f.end
    out.append(text[pos:])
    return Redaction("".join(out), tuple(f.kind for f in findings))


def masked_texts(text: str, policy: PrivacyPolicy) -> dict[str, list[str]]:
    """What ``redact`` takes out of ``text`` under ``policy``, by kind (``phone`` → ``["415-555-0134"]``), in
    text order. For comparisons made in memory while the message is written; never stored."""
    out: dict[str, list[str]] = {}
    for f in find_all(text):
        if policy.action(f.kind) != "allow":
            out.setdefault(f.kind, []).append(text[f.start:f.end])
    return out


#: Metadata keys whose values are secrets whatever they look like (``{"password": "hunter2"}``
#: was stored in clear: ``hunter2`` has no shape a detector knows). A key matches when one of
#: its words (split at ``_``, ``-``, ``.``, spaces and camelCase humps; case-insensitive) is
#: listed, or it contains a Chinese label. Whole words only: ``max_tokens`` or ``secretary``
#: are not secrets. The kind decides the placeholder and the policy action, as in content.
SECRET_KEY_WORDS: dict[str, str] = {
    "password": "password", "passwd": "password", "pwd": "password", "passcode": "password",
    "passphrase": "password",
    "secret": "api_key", "token": "api_key", "apikey": "api_key",
}
SECRET_KEY_LABELS: dict[str, str] = {"密码": "password", "口令": "password", "密碼": "password",
                                     "密钥": "api_key", "秘钥": "api_key", "令牌": "api_key"}
_KEY_WORD = lazy_regex(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def secret_key_kind(key: str) -> str | None:
    """The kind (``password`` or ``api_key``) a metadata key's value is taken to be, or None.

    ``"password"``, ``"db_password"``, ``"API_KEY"``, ``"apiKey"``, ``"access-token"``,
    ``"clientSecret"``, ``"登录密码"`` are secret keys; ``"max_tokens"``, ``"keyword"`` are not.
    """
    for label, kind in SECRET_KEY_LABELS.items():
        if label in key:
            return kind
    words = [w.lower() for w in _KEY_WORD.findall(key)]
    for i, word in enumerate(words):
        if word in SECRET_KEY_WORDS:
            return SECRET_KEY_WORDS[word]
        if word == "api" and i + 1 < len(words) and words[i + 1] == "key":
            return "api_key"
    return None


#: A filesystem path (``/home/alice/src``, ``~/src``, ``C:\\work``): what a bare ``pwd`` key holds
#: when it is the shell's working directory.
_PATH_VALUE = lazy_regex(r"(?:~|\.{1,2})?/\S*|[A-Za-z]:[\\/]\S*")


def _value_kind(key: str, value: Any) -> str | None:
    """``secret_key_kind(key)``, except that a bare ``pwd`` key holding a path is the working
    directory (as the shell's ``PWD``), not a password; ``db_pwd`` or ``pwd: hunter2`` still are."""
    if key.strip().lower() == "pwd" and isinstance(value, str) and _PATH_VALUE.fullmatch(value.strip()):
        return None
    return secret_key_kind(key)


def redact_json(value: Any, policy: PrivacyPolicy, kinds: list[str], secret: str | None = None) -> Any:
    """Redact every string inside a JSON-like value (metadata), appending found kinds to ``kinds``.

    Under a key ``secret_key_kind`` names (at any level), every string and number is replaced
    whole by that kind's placeholder unless the policy allows the kind; booleans, null and empty
    strings carry nothing and stay. ``secret`` is the kind inherited from an enclosing key.
    Recursive: callers bound the depth first (``write.ingest.check_metadata``).
    """
    if secret is not None and policy.action(secret) != "allow" and (
            (isinstance(value, str) and value) or (isinstance(value, (int, float)) and not isinstance(value, bool))):
        kinds.append(secret)
        return placeholder(secret)
    if isinstance(value, str):
        r = redact(value, policy)
        kinds.extend(r.kinds)
        return r.text
    if isinstance(value, dict):
        return {k: redact_json(v, policy, kinds, _value_kind(k, v) or secret) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_json(v, policy, kinds, secret) for v in value]
    return value
