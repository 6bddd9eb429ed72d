"""The README is a short front door whose commands are the ones CI runs and whose links resolve."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")

#: The front door's length limit (reference lives in docs/; httpx's README is 147 lines).
MAX_LINES = 200
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"```bash\n(.+?)\n```", re.DOTALL)


def slug(heading: str) -> str:
    """The anchor mkdocs' toc extension gives an ASCII heading: lower case, words joined by '-'."""
    words = re.sub(r"[^\w\s-]", "", heading.strip().lower())
    return re.sub(r"[\s-]+", "-", words).strip("-")


def test_readme_is_at_most_200_lines() -> None:
    assert len(README.splitlines()) <= MAX_LINES


def test_readme_test_command_is_the_one_ci_runs() -> None:
    commands = FENCE.findall(README)
    tests = [c for c in commands if "pytest" in c]
    assert len(tests) == 1, commands
    assert tests[0] in (REPO / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_demo_command_runs_the_demo_from_a_plain_install() -> None:
    demo = [c for c in FENCE.findall(README) if c.endswith("memstrata demo")]
    assert demo == ["python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/memstrata demo"]


def test_every_relative_link_in_the_readme_resolves() -> None:
    targets = [t for t in LINK.findall(README) if "://" not in t]
    assert len(targets) >= 10, targets
    broken = []
    for target in targets:
        path, _, anchor = target.partition("#")
        file = REPO / path
        if not file.is_file():
            broken.append(target)
        elif anchor:
            headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), re.MULTILINE)
            if anchor not in {slug(h) for h in headings}:
                broken.append(target)
    assert not broken, f"README links to nothing: {broken}"
