"""The companion session: who supplies each outcome, entries refused with the game's reasons,
announcements, the Tower mirrored, saving and resuming, undo within a turn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.companion.helpers import TableTower, factory, play_out, script, table_choice
from towers.agents.greedy import GreedyBot
from towers.companion.announce import changes as announce_changes
from towers.companion.mirror import BLE, CUES, SIMULATED, TowerMirror
from towers.companion.session import (
    APP,
    TABLE,
    TOWER,
    CompanionSession,
    EntryError,
    setup_choices,
)
from towers.core.record import replay
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import rules as R
from towers.games.dark_tower.actions import SPACE, Battle
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.tower import STILL, SimulatedTower, Tower


def until(session: CompanionSession, seed: int, done: object, limit: int = 2000) -> None:
    """Enter the seeded table's choices until ``done(session)`` holds."""
    bot = GreedyBot(seed=seed)
    rng = random.Random(seed)
    session.advance()
    for _ in range(limit):
        if done(session):  # type: ignore[operator]
            return
        session.enter(table_choice(session, bot, rng))
    raise AssertionError("never reached")


def top(session: CompanionSession) -> F.Frame:
    return session.state.pending[-1]


def test_a_two_hero_session_plays_to_the_end_with_the_simulated_tower_in_step() -> None:
    session = CompanionSession.new(2, seed=11)
    device = session.mirror.device
    assert isinstance(device, SimulatedTower)
    for _ in play_out(session, 11):
        # the simulated tower was told every drop, release, turn and seal the engine made,
        # and followed each without a failure
        assert device.tower == session.state.tower
        assert session.mirror.problem is None
    assert session.is_over()
    assert session.state.result in (1, -1)
    # the Tower's light cues: each month begun, the dungeon's rooms, and the end
    sequences = [n for kind, n in device.cues if kind == "sequence"]
    assert sequences.count(CUES["month"]) == session.state.month - 1
    assert sequences[-1] == CUES["victory" if session.state.result > 0 else "defeat"]
    assert CUES["dungeon"] in sequences
    # the record replays to the same game
    assert replay(session.to_record()).history() == session.state.history()


def test_the_app_draws_its_outcomes_and_the_table_enters_cards_and_the_die() -> None:
    session = CompanionSession.new(2, seed=3)
    # the market is dealt from the treasure deck on the table: the table enters it
    assert isinstance(top(session), F.TreasureDraw)
    assert session.source() == TABLE and not session.is_drawn()
    waiting = session.waiting()
    assert waiting is not None and waiting.is_table and "treasure" in waiting.ask
    for _ in range(3):
        session.enter(session.entries()[0])
    # the spawns are the app's and the skulls are the simulated tower's: drawn, so the
    # session now waits for a seat (the first skull to place, or the first turn)
    assert session.waiting() is not None and not session.waiting().is_table  # type: ignore[union-attr]
    seen = {type(f) for f in session.state.pending}
    assert F.Spawn not in seen


def test_with_a_real_tower_the_table_says_where_skulls_came_out() -> None:
    device = TableTower()
    session = CompanionSession.new(2, seed=3, tower_kind=BLE, tower=factory(device))
    for _ in range(3):
        session.enter(session.entries()[0])
    session.advance()
    # the setup skulls: the app drops them in, the table tells where they came out
    assert isinstance(top(session), F.Releasing)
    assert session.source() == TOWER and not session.is_drawn()
    sealed = R.RELEASE + 0  # the top north opening is sealed at setup
    with pytest.raises(EntryError) as refused:
        session.enter(sealed)
    assert "\n" not in str(refused.value) and "cannot be entered now" in str(refused.value)
    assert session.state.history()[-1] != sealed
    session.enter(R.RELEASE + STILL)
    # no skull is ever sent to a real tower: it drops and lets out its own
    assert all(call[0] != "drop" for call in device.calls)


def test_sources_follow_the_rulebook() -> None:
    from towers.companion.session import SOURCES

    assert SOURCES[F.HaggleRoll] == TABLE  # World Setup 9: the haggle die is on the table
    assert SOURCES[F.PotionDraw] == SOURCES[F.TreasureDraw] == SOURCES[F.CorruptionDraw] == TABLE
    assert SOURCES[F.EventDraw] == SOURCES[F.CardReveal] == SOURCES[F.RoomReveal] == APP
    assert SOURCES[F.SealGlow] == APP  # the app lights the seal to remove
    assert SOURCES[F.Releasing] == TOWER


