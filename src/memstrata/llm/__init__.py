"""Optional LLM providers behind one ``LLM`` protocol (structured JSON output, validated).

``load_llm(settings)`` builds the configured provider or returns ``None`` when no LLM is
configured; nothing else in memstrata requires one.
"""
