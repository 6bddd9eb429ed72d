"""Message logs from outside: readers that turn LoCoMo JSON, JSONL and MemoryBank files into
``ImportedMessage`` values (``locomo``, ``jsonl``, ``memorybank``), and ``cli.importer``, which feeds
them (or ``memstrata export`` records) to a ``Memory`` through its public methods."""
