"""Conformance checks that every game must pass, shipped with the package.

Each ``check_*`` function takes a game (a :class:`~towers.core.game.Game`, or a registry
name with ``players``) and a seed, plays a random game from that seed and raises
``AssertionError`` naming the step and what is wrong. ``check_all`` runs every check;
``CHECKS`` maps their names to the functions so a test suite can run them one by one.

Perft records (legal-move counts after a fixed prefix) and golden records (a whole game
with a digest of its final state) are data files made by ``make_perft_record`` and
``make_golden_record`` and checked by ``check_perft`` and ``check_golden``.

>>> import towers
>>> from towers.core.conformance import check_all, make_perft_record, check_perft
>>> game = towers.make("torres", players=2)
>>> check_all(game, seed=7, samples=3)
>>> record = make_perft_record(game, seed=7, prefix_length=3)
>>> check_perft(game, record)
"""

from __future__ import annotations

import enum
import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from towers.core.chance import random_action as chance_action
from towers.core.errors import ActionParseError, GameOptionError, IllegalActionError
from towers.core.game import CHANCE, PUBLIC, Game, State
from towers.core.knowledge import Seen, rules_out, sampled_reveals, sampled_seen_by
from towers.core.record import game_record, replay
from towers.core.registry import make, tensor_of, views_of

DEFAULT_SAMPLES = 8
"""How many positions of a random game the costlier checks examine (the end always included)."""

PROBABILITY_TOLERANCE = 1e-9
GOLDEN_FORMAT = "towers-golden/1"
PERFT_FORMAT = "towers-perft/1"

Check = Callable[..., None]


# ---- random play ---------------------------------------------------------------------


def random_action(state: State, rng: random.Random) -> int:
    """:func:`towers.core.chance.random_action`, failing the check when a seat to move has
    no legal action."""
    if not state.is_chance_node() and not state.legal_actions():
        raise AssertionError(
            f"{_where(state)}: seat {state.current_player()} is to move but has no legal action"
        )
    return chance_action(state, rng)


