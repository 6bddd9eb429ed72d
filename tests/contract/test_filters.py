"""The filter language on every store: SQL results equal the reference semantics
(``memstrata.filter.matches``), the missing-field rule, scope narrowing, errors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest
from hypothesis import HealthCheck, example, given, settings

from conftest import BACKENDS, START, OpenMemory, _opener, populate
from memstrata import Episode, Fact, InvalidInput, Memory, Scope
from memstrata.errors import InvalidFilter
from memstrata.filter import Expr, matches, parse, unparse
from memstrata.text.tokens import fts_match_expression
from strategies import exprs

#: (org, project, user, agent, content): the corpus's neighbours in every part of the scope, all about
#: coffee: alice in another project and another organisation, and carol's two agents.
NEIGHBOURS = [
    ("default", "x-proj", "alice", None, "I like coffee in the other project"),
    ("other", "default", "alice", None, "I like coffee in the other organisation"),
    ("default", "default", "carol", "a1", "I like coffee, says the first agent"),
    ("default", "default", "carol", "a2", "I like coffee, says the second agent"),
]


@pytest.fixture(scope="module", params=BACKENDS)
def corpus(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    """A populated memory per backend, shared by the read-only tests of this module."""
    memory = _opener(request.param, tmp_path_factory.mktemp(request.param), request)(user_id="alice")
    populate(memory)
    for org, project, user, agent, content in NEIGHBOURS:
        memory.add(content, speaker=user, org_id=org, project_id=project, user_id=user, agent_id=agent,
                   session_id="s1", created_at=START)
    yield memory
    memory.close()


def _episodes(memory: Memory, where: str | Expr | None, user: str = "alice") -> list[int]:
    rows = memory.list(kind="episode", limit=1000, filter=where, user_id=user)
    return sorted(r.id for r in rows)


def _facts(memory: Memory, where: str | Expr | None, user: str = "alice") -> list[int]:
    rows = memory.list(kind="fact", status="all", limit=1000, filter=where, user_id=user)
    return sorted(r.id for r in rows)


class EveryRow:
    """Every episode, or every fact of any status, of a user in the corpus, read once per test.

    The property tests below hold hundreds of filters against the reference semantics applied to
    these rows; nothing they call changes the corpus (lists and candidate lookups count no recall),
    so reading the rows again for each filter only cost time."""

    def __init__(self, corpus: Memory) -> None:
        self.corpus = corpus
        self._episodes: dict[str, list[Episode]] = {}
        self._facts: dict[str, list[Fact]] = {}

    def episodes(self, user: str) -> list[Episode]:
        if user not in self._episodes:
            self._episodes[user] = cast(list[Episode], self.corpus.list(kind="episode", limit=1000, user_id=user))
        return self._episodes[user]

    def facts(self, user: str) -> list[Fact]:
        if user not in self._facts:
            self._facts[user] = cast(list[Fact], self.corpus.list(kind="fact", status="all", limit=1000, user_id=user))
        return self._facts[user]


@pytest.fixture
def every_row(corpus: Memory) -> EveryRow:
    """The corpus's rows for the reference semantics (``EveryRow``), one reader per test."""
    return EveryRow(corpus)


def _oracle(every_row: EveryRow, tree: Expr, kind: str, user: str = "alice") -> list[int]:
    rows: list[Fact] | list[Episode] = every_row.episodes(user) if kind == "episode" else every_row.facts(user)
    return sorted(r.id for r in rows if matches(tree, r))


#: Filters tried on the in-memory reference store by the properties whose store side there is
#: ``memstrata.filter.matches`` applied row by row, the very function the oracle applies (its
#: episode and fact lists, segment and turn candidates: ``store.reference``). Every generated
#: filter runs the same store code on it and only the oracle's own answer varies, so a few
#: check its scoping and listing; the SQL stores, which translate each filter, get them all.
REFERENCE_STORE_EXAMPLES = 20


