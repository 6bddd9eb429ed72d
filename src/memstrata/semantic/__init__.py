"""LLM-driven semantic memory: profile categories, extraction commands, their application,
the background worker, consolidation, short-term memory and retrieval agents."""
