"""The PostgreSQL + pgvector store (the ``postgres`` extra: ``pip install -e '.[postgres]'`` in the checkout)."""