def _examples(request: pytest.FixtureRequest, examples: int) -> settings:
    """The property's settings: ``examples`` filters on a SQL store, ``REFERENCE_STORE_EXAMPLES``
    on the reference store (``corpus[memory]``)."""
    reference = request.node.callspec.params["corpus"] == "memory"
    return settings(max_examples=REFERENCE_STORE_EXAMPLES if reference else examples, deadline=None)


def test_corpus_has_facts_and_episodes(corpus: Memory) -> None:
    assert len(_episodes(corpus, None)) == 8
    facts = corpus.list(kind="fact", status="all", limit=100)
    assert {f.key for f in facts} >= {"drink.like", "shipping.carrier", "health.allergy"}
    assert {f.status for f in facts} == {"active", "superseded"}


#: Tried first on every store, whatever is generated: where a comparison is easiest to get wrong (the
#: corpus's metadata holds a JSON null, 2.5, 3 and 3.0, "3", true, 1 and "true").
JSON_EDGES = [
    "metadata.lang IS NULL",  # JSON null is missing
    "metadata.nested.b IS NOT NULL",  # ... below the top level too
    "metadata.n = 3.0",  # 3 and 3.0 are the same number
    "metadata.n <= 2.5",  # a real, not only an integer
    "metadata.flag != true",  # NOT (=): true on a missing value and on 1 or "true"
    'metadata.flag IN (1, "true")',  # each literal compares with its own JSON type: true is neither
    'metadata.n NOT IN ("3", 2.5)',
    'created_at <= "2026-01-01T00:00:00Z"',  # the first episode's instant: <= is not <
    "metadata.tags >= 1.152921504606847e18",  # 2.0**60: a float literal against integers past 2**53
]


def test_store_filter_equals_reference_semantics(corpus: Memory, every_row: EveryRow,
                                                request: pytest.FixtureRequest) -> None:
    def holds(tree: Expr) -> None:
        for user in ("alice", "bob"):
            assert _episodes(corpus, tree, user) == _oracle(every_row, tree, "episode", user), unparse(tree)
            assert _facts(corpus, tree, user) == _oracle(every_row, tree, "fact", user), unparse(tree)
    for text in JSON_EDGES:
        holds = example(parse(text))(holds)
    # JSON_EDGES, run first, fail on each compiler bug this test is known to have to catch (JSON null
    # read as present, reals dropped, numbers compared as text, `!=` as SQL's, `IN` untyped, `<=` as
    # `<`, each planted again at 100 generated filters); the generated ones search beyond them.
    given(exprs())(_examples(request, 100)(holds))()


def test_segment_candidates_obey_the_filter_like_the_reference(corpus: Memory, every_row: EveryRow,
                                                               request: pytest.FixtureRequest) -> None:
    """The search's vector candidates (segments) reach exactly the episodes the reference semantics
    pick (PostgreSQL filters segments on their own copy of the episode's fields)."""
    assert corpus.embedder is not None
    vector = corpus.embedder.embed(["coffee"])[0]

    @given(exprs())
    @_examples(request, 120)
    def holds(tree: Expr) -> None:
        for user in ("alice", "bob"):
            near = corpus.store.nearest_segments(Scope(user_id=user), vector, k=1000, min_similarity=-1.0,
                                                 filter=tree)
            pairs = corpus.store.segments_with_episodes(i for i, _ in near)
            reached = sorted({ep.id for _, ep in pairs.values()})
            assert reached == _oracle(every_row, tree, "episode", user), unparse(tree)
    holds()


#: Matches every turn of ``CORPUS``: each turn document holds its speaker (a name, else the role).
_EVERY_TURN = fts_match_expression("alice bob carol assistant tool")


