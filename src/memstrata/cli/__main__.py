"""``python -m memstrata.cli``: the same as the ``memstrata`` console script."""

from memstrata.cli import main

main()
