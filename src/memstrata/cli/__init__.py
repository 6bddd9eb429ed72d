"""The ``memstrata`` command line: a thin door over ``Memory``.

``app`` holds the typer application and the memory commands, ``server`` the network ones
(``serve``, ``mcp``, ``keys``), ``options`` the option types they share, ``cli.importer`` the
import of message logs and ``demo`` the LoCoMo demo. ``main`` is the console script
(``memstrata = memstrata.cli:main``); ``python -m memstrata.cli`` runs it too.
"""

from memstrata.cli.app import main

__all__ = ["main"]