def test_turn_candidates_obey_the_filter_like_the_reference(corpus: Memory, every_row: EveryRow,
                                                            request: pytest.FixtureRequest) -> None:
    """The whole-turn full-text candidates reach exactly the episodes the reference semantics pick
    (PostgreSQL filters turns on their own copy of the episode's fields, migration 9)."""
    @given(exprs())
    @_examples(request, 120)
    def holds(tree: Expr) -> None:
        for user in ("alice", "bob"):
            assert _EVERY_TURN is not None
            found = corpus.store.fts_turns(Scope(user_id=user), _EVERY_TURN, 1000, filter=tree)
            pairs = corpus.store.segments_with_episodes(i for i, _ in found)
            assert len(pairs) == len(found)  # one candidate per turn: its first segment
            reached = sorted(ep.id for _, ep in pairs.values())
            assert reached == _oracle(every_row, tree, "episode", user), unparse(tree)
    holds()


@given(exprs())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_conversation_neighbours_obey_the_filter_like_the_reference(corpus: Memory, every_row: EveryRow,
                                                                   tree: Expr) -> None:
    """``adjacent_segments`` (the neighbours a hit borrows from): for every episode of both users at
    once, the turn just before and just after it in its conversation (same owner, agent and
    session; ``(created_at, id)`` order) among the episodes the filter keeps."""
    episodes = [e for user in ("alice", "bob") for e in every_row.episodes(user)]
    kept = [e for e in episodes if matches(tree, e)]
    got = corpus.store.adjacent_segments(episodes, reach=1, filter=tree)
    for source in episodes:
        same = sorted((e for e in kept if e.scope == source.scope), key=lambda e: (e.created_at, e.id))
        before = [e.id for e in same if (e.created_at, e.id) < (source.created_at, source.id)][-1:]
        after = [e.id for e in same if (e.created_at, e.id) > (source.created_at, source.id)][:1]
        assert [ep.id for _, ep in got[source.id]] == before + after, unparse(tree)
        assert all(seg.index == 0 and seg.episode_id == ep.id for seg, ep in got[source.id])


@pytest.mark.parametrize(("where", "contents"), [
    ('metadata.lang = "en"', ["I like coffee", "Noted, coffee it is.", "I have a dog named Rex",
                              "weather: sunny in Berlin"]),
    # missing (absent key, JSON null) counts as "not equal"
    ('metadata.lang != "en"', ["我以后都用顺丰", "算了，以后用京东", "I am allergic to peanuts",
                               "I will remember the peanut allergy."]),
    ("metadata.lang IS NULL", ["算了，以后用京东", "I am allergic to peanuts", "I will remember the peanut allergy."]),
    # a value of another JSON type never compares: "3" (string) is not 3
    ("metadata.n = 3", ["I like coffee"]),
    ('metadata.n = "3"', ["我以后都用顺丰"]),
    ("NOT (metadata.n >= 0)", ["我以后都用顺丰", "算了，以后用京东", "I am allergic to peanuts",
                               "I will remember the peanut allergy.", "weather: sunny in Berlin"]),
    ("metadata.flag = true", ["I like coffee", "I will remember the peanut allergy."]),
    ("metadata.flag != true", ["Noted, coffee it is.", "我以后都用顺丰", "算了，以后用京东", "I am allergic to peanuts",
                               "I have a dog named Rex", "weather: sunny in Berlin"]),
    ("metadata.nested.a IN (1, 2)", ["我以后都用顺丰", "算了，以后用京东"]),
    ("metadata.nested.b NOT IN ('x')", ["I like coffee", "Noted, coffee it is.", "算了，以后用京东",
                                         "I am allergic to peanuts", "I will remember the peanut allergy.",
                                         "I have a dog named Rex", "weather: sunny in Berlin"]),
    ("metadata.n > 1000000", ["I have a dog named Rex"]),
    ("metadata.tags = 'a\"b\\'c\\\\d'", ["weather: sunny in Berlin"]),
    # fact-only fields are missing on episodes
    ('status != "archived"', None),
    ('tag NOT IN ("drink")', None),
    ('tag = "drink"', []),
    ('role = "assistant" AND session_id = "s2"', ["I will remember the peanut allergy."]),
    ('created_at >= "2026-01-02" AND created_at < "2026-01-03T12:00:00Z"',
     ["算了，以后用京东", "I am allergic to peanuts", "I will remember the peanut allergy."]),
])
def test_missing_field_rule_on_episodes(corpus: Memory, where: str, contents: list[str] | None) -> None:
    got = {e.content for e in corpus.list(kind="episode", limit=100, filter=where)}  # type: ignore[union-attr]
    everything = {e.content for e in corpus.list(kind="episode", limit=100)}  # type: ignore[union-attr]
    assert got == (everything if contents is None else set(contents))


