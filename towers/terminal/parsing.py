"""The small languages of the command line: ``key=value`` options, seat specs, player lists.

>>> parse_options(["deck=6", "variant=long", "solo=true"])
{'deck': 6, 'variant': 'long', 'solo': True}
>>> SeatSpec.from_text("mcts:iterations=100", bots=["mcts", "random"])
SeatSpec(kind='mcts', params={'iterations': 100})
>>> SeatSpec(kind="mcts", params={"iterations": 100, "style": "wide"}).to_text()
'mcts:iterations=100,style=wide'
>>> [s.to_text() for s in parse_seats("human,mcts:iterations=50,c=0.5,greedy", bots=["mcts", "greedy"])]
['human', 'mcts:iterations=50,c=0.5', 'greedy']
>>> parse_player_counts("2,4", low=2, high=4)
[2, 4]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from towers.agents import specs
from towers.agents.params import Param
from towers.agents.specs import SpecError, parse_spec
from towers.core.chance import derive_seed
from towers.core.errors import GameOptionError, TowersError
from towers.core.options import value_text
from towers.core.registry import bot_class, list_bots, make_bot

HUMAN = "human"
"""The seat kind of a person at the terminal."""


class InputError(TowersError, ValueError):
    """Command-line input that names nothing allowed; the message lists what is allowed."""


def value_to_text(value: Any) -> str:
    """The inverse of :func:`towers.core.options.parse_value`, inside a seat spec: as ``-o`` takes it, and quoted
    when it holds the spec's own separators."""
    if isinstance(value, str) and set(value) & set(":,="):
        return json.dumps(value)
    return value_text(value)


def parse_pair(item: str, what: str) -> tuple[str, Any]:
    """``KEY=VALUE`` of ``--option`` or ``--bot-param`` (``what``), read as seat specs are."""
    try:
        return specs.parse_pair(item, what, example="deck=6")
    except SpecError as exc:
        raise InputError(str(exc)) from None


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``--option`` values as a dict; values are parsed as JSON when they are JSON."""
    options: dict[str, Any] = {}
    for item in items:
        key, value = parse_pair(item, "--option")
        if key in options:
            raise InputError(f"--option {key} is given twice")
        options[key] = value
    return options


def seat_kinds(bots: Sequence[str] | None = None) -> list[str]:
    return [HUMAN, *(list_bots() if bots is None else bots)]


@dataclass
class SeatSpec:
    """Who plays a seat: ``human`` or a bot name, with the bot's parameters."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @classmethod
    def from_text(cls, text: str, bots: Sequence[str] | None = None) -> SeatSpec:
        """``NAME`` or ``NAME:key=value[,key=value...]``, e.g. ``mcts:iterations=100,c=0.5``
        (``:`` also separates parameters)."""
        try:
            kind, params = parse_spec(text, seat_kinds(bots))
        except SpecError as exc:
            raise InputError(str(exc)) from None
        if kind == HUMAN and params:
            raise InputError(f"a human seat takes no parameters, not {text!r}")
        return cls(kind, params)

    def to_text(self) -> str:
        if not self.params:
            return self.kind
        pairs = ",".join(f"{k}={value_to_text(v)}" for k, v in self.params.items())
        return f"{self.kind}:{pairs}"


def parse_seats(
    text: str, bots: Sequence[str] | None = None, flag: str = "--seats"
) -> list[SeatSpec]:
    """Comma-separated seat specs in seat order; a ``key=value`` part with no ``:`` continues
    the seat before it, so ``mcts:iterations=50,c=0.5,greedy`` is two seats. ``flag`` names
    the option the text came from, for the message."""
    seats: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and seats:
            seats[-1] += "," + part
        else:
            seats.append(part)
    if not text.strip() or any(not p.strip() for p in seats):
        raise InputError(
            f"{flag} needs a comma-separated list such as human,greedy, not {text!r}; "
            f"a seat can be: {', '.join(seat_kinds(bots))}"
        )
    return [SeatSpec.from_text(p, bots) for p in seats]


def parse_bot_params(
    items: Iterable[str], bots: Sequence[str] | None = None
) -> dict[str, dict[str, Any]]:
    """``--bot-param BOT:key=value[,key=value...]`` values, grouped by bot name."""
    known = list_bots() if bots is None else list(bots)
    grouped: dict[str, dict[str, Any]] = {}
    for item in items:
        name, sep, rest = item.partition(":")
        name = name.strip().lower()
        if not sep or not rest.strip():
            raise InputError(
                f"--bot-param needs BOT:KEY=VALUE (for example mcts:seconds=0.2), not {item!r}"
            )
        if name not in known:
            raise InputError(f"--bot-param names unknown bot {name!r}; bots: {', '.join(known)}")
        params = grouped.setdefault(name, {})
        for pair in re.split("[:,]", rest):
            key, value = parse_pair(pair, "--bot-param")
            params[key] = value
    return grouped


def merge_bot_params(
    seats: list[SeatSpec], bot_params: Mapping[str, Mapping[str, Any]]
) -> list[SeatSpec]:
    """Seats with ``--bot-param`` values added (a seat's own parameters win)."""
    used = {s.kind for s in seats}
    unused = sorted(set(bot_params) - used)
    if unused:
        raise InputError(
            f"--bot-param is for {', '.join(unused)} but no seat plays it; "
            f"the seats are: {', '.join(s.kind for s in seats)}"
        )
    return [
        SeatSpec(s.kind, {**bot_params.get(s.kind, {}), **s.params}) if not s.is_human else s
        for s in seats
    ]


def parse_player_counts(text: str, low: int, high: int) -> list[int]:
    """``2,3,4`` (or a range ``2-4``) checked against the game's player range."""
    counts: list[int] = []
    try:
        for part in text.split(","):
            first, dash, last = part.strip().partition("-")
            lo = int(first)
            hi = int(last) if dash else lo
            if hi < lo:
                raise InputError(f"--players {part.strip()} counts down; write it as {hi}-{lo}")
            counts.extend(range(lo, hi + 1))
    except InputError:
        raise
    except ValueError:
        raise InputError(f"--players needs numbers such as 2,3,4 or 2-4, not {text!r}") from None
    bad = [n for n in counts if not low <= n <= high]
    if bad or not counts:
        raise InputError(
            f"--players {text!r} is not allowed; this game is for {low} to {high} players"
        )
    return sorted(set(counts))


def bot_params(name: str) -> tuple[Param, ...]:
    """The parameters a bot declares, with their defaults, allowed values and meaning (none
    for a bot that cannot be loaded or declares none)."""
    try:
        return tuple(getattr(bot_class(name), "PARAMS", ()))
    except (ImportError, GameOptionError):
        return ()


def param_text(param: Param) -> str:
    """One parameter for players: ``iterations = 200: what it does; what is allowed``."""
    default = "not set" if param.default is None else value_text(param.default)
    return f"{param.name} = {default}: {param.help}; {param.allowed()}"


def make_seat_bots(seats: Sequence[SeatSpec], seed: int, ply: int = 0) -> list[Any | None]:
    """One bot per bot seat (``None`` for humans), each seeded from the game seed and seat."""
    bots: list[Any | None] = []
    for i, spec in enumerate(seats):
        if spec.is_human:
            bots.append(None)
            continue
        try:
            bots.append(make_bot(spec.kind, seed=derive_seed(seed, "seat", i, ply), **spec.params))
        except ImportError as exc:
            raise InputError(f"bot {spec.kind!r} is not available: {exc}") from exc
        except GameOptionError as exc:
            raise InputError(f"seat {i} ({spec.to_text()}): {exc} (see towers bots)") from exc
    return bots
