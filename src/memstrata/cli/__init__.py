"""The ``memstrata`` command line: a thin door over ``Memory``.

``commands`` holds the typer application (``app``) and the memory commands, ``server`` the
network ones (``serve``, ``mcp``, ``keys``), ``options`` the option types they share,
``importer`` the import of message logs and ``demo`` the LoCoMo demo. ``main`` is the console script
(``memstrata = memstrata.cli:main``); ``python -m memstrata.cli`` runs it too.
"""

from memstrata.cli.commands import app, main

__all__ = ["app", "main"]
