"""Which project folder's conventions hold in a folder: its own, and those of the folders it is inside.

A coding agent's session may start in a subfolder of the repository where a convention was said ("This repo uses
pnpm" said in ``/home/dev/a``, a session in ``/home/dev/a/web``): the convention holds there too, as it holds in
the repository. Where a nearer folder said its own under the same key ("This repo uses yarn" in
``/home/dev/a/legacy``), the nearer one is that folder's (``nearest``). A folder named alike but not inside
(``/home/dev/ab``) is another project. Paths are compared as the agents give them (absolute, ``/`` or ``\\``
separated), a trailing separator aside.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath

from memstrata.errors import InvalidInput
from memstrata.types import Fact

#: The separators of a folder path: POSIX and Windows (an agent on Windows gives ``C:\\Users\\dev\\repo``).
SEPARATORS = "/\\"


def holds_in(project: str, folder: str) -> bool:
    """Whether a convention said in the folder ``project`` holds in ``folder``: the same folder or one inside it.
    A convention said in the root (``/``) holds in the root only: it says nothing of every folder on the disk.

    >>> holds_in("/home/dev/a", "/home/dev/a/web"), holds_in("/home/dev/a/", "/home/dev/a")
    (True, True)
    >>> holds_in("/home/dev/a", "/home/dev/ab"), holds_in("/home/dev/a/web", "/home/dev/a")
    (False, False)
    >>> holds_in("C:\\\\dev\\\\a", "C:\\\\dev\\\\a\\\\web"), holds_in("/", "/home")
    (True, False)
    """
    said, here = project.rstrip(SEPARATORS), folder.rstrip(SEPARATORS)
    if said == here:
        return True
    return bool(said) and here.startswith(said) and here[len(said)] in SEPARATORS


def absolute_folder(given: str) -> str:
    """``given``, a project folder named over the wire (REST ``/v1/context``, MCP ``get_context``), if it is an
    absolute path of either kind (``/home/dev/a``, ``C:\\dev\\a``: a server may serve agents of another
    system). A relative one (``.``, ``src``) names no folder a convention is said in (the hooks store the
    absolute ``cwd``), and read as one it would hide every project's conventions, silently.

    >>> absolute_folder("/home/dev/a"), absolute_folder("C:\\\\dev\\\\a")
    ('/home/dev/a', 'C:\\\\dev\\\\a')

    Raises:
        InvalidInput: ``field`` ``project_folder``, for a relative path (a blank one is ``Memory.context``'s).
    """
    if given.strip() and not (PurePosixPath(given).is_absolute() or PureWindowsPath(given).is_absolute()):
        raise InvalidInput(f"project_folder must be the folder's absolute path, got {given!r}", field="project_folder")
    return given


def same_folder(one: str, other: str) -> bool:
    """Whether two paths name one folder, a trailing separator aside (a turn said in an enclosing folder is still
    another folder's: its line names that folder, ``context.block.in_folder``).

    >>> same_folder("/home/dev/a/", "/home/dev/a"), same_folder("/home/dev/a", "/home/dev/a/web")
    (True, False)
    """
    return one.rstrip(SEPARATORS) == other.rstrip(SEPARATORS)


def nearest(facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` (those that hold in one folder: ``holds_in``), in their order, without a project's convention
    under a key that a nearer folder (a longer path, inside it) also holds a convention under: "yarn" said in
    ``/home/dev/a/legacy`` is that folder's tool, not ``/home/dev/a``'s pnpm. Other facts stay."""
    deepest: dict[str, int] = {}
    for fact in facts:
        if fact.project is not None:
            deepest[fact.key] = max(deepest.get(fact.key, 0), len(fact.project.rstrip(SEPARATORS)))
    return [f for f in facts if f.project is None or len(f.project.rstrip(SEPARATORS)) == deepest[f.key]]
