"""Lifecycle of memories: retention, expiry, maintenance, forgetting jobs, restore, rollback."""
