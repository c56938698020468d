"""Every pillars action, declared once: the ints, the values the rules match on and the words
players type all come from this list.

=========  ======  =====================================================
kind       ints    meaning
=========  ======  =====================================================
Build      0-2     add a block to pillar 1, 2 or 3
Pass       3       place no bonus block
=========  ======  =====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from towers.core.actions import Action, ActionSpace, Domain

PILLARS = 3
PILLAR = Domain.numbered("pillar", PILLARS)


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Add a block to a pillar that is not complete."""

    TEXT = "build {pillar}"
    pillar: Annotated[int, PILLAR]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the bonus block."""

    TEXT = "pass"


SPACE = ActionSpace("pillars", [Build, Pass], examples=["build 1", "pass"])