def test_a_refused_entry_says_why_in_one_line_and_changes_nothing() -> None:
    session = CompanionSession.new(2, seed=5)
    until(session, 5, lambda s: isinstance(top(s), F.Turn))
    state = session.state
    far = next(
        loc
        for loc in range(len(DATA.locations))
        if loc not in DATA.adjacent[state.at[state.current]]
    )
    before = state.to_json()
    with pytest.raises(EntryError) as refused:
        session.enter(R.MOVE + far)
    message = str(refused.value)
    assert "\n" not in message and "not allowed" in message
    assert session.state.to_json() == before
    # an outcome the table does not supply now is refused too
    with pytest.raises(EntryError):
        session.enter(R.HAGGLE_ROLL + 2)
    assert session.state.to_json() == before


def test_undo_goes_back_within_the_turn_but_not_past_its_start() -> None:
    session = CompanionSession.new(2, seed=5)
    until(session, 5, lambda s: isinstance(top(s), F.StartTurn))
    start = session.state.to_json()
    with pytest.raises(EntryError, match="nothing to undo"):
        session.undo()
    session.enter(R.DONE)
    moves = [a for a in session.entries() if R.MOVE <= a < R.MOVE + len(DATA.locations)]
    session.enter(moves[0])
    assert "Undone: move to" in session.undo()[0]
    assert "Undone: done" in session.undo()[0]
    assert session.state.to_json() == start
    with pytest.raises(EntryError):
        session.undo()


def test_undo_never_passes_a_battle_card_revealed() -> None:
    session = CompanionSession.new(2, seed=2)
    bot = GreedyBot(seed=2)
    rng = random.Random(2)
    lines: list[str] = []
    session.advance()
    while not session.is_over():
        action = table_choice(session, bot, rng)
        lines = session.enter(action)
        if isinstance(SPACE.decode(action), Battle):
            break
    else:
        pytest.fail("no battle in this session")
    assert any("card 1 of" in line and "advantage" in line for line in lines), lines
    with pytest.raises(EntryError, match="cannot be taken back"):
        session.undo()


def test_undo_never_passes_a_dropped_skull() -> None:
    session = CompanionSession.new(2, seed=5)
    until(session, 5, lambda s: isinstance(top(s), F.Turn))
    session.enter(R.DROP)
    assert R.DROP in session.state.history()[-4:]
    with pytest.raises(EntryError):
        session.undo()


def test_a_session_saved_mid_turn_resumes_and_ends_as_the_uninterrupted_one(
    tmp_path: Path,
) -> None:
    _, whole = script(7)
    session = CompanionSession.new(2, seed=7)
    entered = list(play_out(session, 7, limit=40))
    assert len(entered) == 40 and not session.is_over()
    path = tmp_path / "session.json"
    session.save(path)
    again = CompanionSession.load(path, tower=factory())
    assert again.state.history() == session.state.history()
    assert again.barrier == session.barrier
    assert again.mirror.device.tower == again.state.tower  # type: ignore[attr-defined]
    # the rest of the entries of the uninterrupted session: the app draws the same outcomes
    assert whole[: again.history_len] == again.state.history()
    while again.history_len < len(whole):
        again.enter(whole[again.history_len])
    assert again.state.history() == whole
    assert again.is_over()


def test_announcements_say_the_events_the_month_and_the_turn() -> None:
    session = CompanionSession.new(2, seed=9)
    bot = GreedyBot(seed=9)
    rng = random.Random(9)
    said: list[str] = session.opening() + session.advance()
    while not session.is_over() and session.state.month < 3:
        said += session.enter(table_choice(session, bot, rng))
    text = "\n".join(said)
    assert "Recover Azkol's Treasures against Ashstrider" in text
    assert "Event: " in text
    assert "Month 2 of 6 begins" in text
    assert "Monthly companion quest" in text and "Monthly adversary quest" in text
    assert "your turn" in text
    assert "A skull tumbles out of the" in text


