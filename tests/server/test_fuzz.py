"""The whole HTTP API fuzzed from its own OpenAPI schema (Schemathesis): no answer is a 5xx,
every answer matches the schema, and a refused request changes no stored game.

Generated requests name a real game and a real seat's secret often enough to get past the
first refusals, so the play endpoints are fuzzed in earnest, not only with unknown ids.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

from tests.server.live import Databases, Live, live_server
from towers.server import ServerConfig, create_app
from towers.server.schemas import MAX_INT
from towers.server.store import Store


def _has_whole_float(value: Any) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(_has_whole_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_whole_float(v) for v in value)
    return False


@schemathesis.check
def invalid_data_rejected(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schemathesis's ``negative_data_rejection``, except for a request holding a whole
    number written as a float (``60.0``): JSON Schema (2020-12, OpenAPI 3.1) calls it an
    integer and the API takes it as one, where the generator of invalid data may count it as
    "not an integer"."""
    if _has_whole_float(case.body) or _has_whole_float(case.query):
        return None
    result: bool | None = checks.negative_data_rejection(ctx, response, case)
    return result


FUZZ_CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    invalid_data_rejected,
]


class Table:
    """The live server with a few games of human seats whose stored state the test watches.

    A generated request may hand a seat to a bot (its own seat, with its secret); such a game
    then changes on its own, so it is no longer watched and a fresh one takes its place."""

    def __init__(self, live: Live, database: str) -> None:
        self.live = live
        self.database = database
        self.games: list[tuple[str, list[str]]] = []
        self.made = 0
        self.refill()

    def refill(self) -> None:
        kept = [(gid, secrets) for gid, secrets in self.games if self.all_human(gid)]
        while len(kept) < 3:
            game, players = (("torres", 2), ("tiletum", 2), ("torres", 3))[self.made % 3]
            self.made += 1
            seats = [{"kind": "human"}] * players
            created = self.live.create(game, players=players, seats=seats, seed=self.made)
            kept.append((created["id"], [s["secret"] for s in created["seats"]]))
        self.games = kept

    def all_human(self, gid: str) -> bool:
        return all(not s["is_bot"] for s in self.live.view(gid)["seats"])

    def stored(self) -> list[Any]:
        store = Store(self.database)
        try:
            out = []
            for gid, _ in self.games:
                loaded = store.load(gid)
                assert loaded is not None
                row, log = loaded
                out.append((row.ply, row.status, row.seats, [(r.action, r.actor) for r in log]))
            return out
        finally:
            store.close()


@pytest.fixture(scope="module")
def table(databases: Databases) -> Iterator[Table]:
    db = databases.new()
    # short bot moves: the fuzzer may create games with the strongest bots allowed
    with live_server(db, max_think=0.2, absent_after=0.5) as live:
        yield Table(live, db)


# the schema as the app publishes it at /openapi.json (made without starting the app)
schema = schemathesis.openapi.from_dict(create_app(ServerConfig(database="sqlite://")).openapi())


def aim(case: Any, table: Table) -> None:
    """Point most generated requests at a real game, and many at a real seat's secret."""
    rng = random.Random(repr((case.path_parameters, case.query, case.body)))
    params = case.path_parameters or {}
    if "game_id" in params and rng.random() < 0.75:
        gid, secrets = rng.choice(table.games)
        params["game_id"] = gid
        if secrets and rng.random() < 0.7:
            case.headers = {**(case.headers or {}), "X-Seat-Secret": rng.choice(secrets)}
        if "seat" in params and rng.random() < 0.5:
            params["seat"] = rng.randrange(3)
        # a ply generated to be wrong (a string, -1) stays wrong: made right here, it would
        # turn a request meant to be refused into one that must be taken
        body = case.body
        if isinstance(body, dict) and type(body.get("ply")) is int and 0 <= body["ply"] <= MAX_INT:
            if rng.random() < 0.6:
                case.body = {**body, "ply": table.live.view(gid)["ply"]}


@schema.parametrize()
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_api_holds_against_generated_requests(case: Any, table: Table) -> None:
    table.refill()
    aim(case, table)
    before = table.stored()
    response = case.call(base_url=table.live.base)
    case.validate_response(response, checks=FUZZ_CHECKS)
    if response.status_code >= 400:
        assert table.stored() == before, f"a refused {case.method} {case.path} changed a game"
        body = response.json()
        assert body["error"] and body["message"]


# ---- stateful: along the schema's links ------------------------------------------------------
def linked_schema() -> Any:
    """The published schema, its links that carry a whole action (from a view: the ply and
    the first legal action) sending that body as it is rather than merged into a generated
    one, which would add ``text`` to ``action`` and be refused every time."""
    spec = copy.deepcopy(create_app(ServerConfig(database="sqlite://")).openapi())
    for ops in spec["paths"].values():
        for op in ops.values():
            for response in op.get("responses", {}).values():
                for link in response.get("links", {}).values():
                    if "action" in link.get("requestBody", {}):
                        link["x-schemathesis"] = {"merge_body": False}
    return schemathesis.openapi.from_dict(spec)


LinkedMachine = linked_schema().as_state_machine()


def test_the_api_holds_along_its_links(table: Table) -> None:
    """Sequences that follow the published links (create a game, view it as a seat, act with
    a legal action, undo, hand a seat to a bot, replay), each answer checked by every check
    Schemathesis has, the stateful ones included (a created game must be found, ...)."""
    base = table.live.base

    class Machine(LinkedMachine):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"base_url": base}

        def before_call(self, case: Any) -> None:
            # a link from a bot's seat carries no secret: that request is a spectator's
            headers = case.headers or {}
            for name in [n for n, v in headers.items() if v is None or v == "None"]:
                del headers[name]

        def validate_response(
            self, response: Any, case: Any, additional_checks: Any = None, **kwargs: Any
        ) -> None:
            # a request the schema allows may still be refused (422) by the game: a player
            # count the game does not have, an action its rules forbid at this point
            case.validate_response(
                response,
                excluded_checks=[checks.positive_data_acceptance],
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

    Machine.run(
        settings=settings(
            max_examples=15,
            stateful_step_count=8,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
        )
    )
