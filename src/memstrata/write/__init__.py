"""The write path: validate -> redact -> segment -> extract -> embed -> store (``ingest``),
retried writes answered once (``write.idempotency``), and a fact changed by hand (``update``)."""
