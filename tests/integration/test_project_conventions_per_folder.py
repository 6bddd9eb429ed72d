"""A project's conventions are that project's: "This repo uses pnpm" said in one folder (the message's
``metadata.project``, which the coding-agent hooks set to the session's folder) and "This repo uses yarn" said in
another are two projects' tools, never one value replacing the other; within one folder a later convention replaces
the earlier as before, and one said with no folder behaves as it always did. Real SQLite file, real model."""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.errors import InvalidInput

A, B = "/home/dev/a", "/home/dev/b"
WORK = "## How to work: the project's conventions"
INSTRUCTIONS = "## Standing instructions from the user"


def _tools(memory: Memory, user: str) -> list[tuple[str | None, str, str]]:
    return sorted((f.subject, f.value, f.status) for f in memory.list(status="all", key="user.project_tool",
                                                                      user_id=user))


def test_two_folders_conventions_never_replace_each_other(memory: Memory) -> None:
    first = memory.add("This repo uses pnpm, not npm.", user_id="dev", metadata={"project": A})
    second = memory.add("This repo uses yarn, not npm.", user_id="dev", metadata={"project": B})
    assert [c.action for c in first.facts] == ["create"] and [c.action for c in second.facts] == ["create"]
    assert second.facts[0].previous == ()
    assert _tools(memory, "dev") == [(f"project:{A}", "pnpm", "active"), (f"project:{B}", "yarn", "active")]
    assert second.facts[0].fact.project == B


def test_within_one_folder_a_later_convention_replaces_the_earlier(memory: Memory) -> None:
    memory.add("This repo uses pnpm, not npm.", user_id="dev", metadata={"project": A})
    memory.add("This repo uses yarn, not npm.", user_id="dev", metadata={"project": B})
    later = memory.add("This repo uses bun.", user_id="dev", metadata={"project": A})
    assert [(c.action, [p.value for p in c.previous]) for c in later.facts] == [("supersede", ["pnpm"])]
    assert _tools(memory, "dev") == [(f"project:{A}", "bun", "active"), (f"project:{A}", "pnpm", "superseded"),
                                     (f"project:{B}", "yarn", "active")]


def test_a_convention_said_with_no_folder_is_kept_as_before(memory: Memory) -> None:
    memory.add("This repo uses pnpm, not npm.", user_id="ann")
    memory.add("This repo uses yarn, not npm.", user_id="ann", metadata={"project": "  "})  # blank: no folder
    memory.add("I live in Berlin.", user_id="ann", metadata={"project": A})  # not a convention: the user's own
    assert _tools(memory, "ann") == [(None, "pnpm", "superseded"), (None, "yarn", "active")]
    assert [f.subject for f in memory.list(key="identity.location", user_id="ann")] == [None]


def test_the_profile_names_each_folder_and_no_folder_is_another_person(memory: Memory) -> None:
    memory.add("This repo uses pnpm, not npm.", user_id="dev", metadata={"project": A})
    memory.add("The tests run with make test.", user_id="dev", metadata={"project": B})
    memory.add("Always run ruff before committing.", user_id="dev", metadata={"project": B})
    block = memory.context("What do you know about me?", user_id="dev", budget_tokens=2000)
    assert "About other people" not in block, block
    work = block.split(WORK, 1)[1]
    assert f"- in {A}: the project uses pnpm, not npm" in work, block
    assert f"- in {B}: the project's tests run with make test" in work, block
    # the user's own, everywhere: in the section of instructions every block opens with, before the conventions
    assert "- wants the assistant to always run ruff before committing" in block.split(WORK, 1)[0], block
    assert block.index(INSTRUCTIONS) < block.index(WORK), block


def test_a_block_for_no_folder_shows_each_folders_convention_whatever_its_paths_length(memory: Memory) -> None:
    # the profile kept per key only the convention of the longest path, as if every folder were inside the
    # others: asked with no folder, /home/dev/a's pnpm was dropped for /home/dev/longer-name's yarn
    longer = "/home/dev/longer-name"
    memory.add("This repo uses pnpm, not npm.", user_id="dev", metadata={"project": A})
    memory.add("This repo uses yarn, not npm.", user_id="dev", metadata={"project": longer})
    work = memory.context("What do you know about me?", user_id="dev").split(WORK, 1)[1]
    assert f"- in {A}: the project uses pnpm" in work and f"- in {longer}: the project uses yarn" in work, work


def test_a_block_for_one_folder_leaves_the_other_folders_conventions_out(memory: Memory) -> None:
    memory.add("This repo uses pnpm, not npm.", user_id="dev", metadata={"project": A})
    memory.add("This repo uses yarn, not npm.", user_id="dev", metadata={"project": B})
    memory.add("We deploy to Fly.io from the main branch.", user_id="dev")  # no folder: every folder's
    for folder, own, other in ((A, "pnpm", "yarn"), (B, "yarn", "pnpm")):
        block = memory.context("What do you know about me?", user_id="dev", budget_tokens=2000, project_folder=folder)
        assert f"- in {folder}: the project uses {own}, not npm" in block, block
        assert other not in block, block
        assert "- the project deploys to Fly.io from the main branch" in block, block
    asked = memory.context("which package manager does the repo use?", user_id="dev", project_folder=A)
    assert "the project uses yarn" not in asked, asked


