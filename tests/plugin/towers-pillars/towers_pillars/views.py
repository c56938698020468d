"""How Pillars is shown: a line of text in the terminal, and an SVG of the three pillars whose
clickable pillars choose the build actions in the browser."""

from __future__ import annotations

from towers.core.game import State
from towers.core.views import Views
from towers_pillars.actions import PILLARS, SPACE, Build, Pass
from towers_pillars.rules import PillarsState

BLOCK = 40
WIDTH = 100
GAP = 20


class PillarsViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, PillarsState)
        return "  ".join(f"pillar {p + 1}: {h}/{state.height}" for p, h in enumerate(state.heights))

    def svg(self, state: State, seat: int | None) -> str:
        assert isinstance(state, PillarsState)
        tall = (state.height + 1) * BLOCK
        wide = PILLARS * (WIDTH + GAP) + GAP
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {wide} {tall}">']
        for p, h in enumerate(state.heights):
            x = GAP + p * (WIDTH + GAP)
            parts.append(
                f'<rect id="pillar-{p + 1}" x="{x}" y="0" width="{WIDTH}" height="{tall}" '
                f'fill="#eee"><title>pillar {p + 1}</title></rect>'
            )
            for level in range(h):
                y = tall - (level + 1) * BLOCK
                parts.append(
                    f'<rect x="{x + 4}" y="{y}" width="{WIDTH - 8}" height="{BLOCK - 4}" '
                    f'fill="#964" pointer-events="none"/>'
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
