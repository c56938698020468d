"""Rich renderables shared by play and replay: the board panel, scores, seat names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.errors import MarkupError
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towers.core.game import CHANCE, TERMINAL
from towers.core.options import value_text
from towers.core.registry import title_of, views_of
from towers.core.words import plural


def seat_name(game: Any, seat: int, kinds: Sequence[str] | None = None) -> str:
    """The seat as every screen names it (:meth:`Views.seat_name`, "Blue"), with who plays
    it beside ("Blue (human)") when ``kinds`` says; "chance" for chance.

    >>> import towers
    >>> seat_name(towers.make("torres"), 1, ["human", "random"])
    'Blue (random)'
    """
    if seat == CHANCE:
        return "chance"
    name = views_of(game).seat_name(seat)
    if kinds is not None and 0 <= seat < len(kinds):
        return f"{name} ({kinds[seat]})"
    return name


def game_name(game: Any) -> str:
    """The game's printed title: ``Torres``, ``Return to Dark Tower``."""
    return title_of(str(game.name))


def game_title(game: Any) -> str:
    """The game in words for a heading: its name, players and options set.

    >>> import towers
    >>> game_title(towers.make("torres", players=3, variant="master"))
    'Torres, 3 players, variant Master version, layout default'
    >>> game_title(towers.make("tiletum", action_tiles=True))
    'Tiletum, 2 players, action tiles'
    >>> game_title(towers.make("dark_tower", players=1))[:60]
    'Return to Dark Tower, 1 player, mode Cooperative, difficulty'
    """
    words = [game_name(game), plural(game.num_players, "player")]
    declared = getattr(type(game), "OPTIONS", {})
    for key, value in game.options.items():
        name = key.replace("_", " ")
        if value is None or value is False:
            continue  # not set, or switched off
        if value is True:
            words.append(name)
        else:
            option = declared.get(key)
            text = option.name_of(value) if option is not None else value_text(value)
            words.append(f"{name} {text if len(text) <= 40 else 'custom'}")
    return ", ".join(words)


def board_text(markup: str) -> Text:
    """The game's text rendering; its Rich markup is honoured unless it is malformed."""
    try:
        return Text.from_markup(markup)
    except MarkupError:
        return Text(markup)


def board_panel(state: Any, seat: int | None, title: str = "") -> Panel:
    """The game's text view of ``state`` as ``seat`` sees it (``None``: a spectator), in a panel."""
    game = state.game
    view = "spectator view" if seat is None else f"{seat_name(game, seat)}'s view"
    heading = title or f"{game_name(game)}, after {len(state.history())} actions"
    return Panel(
        board_text(views_of(game).text(state, seat)),
        title=escape(heading),
        subtitle=view,
        expand=False,
    )


def scores_table(state: Any, kinds: Sequence[str] | None = None, final: bool = False) -> Table:
    scores = state.scores()
    winners = set(state.winners()) if final else set()
    table = Table(title="Final scores" if final else None, show_header=True, box=None)
    table.add_column("seat")
    table.add_column("points", justify="right")
    if final:
        table.add_column("")
    for seat, points in enumerate(scores):
        row = [seat_name(state.game, seat, kinds), format_points(points)]
        if final:
            row.append("winner" if seat in winners else "")
        table.add_row(*row, style="bold green" if seat in winners else None)
    return table


def scores_line(state: Any, kinds: Sequence[str] | None = None) -> Text:
    line = Text("Scores: ", style="bold")
    for seat, points in enumerate(state.scores()):
        if seat:
            line.append(" · ")
        line.append(f"{seat_name(state.game, seat, kinds)} {format_points(points)}")
    return line


def format_points(points: float) -> str:
    return str(int(points)) if float(points).is_integer() else f"{points:.2f}"


def whose_turn(state: Any, kinds: Sequence[str] | None = None) -> str:
    player = state.current_player()
    if player == TERMINAL:
        return "the game is over"
    if player == CHANCE:
        return "chance to resolve"
    return f"{seat_name(state.game, player, kinds)} to move"


def winners_text(state: Any, kinds: Sequence[str] | None = None) -> str:
    won = state.winners()
    if not won:
        return "No winner."
    names = ", ".join(seat_name(state.game, s, kinds) for s in won)
    return f"Winner: {names}." if len(won) == 1 else f"Shared win: {names}."
