"""The terminal's board never names to one seat what another seat was dealt face down: a
replay of a competitive Return to Dark Tower game, seen as seat 0, names none of the heroic
tests dealt to seat 1, which seat 1's own replay names."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import towers
from towers.cli import app
from towers.core.record import load
from towers.terminal.replay import Replay


def test_a_replay_as_one_seat_names_none_of_the_others_heroic_tests(tmp_path: Path) -> None:
    path = tmp_path / "dtc.json"
    args = ["play", "dark_tower", "-p", "2", "-s", "greedy,random", "-o", "mode=competitive"]
    result = CliRunner().invoke(app, [*args, "--seed", "4", "--save", str(path)])
    assert result.exit_code == 0, result.output
    rec = Replay(load(path))
    game = towers.make("dark_tower", players=2, mode="competitive")
    state = game.new_initial_state()
    dealt: dict[int, set[str]] = {0: set(), 1: set()}
    for action in rec.history:
        name = state.action_to_string(action)
        if name.startswith("heroic test dealt: "):
            top = state.observation(None)["deciding"]
            dealt[int(top["seat"])].add(name.split(": ", 1)[1])
        state.apply_action(action)
    assert dealt[0] and dealt[1]
    shown: dict[int, str] = {}
    for seat in (0, 1):
        text = io.StringIO()
        rec.show_all(Console(file=text, width=200, color_system=None), seat)
        shown[seat] = text.getvalue()
    # (the quests' glossary names every card; the deal is what must stay unsaid)
    for seat in (0, 1):
        for name in dealt[1 - seat]:
            assert f"dealt: {name}" not in shown[seat], (seat, name)
        assert all(f"dealt: {name}" in shown[seat] for name in dealt[seat])
