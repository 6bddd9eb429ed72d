"""Markdown memory folders in and out: ``MEMORY.md`` and dated daily notes (``docs/markdown.md``).

* ``import_folder(memory, DIR, user_id=...)``: every note an episode (facts extracted as from
  anything the user said), idempotent; an edited projection's changes applied as statements.
* ``export_folder(memory, DIR, user_id=...)``: the projection, ``MEMORY.md`` with the current
  facts by topic, each with its citation, and ``memory/YYYY-MM-DD.md`` from the episodes.

Both talk only to ``Memory``. The CLI: ``memstrata import --format markdown DIR`` and
``memstrata export --format markdown DIR``.
"""

from memstrata.integrations.markdown.importer import ImportReport, import_folder
from memstrata.integrations.markdown.projection import ExportReport, export_folder

__all__ = ["ExportReport", "ImportReport", "export_folder", "import_folder"]