def test_fact_filters(corpus: Memory) -> None:
    def values(where: str) -> set[str]:
        return {f.value for f in corpus.list(kind="fact", status="all", filter=where)}  # type: ignore[union-attr]
    assert values('tag = "shipping"') == {"顺丰", "京东"}
    assert values('tag = "shipping" AND status = "superseded"') == {"顺丰"}
    assert values('key = "shipping.carrier" AND valid_to IS NOT NULL') == {"顺丰"}
    assert values('kind = "fact" AND confidence > 0.9') == {"peanuts"}
    assert values("role = 'user'") == set()  # facts lack role
    assert values("role != 'user'") == values("status IN ('active', 'superseded')")
    assert values("session_id = 's1'") == set()  # facts belong to users, not sessions
    assert values("expires_at IS NULL AND metadata.lang IS NULL") == values("confidence >= 0")


def test_filter_narrows_scope_and_never_widens_it(corpus: Memory) -> None:
    assert _episodes(corpus, 'user_id = "bob"') == []
    assert _episodes(corpus, 'user_id = "alice" OR user_id = "bob"') == _episodes(corpus, None)
    assert _episodes(corpus, 'org_id != "default"') == []
    assert _facts(corpus, 'user_id != "alice"') == []
    bob = _episodes(corpus, None, "bob")
    assert bob and not set(bob) & set(_episodes(corpus, 'user_id = "bob" OR session_id = "s1"'))
    hits = corpus.search("Berlin", filter='user_id = "bob" OR metadata.lang = "de"')
    assert hits == []


#: Read scopes over the corpus and its ``NEIGHBOURS``, each narrower than its neighbours' in one part.
SCOPES = [Scope(user_id="alice"), Scope(project_id="x-proj", user_id="alice"), Scope(org_id="other", user_id="alice"),
          Scope(user_id="carol", agent_id="a1"), Scope(user_id="carol", agent_id="a2"),
          Scope(user_id="alice", session_id="s2")]


def _inside(record: Episode | Fact, scope: Scope) -> bool:
    """Whether ``record`` belongs to ``scope``, from the scope the record carries (a fact belongs to no
    session: a session narrows facts to those its episodes cite, which the listing checks)."""
    own = record.scope
    return (own.org_id, own.project_id) == (scope.org_id, scope.project_id) and all(
        getattr(scope, name) in (None, getattr(own, name)) for name in ("user_id", "agent_id", "session_id")
        if not (name == "session_id" and isinstance(record, Fact)))


