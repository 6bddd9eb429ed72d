"""The PostgreSQL + pgvector store (``pip install 'memstrata[postgres]'``)."""
