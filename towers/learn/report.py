"""A review shown in a terminal with Rich, in 80 columns: the verdict, each seat's decisions
and what they cost, the biggest swings, the score over time at a few steps and the score by
category at the end."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from towers.core.registry import make, title_of, views_of
from towers.core.words import plural
from towers.learn.effects import number
from towers.learn.review import Review

WIDTH = 80
"""The columns a review is laid out in."""
SAMPLES = 8
"""The steps at which the table of the score over time shows the scores (the start and the
end among them)."""


def cost_words(made: Review, cost: float) -> str:
    """A cost in the review's unit: points, or the game's measure with two decimals."""
    if made.unit == "points":
        return number(cost)
    return f"{cost:.2f}"


def budget_words(made: Review) -> str:
    iterations = made.budget.get("iterations")
    seconds = made.budget.get("seconds")
    parts = []
    if iterations:
        most = int(iterations) * int(made.budget.get("most_times") or 1)
        if most > int(iterations):
            parts.append(f"{int(iterations)} to {plural(most, 'imagined game')}")
        else:
            parts.append(plural(int(iterations), "imagined game"))
    if seconds:
        parts.append(f"{seconds:g} seconds")
    return " or ".join(parts) + " a decision"


def seat_names(made: Review) -> list[str]:
    """Each seat's printed name in the game reviewed (its colour, where seats have one)."""
    return views_of(make(made.game, players=made.players, **made.options)).seat_names()


def seat_table(made: Review) -> Table:
    unit = "points" if made.unit == "points" else "measure"
    table = Table(title="Each seat's decisions", title_justify="left", expand=False)
    table.add_column("Seat")
    table.add_column("Final score", justify="right")
    table.add_column("Decisions", justify="right")
    table.add_column(f"Cost ({unit})", justify="right")
    table.add_column("Costliest", justify="right")
    for seat in range(made.players):
        mine = [r for r in made.ratings if r.seat == seat]
        worst = max(mine, key=lambda r: r.cost, default=None)
        table.add_row(
            escape(seat_names(made)[seat]),
            number(made.scores[seat][-1]),
            str(len(mine)),
            cost_words(made, made.seat_cost(seat)),
            "-" if worst is None or not worst.cost else f"step {worst.step}",
        )
    return table


def sample_steps(steps: int, count: int = SAMPLES) -> list[int]:
    """``count`` steps spread over a game of ``steps`` steps, the first and the last among
    them (fewer for a shorter game).

    >>> sample_steps(70, 8), sample_steps(3, 8)
    ([0, 10, 20, 30, 40, 50, 60, 70], [0, 1, 2, 3])
    """
    if steps < count:
        return list(range(steps + 1))
    return sorted({round(i * steps / (count - 1)) for i in range(count)})


def over_time_table(made: Review) -> Table:
    table = Table(title="The score over time", title_justify="left")
    table.add_column("Step", justify="right")
    for seat in range(made.players):
        table.add_column(escape(seat_names(made)[seat]), justify="right")
    for step in sample_steps(made.steps):
        table.add_row(str(step), *(number(made.scores[s][step]) for s in range(made.players)))
    return table


def category_table(made: Review) -> Table:
    table = Table(title="The score by category", title_justify="left")
    table.add_column("Category")
    for seat in range(made.players):
        table.add_column(escape(seat_names(made)[seat]), justify="right")
    for i, name in enumerate(made.categories):
        values = [row[i] if i < len(row) else "" for row in made.rows]
        cells = [number(v) if isinstance(v, int | float) else str(v) for v in values]
        table.add_row(escape(name), *cells)
    return table


def review_renderables(
    made: Review, stored: bool = False, viewer: int | None = None
) -> list[RenderableType]:
    """The review as Rich renderables, top to bottom, as ``viewer`` (a seat, or None for a
    spectator) may read it."""
    rated = len(made.ratings)
    searched = sum(1 for r in made.ratings if not r.forced)
    head = Text()
    head.append(f"Review of {title_of(made.game)}", style="bold")
    head.append(
        f": {plural(made.steps, 'step')}, {plural(rated, 'decision')} rated "
        f"({searched} searched with {budget_words(made)})"
    )
    if stored:
        head.append(", as stored beside the save")
    head.append(".")
    parts: list[RenderableType] = [head]
    if made.verdict:
        parts.append(Text(made.verdict))
    elif not made.finished:
        parts.append(Text("The game is not over: the review covers the steps played so far."))
    if made.cut_short:
        parts.append(Text("The search was stopped early; the ratings are rough."))
    if made.unit != "points":
        parts.append(
            Text("Costs are in the game's own measure of a standing (the bots' heuristic).")
        )
    parts.append(seat_table(made))
    parts.append(Text("The biggest swings", style="italic"))
    if made.swings:
        for swing in made.swings:
            parts.append(Text(f"- {swing.text_for(viewer)}"))
    else:
        parts.append(Text("- none: no decision cost much by the search."))
    parts.append(over_time_table(made))
    if made.categories:
        parts.append(category_table(made))
    for note in made.notes:
        parts.append(Text(note))
    return parts


def show_review(
    made: Review,
    console: Console | None = None,
    stored: bool = False,
    viewer: int | None = None,
) -> None:
    """Print the review on ``console`` (by default standard output, at most 80 columns) as
    ``viewer`` (a seat, or None for a spectator) may read it."""
    if console is None:
        console = Console(highlight=False)
        console.width = min(console.width, WIDTH)
    console.print(Group(*review_renderables(made, stored, viewer)))