def random_history(game: Game, seed: int, limit: int | None = None) -> list[int]:
    """The actions of a game played at random from ``seed``: to its end, or ``limit`` actions.

    Raises AssertionError if the game runs past ``game.max_game_length()``.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    bound = game.max_game_length()
    played: list[int] = []
    while not state.is_terminal() and (limit is None or len(played) < limit):
        if len(played) >= bound:
            raise AssertionError(
                f"{game!r}, seed {seed}: not over after {len(played)} actions, but "
                f"max_game_length() is {bound}"
            )
        action = random_action(state, rng)
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise AssertionError(
                f"{_where(state)}: action {action}, drawn from legal_actions() or "
                f"chance_outcomes(), was rejected: {exc}"
            ) from exc
        played.append(action)
    return played


def state_after(game: Game, actions: Sequence[int]) -> State:
    """A new game with ``actions`` applied (each checked for legality)."""
    state = game.new_initial_state()
    for i, action in enumerate(actions):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise AssertionError(f"{game!r}: action {i} ({action}) is not legal: {exc}") from exc
    return state


# ---- the checks ----------------------------------------------------------------------


def check_game_length(
    game: Game | str, seed: int = 0, *, players: int | None = None, samples: int = 0
) -> None:
    """The game ends within ``max_game_length()`` actions, chance outcomes included."""
    g = _as_game(game, players)
    bound = g.max_game_length()
    assert isinstance(bound, int) and bound > 0, (
        f"{g!r}: max_game_length() must be a positive int, not {bound!r}"
    )
    history = random_history(g, seed)
    state = state_after(g, history)
    assert state.is_terminal(), f"{g!r}, seed {seed}: the random game did not end"
    assert len(history) <= bound, (
        f"{g!r}, seed {seed}: ended after {len(history)} actions, past max_game_length() {bound}"
    )


def check_legal_actions(
    game: Game | str, seed: int = 0, *, players: int | None = None, samples: int = 0
) -> None:
    """At every step until the end: the player is a seat or CHANCE, legal actions exist and are
    sorted unique ints within ``num_distinct_actions()``, and ``is_legal`` agrees with them; at
    the end, the player is TERMINAL and nothing is legal."""
    g = _as_game(game, players)
    n = g.num_distinct_actions()
    assert isinstance(n, int) and n > 0, f"{g!r}: num_distinct_actions() is {n!r}"
    rng = random.Random(seed)
    for i, state in _walk(g, random_history(g, seed)):
        player = state.current_player()
        legal = state.legal_actions()
        where = f"{g!r}, seed {seed}, step {i}"
        if state.is_terminal():
            assert legal == [], f"{where}: the game is over but legal_actions() is {legal}"
            assert state.chance_outcomes() == [], (
                f"{where}: the game is over but has chance outcomes"
            )
            continue
        assert player == CHANCE or 0 <= player < g.num_players, (
            f"{where}: current_player() is {player}, not a seat, CHANCE or TERMINAL"
        )
        assert legal, f"{where}: the game is not over but legal_actions() is empty"
        bad = [a for a in legal if type(a) is not int]
        assert not bad, f"{where}: legal actions must be ints, not {bad[:5]!r}"
        assert all(a < b for a, b in zip(legal, legal[1:], strict=False)), (
            f"{where}: legal_actions() is not sorted and unique: {legal[:20]}"
        )
        assert 0 <= legal[0] and legal[-1] < n, (
            f"{where}: legal actions run from {legal[0]} to {legal[-1]}, outside 0..{n - 1}"
        )
        probes = legal[:3] + [rng.randrange(n) for _ in range(3)]
        for a in probes:
            assert state.is_legal(a) == (a in legal), (
                f"{where}: is_legal({a}) is {state.is_legal(a)} but legal_actions() "
                f"{'holds' if a in legal else 'lacks'} it"
            )


def check_chance(
    game: Game | str, seed: int = 0, *, players: int | None = None, samples: int = 0
) -> None:
    """At chance nodes the outcomes are the legal actions, with probabilities in (0, 1] summing
    to 1; elsewhere ``chance_outcomes()`` is empty."""
    g = _as_game(game, players)
    for i, state in _walk(g, random_history(g, seed)):
        outcomes = state.chance_outcomes()
        where = f"{g!r}, seed {seed}, step {i}"
        if not state.is_chance_node():
            assert outcomes == [], (
                f"{where}: seat {state.current_player()} is to move, yet chance_outcomes() "
                f"is {outcomes[:5]}"
            )
            continue
        assert outcomes, f"{where}: a chance node without outcomes"
        actions = [a for a, _ in outcomes]
        probs = [p for _, p in outcomes]
        assert len(set(actions)) == len(actions), f"{where}: repeated chance outcomes {actions}"
        assert sorted(actions) == state.legal_actions(), (
            f"{where}: chance outcomes {sorted(actions)[:20]} are not the legal actions "
            f"{state.legal_actions()[:20]}"
        )
        bad = [p for p in probs if not (isinstance(p, float | int) and 0 < p <= 1)]
        assert not bad, f"{where}: chance probabilities must lie in (0, 1], not {bad[:5]}"
        total = math.fsum(probs)
        assert abs(total - 1.0) <= PROBABILITY_TOLERANCE, (
            f"{where}: chance probabilities sum to {total!r}, not 1"
        )


def check_scores(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """Scores and heuristics are finite numbers, one per seat (``heuristics()`` the same as
    ``heuristic(seat)`` seat by seat); returns are 0 before the end and
    sum to 1 at the end, where winners are a non-empty sorted list of seats holding the returns
    (a solo or cooperative game may end with no winner: the players lost to the game, and
    returns are 0)."""
    g = _as_game(game, players)
    n = g.num_players
    history = random_history(g, seed)
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed)):
        where = f"{g!r}, seed {seed}, step {i}"
        scores = state.scores()
        assert len(scores) == n, f"{where}: {len(scores)} scores for {n} seats"
        assert all(_is_finite(s) for s in scores), f"{where}: scores are not finite: {scores}"
        each = [state.heuristic(seat) for seat in range(n)]
        for seat, h in enumerate(each):
            assert _is_finite(h), f"{where}: heuristic({seat}) is {h!r}"
        together = state.heuristics()
        assert together == each, f"{where}: heuristics() is {together}, seat by seat {each}"
        returns = state.returns()
        winners = state.winners()
        assert len(returns) == n, f"{where}: {len(returns)} returns for {n} seats"
        if not state.is_terminal():
            assert all(r == 0 for r in returns), f"{where}: returns {returns} before the end"
            assert winners == [], f"{where}: winners {winners} before the end"
            continue
        # a solo player, or a cooperative team, may lose to the game itself; with opponents
        # somebody wins, unless the rules say nobody may
        assert winners or n == 1 or g.COOPERATIVE or g.MAY_END_WITHOUT_WINNER, (
            f"{where}: the game is over but winners() is empty (scores {scores})"
        )
        assert winners == sorted(set(winners)) and all(0 <= w < n for w in winners), (
            f"{where}: winners() must be sorted unique seats, not {winners}"
        )
        assert all(_is_finite(r) and 0 <= r <= 1 for r in returns), (
            f"{where}: returns must lie in [0, 1], not {returns}"
        )
        # a tie shares the 1 among its winners; a cooperative team's win is 1 to each seat
        total = float(len(winners)) if g.COOPERATIVE else 1.0 if winners else 0.0
        assert abs(math.fsum(returns) - total) <= PROBABILITY_TOLERANCE, (
            f"{where}: returns {returns} do not sum to {total:g}"
        )
        paid = [seat for seat, r in enumerate(returns) if r > 0]
        assert paid == winners, f"{where}: returns {returns} do not go to the winners {winners}"


def check_clone(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """A clone equals its original when made, shares no mutable container with it, follows the
    same actions to the same states, and playing either one on never changes the other."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    steps = _pick_steps(len(history), samples, seed)
    rng = random.Random(seed ^ 0xC10E)
    followers: list[tuple[int, State]] = []
    for i, state in _walk(g, history, steps, followers):
        where = f"{g!r}, seed {seed}, step {i}"
        _compare_followers(where, state, followers, "clone")
        before = state.to_json()
        copy = state.clone()
        assert type(copy) is type(state), f"{where}: clone() made a {type(copy).__name__}"
        assert copy.game is state.game, f"{where}: the clone refers to another Game object"
        assert copy.to_json() == before, (
            f"{where}: the clone differs from the original: {_json_diff(before, copy.to_json())}"
        )
        assert copy.history() == state.history(), f"{where}: the clone has another history"
        assert copy.legal_actions() == state.legal_actions(), (
            f"{where}: the clone has other legal actions"
        )
        shared = _shared_containers(state, copy)
        assert not shared, f"{where}: the clone shares mutable containers with the original: " + (
            ", ".join(shared[:8])
        )
        # Play the clone on its own; the original must not notice.
        _play_on(copy, rng, where)
        assert state.to_json() == before, (
            f"{where}: playing a clone changed the original: {_json_diff(before, state.to_json())}"
        )
        # And the other way round: a clone of a clone stays put while its source plays on.
        source = state.clone()
        second = source.clone()
        kept = second.to_json()
        _play_on(source, rng, where)
        assert second.to_json() == kept, (
            f"{where}: playing a state changed its clone: {_json_diff(kept, second.to_json())}"
        )
        followers.append((i, state.clone()))


