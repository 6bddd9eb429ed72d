"""Redaction takes the secret and no more, on every store: what follows a password in the same
message, and a ``pwd`` metadata key holding the working directory, are stored as said."""

from __future__ import annotations

from conftest import START, OpenMemory
from memstrata import Episode
from memstrata.privacy import placeholder


def test_password_is_redacted_and_the_rest_of_the_message_kept(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    result = memory.add("my password is hunter2 and I like tea", created_at=START,
                        metadata={"pwd": "/home/alice/src", "password": "hunter2", "api_key": "k-123"})
    episode = memory.get(episode_id=result.episode_id)
    assert isinstance(episode, Episode)
    assert episode.content == f"my password is {placeholder('password')} and I like tea"
    assert episode.metadata == {"pwd": "/home/alice/src", "password": placeholder("password"),
                                "api_key": placeholder("api_key")}
    assert result.redacted == ("password", "password", "api_key")
    assert [(c.fact.key, c.fact.value) for c in result.facts] == [("drink.like", "tea")]
    exported = list(memory.export())
    assert exported and "hunter2" not in repr(exported)  # nowhere in what the store gives back
