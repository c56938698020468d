"""How Pillars is shown: a line of text in the terminal, and an SVG of the three pillars whose
clickable pillars choose the build actions in the browser."""

from __future__ import annotations

from towers.core.game import State
from towers.core.views import Views
from towers_pillars.actions import PILLARS, SPACE, Build, Pass
from towers_pillars.rules import PillarsState

BLOCK = 20


class PillarsViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, PillarsState)
        return "  ".join(f"pillar {p + 1}: {h}/{state.height}" for p, h in enumerate(state.heights))

    def svg(self, state: State, seat: int | None) -> str:
        assert isinstance(state, PillarsState)
        tall = state.height * BLOCK + 20
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {PILLARS * 60} {tall}">']
        for p, h in enumerate(state.heights):
            x = p * 60 + 10
            parts.append(
                f'<rect id="pillar-{p + 1}" x="{x}" y="0" width="40" height="{tall}" '
                f'fill="#eee"><title>pillar {p + 1}</title></rect>'
            )
            for level in range(h):
                y = tall - (level + 1) * BLOCK
                parts.append(
                    f'<rect x="{x + 2}" y="{y}" width="36" height="{BLOCK - 2}" fill="#964"/>'
                )
        parts.append("</svg>")
        return "".join(parts)

    def targets(self, action: int) -> list[str]:
        match SPACE.decode(action):
            case Build(pillar=p):
                return [f"pillar-{p + 1}"]
            case Pass():
                return []
        return []