@pytest.mark.parametrize("folder", ["", "   ", 3, ["/home/dev/a"]])
def test_a_blank_or_non_text_project_folder_is_refused_naming_it(memory: Memory, folder: object) -> None:
    with pytest.raises(InvalidInput) as refused:
        memory.context("hi", user_id="dev", project_folder=folder)  # type: ignore[arg-type]
    assert refused.value.details()["field"] == "project_folder", refused.value
    assert "project_folder must be the project's folder (a non-empty string) or None" in str(refused.value)


def test_a_chinese_block_names_the_folder_in_chinese(memory: Memory) -> None:
    memory.add("这个项目用pnpm不用npm", user_id="cy", metadata={"project": A})
    memory.add("这个项目用yarn不用npm", user_id="cy", metadata={"project": B})
    block = memory.context("你了解我什么？", user_id="cy", budget_tokens=2000, project_folder=A)
    assert f"- 在{A}：项目用pnpm不用npm" in block and "yarn" not in block, block


def test_a_question_in_a_folder_gets_its_own_memories_before_another_folders(memory: Memory) -> None:
    """The other folder's turns use the question's own words ("this repo", "package", "dependencies") and score
    higher; the folder's own turn still comes first, and the other folder's stay, named, after it."""
    memory.add("This repo uses pnpm, not npm.", user_id="dev", session_id="s1", metadata={"project": A})
    memory.add("We use poetry to manage dependencies in this repo.", user_id="dev", session_id="s2",
               metadata={"project": B})
    memory.add("This repo uses poetry for packages.", user_id="dev", session_id="s2", metadata={"project": B})
    block = memory.context("what package manager does this repo use?", user_id="dev", budget_tokens=400,
                           profile=False, min_match=0.55, filter='session_id != "s3"', project_folder=A)
    lines = [line for line in block.splitlines() if line.startswith("- ")]
    # the folder's own convention first: the question names its job, a package manager (``context.governed``)
    assert lines and lines[0].startswith(f"- in {A}: the project uses pnpm, not npm"), block
    assert all(line.startswith(f"- in {B}: ") for line in lines[1:]) and len(lines) == 3, block


def test_a_move_said_in_a_folder_replaces_that_folders_convention(memory: Memory) -> None:
    """ "We moved from MySQL to PostgreSQL" names the old value the project's convention holds: said in a folder it
    replaces that folder's database (it stored tool.uses = PostgreSQL beside the project's MySQL), and no other's."""
    memory.add("This project uses MySQL.", user_id="dev", metadata={"project": A})
    memory.add("This project uses MySQL.", user_id="dev", metadata={"project": B})
    moved = memory.add("We moved from MySQL to PostgreSQL.", user_id="dev", metadata={"project": A})
    assert [(c.action, c.fact.key, c.fact.project, [p.project for p in c.previous]) for c in moved.facts] == [
        ("supersede", "user.project_database", A, [A])]
    current = sorted((f.project, f.value) for f in memory.list(key="user.project_database", user_id="dev"))
    assert current == [(A, "PostgreSQL"), (B, "MySQL")]


def test_a_folders_conventions_hold_in_the_folders_inside_it_the_nearest_first(memory: Memory) -> None:
    """A session started in a subfolder of the repository (/home/dev/a/web) was told none of the conventions said at
    its root; now they hold there, a nearer folder's own under the same key replaces them (/home/dev/a/legacy's
    yarn), and a folder named alike (/home/dev/ab) or the root's parent is another project."""
    memory.add("This repo uses pnpm, not npm.", user_id="dev", metadata={"project": A})
    memory.add("The tests run with make test.", user_id="dev", metadata={"project": A})
    memory.add("This repo uses yarn, not npm.", user_id="dev", metadata={"project": f"{A}/legacy"})

    def block(folder: str) -> str:
        return memory.context("What do you know about me?", user_id="dev", budget_tokens=2000, project_folder=folder)
    web = block(f"{A}/web")
    assert f"- in {A}: the project uses pnpm, not npm" in web and "make test" in web and "yarn" not in web, web
    legacy = block(f"{A}/legacy/")
    assert f"- in {A}/legacy: the project uses yarn, not npm" in legacy and "pnpm" not in legacy, legacy
    assert f"- in {A}: the project's tests run with make test" in legacy, legacy  # no nearer test command
    assert "yarn" not in block(A) and "pnpm" in block(A)
    assert "pnpm" not in block(f"{A}b") and "pnpm" not in block("/home/dev")
    asked = memory.context("which package manager does the repo use?", user_id="dev", project_folder=f"{A}/legacy")
    assert asked.splitlines()[1].startswith(f"- in {A}/legacy: the project uses yarn, not npm"), asked  # its own first
    assert "the project uses pnpm" not in asked and f"- in {A}: This repo uses pnpm" in asked, asked  # a turn, named
