"""Doors into the places agents already keep memory, each a thin layer over ``Memory``.

* ``memstrata.integrations.langgraph``: ``MemstrataStore``, LangGraph's ``BaseStore``
  (needs the ``langgraph`` extra).
* ``memstrata.integrations.markdown``: ``MEMORY.md`` and dated daily notes in and out.
* ``memstrata.integrations.hooks``: Claude Code and Codex lifecycle hooks (``memstrata hooks``):
  context at session start and on each prompt, the transcript's turns stored as episodes.

Nothing here reaches into the store: every read and write goes through ``Memory``, so
scope isolation, redaction, fact extraction, forget and export apply as for any other door.
"""
