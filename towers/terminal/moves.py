"""The legal moves of a state as a numbered menu grouped by their first word, and what a typed
line means: a move's name (exact, any case, or an unambiguous prefix) or its number.

>>> class Fake:
...     def action_to_string(self, a): return ["pass", "play 1", "play 2"][a]
...     def string_to_action(self, text): raise ValueError(text)
>>> menu = MoveMenu.of(Fake(), [0, 1, 2])
>>> [(label, [menu.names[i] for i in items]) for label, items in menu.groups]
[('pass', ['pass']), ('play', ['play 1', 'play 2'])]
>>> menu.resolve("PLAY 2"), menu.resolve("3"), menu.resolve("pa")
(2, 2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from towers.core.errors import ActionParseError, TowersError


class MoveInputError(TowersError, ValueError):
    """A typed line that names no move, or more than one."""


def group_label(name: str) -> str:
    return name.split()[0] if name.split() else name


def common_words(names: list[str]) -> str:
    """The words every name starts with, short of a whole name (at least one word)."""
    split = [n.split() for n in names]
    shared: list[str] = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words):
            break
        shared.append(words[0])
    if len(names) == 1 or len(shared) == min(len(w) for w in split):
        shared = shared[: max(1, min(len(w) for w in split) - 1)]
    return " ".join(shared) or group_label(names[0])


@dataclass
class MoveMenu:
    """Legal actions in menu order: groups of names sharing a first word, numbered from 1."""

    state: Any
    actions: list[int]
    names: list[str]
    groups: list[tuple[str, list[int]]]

    @classmethod
    def of(cls, state: Any, legal: list[int] | None = None) -> MoveMenu:
        legal = state.legal_actions() if legal is None else legal
        # A game that repeats an action in its legal list still gets one menu entry for it.
        legal = list(dict.fromkeys(legal))
        by_label: dict[str, list[tuple[int, str]]] = {}
        for action in legal:
            name = state.action_to_string(action)
            by_label.setdefault(group_label(name), []).append((action, name))
        actions: list[int] = []
        names: list[str] = []
        groups: list[tuple[str, list[int]]] = []
        for label, members in by_label.items():
            start = len(actions)
            for action, name in members:
                actions.append(action)
                names.append(name)
            groups.append(
                (common_words([n for _, n in members]) or label, list(range(start, len(actions))))
            )
        return cls(state, actions, names, groups)

    def __len__(self) -> int:
        return len(self.actions)

    def render(self) -> Table:
        """The menu as a grid: each group's shared words, then its numbered moves in columns."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for label, items in self.groups:
            moves = [
                Text.assemble((f"{i + 1}", "cyan"), f" {self.names[i]}", no_wrap=True)
                for i in items
            ]
            grid.add_row(escape(label), Columns(moves, padding=(0, 3)))
        return grid

    def resolve(self, text: str) -> int:
        """The action a typed line names: a legal move if it names one, else whatever the game
        parses it as (so that an illegal move reaches ``apply_action`` and is explained).

        Raises MoveInputError when the line names no action, or several legal ones.
        """
        typed = text.strip()
        if not typed:
            raise MoveInputError("type a move's name or number")
        if typed in self.names:
            return self.actions[self.names.index(typed)]
        if typed.isdigit():
            number = int(typed)
            if 1 <= number <= len(self.actions):
                return self.actions[number - 1]
            raise MoveInputError(
                f"there is no move number {number}; the moves are numbered 1 to {len(self.actions)}"
            )
        folded = typed.casefold()
        same = [i for i, name in enumerate(self.names) if name.casefold() == folded]
        if len(same) == 1:
            return self.actions[same[0]]
        try:
            return int(self.state.string_to_action(typed))
        except (ActionParseError, ValueError, KeyError, IndexError) as exc:
            parse_error = str(exc)
        starting = [i for i, name in enumerate(self.names) if name.casefold().startswith(folded)]
        if len(starting) == 1:
            return self.actions[starting[0]]
        if starting:
            shown = ", ".join(self.names[i] for i in starting[:8])
            more = f" and {len(starting) - 8} more" if len(starting) > 8 else ""
            raise MoveInputError(f"{typed!r} could be any of: {shown}{more}; type more of the name")
        raise MoveInputError(
            f"{typed!r} is not a move or a command ({parse_error}). Type a move's name or its "
            f"number 1-{len(self.actions)}, 'moves' to list them, or 'help'"
        )