def check_serialization(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """``game.state_from_json(state.to_json())`` writes the same JSON, has the same player,
    legal actions, chance outcomes, scores and observation for every seat, and continues
    identically when both play the same actions."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    followers: list[tuple[int, State]] = []
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed), followers):
        where = f"{g!r}, seed {seed}, step {i}"
        _compare_followers(where, state, followers, "state_from_json copy")
        text = state.to_json()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise AssertionError(f"{where}: to_json() wrote invalid JSON: {exc}") from exc
        assert isinstance(data, dict), f"{where}: to_json() must write an object"
        try:
            back = g.state_from_json(text)
        except Exception as exc:
            raise AssertionError(f"{where}: state_from_json(to_json()) raised {exc!r}") from exc
        assert back.to_json() == text, (
            f"{where}: state_from_json(to_json()) writes other JSON: "
            f"{_json_diff(text, back.to_json())}"
        )
        assert state.to_json() == text, f"{where}: to_json() changed the state"
        try:
            _assert_same_view(where, state, back, "state_from_json copy")
        except AssertionError:
            raise
        except Exception as exc:
            raise AssertionError(f"{where}: the state_from_json copy raised {exc!r}") from exc
        followers.append((i, back))


def check_determinism(
    game: Game | str, seed: int = 0, *, players: int | None = None, samples: int = 0
) -> None:
    """The same seed and the same action choices give the same history and the same state at
    every step, even with the Game made anew from its options."""
    g = _as_game(game, players)
    first = random_history(g, seed)
    again_game = type(g)(g.num_players, **dict(g.options))
    second = random_history(again_game, seed)
    assert first == second, (
        f"{g!r}, seed {seed}: two random games from one seed part at action "
        f"{_first_difference(first, second)}: the game must take randomness only from chance nodes"
    )
    digests = [_digest(s) for _, s in _walk(g, first)]
    again = [_digest(s) for _, s in _walk(again_game, second)]
    if digests != again:
        step = _first_difference(digests, again)
        raise AssertionError(
            f"{g!r}, seed {seed}: the same actions give different states from step {step} "
            f"(after action {first[step - 1] if step else None})"
        )


def check_action_strings(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """Each legal action seen has a non-empty name, unique in its state and the same in every
    state, and ``string_to_action`` reads it back; text that names no action raises
    ActionParseError."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    names: dict[int, str] = {}
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed)):
        where = f"{g!r}, seed {seed}, step {i}"
        seen: dict[str, int] = {}
        for a in state.legal_actions():
            text = state.action_to_string(a)
            assert isinstance(text, str) and text.strip(), (
                f"{where}: action_to_string({a}) is {text!r}"
            )
            assert seen.setdefault(text, a) == a, (
                f"{where}: actions {seen[text]} and {a} are both named {text!r}"
            )
            assert names.setdefault(a, text) == text, (
                f"{where}: action {a} is named {text!r} here but {names[a]!r} elsewhere"
            )
            try:
                back = state.string_to_action(text)
            except ActionParseError as exc:
                raise AssertionError(f"{where}: string_to_action({text!r}) failed: {exc}") from exc
            assert back == a, f"{where}: string_to_action({text!r}) is {back}, not {a}"
        nonsense = "\u00a7 no such action \u00a7"
        try:
            got = state.string_to_action(nonsense)
        except ActionParseError as exc:
            assert str(exc), f"{where}: ActionParseError without a message"
        else:
            raise AssertionError(f"{where}: string_to_action({nonsense!r}) returned {got}")


def check_illegal_actions(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """An int that is not legal now (in range or out of it) raises IllegalActionError with a
    message and leaves the state unchanged; ``explain(a)`` is None exactly for legal actions."""
    g = _as_game(game, players)
    n = g.num_distinct_actions()
    history = random_history(g, seed)
    rng = random.Random(seed ^ 0x111E)
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed)):
        where = f"{g!r}, seed {seed}, step {i}"
        legal = state.legal_actions()
        legal_set = set(legal)
        tries = [-1, n, n + 1000]
        if len(legal) < n:
            tries += [a for a in (rng.randrange(n) for _ in range(40)) if a not in legal_set][:5]
            tries += [a for a in range(n) if a not in legal_set][:1]
        for a in tries:
            before = state.to_json()
            explained = state.explain(a)
            assert isinstance(explained, str) and explained, (
                f"{where}: explain({a}) of an illegal action is {explained!r}"
            )
            try:
                state.apply_action(a)
            except IllegalActionError as exc:
                assert str(exc).strip(), f"{where}: IllegalActionError for {a} has no message"
            else:
                raise AssertionError(
                    f"{where}: apply_action({a}) of an illegal action went through"
                )
            after = state.to_json()
            assert after == before, (
                f"{where}: the rejected action {a} changed the state: {_json_diff(before, after)}"
            )
        for a in rng.sample(legal, min(5, len(legal))):
            assert state.explain(a) is None, (
                f"{where}: explain({a}) of a legal action is {state.explain(a)!r}, not None"
            )


