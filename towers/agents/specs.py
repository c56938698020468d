"""Who plays a seat, in words: a bot's name and its parameters, as the command line, the
simulator and scripts write it::

    random
    mcts:iterations=50
    mcts:seconds=0.2,c=0.5       (":" also separates parameters: mcts:seconds=0.2:c=0.5)

Values are read as typed after ``KEY=`` (:func:`towers.core.options.parse_value`); whether a
bot takes them is for its declared parameters to say (:mod:`towers.agents.params`).

>>> parse_spec("MCTS:iterations=50,c=0.5", ["mcts", "random"])
('mcts', {'iterations': 50, 'c': 0.5})
>>> parse_spec("mcts:iterations", ["mcts"])
Traceback (most recent call last):
...
towers.agents.specs.SpecError: seat 'mcts:iterations': 'iterations' is not KEY=VALUE (for example mcts:iterations=50)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from towers.core.errors import GameOptionError
from towers.core.options import parse_value

EXAMPLE = "mcts:iterations=50"


class SpecError(GameOptionError):
    """A seat spec that names no seat kind, or a part of it that is not ``KEY=VALUE``."""


def parse_pair(item: str, what: str, example: str = EXAMPLE) -> tuple[str, Any]:
    """``"key=value"`` as its key and value; ``what`` names the input in the error, with
    ``example`` of what is meant."""
    key, sep, value = item.partition("=")
    key = key.strip()
    if not sep or not key:
        raise SpecError(f"{what}: {item.strip()!r} is not KEY=VALUE (for example {example})")
    return key, parse_value(value)


def parse_spec(text: str, kinds: Sequence[str], what: str = "seat") -> tuple[str, dict[str, Any]]:
    """``NAME`` or ``NAME:key=value[,key=value...]`` as the kind (lower case, one of
    ``kinds``) and its parameters."""
    name, _, rest = text.strip().partition(":")
    kind = name.strip().lower()
    if kind not in kinds:
        shown = kind or "(empty)"
        raise SpecError(f"unknown {what} {shown!r}; a {what} can be: {', '.join(kinds)}")
    params: dict[str, Any] = {}
    for part in re.split("[:,]", rest):
        if part.strip():
            key, value = parse_pair(part, f"{what} {text.strip()!r}")
            params[key] = value
    return kind, params
