"""Privacy before storage: detectors, per-kind policy and redaction, encryption at rest."""

from memstrata.privacy.detectors import KINDS, Finding, find_all
from memstrata.privacy.policy import DEFAULT_ACTIONS, PrivacyPolicy, Redaction, placeholder, redact

__all__ = ["DEFAULT_ACTIONS", "KINDS", "Finding", "PrivacyPolicy", "Redaction", "find_all", "placeholder", "redact"]