@pytest.mark.parametrize("where", [
    None,
    # every clause names another part of some scope: an OR that escaped the scope would widen it
    'user_id = "bob" OR org_id = "other" OR project_id = "x-proj" OR agent_id = "a2" OR session_id = "s1"',
    'NOT (user_id = "alice") OR key = "drink.like"',
])
def test_every_candidate_list_keeps_to_the_scope(corpus: Memory, where: str | None) -> None:
    """Each of the search's candidate lists (full text and vectors, segments, turns and facts) and
    the ranked hits keep to the scope read, with and without a filter whose ORs name other scopes:
    exactly the listed episodes (vectors, turns) or a part of them (full text), and never a record
    of a neighbouring tenant, user or agent."""
    assert corpus.embedder is not None
    tree = None if where is None else parse(where)
    vector = corpus.embedder.embed(["coffee"])[0]
    coffee = fts_match_expression("coffee")
    assert coffee is not None and _EVERY_TURN is not None
    store, statuses = corpus.store, ["active", "superseded"]
    for scope in SCOPES:
        args = {name: getattr(scope, name) for name in ("org_id", "project_id", "user_id", "agent_id", "session_id")}
        listed = cast(list[Episode], corpus.list(kind="episode", limit=1000, filter=tree, **args))
        assert all(_inside(e, scope) for e in listed), scope
        want = sorted(e.id for e in listed)

        def reached(found: list[tuple[int, float]]) -> list[int]:
            return sorted({ep.id for _, ep in store.segments_with_episodes(i for i, _ in found).values()})
        near = store.nearest_segments(scope, vector, k=1000, min_similarity=-1.0, filter=tree)
        assert reached(near) == want, scope
        assert reached(store.fts_turns(scope, _EVERY_TURN, 1000, filter=tree)) == want, scope
        assert set(reached(store.fts_segments(scope, coffee, 1000, filter=tree))) <= set(want), scope
        fact_ids = [i for i, _ in store.fts_facts(scope, coffee, 1000, statuses, filter=tree)]
        fact_ids += [i for i, _ in store.nearest_scope_facts(scope, vector, statuses=statuses, k=1000,
                                                             min_similarity=-1.0, filter=tree)]
        facts = cast(list[Fact], corpus.list(kind="fact", status=statuses, limit=1000, filter=tree, **args))
        assert all(_inside(f, scope) for f in facts) and set(fact_ids) <= {f.id for f in facts}, scope
        hits = corpus.search("coffee", limit=50, filter=tree, **args)
        assert all(_inside(h.fact or h.episode, scope) for h in hits), scope  # type: ignore[arg-type]
        if scope.agent_id is not None and where is None:
            assert hits and len(want) == 1, scope  # the agent's own message, and no other


def test_search_applies_the_filter_inside_every_candidate_list(corpus: Memory) -> None:
    hits = corpus.search("coffee", limit=10)
    assert {h.kind for h in hits} == {"fact", "episode"}
    only_facts = corpus.search("coffee", limit=10, filter='tag = "drink"')
    assert only_facts and {(h.kind, h.fact.tag) for h in only_facts if h.fact} == {("fact", "drink")}
    assert all(h.kind == "fact" for h in only_facts)
    assistant = corpus.search("coffee peanut allergy", limit=10, filter="role = 'assistant'", expand_context=2)
    assert assistant and {h.episode.role for h in assistant if h.episode} == {"assistant"}
    assert all(h.kind == "episode" for h in assistant)
    # neighbours and context obey the filter too: no user turn leaks in as context
    assert all(c.speaker is None for h in assistant for c in h.context)
    tagged = corpus.search("天气 weather Berlin", limit=10, filter="metadata.tags = 'a\"b\\'c\\\\d'")
    assert [h.text for h in tagged] == ["weather: sunny in Berlin"]


def test_search_and_list_take_a_parsed_tree(corpus: Memory) -> None:
    tree = parse('tag = "drink"')
    assert corpus.list(kind="fact", filter=tree) == corpus.list(kind="fact", filter='tag = "drink"')
    assert [h.id for h in corpus.search("coffee", filter=tree)] == [h.id for h in corpus.search(
        "coffee", filter='tag = "drink"')]


@pytest.mark.parametrize("where", ["user_id = ", "colour = 'red'", "confidence > 'high'"])
def test_malformed_filter_is_an_error_naming_its_position(corpus: Memory, where: str) -> None:
    expected = None
    try:
        parse(where)
    except InvalidFilter as exc:
        expected = str(exc)
        # counted from 1 in words and in ``position`` alike: "at character N" names where[N - 1]
        assert expected.startswith(f"invalid filter at character {exc.position} ")
    assert expected is not None
    with pytest.raises(InvalidFilter) as searched:
        corpus.search("coffee", filter=where)
    with pytest.raises(InvalidInput) as listed:
        corpus.list(kind="episode", filter=where)
    assert str(searched.value) == str(listed.value) == expected
    assert searched.value.code == "invalid_filter"


