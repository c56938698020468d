"""``towers games`` gives each game's printed title and its option values' printed names,
beside the names and values the commands take."""

from __future__ import annotations

from typer.testing import CliRunner

from tests.cli.test_bad_input import INTERNALS
from towers.cli import app


def row_of(output: str, game: str) -> str:
    """The first line of ``game``'s row (a terminal wide enough that no cell wraps)."""
    return next(line for line in output.splitlines() if f"│ {game} " in line)


def test_games_shows_titles_and_printed_values(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "3000"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Return to Dark Tower" in row_of(out, "dark_tower")
    assert "Towers of Sifnos" in row_of(out, "sifnos")
    assert "│ Toy " in row_of(out, "toy")  # no title declared: the name in words
    assert (
        "(allowed: basic (Basic game), common_deck (Common action deck), "
        "master (Master version))" in out
    )
    assert "goal = recover-azkols-treasures: " in out
    assert "recover-azkols-treasures (Recover Azkol's Treasures)" in out
    assert "foe2 = brigands: " in out and "shadow-wolves (Shadow Wolves)" in out
    assert "(values: by-kingdom (the hero of each seat's kingdom), brutal-warlord" in out
    # a name that only capitalises the value is not repeated
    assert "(allowed: heroic, gritty)" in out
    assert not INTERNALS.search(out), INTERNALS.search(out)
