"""``--filter`` on ``memstrata recall`` and ``memstrata list``, through the real console script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import FEDEX, SHUNFENG, cli

pytestmark = pytest.mark.usefixtures("embedder")  # loads the model once and shares it (clirun)


def test_recall_and_list_apply_the_filter_and_report_a_bad_one(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    assert cli("remember", SHUNFENG, "--user", "u1", "--db", db).code == 0
    assert cli("remember", "I like green tea", "--user", "u1", "--db", db).code == 0
    assert cli("remember", FEDEX, "--user", "u2", "--db", db).code == 0

    hits = cli("recall", "shipping tea 顺丰", "--user", "u1", "--json", "--db", db,
               "--filter", 'tag = "shipping"').json()
    assert hits and {h["key"] for h in hits} <= {"shipping.carrier", "shipping.dropoff"}
    assert all(h["kind"] == "fact" for h in hits)

    facts = cli("list", "--user", "u1", "--json", "--db", db, "--filter", "tag IN ('drink', 'beverage')").json()
    assert [f["value"] for f in facts] == ["green tea"]
    episodes = cli("list", "--episodes", "--user", "u1", "--json", "--db", db,
                   "--filter", "role = 'user' AND created_at > '2000-01-01'").json()
    assert sorted(e["content"] for e in episodes) == sorted([SHUNFENG, "I like green tea"])
    # a filter can narrow the scope but never widen it
    assert cli("list", "--user", "u1", "--json", "--db", db, "--filter", "user_id = 'u2'").json() == []

    bad = cli("recall", "tea", "--user", "u1", "--db", db, "--filter", "tag = ")
    assert bad.code == 2
    assert "error[invalid_filter]: invalid filter at character 7" in bad.err
    bad_json = cli("list", "--user", "u1", "--json", "--db", db, "--filter", "colour = 'red'")
    assert bad_json.code == 2
    error = json.loads(bad_json.err)["error"]
    assert error["code"] == "invalid_filter" and "unknown field 'colour'" in error["message"]
    # The position a machine needs is a field of its own, as in the REST API's error body.
    assert error["details"]["position"] == 1 and "at character 1 " in error["message"]
    assert error["details"]["field"] == "filter"  # the argument, as REST and MCP name it
