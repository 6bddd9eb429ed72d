"""Fact extraction: the ``Extractor`` protocol and the built-in rule extractor (zh/en)."""
