"""How a game is shown, apart from its rules: text for a terminal, an SVG board and the ids of
the board elements that choose each action, for the browser.

A game package declares its views in its plugin (:class:`~towers.core.registry.GamePlugin`);
the views import the rules, never the other way. A game that declares none is shown as its
observation in JSON, and in the browser its moves are listed in words.

>>> import towers
>>> from towers.core.registry import views_of
>>> game = towers.make("torres", players=2)
>>> views_of(game).svg(game.new_initial_state(), 0).startswith("<svg")
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from towers.core.game import Game, State


@dataclass(frozen=True)
class Topic:
    """One thing a player may ask about: a card, tile, space, track, faction, foe, building or
    die. ``key`` is what the board's elements carry in ``data-help``; ``name`` its printed name;
    ``kind`` what sort of thing it is ("card", "tile", "faction"...); ``text`` what it does, in
    the project's own words of the printed wording's meaning."""

    key: str
    name: str
    kind: str
    text: str


@dataclass(frozen=True)
class Ending:
    """How a finished game ended, for the game-over screens (browser and terminal).

    ``verdict``: who won, in words ("Ann (seat 0) wins with 61 points."; solo and cooperative:
    whether the players won, against what target or opponent). ``reason``: why the game ended
    ("the third phase's last round was played"). ``categories``: the printed names of the
    score's parts, the last one the total; ``rows``: one row per seat (in seat order), one value
    per category. ``notes``: more lines worth saying (a solo target, what defeated the heroes).
    """

    verdict: str
    reason: str
    categories: list[str]
    rows: list[list[float | int | str]]
    notes: list[str] = field(default_factory=list)


class Views:
    """The plain views: the observation as text, no board. Games subclass it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def text(self, state: State, seat: int | None) -> str:
        """The board as text for a terminal, as ``seat`` sees it (Rich console markup allowed)."""
        return json.dumps(state.observation(seat), indent=1)

    def svg(self, state: State, seat: int | None) -> str | None:
        """The board as an SVG document as ``seat`` sees it, or None if the game has none.
        Elements a player may click carry the ``id`` attributes that :meth:`targets` names."""
        return None

    def targets(self, action: int) -> list[str]:
        """Ids of the SVG elements that, clicked in this order, choose ``action`` (the same in
        every state); empty for an action with no place on the board."""
        return []

    # ---- explaining the game ------------------------------------------------------------
    def howto(self) -> str:
        """How this game goes, in short: its phases, what ends it and how one scores (plain
        text, paragraphs split by a blank line, about 20 lines at 80 columns)."""
        return ""

    def glossary(self) -> list[Topic]:
        """Every component a player may ask about in this game (its options included)."""
        return []

    def rules_section(self, section: str) -> str | None:
        """The meaning of the rulebook's section ``section`` (as refusals cite it, for example
        "Torres, Move a knight"), in the project's own words; None if it is not one."""
        return None

    def rule_sections(self) -> list[str]:
        """The sections :meth:`rules_section` explains, in the rulebook's order."""
        return []

    # ---- a game under way and at its end -----------------------------------------------
    def chapter(self, state: State) -> str:
        """The part of the game ``state`` is in, in words ("Round 3", "Phase 2, round 1"); the
        log is grouped by it. Empty while the game is being set up."""
        return ""

    def log_words(self, state: State, action: int) -> str:
        """``action`` taken in ``state`` as the log says it: its words, with its public
        result where the action alone does not say it (a battle's winner). Shown only to a
        seat that may read the action, so it may say no more than what that seat learns."""
        return state.action_to_string(action)

    def ending(self, state: State) -> Ending | None:
        """How the finished ``state`` ended (None while the game goes on)."""
        if not state.is_terminal():
            return None
        scores = state.scores()
        winners = state.winners()
        names = ", ".join(self.seat_name(w) for w in winners)
        verdict = f"Winner: {names}." if winners else "Nobody won."
        return Ending(verdict, "The game is over.", ["Score"], [[s] for s in scores])

    def seat_name(self, seat: int) -> str:
        """The seat as every screen names it to a person: the page's header and seat list,
        the board, the log, the ending and the terminal all use this one name, so that a
        seat is never "seat 1" in one place and "P2 (blue)" in another. A game whose seats
        have colours names them by their colour as printed ("Blue"); a player's own name,
        when one was given, is added beside it by the screen, never replaced. The number
        given to the API and the command line (``--seat 0``) stays an id and is not shown."""
        return f"Player {seat + 1}"

    def seat_names(self) -> list[str]:
        """:meth:`seat_name` of every seat of this game."""
        return [self.seat_name(s) for s in range(self.game.num_players)]

    def colours(self) -> list[str] | None:
        """Each seat's colour (a CSS colour) as the board draws it, or None for the page's."""
        return None

    # ---- the terminal ---------------------------------------------------------------------
    def glance(self, state: State, seat: int | None) -> str:
        """What matters now, for the terminal's screen after each action: at most
        :data:`GLANCE_LINES` lines of at most 80 columns (Rich markup allowed)."""
        return ""

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        """The rest of the state on demand, by name: ``board``, ``me``, ``supply``, ``scores``
        (those the game has). Each may be long; the terminal pages it."""
        return {"board": self.text(state, seat)}


GLANCE_LINES = 12
"""The most lines :meth:`Views.glance` may take: the terminal's screen after an action fits 24
lines at 80 columns with the header, what just happened, the moves and the prompt."""


def find_topics(views: Views, query: str) -> list[Topic]:
    """The topics ``query`` names: by printed name or key, exactly (case and spaces aside),
    else every topic whose name starts with it, else every topic whose name contains it."""
    want = " ".join(query.lower().replace("_", " ").replace("-", " ").split())
    if not want:
        return []
    topics = views.glossary()

    def norm(text: str) -> str:
        return " ".join(text.lower().replace("_", " ").replace("-", " ").split())

    exact = [t for t in topics if norm(t.name) == want or norm(t.key) == want]
    if exact:
        return exact
    starts = [t for t in topics if norm(t.name).startswith(want)]
    return starts or [t for t in topics if want in norm(t.name)]