def check_observations(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """``observation(seat)`` for every seat and the spectator is a dict that survives a JSON
    round trip unchanged; the text view gives text; neither changes the state."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed)):
        where = f"{g!r}, seed {seed}, step {i}"
        before = state.to_json()
        for seat in [*range(g.num_players), None]:
            obs = state.observation(seat)
            assert isinstance(obs, dict), f"{where}: observation({seat}) is a {type(obs).__name__}"
            try:
                text = json.dumps(obs, allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise AssertionError(
                    f"{where}: observation({seat}) is not JSON-serialisable: {exc}"
                ) from exc
            odd = _not_json_ready(obs, "observation")
            assert odd is None and json.loads(text) == obs, (
                f"{where}: observation({seat}) is not JSON-ready data: {odd}"
            )
            shown = views_of(g).text(state, seat)
            assert isinstance(shown, str) and shown.strip(), (
                f"{where}: the text view of (state, {seat}) is {shown!r}"
            )
        after = state.to_json()
        assert after == before, (
            f"{where}: reading observations changed the state: {_json_diff(before, after)}"
        )


def check_hidden_information(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """``determinize(seat, rng)`` re-deals only what ``seat`` cannot see: the seat's own
    observation, the spectator's observation, the history, the player to move and (when the
    seat moves) its legal actions stay the same, the copy shares nothing with the original and
    can be played on. A game that declares no hidden information must determinize to an
    identical state."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    rng = random.Random(seed ^ 0x41DE)
    hidden = g.has_hidden_information()
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed)):
        where = f"{g!r}, seed {seed}, step {i}"
        before = state.to_json()
        for seat in range(g.num_players):
            copy = state.determinize(seat, random.Random(rng.randrange(2**32)))
            here = f"{where}, determinize({seat})"
            assert state.to_json() == before, (
                f"{here} changed the original: {_json_diff(before, state.to_json())}"
            )
            if not hidden:
                assert copy.to_json() == before, (
                    f"{here}: has_hidden_information() is False, yet determinize changed the "
                    f"state: {_json_diff(before, copy.to_json())}"
                )
            assert copy.history() == state.history(), f"{here}: the copy has another history"
            assert copy.current_player() == state.current_player(), (
                f"{here}: the copy has {copy.current_player()} to move, not "
                f"{state.current_player()}"
            )
            for viewer in (seat, None):
                mine, theirs = state.observation(viewer), copy.observation(viewer)
                assert mine == theirs, (
                    f"{here}: observation({viewer}) tells the copy from the original, so it "
                    f"shows something seat {seat} cannot see: "
                    f"{_json_diff(json.dumps(mine, default=repr), json.dumps(theirs, default=repr))}"
                )
            if state.current_player() == seat:
                assert copy.legal_actions() == state.legal_actions(), (
                    f"{here}: seat {seat} is to move and has other legal actions in the copy, "
                    f"so its options reveal what it cannot see"
                )
            shared = _shared_containers(state, copy)
            assert not shared, (
                f"{here}: the copy shares mutable containers: {', '.join(shared[:8])}"
            )
            fresh: Any = copy.clone()
            fresh._legal = fresh._legal_set = None  # recompute the legal actions
            assert copy.legal_actions() == fresh.legal_actions(), (
                f"{here}: the copy's legal actions {copy.legal_actions()[:12]} are not those of "
                f"its own position {fresh.legal_actions()[:12]} (a stale cache?)"
            )
            _play_on(copy, rng, here, steps=12)


