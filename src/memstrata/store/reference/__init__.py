"""The in-memory reference store (``ReferenceStore``), the contract suite's oracle."""

from memstrata.store.reference.store import ReferenceStore

__all__ = ["ReferenceStore"]
