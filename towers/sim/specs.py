"""Seat specs: which bot sits where, with which parameters, and under which name it reports.

A seat spec is a bot's registry name, optionally followed by a colon and comma-separated
``key=value`` parameters::

    random
    mcts:iterations=50
    mcts:seconds=0.2,c=0.5,rollout_depth=0
    greedy:samples=8

It is read by :func:`towers.agents.specs.parse_spec`, as the command line reads it. Parameters
also come from ``bot_params``, keyed by a bot name (every seat running that bot) or by a
seat's label (that seat only); the spec's own parameters win over both, and a label's over
a bot name's.

Each seat reports under its spec as written; a spec used twice reports its second seat as
``"random#2"``, its third as ``"random#3"``.

>>> parse_seat_spec("mcts:iterations=50,c=0.5")
('mcts', {'iterations': 50, 'c': 0.5})
>>> [e.label for e in resolve_seats(["random", "greedy", "random"])]
['random', 'greedy', 'random#2']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from towers.agents.specs import parse_spec
from towers.core.errors import GameOptionError
from towers.core.registry import list_bots


@dataclass(frozen=True)
class SeatEntry:
    """One bot of a line-up: its report label, registry name and parameters."""

    label: str
    bot: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "bot": self.bot, "params": dict(self.params)}


def parse_seat_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=50"`` -> ``("mcts", {"iterations": 50})``; unknown bots rejected."""
    return parse_spec(spec, list_bots())


def resolve_seats(
    seats: Sequence[str], bot_params: Mapping[str, Mapping[str, Any]] | None = None
) -> list[SeatEntry]:
    """The line-up of ``seats`` with labels made unique and every parameter merged."""
    bot_params = bot_params or {}
    entries: list[SeatEntry] = []
    seen: dict[str, int] = {}
    for spec in seats:
        name, inline = parse_seat_spec(spec)
        base = spec.strip()
        seen[base] = seen.get(base, 0) + 1
        label = base if seen[base] == 1 else f"{base}#{seen[base]}"
        params = {
            **dict(bot_params.get(name, {})),
            **dict(bot_params.get(label, {})),
            **inline,
        }
        entries.append(SeatEntry(label, name, params))
    labels = {e.label for e in entries}
    names = {e.bot for e in entries}
    unused = sorted(set(bot_params) - labels - names)
    if unused:
        raise GameOptionError(
            f"bot_params names {', '.join(unused)}, which is neither a bot nor a seat here; "
            f"seats: {', '.join(e.label for e in entries)}"
        )
    return entries