def check_replay(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = 3,
) -> None:
    """``replay(game_record(state))`` rebuilds the state, at the end and part-way; the record is
    JSON."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed)):
        where = f"{g!r}, seed {seed}, step {i}"
        record = game_record(state, seed=seed)
        record = json.loads(json.dumps(record))
        assert len(record["moves"]) == i, (
            f"{where}: the record describes {len(record['moves'])} moves"
        )
        again = replay(record)
        assert again.to_json() == state.to_json(), (
            f"{where}: replay(game_record(state)) differs: "
            f"{_json_diff(state.to_json(), again.to_json())}"
        )


def check_tensor(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """For a game that declares an observation tensor: every seat's vector has the declared
    length, each value within its part's bounds, and a world re-dealt for a seat
    (``determinize``) gives that seat the same vector, so it holds nothing the seat may not
    see. A game without a tensor passes (the learning environments refuse it)."""
    g = _as_game(game, players)
    try:
        tensor = tensor_of(g)
    except GameOptionError:
        return
    history = random_history(g, seed)
    rng = random.Random(seed ^ 0x7E50)
    for i, state in _walk(g, history, _pick_steps(len(history), samples, seed) | {len(history)}):
        where = f"{g!r}, seed {seed}, step {i}"
        for seat in [*range(g.num_players), None]:
            vector = tensor.encode(state.observation(seat))
            assert len(vector) == tensor.size, (
                f"{where}: seat {seat}'s tensor has {len(vector)} values, not {tensor.size}"
            )
            try:
                tensor.check(vector)
            except ValueError as exc:
                raise AssertionError(f"{where}: seat {seat}'s tensor: {exc}") from exc
            if seat is not None and g.has_hidden_information():
                world = state.determinize(seat, rng)
                again = tensor.encode(world.observation(seat))
                assert again == vector, (
                    f"{where}: a world re-dealt for seat {seat} gives it another tensor "
                    f"(first difference at index {_first_difference(vector, again)})"
                )


DISCLOSURE_WORLDS = 6
"""Worlds re-dealt per seat when ``check_disclosure`` samples an answer to compare with."""

DISCLOSURE_RECHECK_WORLDS = 400
"""Worlds re-dealt per seat before a declaration more exact than the first sample is called
wrong: a rare world may be all that proves it right."""

DISCLOSURE_ACTIONS = 2
"""Legal actions checked at each examined position besides the one the game took: those
declared hidden or revealing first, as they are where a declaration is most often wrong."""


def check_disclosure(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """``State.disclosure(action)``, where a game declares it, agrees with the answer worked
    out by re-dealing many worlds (:func:`towers.core.knowledge.sampled_seen_by` and
    ``sampled_reveals``), on positions of a random game and several legal actions of each.

    A sample can only miss a world, so it may let a seat read too much and miss a reveal,
    never the reverse. Hence two kinds of failure: the declaration lets a seat (or the
    spectator) read what the sample proves it cannot tell apart, or says nothing is revealed
    where the sample found a world ruled out: both always wrong. And where the declaration is
    stricter than the sample, a far larger sample must bear it out."""
    g = _as_game(game, players)
    if not g.has_hidden_information():
        return
    history = random_history(g, seed)
    rng = random.Random(seed ^ 0xD15C)
    picked = _pick_steps(len(history), samples, seed)
    for i, state in _walk(g, history, picked):
        if state.is_terminal():
            continue
        others = [a for a in state.legal_actions() if a != history[i]]
        rng.shuffle(others)
        others.sort(key=lambda a: state.disclosure(a) == PUBLIC)
        for action in [history[i], *others[:DISCLOSURE_ACTIONS]]:
            _check_one_disclosure(state, action, rng, f"{g!r}, seed {seed}, step {i}")


def _check_one_disclosure(state: State, action: int, rng: random.Random, where: str) -> None:
    declared = state.disclosure(action)
    if declared is None:
        return
    n = state.game.num_players
    actor = state.current_player()
    here = f"{where}, disclosure({action}) ({state.action_to_string(action)})"
    readers = declared.readers
    if readers is not None:
        assert isinstance(readers, frozenset) and all(
            type(s) is int and 0 <= s < n for s in readers
        ), f"{here}: readers {readers!r} is not a frozenset of seats 0 to {n - 1}"
        assert actor == CHANCE or actor in readers, (
            f"{here}: readers {sorted(readers)} leave out seat {actor}, who takes the action"
        )
    fresh = state.clone()
    sampled = sampled_seen_by(fresh, action, rng, DISCLOSURE_WORLDS)
    too_many = _seen_beyond(readers, sampled, n)
    assert not too_many, (
        f"{here}: declared readable by {_seen_text(readers)}, yet {too_many} cannot tell it "
        f"from another action (sampled: {_seen_text(sampled)})"
    )
    if readers != sampled:
        again = sampled_seen_by(fresh, action, rng, DISCLOSURE_RECHECK_WORLDS)
        assert readers == again, (
            f"{here}: declared readable by {_seen_text(readers)} only, yet "
            f"{_seen_beyond(again, readers, n)} tell it apart in "
            f"{DISCLOSURE_RECHECK_WORLDS} worlds each (sampled: {_seen_text(again)})"
        )
    if actor == CHANCE:
        assert not declared.reveals, f"{here}: a chance outcome is declared to reveal something"
        return
    found = sampled_reveals(fresh, action, rng, DISCLOSURE_WORLDS)
    assert declared.reveals or not found, (
        f"{here}: declared to reveal nothing, yet a re-dealt world shows some seat another view"
    )
    if declared.reveals and not found:
        witness = fresh.reveal_witness(action, rng)
        if witness is not None:
            _check_witness(fresh, action, *witness, here)
        else:
            assert sampled_reveals(fresh, action, rng, DISCLOSURE_RECHECK_WORLDS), (
                f"{here}: declared to reveal something, yet no seat's view rules out any of "
                f"{DISCLOSURE_RECHECK_WORLDS} worlds re-dealt for it"
            )
    assert fresh.to_json() == state.to_json(), f"{here}: working out the answer changed the state"


def _check_witness(state: State, action: int, seat: int, world: State, here: str) -> None:
    """``world``, given by the game to prove that ``action`` reveals something to ``seat``,
    is one ``seat`` held possible (it observes it as the true state) and is ruled out."""
    assert 0 <= seat < state.game.num_players, f"{here}: the witness names no seat ({seat!r})"
    assert world.observation(seat) == state.observation(seat), (
        f"{here}: the witness world shows seat {seat} what the true state does not"
    )
    world = world.clone()._dealt_again()
    after = state.clone()
    after.apply_trusted(action)
    target = after.observation(seat)
    assert rules_out(world, action, seat, target, state.current_player()), (
        f"{here}: the witness world is not ruled out by what seat {seat} sees afterwards"
    )


def _seen_beyond(seen: Seen, bound: Seen, n: int) -> str:
    """The viewers ``seen`` lets read that ``bound`` does not, in words ("" when none)."""
    if bound is None:
        return ""
    extra = [f"seat {s}" for s in range(n) if (seen is None or s in seen) and s not in bound]
    if seen is None:
        extra.append("the spectator")
    return ", ".join(extra)


def _seen_text(seen: Seen) -> str:
    return "everybody" if seen is None else f"seats {sorted(seen)}"


VIEW_FOLLOW = 10
"""How many actions :func:`check_views` follows a world a seat cannot tell from the truth."""


def check_views(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    follow: int = VIEW_FOLLOW,
) -> None:
    """What each seat, and the spectator, is shown (the board as text and as SVG, and the
    log's words for each action) depends on nothing it may not know:

    - re-dealing what a seat cannot see (``determinize``) changes none of its views, nor
      the spectator's;
    - after an action a viewer may not read (:func:`towers.core.knowledge.seen_by`), a
      world where another action was taken that leaves the viewer's observation the same
      (another card dealt face down, a skull resting elsewhere inside the tower) shows the
      viewer the same views, the same log line, and who may read the action, for the next
      ``follow`` actions while its observation stays the same: a board's list of recent
      happenings, an announcement or a log line never names what the viewer was not shown.

    Up to ``samples`` such worlds are followed, and ``samples`` positions re-dealt."""
    from towers.core import knowledge

    g = _as_game(game, players)
    if not g.has_hidden_information():
        return
    views = views_of(g)
    history = random_history(g, seed)
    rng = random.Random(seed ^ 0x71E3)
    viewers: list[int | None] = [*range(g.num_players), None]
    dealt = _pick_steps(len(history), samples, seed)
    shadows: list[tuple[int | None, int, State]] = []  # viewer, born at, its world
    started = 0
    state = g.new_initial_state()
    for i in range(len(history) + 1):
        where = f"{g!r}, seed {seed}, step {i}"
        shown: dict[int | None, tuple[str, str | None]] = {}

        for viewer, born, world in shadows:
            _same_views(
                _shown(views, state, viewer, shown),
                (views.text(world, viewer), views.svg(world, viewer)),
                f"{where}, seen by {_viewer(viewer)}, against a world it cannot tell apart "
                f"since step {born} ({world.action_to_string(world.history()[born])} in "
                f"place of {state.action_to_string(history[born])})",
            )
        if i in dealt:
            for seat in range(g.num_players):
                world = state.determinize(seat, random.Random(rng.randrange(2**32)))
                for viewer in (seat, None):
                    _same_views(
                        _shown(views, state, viewer, shown),
                        (views.text(world, viewer), views.svg(world, viewer)),
                        f"{where}, seen by {_viewer(viewer)}, against a world re-dealt for "
                        f"seat {seat}",
                    )
        if i == len(history):
            return
        action = history[i]
        twins: list[tuple[int | None, State]] = []
        seen: Seen = None
        if started < samples:
            seen = knowledge.seen_by(state, action, random.Random(f"{i}:{action}"))
            if seen is not None:
                twins = _twins(state, action, [v for v in viewers if v is None or v not in seen])
        for viewer, world in twins:
            other = world.history()[-1]
            told = knowledge.seen_by(state, other, random.Random(f"{i}:{other}"))
            assert told == seen, (
                f"{where}: {_viewer(viewer)} may not read "
                f"{state.action_to_string(action)}, yet who may read it ({_seers(seen)}) "
                f"differs from who may read {state.action_to_string(other)} "
                f"({_seers(told)}), which it cannot tell apart: the log shows the difference"
            )
        state.apply_trusted(action)
        kept = []
        for viewer, born, world in shadows:
            if i - born < follow and world.is_legal(action):
                world.apply_trusted(action)
                if world.observation(viewer) == state.observation(viewer):
                    kept.append((viewer, born, world))
        shadows = kept
        for viewer, world in twins:
            if started < samples:
                shadows.append((viewer, i, world))
                started += 1


def _twins(
    state: State, action: int, viewers: Sequence[int | None]
) -> list[tuple[int | None, State]]:
    """For each viewer, one world where another legal action than ``action`` was taken in
    ``state`` that leaves the viewer's observation as ``action`` does, if there is one."""
    after = state.clone()
    after.apply_trusted(action)
    wanted = {v: after.observation(v) for v in viewers}
    found: list[tuple[int | None, State]] = []
    for other in state.legal_actions():
        if other == action or not wanted:
            continue
        world = state.clone()
        world.apply_trusted(other)
        for viewer in [v for v in wanted if world.observation(v) == wanted[v]]:
            found.append((viewer, world.clone()))
            del wanted[viewer]
    return found


def _shown(
    views: Any, state: State, viewer: int | None, shown: dict[int | None, tuple[str, str | None]]
) -> tuple[str, str | None]:
    """The text and SVG views of ``state`` as ``viewer`` sees them, made once per position."""
    if viewer not in shown:
        shown[viewer] = (views.text(state, viewer), views.svg(state, viewer))
    return shown[viewer]


def _same_views(truth: tuple[str, str | None], world: tuple[str, str | None], where: str) -> None:
    for kind, mine, theirs in zip(("text", "SVG"), truth, world, strict=True):
        if mine != theirs:
            raise AssertionError(f"{where}: the {kind} view differs: {_text_diff(mine, theirs)}")


def _text_diff(a: str | None, b: str | None) -> str:
    """The first line at which two texts differ, both ways."""
    left, right = (a or "").splitlines(), (b or "").splitlines()
    for k, (x, y) in enumerate(zip(left, right, strict=False)):
        if x != y:
            return f"line {k + 1}: {x.strip()[:300]!r} against {y.strip()[:300]!r}"
    return f"{len(left)} lines against {len(right)}"


def _viewer(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


def _seers(seen: Seen) -> str:
    return "everybody" if seen is None else ", ".join(f"seat {s}" for s in sorted(seen)) or "nobody"


CHECKS: dict[str, Check] = {
    "game_length": check_game_length,
    "legal_actions": check_legal_actions,
    "chance": check_chance,
    "scores": check_scores,
    "clone": check_clone,
    "serialization": check_serialization,
    "determinism": check_determinism,
    "action_strings": check_action_strings,
    "illegal_actions": check_illegal_actions,
    "observations": check_observations,
    "hidden_information": check_hidden_information,
    "replay": check_replay,
    "tensor": check_tensor,
    "disclosure": check_disclosure,
    "views": check_views,
}
"""Every conformance check by name."""


def check_all(
    game: Game | str,
    seed: int = 0,
    *,
    players: int | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> None:
    """Run every check in ``CHECKS``; the first failure raises AssertionError."""
    g = _as_game(game, players)
    for check in CHECKS.values():
        check(g, seed, samples=samples)


# ---- perft: legal-move counts ---------------------------------------------------------


def perft(game: Game, prefix: Sequence[int], depth: int) -> tuple[list[int], dict[int, int]]:
    """Counts of legal action sequences of length 1..``depth`` after ``prefix`` (chance outcomes
    count as branches), and the count at ``depth`` under each first action."""
    if depth < 1:
        raise ValueError("perft needs a depth of at least 1")
    root = state_after(game, prefix)
    counts = [0] * depth
    divide: dict[int, int] = {}
    for action in root.legal_actions():
        below = _perft_levels(game, [*prefix, action], depth - 1)
        for k, c in enumerate(below):
            counts[k] += c
        divide[action] = below[-1]
    return counts, divide


def _perft_levels(game: Game, path: list[int], depth: int) -> list[int]:
    # Each node is rebuilt from the start so that perft tests the move generator alone,
    # not clone() or serialization.
    levels = [1] + [0] * depth
    if depth == 0:
        return levels
    state = state_after(game, path)
    for action in state.legal_actions():
        for k, c in enumerate(_perft_levels(game, [*path, action], depth - 1)):
            levels[k + 1] += c
    return levels


def make_perft_record(
    game: Game | str,
    seed: int,
    prefix_length: int,
    depth: int = 2,
    *,
    players: int | None = None,
) -> dict[str, Any]:
    """A perft record: the first ``prefix_length`` actions of the random game from ``seed``,
    then the legal-sequence counts from there."""
    g = _as_game(game, players)
    prefix = random_history(g, seed, limit=prefix_length)
    counts, divide = perft(g, prefix, depth)
    at = state_after(g, prefix)
    return {
        "format": PERFT_FORMAT,
        "game": g.name,
        "players": g.num_players,
        "options": dict(g.options),
        "seed": seed,
        "prefix": prefix,
        "depth": depth,
        "counts": {str(k + 1): c for k, c in enumerate(counts)},
        "divide": {at.action_to_string(a): c for a, c in divide.items()},
    }


def check_perft(game: Game | None, record: Mapping[str, Any]) -> None:
    """The counts of a perft record still hold; when they do not, the message lists the count
    under each first action, as found and as recorded."""
    g = _game_of_record(game, record)
    depth = int(record["depth"])
    prefix = list(record["prefix"])
    counts, divide = perft(g, prefix, depth)
    expected = {int(k): int(v) for k, v in record["counts"].items()}
    found = {k + 1: c for k, c in enumerate(counts)}
    if all(found.get(k) == v for k, v in expected.items()):
        return
    at = state_after(g, prefix)
    recorded: Mapping[str, int] = record.get("divide", {})
    lines = [
        f"perft of {g!r} after {len(prefix)} actions (seed {record.get('seed')}): "
        + ", ".join(
            f"depth {k}: {found.get(k)} (recorded {v})" for k, v in sorted(expected.items())
        )
        + f"; count at depth {depth} under each first action, found / recorded:"
    ]
    names = {at.action_to_string(a): c for a, c in divide.items()}
    for name in sorted(set(names) | set(recorded)):
        mine, theirs = names.get(name), recorded.get(name)
        mark = "" if mine == theirs else "   <-- differs"
        lines.append(
            f"  {name}: {mine if mine is not None else '-'} / "
            f"{theirs if theirs is not None else '-'}{mark}"
        )
    raise AssertionError("\n".join(lines))


# ---- golden replays -------------------------------------------------------------------


def make_golden_record(
    game: Game | str, seed: int, *, players: int | None = None, checkpoints: int = 8
) -> dict[str, Any]:
    """A golden record: the random game from ``seed`` with digests of its state at a few
    checkpoints and at the end."""
    g = _as_game(game, players)
    history = random_history(g, seed)
    marks = sorted({len(history) * k // checkpoints for k in range(1, checkpoints)} - {0})
    digests: dict[str, str] = {}
    final: State | None = None
    for i, state in _walk(g, history, set(marks) | {len(history)}):
        if i in marks:
            digests[str(i)] = _digest(state)
        final = state
    assert final is not None
    return {
        "format": GOLDEN_FORMAT,
        "game": g.name,
        "players": g.num_players,
        "options": dict(g.options),
        "seed": seed,
        "length": len(history),
        "scores": final.scores(),
        "winners": final.winners(),
        "checkpoints": digests,
        "digest": _digest(final),
        "history": history,
    }


def check_golden(record: Mapping[str, Any], game: Game | None = None) -> None:
    """Replaying a golden record's history gives the recorded state digest (and scores)."""
    g = _game_of_record(game, record)
    history = list(record["history"])
    checkpoints: Mapping[str, str] = record.get("checkpoints", {})
    final: State | None = None
    for i, state in _walk(g, history):
        want = checkpoints.get(str(i))
        if want is not None and _digest(state) != want:
            raise AssertionError(
                f"golden game of {g!r} (seed {record.get('seed')}): the state after {i} actions "
                f"no longer matches its recorded digest (the last action was "
                f"{state.history()[-1] if i else None}); if the rules changed on purpose, "
                f"rewrite the data with scripts/make_test_data.py {g.name}"
            )
        final = state
    assert final is not None
    where = f"golden game of {g!r} (seed {record.get('seed')})"
    if "scores" in record:
        assert final.scores() == list(record["scores"]), (
            f"{where}: scores {final.scores()} at the end, recorded {record['scores']}"
        )
    assert _digest(final) == record["digest"], (
        f"{where}: the final state no longer matches its recorded digest; if the rules or the "
        f"state's fields changed on purpose, rewrite the data with "
        f"scripts/make_test_data.py {g.name}"
    )


# ---- helpers -----------------------------------------------------------------------------


def _as_game(game: Game | str, players: int | None) -> Game:
    if isinstance(game, Game):
        if players is not None and players != game.num_players:
            raise ValueError(f"{game!r} is for {game.num_players} players, not {players}")
        return game
    return make(game, players=players)


def _game_of_record(game: Game | None, record: Mapping[str, Any]) -> Game:
    options = dict(record.get("options", {}))
    if game is None:
        return make(record["game"], players=record["players"], **options)
    same = (
        game.name == record["game"]
        and game.num_players == record["players"]
        and dict(game.options) == options
    )
    if not same:
        raise ValueError(
            f"the record is for {record['game']} with {record['players']} players and options "
            f"{options}, not {game!r}"
        )
    return game


def _where(state: State) -> str:
    return f"{state.game!r}, after {len(state.history())} actions"


def _walk(
    game: Game,
    history: Sequence[int],
    steps: set[int] | None = None,
    followers: list[tuple[int, State]] | None = None,
) -> Iterator[tuple[int, State]]:
    """Yield ``(i, state after i actions)`` for each ``i`` in ``steps`` (all by default).

    The caller must not change the state it is given. Each follower, a copy made at some
    earlier step, is given the same actions as the walk goes on."""
    state = game.new_initial_state()
    for i in range(len(history) + 1):
        if steps is None or i in steps:
            yield i, state
        if i == len(history):
            return
        action = history[i]
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise AssertionError(f"{game!r}: action {i} ({action}) is not legal: {exc}") from exc
        for born, follower in followers or ():
            try:
                follower.apply_action(action)
            except Exception as exc:
                raise AssertionError(
                    f"{game!r}: a copy made after {born} actions fails on action {i} ({action}), "
                    f"legal in the original: {exc!r}"
                ) from exc


def _pick_steps(length: int, samples: int, seed: int) -> set[int]:
    """``samples`` positions of a game of ``length`` actions: the start, the end, and others
    spread at random."""
    rng = random.Random(seed ^ 0x5A3B)
    inner = list(range(1, length))
    chosen = set(rng.sample(inner, min(max(samples - 2, 0), len(inner))))
    return chosen | {0, length}


def _play_on(state: State, rng: random.Random, where: str, steps: int = 30) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        action = random_action(state, rng)
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise AssertionError(f"{where}: a copy rejects its own legal action: {exc}") from exc
        except Exception as exc:
            raise AssertionError(
                f"{where}: playing on a copy, action {action} "
                f"({state.action_to_string(action)}) raised {exc!r}"
            ) from exc


def _compare_followers(
    where: str, state: State, followers: list[tuple[int, State]], kind: str
) -> None:
    text = state.to_json()
    for born, follower in followers:
        other = follower.to_json()
        assert other == text, (
            f"{where}: a {kind} made after {born} actions, given the same actions since, "
            f"differs from the original: {_json_diff(text, other)}"
        )


def _assert_same_view(where: str, state: State, other: State, kind: str) -> None:
    assert other.current_player() == state.current_player(), (
        f"{where}: the {kind} has {other.current_player()} to move, not {state.current_player()}"
    )
    assert other.history() == state.history(), f"{where}: the {kind} has another history"
    assert other.legal_actions() == state.legal_actions(), (
        f"{where}: the {kind} has other legal actions"
    )
    assert other.chance_outcomes() == state.chance_outcomes(), (
        f"{where}: the {kind} has other chance outcomes"
    )
    assert other.scores() == state.scores(), f"{where}: the {kind} has other scores"
    for seat in [*range(state.game.num_players), None]:
        assert other.observation(seat) == state.observation(seat), (
            f"{where}: the {kind} shows seat {seat} another observation"
        )


def _not_json_ready(value: Any, path: str) -> str | None:
    """The first place in ``value`` holding something a JSON round trip would not give back."""
    if value is None or isinstance(value, str | bool | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value!r}"
    if isinstance(value, list):
        for k, v in enumerate(value):
            found = _not_json_ready(v, f"{path}[{k}]")
            if found:
                return found
        return None
    if isinstance(value, dict):
        for key, v in value.items():
            if not isinstance(key, str):
                return f"{path} has the non-string key {key!r}"
            found = _not_json_ready(v, f"{path}[{key!r}]")
            if found:
                return found
        return None
    return f"{path} is a {type(value).__name__}, not a JSON value"


def _is_finite(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def _digest(state: State) -> str:
    return hashlib.sha256(state.content_json().encode()).hexdigest()


def _first_difference(a: Sequence[Any], b: Sequence[Any]) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def _json_diff(a: str, b: str, limit: int = 6) -> str:
    """The first few paths at which two JSON texts differ."""
    try:
        left, right = json.loads(a), json.loads(b)
    except json.JSONDecodeError:
        return "(not JSON)"
    found: list[str] = []
    _diff(left, right, "", found, limit)
    return "; ".join(found) if found else "(no difference in the data, only in its text)"


def _diff(x: Any, y: Any, path: str, found: list[str], limit: int) -> None:
    if len(found) >= limit:
        return
    if isinstance(x, dict) and isinstance(y, dict):
        for key in list(x) + [k for k in y if k not in x]:
            if key not in y or key not in x:
                found.append(f"{path}.{key} only in {'first' if key in x else 'second'}")
            else:
                _diff(x[key], y[key], f"{path}.{key}", found, limit)
    elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for k, (u, v) in enumerate(zip(x, y, strict=True)):
            _diff(u, v, f"{path}[{k}]", found, limit)
    elif x != y:
        found.append(f"{path or '.'}: {_short(x)} vs {_short(y)}")


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _shared_containers(original: State, copy: State) -> list[str]:
    """Paths in ``copy`` of mutable objects that ``original`` also holds."""
    mine: dict[int, str] = {}
    _containers(original, "state", mine, set())
    theirs: dict[int, str] = {}
    _containers(copy, "state", theirs, set())
    return [
        path if mine[key] == path else f"{path} (the original's {mine[key]})"
        for key, path in theirs.items()
        if key in mine
    ]


def _containers(value: Any, path: str, out: dict[int, str], seen: set[int]) -> None:
    """Record id -> path of each mutable object reachable from ``value`` (Game objects aside)."""
    if value is None or isinstance(value, str | bytes | int | float | complex | Game):
        return
    key = id(value)
    if key in seen:
        return
    seen.add(key)
    if _is_mutable(value):
        out.setdefault(key, path)
    if isinstance(value, dict):
        for k, v in value.items():
            _containers(v, f"{path}[{k!r}]", out, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for k, v in enumerate(value):
            _containers(v, f"{path}[{k}]", out, seen)
    else:
        for name, v in _attributes(value):
            _containers(v, f"{path}.{name}", out, seen)


def _is_mutable(value: Any) -> bool:
    if isinstance(value, tuple | frozenset | range | enum.Enum | type):
        return False
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and not isinstance(value, State):
        return not params.frozen
    return not callable(value)


def _attributes(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, type) or callable(value):
        return
    names: list[str] = []
    for klass in type(value).__mro__:
        slots = getattr(klass, "__slots__", ())
        for name in [slots] if isinstance(slots, str) else slots:
            if name not in names and name not in ("__weakref__", "__dict__"):
                names.append(name)
    # A state's unsaved fields are the Game and caches derived from the saved ones, the legal
    # actions among them (a game's _apply may fill them while settling); clones may share a
    # cache as long as it is replaced rather than edited (the followers in check_clone catch
    # one that edits a shared cache).
    skip = value._UNSAVED if isinstance(value, State) else set()
    for name in names:
        if name in skip:
            continue
        if hasattr(value, name):
            yield name, getattr(value, name)
    for name, v in getattr(value, "__dict__", {}).items():
        if name not in names:
            yield name, v
