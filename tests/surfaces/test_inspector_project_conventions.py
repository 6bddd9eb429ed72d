"""The inspector's profile names the folder of each project convention (``in /home/dev/a: the project uses pnpm, not
npm``), as the context block does: two folders' conventions read as two, never as one person's or the user's own
tool. Real ``memstrata serve`` over HTTP, real SQLite file and model."""

from __future__ import annotations

import html

from serverproc import Server


def test_the_profile_names_each_conventions_folder(open_server: Server) -> None:
    user = "inspector-folders"
    with open_server.client() as client:
        for text, folder in (("This repo uses pnpm, not npm.", "/home/dev/a"), ("This repo uses yarn, not npm.",
                                                                                 "/home/dev/b")):
            added = client.post("/v1/messages", json={"user_id": user, "messages": [
                {"content": text, "metadata": {"project": folder}}]})
            assert added.status_code == 200, added.text
        page = html.unescape(client.get("/ui/profile", params={"user": user}).text)
    assert "in /home/dev/a: the project uses pnpm, not npm" in page, page[:3000]
    assert "in /home/dev/b: the project uses yarn, not npm" in page, page[:3000]
