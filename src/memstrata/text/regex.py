"""Regular expressions compiled on first use, so importing memstrata compiles none of them.

The rule extractor, the privacy detectors and the time readers hold a few hundred module-level
patterns; compiling them at import cost about 0.1-0.3 s of every ``import memstrata`` and every
``memstrata --help``, although a command such as ``list`` or ``forget`` never uses them.
``lazy_regex`` returns a stand-in that compiles on its first use; from then on its methods
are the compiled pattern's own bound methods (kept on the instance), so matching costs what
it costs with ``re.compile``.
"""

from __future__ import annotations

import re
from typing import Any, cast

#: The pattern methods the stand-in forwards; anything else (``groups``, ``groupindex``) is
#: forwarded by ``__getattr__``.
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """``re.compile(pattern, flags)`` on first use. ``pattern`` and ``flags`` are readable without
    compiling (``flags`` as given, not with ``re.UNICODE`` added as the compiled one has it)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def _compiled(self) -> re.Pattern[str]:
        compiled = re.compile(self.pattern, self.flags)
        for name in _METHODS:  # instance attributes win over these methods from now on
            self.__dict__[name] = getattr(compiled, name)
        self.__dict__["_pattern"] = compiled
        return compiled

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.__dict__.get("_pattern") or self._compiled(), name)

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().search(*args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().match(*args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().fullmatch(*args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().finditer(*args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().findall(*args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().sub(*args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().subn(*args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().split(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy_regex({self.pattern!r}, {self.flags!r})"


def lazy_regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done on the pattern's first use instead of now.

    Typed as the compiled pattern it stands for: use it for matching (``search``, ``sub`` ...),
    not with ``isinstance(..., re.Pattern)`` or as the pattern argument of ``re.sub`` and friends.
    A match's ``.re`` is the compiled pattern, not this stand-in: compare ``m.re.pattern`` with
    the stand-in's ``pattern`` to tell which of several patterns matched.

    >>> word = lazy_regex(r"\\w+")
    >>> word.findall("two words"), word.pattern
    (['two', 'words'], '\\\\w+')
    """
    return cast(re.Pattern[str], LazyPattern(pattern, flags))
