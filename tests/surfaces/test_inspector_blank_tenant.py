"""The inspector refuses a tenant named blank in its address, as REST refuses ``?org_id=``.

``/ui/forget?org=&user=...&target=user`` (a link built from an unset ``$ORG``) previewed, and its
confirmation forgot, the user of the default tenant: an empty ``org`` read as "not given". Real
``memstrata serve`` with keys (the run's shared one), checked in its SQLite file.
"""

from __future__ import annotations

import sqlite3

import pytest
from serverproc import ADMIN_KEY, Server


@pytest.mark.parametrize(("address", "field"), [("/ui/forget?org=&user=tia&target=user", "org"),
                                                ("/ui/profile?user=tia&project=%20", "project"),
                                                ("/ui/users?org=", "org")])
def test_a_blank_tenant_in_the_address_is_refused_by_name(keyed_server: Server, address: str, field: str) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        added = admin.post("/v1/messages", json={"user_id": "tia", "messages": [{"content": "I live in Oslo"}]})
        assert added.status_code == 200, added.text
        page = admin.get(address)
        # was 200: the default tenant's page (and its forget preview) for an org or project left empty
        assert page.status_code == 422, page.text[:300]
        assert f"`{field}` is " in page.text and f"leave `{field}` out for the default" in page.text
        posted = admin.post("/ui/forget?org=", data={"user": "tia", "target": "user"})
        assert posted.status_code == 422, posted.text[:300]
    with sqlite3.connect(keyed_server.db) as db:
        assert db.execute("SELECT count(*) FROM episodes WHERE user_id = 'tia'").fetchone()[0] >= 1