def test_filtered_search_returns_k_when_k_match(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u", extractor=None)
    messages = [memory.message(f"note {i} about the harbour and the ships", session_id=f"s{i % 7}",
                               metadata={"bucket": i % 100}) for i in range(1500)]
    memory.add_many(messages)
    hits = memory.search("harbour ships", limit=10, kinds=("episode",), filter="metadata.bucket = 42")
    assert len(hits) == 10
    assert all(h.episode is not None and h.episode.metadata["bucket"] == 42 for h in hits)


def test_equality_with_a_number_or_boolean_matches_that_json_type_only(open_memory: OpenMemory) -> None:
    """``metadata.n = 3`` is true of 3 and 3.0 alone, not of "3", [3], {"n": 3} or true; ``= true``
    of true alone, not of 1 or [true] (PostgreSQL compares the stored jsonb value with the
    literal's: equal jsonb values share a type, so no type test is made)."""
    memory = open_memory(user_id="u", extractor=None)
    values: list[object] = [3, 3.0, "3", [3], {"n": 3}, True, 1, [True], None, 4]
    memory.add_many([memory.message(f"value {i}", metadata={"n": v}) for i, v in enumerate(values)])
    memory.add("value missing")

    def found(where: str) -> set[str]:
        return {e.content for e in memory.list(kind="episode", limit=100, filter=where)}  # type: ignore[union-attr]
    assert found("metadata.n = 3") == {"value 0", "value 1"}
    assert found("metadata.n = true") == {"value 5"}
    assert found("metadata.n != 3") == {f"value {i}" for i in range(2, 10)} | {"value missing"}
    assert found("metadata.n IN (3, 4)") == {"value 0", "value 1", "value 9"}


def test_a_float_literal_compares_exactly_with_a_big_integer(corpus: Memory) -> None:
    """1.152921504606847e18 is the float 2.0**60, equal to the integer 2**60 and below 2**60 + 4 (bob's
    ``metadata.tags``), on every store as in Python. PostgreSQL read the literal as the decimal its
    shortest text names, 1152921504606847000, which is above both."""
    def found(where: str) -> set[str]:
        return {e.content for e in corpus.list(kind="episode", limit=100, filter=where, user_id="bob")}  # type: ignore[union-attr]
    assert found("metadata.tags = 1.152921504606847e18") == {"I like tea"}
    assert found("metadata.tags IN (1.152921504606847e18)") == {"I like tea"}
    assert found("metadata.tags > 1.152921504606847e18") == {"I live in Berlin"}
    assert found("metadata.tags < 1.152921504606847e18") == set()


def test_a_metadata_path_reads_object_keys_only(open_memory: OpenMemory) -> None:
    """``metadata.tags.0`` names the key "0" of an object, never an array's first element, on
    every store (SQLite's quoted path and the reference read keys; PostgreSQL's ``#>`` would
    also have indexed the array)."""
    memory = open_memory(user_id="u", extractor=None)
    memory.add_many([memory.message("array", metadata={"tags": ["a", "b"]}),
                     memory.message("object", metadata={"tags": {"0": "a", "1": 2}})])

    def found(where: str) -> set[str]:
        return {e.content for e in memory.list(kind="episode", limit=100, filter=where)}  # type: ignore[union-attr]
    assert found('metadata.tags.0 = "a"') == {"object"}
    assert found("metadata.tags.1 = 2") == {"object"}
    assert found("metadata.tags.1 >= 2") == {"object"}
    assert found("metadata.tags.0 IS NULL") == {"array"}
