"""The SQLite backend: connection and migrations, schema, storage operations."""
