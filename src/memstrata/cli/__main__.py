"""``python -m memstrata.cli``: the same as the ``memstrata`` console script."""

from memstrata.cli.commands import main

main()
