"""Encryption at rest of high-sensitivity fact values (Fernet: AES-128-CBC + HMAC-SHA256).

The key is a Fernet key (32 random bytes, URL-safe base64; make one with
``python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"``),
given as ``Settings.encryption_key`` / ``MEMSTRATA_ENCRYPTION_KEY``. Equality of encrypted
values (is this the same value again?) uses a keyed HMAC of the normalised value, so the
plaintext never needs to be stored to deduplicate.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from memstrata.errors import InvalidInput, install_hint

#: What an encrypted value reads as when no key (or the wrong key) is configured.
UNREADABLE = "[ENCRYPTED]"
#: Marks ciphertext in a text column.
PREFIX = "enc:v1:"


class Cipher:
    """Encrypts and decrypts short texts with one Fernet key.

    Raises:
        InvalidInput: the ``cryptography`` extra is not installed, or the key is malformed.
    """

    def __init__(self, key: str) -> None:
        try:
            from cryptography.fernet import Fernet
        except ImportError as exc:  # pragma: no cover - the test extra installs it
            raise InvalidInput("an encryption key is configured but the crypto extra is missing: "
                               + install_hint("crypto")) from exc
        try:
            self._fernet: Any = Fernet(key.encode("ascii"))
        except (ValueError, UnicodeEncodeError) as exc:
            raise InvalidInput("MEMSTRATA_ENCRYPTION_KEY is not a Fernet key (32 bytes, URL-safe base64); "
                               "generate one with cryptography.fernet.Fernet.generate_key()") from exc
        self._mac_key = hashlib.sha256(b"memstrata-value-mac" + key.encode("ascii")).digest()

    def encrypt(self, text: str) -> str:
        """Ciphertext of ``text`` as ``enc:v1:<token>``."""
        return PREFIX + str(self._fernet.encrypt(text.encode("utf-8")).decode("ascii"))

    def decrypt(self, stored: str) -> str:
        """Plaintext of a stored value; non-ciphertext is returned as is, unreadable
        ciphertext (another key) as ``UNREADABLE``."""
        if not stored.startswith(PREFIX):
            return stored
        from cryptography.fernet import InvalidToken

        try:
            return str(self._fernet.decrypt(stored[len(PREFIX):].encode("ascii")).decode("utf-8"))
        except InvalidToken:
            return UNREADABLE

    def mac(self, normalised: str) -> str:
        """A keyed digest standing in for a normalised value in equality checks."""
        return "mac:" + hmac.new(self._mac_key, normalised.encode("utf-8"), hashlib.sha256).hexdigest()


def reveal(stored: str, cipher: Cipher | None) -> str:
    """A stored value as the reader may see it: decrypted with ``cipher``, else ``UNREADABLE``."""
    if not stored.startswith(PREFIX):
        return stored
    return UNREADABLE if cipher is None else cipher.decrypt(stored)
