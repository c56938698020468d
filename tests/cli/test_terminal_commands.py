"""The terminal's commands one by one: the sections, help on a component, rules, howto and
the log (on views written for the test, and on Torres), undo within the turn and the confirm
before an action that ends it (in Torres's master version, which hides nothing), and the
replay's stepping."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

import towers
from tests.cli.conftest import TOY
from towers.core import knowledge
from towers.core.game import CHANCE, State
from towers.core.record import load, save
from towers.core.views import Topic, Views
from towers.terminal.commands import Explainer, LogEntry, log_text
from towers.terminal.parsing import SeatSpec
from towers.terminal.replay import Replay
from towers.terminal.session import COMMAND_TOPICS, PlaySession
from towers.terminal.turns import confirm_reason, reveal_rng

NAMES = ("Red", "Blue")
"""Two seats' names, as a game names them (``Views.seat_names``)."""


def text_of(body: RenderableType, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(body)
    return " ".join(out.getvalue().split())


class Described(Views):
    """Views that explain a little, for the commands' tests."""

    def glossary(self) -> list[Topic]:
        return [
            Topic("oakstone_bow", "Oakstone Bow", "treasure", "1 Melee advantage in battle."),
            Topic("bowl", "Bowl of Plenty", "treasure", "Gain 2 warriors."),
            Topic("brigands", "Brigands", "foe", "A level 2 foe."),
            Topic("green_bridge", "Green Bridge", "space", "A space of the north."),
        ]

    def rule_sections(self) -> list[str]:
        return ["Toy, Draw", "Toy, Play a card", "Toy, Pass"]

    def rules_section(self, section: str) -> str | None:
        return {
            "Toy, Draw": "Chance deals each seat two cards.",
            "Toy, Play a card": "A seat plays a card it holds, worth its value.",
            "Toy, Pass": "A seat that passes plays no more.",
        }.get(section)

    def howto(self) -> str:
        return "Each seat plays its cards.\n\nThe highest total wins."

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        return {"board": "[bold]the table[/bold]", "me": "your hand: 1, 2"}


@pytest.fixture
def explainer() -> Explainer:
    return Explainer(Described(towers.make(TOY)), "Toy")


def test_help_names_one_component_several_or_close_ones(explainer: Explainer) -> None:
    one = text_of(explainer.topic("oakstone BOW", COMMAND_TOPICS))
    assert one == "Oakstone Bow (treasure) 1 Melee advantage in battle."
    # by the start of a name, then by a word inside one
    assert text_of(explainer.topic("brig", COMMAND_TOPICS)) == "Brigands (foe) A level 2 foe."
    assert text_of(explainer.topic("bridge", COMMAND_TOPICS)).startswith("Green Bridge (space)")
    several = text_of(explainer.topic("b", COMMAND_TOPICS))
    assert several == (
        "'b' could be any of: Bowl of Plenty, Brigands. Type help and one of these names."
    )
    none = text_of(explainer.topic("brigrands", COMMAND_TOPICS))
    assert none == "Nothing in Toy is called 'brigrands'. Did you mean Brigands?"
    assert "take back your last action" in text_of(explainer.topic("undo", COMMAND_TOPICS))
    bare = Explainer(Views(towers.make(TOY)), "Toy")
    assert "no descriptions of its components" in text_of(bare.topic("bow", COMMAND_TOPICS))


def test_a_section_the_game_lacks_names_those_it_has(explainer: Explainer) -> None:
    state = towers.make(TOY).new_initial_state()
    assert text_of(explainer.section(state, 0, "board")) == "The board the table"
    assert text_of(explainer.section(state, 0, "me")) == "What you hold your hand: 1, 2"
    missing = text_of(explainer.section(state, 0, "supply"))
    assert missing == "Toy has no supply section; it has 'board' and 'me'."


def test_rules_by_the_start_of_a_name_or_the_last_cited(explainer: Explainer) -> None:
    assert text_of(explainer.rules("PLAY")) == (
        "Toy, Play a card A seat plays a card it holds, worth its value."
    )
    assert text_of(explainer.rules("toy, d")).startswith("Toy, Draw Chance deals")
    assert text_of(explainer.rules("p")) == "'p' could be any of: Toy, Play a card; Toy, Pass."
    assert text_of(explainer.rules("score")).startswith("No rule section starts with 'score'.")
    listed = text_of(explainer.rules(""))
    assert listed.startswith("Rule sections (type rules and the start of one): Toy, Draw")
    explainer.last_rule = "Toy, Pass"
    cited = text_of(explainer.rules(""))
    assert cited.startswith("Toy, Pass A seat that passes plays no more. Rule sections")
    explainer.last_rule = "Toy, Shuffle"
    assert text_of(explainer.rules("")).startswith("Toy, Shuffle: no summary of this section")


def test_howto_and_its_absence(explainer: Explainer) -> None:
    assert text_of(explainer.howto()) == (
        "How Toy goes Each seat plays its cards. The highest total wins."
    )
    bare = Explainer(Views(towers.make(TOY)), "Toy")
    assert "has no summary of its play here" in text_of(bare.howto())


def test_the_log_is_grouped_by_chapter_and_hides_what_the_seat_may_not_read() -> None:
    entries = [
        LogEntry(0, CHANCE, "chance", "draw 2", frozenset({0}), "", NAMES),
        LogEntry(1, 0, "Red", "play 2", None, "Round 1", NAMES),
        LogEntry(2, 1, "Blue", "pass", None, "Round 1", NAMES),
        LogEntry(3, 0, "Red", "pass", None, "Round 2", NAMES),
    ]
    assert log_text(entries, 1).plain.split("\n") == [
        "Set-up",
        "  chance: a hidden outcome (seen by Red)",
        "",
        "Round 1",
        "  Red: play 2",
        "  Blue: pass",
        "",
        "Round 2",
        "  Red: pass",
    ]
    assert "chance: draw 2" in log_text(entries, 0).plain
    assert log_text([], 0, before=3).plain.startswith("(3 earlier actions: towers replay")


# ---- undo and confirm in a real game -------------------------------------------------------
def mid_turn() -> State:
    """Torres's master version (nothing hidden) at seat 0's first full turn."""
    state = towers.make("torres", players=2, variant="master").new_initial_state()
    while "end turn" not in [state.action_to_string(a) for a in state.legal_actions()]:
        state.apply_action(state.legal_actions()[0])
    return state


def within_turn(state: State) -> str:
    """A move of the seat to move after which it moves again and may take it back."""
    rng = reveal_rng(1, len(state.history()))
    return next(
        state.action_to_string(a)
        for a in state.legal_actions()
        if confirm_reason(state, a, rng) is None
    )


def run(state: State, lines: list[str], confirm: bool = True) -> tuple[PlaySession, str]:
    out = io.StringIO()
    console = Console(file=out, width=100, height=24, color_system=None)
    script: Iterator[str] = iter(lines)

    def read(prompt: str) -> str | None:
        console.print(prompt, end="")
        line = next(script, None)
        console.print(line if line is not None else "")
        return line

    seats = [SeatSpec("human"), SeatSpec("human")]
    session = PlaySession(state, seats, 1, console, read, confirm=confirm)
    session.run()
    return session, " ".join(out.getvalue().split())


def new_entries(session: PlaySession) -> list[LogEntry]:
    """The log's entries of the actions the session played (not those it was given)."""
    return [e for e in session.log if e.ply >= len(mid_turn().history())]


def test_undo_takes_back_the_seats_own_actions_of_this_turn_only() -> None:
    state = mid_turn()
    start = state.to_json()
    first = within_turn(state)
    after = state.clone()
    after.apply_action(after.string_to_action(first))
    second = within_turn(after)
    session, out = run(state, [first, second, "undo", "undo", "undo", "quit"])
    assert out.count("Took back: ") == 2
    assert f"Took back: {second}" in out and f"Took back: {first}" in out
    assert "Cannot undo: nothing of this turn is left to take back" in out
    assert session.state.to_json() == start
    assert new_entries(session) == []

    # after the turn ends, the next seat cannot take back what the other did
    session, out = run(mid_turn(), ["end turn", "y", "undo", "quit"])
    assert "end turn: this ends your turn. Play it? [y/n]" in out
    assert session.state.current_player() == 1
    assert "Cannot undo: nothing of this turn is left to take back" in out


def test_an_action_that_showed_something_hidden_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    state = mid_turn()
    move = within_turn(state)
    monkeypatch.setattr(knowledge, "reveals", lambda *args: True)
    session, out = run(state, [move, "undo", "quit"], confirm=False)
    assert "Cannot undo: that action showed hidden information, so it stands." in out
    assert len(new_entries(session)) == 1


def test_the_confirm_asks_before_the_turn_ends_and_can_be_switched_off() -> None:
    lines = ["end turn", "maybe", "n", "confirm", "confirm off", "end turn", "quit"]
    session, out = run(mid_turn(), lines)
    assert out.count("end turn: this ends your turn. Play it? [y/n]") == 1
    assert out.count("Play it? [y/n]") == 2  # asked again after an answer that is neither
    assert "Answer y (play it) or n (do not)." in out
    assert "Not played." in out
    assert "confirm needs on or off (now on)" in out
    assert "Actions are played as soon as they are typed." in out
    assert session.state.current_player() == 1
    played = new_entries(session)
    assert len(played) == 1 and played[0].words.startswith("end turn")
    # a move inside the turn is not asked about
    state = mid_turn()
    session, out = run(state, [within_turn(state), "quit"])
    assert "Play it?" not in out and len(new_entries(session)) == 1


def test_a_refusal_then_rules_reads_the_rule_it_cited() -> None:
    state = mid_turn()
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    refused = next(
        f"move {a}-{b}"
        for a in "abcdefgh"
        for b in ("a1", "h8", "d4")
        if f"move {a}1-{b}" not in legal and a + "1" != b
    )
    session, out = run(state, [refused.replace("-", "1-", 1), "rules", "quit"])
    rule = session.explainer.last_rule
    assert rule and f"({rule})" in out
    summary = session.views.rules_section(rule)
    assert summary and " ".join(summary.split()) in out


def test_the_commands_show_the_sections_log_help_and_howto() -> None:
    state = mid_turn()
    lines = ["moves", "board", "me", "supply", "scores", "log", "help", "help King", "howto"]
    session, out = run(state, [*lines, "quit"])
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert all(name in out for name in names)  # moves lists them all
    for part in ("The board", "What you hold", "What is on offer", "The scores"):
        assert part in out
    # the log holds the set-up's actions, which came before this session
    assert "log Set-up chance: the master card drawn" in out
    assert "rules [SECTION]" in out and "confirm off|on" in out
    assert "How Torres goes" in out
    assert "King (" in out


# ---- replay ---------------------------------------------------------------------------------
@pytest.fixture
def saved_toy(tmp_path: Path) -> Path:
    import random

    from towers.core.conformance import random_action

    state = towers.make(TOY, players=2).new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    path = tmp_path / "toy.json"
    save(path, state, seats=["random", "random"], seed=2)
    return path


def test_replay_steps_forward_back_and_to_any_position(saved_toy: Path) -> None:
    rec = Replay(load(saved_toy))
    total = len(rec)
    lines = ["", "n", "next", "b", "go 3", "go x", f"go {total + 5}", "end", "start", "3"]
    lines += ["board", "log", "supply", "help", "help next", "back", "xyz", "q"]
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    script = iter(lines)

    def read(prompt: str) -> str | None:
        line = next(script, None)
        console.print(f"{prompt}{line}")
        return line

    rec.step_through(console, read, 0)
    text = out.getvalue()
    positions = [int(n) for n in re.findall(r"after (\d+) of", text)]
    assert positions == [0, 1, 2, 3, 2, 3, total, 0, 3, 2]
    flat = " ".join(text.split())
    assert "go needs a number of actions" in flat
    assert f"choose a position from 0 to {total}" in flat
    assert "This is the start: no action before it." not in flat
    assert "Toy has no supply section" in flat
    assert "next: n, next or Enter: the next action" in flat
    assert "'xyz' is not understood" in flat
    assert "3. chance: " in flat  # the log of the first three actions, as seat 0 saw them


def test_replay_screens_fit_and_say_the_last_action(saved_toy: Path) -> None:
    rec = Replay(load(saved_toy))
    for n in range(len(rec) + 1):
        lines = [line.plain for line in rec.screen(n, 1)]
        assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
        assert f"after {n} of {len(rec)} actions" in lines[1]
        if n:
            assert any(line.strip().startswith(f"{n}. ") for line in lines)


def test_the_ending_shows_the_verdict_and_the_scores_by_category() -> None:
    from towers.terminal.screen import ending_view

    state = towers.make("torres", players=2).new_initial_state()
    import random

    from towers.core.conformance import random_action

    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    from towers.core.registry import views_of

    ending = views_of(state.game).ending(state)
    assert ending is not None
    text = text_of(ending_view(ending, state.game, ["human", "random"]))
    assert ending.verdict in text and "Final scores" in text
    assert "Red Blue (human) (random)" in text
    for category in ending.categories:
        assert category.split()[0] in text
    total = [str(int(s)) for s in state.scores()]
    assert all(t in text for t in total)


def test_long_output_is_printed_whole_then_the_screen_again() -> None:
    from rich.text import Text

    from towers.terminal.commands import page

    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    redrawn: list[int] = []
    page(console, Text("\n".join(f"line {i}" for i in range(10))), lambda: redrawn.append(1), 24)
    assert redrawn == [] and "line 9" in out.getvalue()
    page(console, Text("\n".join(f"row {i}" for i in range(40))), lambda: redrawn.append(1), 24)
    assert redrawn == [1] and "row 39" in out.getvalue()