def test_a_real_tower_is_told_the_drums_and_seals_and_its_failure_is_not_fatal() -> None:
    device = TableTower()
    session = CompanionSession.new(2, seed=9, tower_kind=BLE, tower=factory(device))
    bot = GreedyBot(seed=9)
    rng = random.Random(9)
    session.advance()
    turned = 0
    while not session.is_over() and turned < 1:
        before = session.state.tower.copy()
        session.enter(table_choice(session, bot, rng))
        after = session.state.tower
        turned += sum(1 for lv in range(3) if before.drums[lv] != after.drums[lv])
    for level in range(3):
        steps = sum(c[2] for c in device.calls if c[0] == "rotate" and c[1] == level)
        assert steps % 4 == session.state.tower.drums[level]
    broken = [c[1] for c in device.calls if c[0] == "break_seal"]
    assert sorted(broken) == session.state.tower.open_openings()
    # out of reach: the game goes on, and the failure is said when the tower was to change
    device.failing = True
    while not session.is_over():
        before = session.state.tower.copy()
        session.enter(table_choice(session, bot, rng))
        after = session.state.tower
        if before.drums != after.drums or before.open_openings() != after.open_openings():
            assert session.mirror.problem is not None
            assert "out of reach" in session.mirror.problem
            break
    else:
        pytest.fail("the tower did not change again in this game")


def test_the_session_options_are_the_first_game_by_default_and_checked() -> None:
    session = CompanionSession.new(3, seed=1)
    g = session.state.game
    assert g.options["adversary"] == DATA.foes[DATA.main_goal.adversary].id
    assert g.options["difficulty"] == "heroic"
    from towers.core.errors import GameOptionError

    with pytest.raises(GameOptionError):
        CompanionSession.new(2, {"difficulty": "easy"}, seed=1)
    assert session.tower_kind == SIMULATED


def test_a_seal_rides_its_drum_so_a_turn_after_a_break_sends_only_the_turn() -> None:
    device = TableTower()
    mirror = TowerMirror(device, Tower.calibrated())
    before = Tower.calibrated()
    after = before.copy()
    after.break_seal(9)  # bottom east
    assert mirror.step(before, None, after) == ["Remove the seal from the bottom east opening."]
    turned = after.copy()
    turned.rotate(2, 3)  # the bottom drum: the open slot now faces north
    assert turned.open_openings() == [8]
    assert mirror.step(after, None, turned) == []
    assert device.calls == [("break_seal", 9), ("rotate", 2, 3)]


def test_a_competitive_session_deals_the_heroic_tests_from_the_table() -> None:
    session = CompanionSession.new(2, {"mode": "competitive"}, seed=1)
    assert session.opening()[0].startswith("The competitive game")
    rng = random.Random(1)
    session.advance()
    dealt = 0
    while not session.is_over():
        if isinstance(top(session), F.DealTest):
            assert session.source() == TABLE
            dealt += 1
        session.enter(rng.choice(session.entries()))
    assert dealt == 2 * 4  # four heroic test cards a hero, one of each type


def test_another_main_goal_is_announced_with_its_companion_and_steps() -> None:
    goal = next(g for g in DATA.main_goals if g.id == "forge-an-alchemical-solution")
    session = CompanionSession.new(2, {"goal": goal.id}, seed=3)
    opening = session.opening()
    assert opening[0] == f"{goal.name} against Ashstrider, on Heroic."
    assert opening[1].startswith(f"Main goal: {goal.name}, with Hakan joining ")
    assert "explore Silvervein Tunnels" in opening[1]
    assert not any(DATA.main_goal.name in line for line in opening)
    before = session.state
    after = before.clone()
    assert isinstance(after, R.DarkTowerState)
    after.goal_step = 1
    assert (
        f"Main goal, {goal.name}: step 1 of 3 complete; next, spend 3 potions at The Cloister."
        in announce_changes(before, after)
    )


def test_setup_choices_offer_the_main_goals_by_name_the_first_game_s_first() -> None:
    goal = next(o for o in setup_choices()["options"] if o["name"] == "goal")
    assert goal["default"] == DATA.main_goal.id == goal["choices"][0]
    assert goal["names"] == [g.name for g in DATA.main_goals] and len(goal["names"]) == 10


def test_an_unknown_main_goal_is_refused_in_one_line() -> None:
    from towers.core.errors import GameOptionError

    with pytest.raises(GameOptionError) as exc:
        CompanionSession.new(2, {"goal": "slay-the-moon"}, seed=1)
    message = str(exc.value)
    assert "slay-the-moon" in message and DATA.main_goal.id in message and "\n" not in message
