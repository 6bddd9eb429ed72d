"""The extraction bench's key-free comparison and its annotated set."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from memstrata.bench.extraction import (
    Annotated,
    Case,
    Seen,
    agreement,
    load_cases,
    matches,
    run_extraction,
    score,
    set_names,
)
from memstrata.errors import InvalidInput


def test_value_matches_leniently_by_fold_and_containment() -> None:
    want = Annotated("user", "editor", "VS Code")
    assert matches(Seen("", "user.editor uses  as code editor", "vs-code"), want)
    assert matches(Seen("", "tool.editor uses ", "VS Code Insiders"), want)
    assert not matches(Seen("", "tool.editor uses ", "Neovim"), want)


def test_short_value_does_not_match_inside_a_longer_one() -> None:
    assert not matches(Seen("", "identity.employer works at ", "Google"), Annotated("user", "use", "Go"))


def test_attribute_words_and_subject_must_agree() -> None:
    want = Annotated("Tom", "team", "design team")
    assert matches(Seen("Tom", "tom.team team is ", "design team"), want)
    assert not matches(Seen("", "user.team team is ", "design team"), want)  # the user's own
    assert not matches(Seen("Tom", "identity.location lives in ", "design team"), want)


def test_withdrawal_matches_only_a_withdrawal() -> None:
    want = Annotated("user", "carrier", "UPS", withdrawn=True)
    assert matches(Seen("", "shipping.carrier prefers ups for shipping", "UPS", withdrawn=True), want)
    assert not matches(Seen("", "shipping.carrier prefers ups for shipping", "UPS"), want)


def test_every_case_annotates_each_of_its_messages() -> None:
    cases = load_cases()
    assert {c.lang for c in cases} == {"en", "zh"}
    for case in cases:
        assert len(case.facts) == len(case.messages), case.id
    assert sum(len(c.messages) for c in cases if c.lang == "zh") >= 250
    assert sum(len(c.messages) for c in cases if c.lang == "en") >= 250


def test_every_packaged_set_annotates_each_message_of_both_languages() -> None:
    names = set_names()
    assert names[0] == "tuned" and {"unseen", "unseen-b"} <= set(names)
    for name in names:
        cases = load_cases(set_name=name)
        assert {c.lang for c in cases} == {"en", "zh"}, name
        for case in cases:
            assert len(case.facts) == len(case.messages), case.id


def test_malformed_case_names_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "en.jsonl").write_text('{"id": "x", "shape": "topic", "messages": ["hi"], "facts": [[]]}\n{"id": 1}\n')
    with pytest.raises(InvalidInput, match=r"en.jsonl: line 2"):
        load_cases(["en"], tmp_path)


def test_sequence_is_scored_through_memory() -> None:
    right = Case("en-s", "en", "topic", ("I live in Chicago.", "I live in Denver."),
                 ((Annotated("user", "location", "Chicago"),), (Annotated("user", "location", "Denver"),)),
                 current=(Annotated("user", "location", "Denver"),), gone=(Annotated("user", "location", "Chicago"),))
    wrong = Case("en-w", "en", "topic", ("I live in Chicago.",), ((Annotated("user", "location", "Chicago"),),),
                 current=(Annotated("user", "location", "Denver"),))
    tallies = score([right, wrong])
    assert (tallies[("en", "topic")].sequences, tallies[("en", "topic")].right) == (2, 1)
    assert tallies[("en", "topic")].misses == ["en-w"]
    assert (tallies[("en", "all")].predicted, tallies[("en", "all")].correct) == (3, 3)


def test_agreement_is_cohens_kappa_on_store_or_not(tmp_path: Path) -> None:
    fact = {"subject": "user", "attribute": "location", "value": "Denver"}
    lines = [{"id": f"c{i}", "shape": "topic", "messages": ["m"], "facts": [[fact] if i < 2 else []]} for i in range(4)]
    (tmp_path / "en.jsonl").write_text("\n".join(json.dumps(x) for x in lines))
    second = [{"id": "c0", "message": 0, "facts": [fact]}, {"id": "c1", "message": 0, "facts": []},
              {"id": "c2", "message": 0, "facts": []}, {"id": "c3", "message": 0, "facts": []}]
    (tmp_path / "second_reading.jsonl").write_text("\n".join(json.dumps(x) for x in second))
    agreed = agreement(load_cases(["en"], tmp_path), tmp_path)
    # observed 3/4; chance 0.5 * 0.25 + 0.5 * 0.75 = 0.5; kappa (0.75 - 0.5) / 0.5
    assert (agreed.messages, agreed.observed, agreed.kappa) == (4, 0.75, 0.5)
    assert (agreed.first_found, agreed.second_found) == (1.0, 1.0)


def test_wrong_messages_list_missed_facts_and_unmatched_candidates() -> None:
    missed = Case("en-m", "en", "real", ("I live in Chicago.",), ((Annotated("user", "location", "Denver"),),))
    [line] = score([missed])[("en", "real")].wrong
    assert line.splitlines() == ["en-m: I live in Chicago.", "  - user location = Denver",
                                 "  + user [identity.location lives in] = Chicago"]


def _write_set(folder: Path, value: str) -> None:
    """One English message stating where the user lives, annotated with ``value``."""
    folder.mkdir(parents=True, exist_ok=True)
    case = {"id": "c", "shape": "topic", "messages": ["I live in Chicago."],
            "facts": [[{"subject": "user", "attribute": "location", "value": value}]]}
    (folder / "en.jsonl").write_text(json.dumps(case) + "\n")


def test_unseen_set_is_read_from_its_own_folder(tmp_path: Path) -> None:
    _write_set(tmp_path, "Chicago")
    _write_set(tmp_path / "unseen", "Denver")
    [tuned] = load_cases(["en"], tmp_path, "tuned")
    [unseen] = load_cases(["en"], tmp_path, "unseen")
    assert (tuned.facts[0][0].value, unseen.facts[0][0].value) == ("Chicago", "Denver")


def test_missing_set_file_and_unknown_set_are_refused_by_name(tmp_path: Path) -> None:
    _write_set(tmp_path, "Chicago")
    (tmp_path / "unseen").mkdir()
    (tmp_path / "unseen" / "zh.jsonl").write_text("")  # a set with no English file
    with pytest.raises(InvalidInput, match=r"unseen/en.jsonl: no such file"):
        load_cases(["en"], tmp_path, "unseen")
    for unknown in ("heldout", "../unseen"):
        with pytest.raises(InvalidInput, match=rf"--set {unknown}: no such set under .+ \(the sets there: "
                                               r"tuned, unseen, or all\)"):
            run_extraction(console=Console(file=io.StringIO()), langs=["en"], data=tmp_path, sets=[unknown])


def test_any_folder_of_the_root_holding_cases_is_a_set(tmp_path: Path) -> None:
    _write_set(tmp_path, "Chicago")
    _write_set(tmp_path / "unseen-b", "Denver")  # another value: missed
    (tmp_path / "notes").mkdir()  # a folder without a <lang>.jsonl is no set
    assert set_names(tmp_path) == ["tuned", "unseen-b"]
    result = run_extraction(console=Console(file=io.StringIO()), langs=["en"], data=tmp_path, sets=["unseen-b"])
    assert list(result) == ["unseen-b"] and result["unseen-b"]["en"]["all"]["recall"] == 0.0
    assert list(run_extraction(console=Console(file=io.StringIO()), langs=["en"], data=tmp_path)) == ["tuned",
                                                                                                    "unseen-b"]


def test_each_set_is_scored_and_reported_apart(tmp_path: Path) -> None:
    _write_set(tmp_path, "Chicago")  # the extractor's fact: found
    _write_set(tmp_path / "unseen", "Denver")  # another value: missed, and the candidate unmatched
    printed = io.StringIO()
    result = run_extraction(console=Console(file=printed, width=200), langs=["en"], data=tmp_path,
                            out=tmp_path / "figures.json")
    assert list(result) == ["tuned", "unseen"]
    assert (result["tuned"]["en"]["all"]["recall"], result["unseen"]["en"]["all"]["recall"]) == (1.0, 0.0)
    assert json.loads((tmp_path / "figures.json").read_text())["unseen"]["en"]["all"]["found"] == 0
    text = printed.getvalue()
    assert "tuned set (written while the rules were tuned)" in text
    assert "unseen (written without reading the rules)" in text
    assert "side by side" in text


def test_root_without_unseen_folder_scores_the_tuned_set_alone(tmp_path: Path) -> None:
    _write_set(tmp_path, "Chicago")
    (tmp_path / "zh.jsonl").write_text("")  # both languages, no second reading: the agreement is skipped
    result = run_extraction(console=Console(file=io.StringIO()), data=tmp_path)
    assert list(result) == ["tuned"] and "second_reading" not in result["tuned"]
    assert list(run_extraction(console=Console(file=io.StringIO()), data=tmp_path, sets=["tuned"])) == ["tuned"]
