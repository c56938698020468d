"""Remake the pictures of the terminal review in docs/learn.md.

    .venv/bin/python scripts/docs_screens.py [--out docs/screens]

A Tiletum game between two greedy bots (fixed seeds) is saved, reviewed as ``towers review
tiletum.json --plot scores.png`` reviews it (the same default budget and seed), and the
terminal's output is recorded by Rich at 80 columns, exported as SVG and drawn into
``learn-review-terminal.png`` by chromium (Playwright); the plot of the scores over time is
``learn-review-plot.png``. The same seeds give the same pictures. Needs the ``report`` extra
(matplotlib) and chromium (scripts/install-browser).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
from pathlib import Path

from rich.console import Console

import towers
from towers.core.chance import sample_chance
from towers.core.game import State
from towers.core.record import save
from towers.core.registry import make_bot, views_of
from towers.learn.report import WIDTH, show_review
from towers.learn.review import plot_scores, review_saved

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
GAME = "tiletum"
SEED = 3
"""The seed of the game's draws; the bots' seeds follow from it."""
COMMAND = "$ towers review tiletum.json --plot scores.png"


def greedy_game(name: str = GAME, seed: int = SEED) -> State:
    """A two-player game of ``name`` played to its end by two greedy bots."""
    rng = random.Random(seed)
    state = towers.make(name, players=2).new_initial_state()
    bots = [make_bot("greedy", seed=seed * 10 + seat) for seat in range(2)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots[state.current_player()].choose(state))
    return state


def terminal_svg(folder: Path, plot: Path) -> tuple[str, str]:
    """The review of the game as the terminal shows it: (SVG, plain text)."""
    state = greedy_game()
    path = folder / f"{GAME}.json"
    save(path, state)
    made, _ = review_saved(path, store=False)
    console = Console(
        record=True,
        width=WIDTH,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        highlight=False,
    )
    console.print(COMMAND, style="bold")
    show_review(made, console)
    plot_scores(made, plot, views_of(state.game).colours())
    console.print("The plot is in scores.png.")
    text = console.export_text(clear=False)
    return console.export_svg(title="towers review"), text


def to_png(svg: str, png: Path) -> None:
    """Draw ``svg`` into ``png`` with chromium, at twice its size for sharp text."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(device_scale_factor=2)
        page.set_content(
            "<!doctype html><html><body style='margin:0;background:#fff'>" + svg + "</body></html>"
        )
        page.locator("svg").first.screenshot(path=str(png))
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    parser.add_argument("--text", action="store_true", help="also print the review's text")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        svg, text = terminal_svg(Path(tmp), args.out / "learn-review-plot.png")
    to_png(svg, args.out / "learn-review-terminal.png")
    if args.text:
        print(text)
    print(
        f"wrote {args.out / 'learn-review-terminal.png'} and {args.out / 'learn-review-plot.png'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
