"""Importers that turn external chat logs (LoCoMo JSON, JSONL) into ``ImportedMessage`` values."""
