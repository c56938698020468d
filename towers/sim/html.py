"""A run's report as a folder: ``index.html`` with PNG plots (matplotlib, ``towers[report]``)
and ``figures.json``, the numbers the page and its plots show.

The plots: win rate by seat and by bot with 95% intervals, each bot's scores, the games'
lengths, each bot's rating with its 95% interval, the cross-table of who finished ahead of
whom, and a plot for each balance facet the game reports (see
:func:`towers.core.registry.balance_of`). The report of a cooperative game shows the team's
win rate, a team result, in place of the seats, the ratings and the cross-table (teammates
always finish together), and its balance views give the team's win rate.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from towers.core.errors import GameOptionError
from towers.sim.analysis import balance, cross_table, is_seat_facet, ratings
from towers.sim.summary import Interval, SimulationReport, players_text, runs_text

PLOTS = ("seats", "bots", "scores", "lengths", "ratings", "cross_table")
"""The plots every report has (a solo run has no seats, ratings or cross-table; a cooperative
one has ``team`` in their place); a balance facet adds ``balance-<n>.png``."""


def figures(report: SimulationReport) -> dict[str, Any]:
    """The numbers of the report, JSON-ready (what ``figures.json`` holds)."""
    results = report.results
    team = report.cooperative
    alone = len(report.seats) == 1 or team  # no seat to rate against another
    data: dict[str, Any] = {
        "inputs": report.inputs,
        "games": report.games,
        "summary": report.to_dict(timings=False, results=False),
        "lengths": [r.actions for r in results],
        "scores": {
            e.label: [r.scores[r.lineup.index(k)] for r in results if k in r.lineup]
            for k, e in enumerate(report.entries)
        },
        "ratings": [] if alone else [r.to_dict() for r in ratings(report.entries, results)],
        "cross_table": [] if team else [p.to_dict() for p in cross_table(report.entries, results)],
        "balance": {
            facet: {"per_seat": is_seat_facet(results, facet), "rows": [r.to_dict() for r in rows]}
            for facet, rows in balance(results, team).items()
        },
    }
    return data


def _errors(rates: Sequence[float], intervals: Sequence[Interval | None]) -> list[list[float]]:
    low = [r - (i.low if i else r) for r, i in zip(rates, intervals, strict=True)]
    high = [(i.high if i else r) - r for r, i in zip(rates, intervals, strict=True)]
    return [low, high]


def _interval(data: dict[str, float] | None) -> Interval | None:
    return Interval(data["low"], data["high"]) if data else None


class _Plots:
    def __init__(self, folder: Path) -> None:
        try:
            from matplotlib.figure import Figure
        except ImportError as exc:
            raise GameOptionError("reports need matplotlib: pip install 'towers[report]'") from exc
        self.Figure = Figure
        self.folder = folder
        self.written: list[tuple[str, str]] = []

    def axes(self, width: float = 6.4, height: float = 3.6) -> tuple[Any, Any]:
        figure = self.Figure(figsize=(width, height), layout="constrained")
        return figure, figure.subplots()

    def save(self, figure: Any, name: str, title: str) -> None:
        figure.savefig(self.folder / f"{name}.png", dpi=100)
        self.written.append((name, title))

    def rates(
        self,
        name: str,
        title: str,
        labels: Sequence[str],
        rates: Sequence[float],
        intervals: Sequence[Interval | None],
        even: float | None,
    ) -> None:
        figure, ax = self.axes()
        ax.bar(labels, rates, yerr=_errors(rates, intervals), capsize=4, color="#4c78a8")
        if even is not None:
            ax.axhline(even, color="#888", linestyle="--", linewidth=1, label="even")
            ax.legend()
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title(title)
        self.save(figure, name, title)


def write_report(report: SimulationReport, folder: str | Path) -> Path:
    """Write the report of ``report`` into ``folder`` (made if need be); its page's path."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise GameOptionError(f"{folder} is a file; give a folder for the report")
    if not report.results:
        raise GameOptionError("the run holds no games yet: there is nothing to report")
    data = figures(report)
    plots = _Plots(folder)
    folder.mkdir(parents=True, exist_ok=True)
    _win_rate_plots(plots, report, data)
    _distribution_plots(plots, report, data)
    _balance_plots(plots, report, data)

    (folder / "figures.json").write_text(json.dumps(data, indent=1) + "\n")
    page = folder / "index.html"
    page.write_text(_page(report, data, plots.written))
    return page


def _win_rate_plots(plots: _Plots, report: SimulationReport, data: dict[str, Any]) -> None:
    """The win rates by seat (or the team's) and by bot."""
    summary = data["summary"]
    players = len(report.seats)
    team = report.team
    if team is not None:
        plots.rates(
            "team",
            "Team win rate",
            ["team"],
            [team.win_rate],
            [team.win_rate_ci],
            None,
        )
    elif players > 1:
        plots.rates(
            "seats",
            "Win rate by seat",
            [f"seat {s['seat']}" for s in summary["seats"]],
            [s["win_rate"] for s in summary["seats"]],
            [_interval(s["win_rate_ci"]) for s in summary["seats"]],
            1 / players,
        )
    rivals = players > 1 and team is None
    plots.rates(
        "bots",
        "Team win rate by bot" if team else "Win rate by bot" if rivals else "Solo win rate",
        [b["label"] for b in summary["bots"]],
        [b["win_rate"] for b in summary["bots"]],
        [_interval(b["win_rate_ci"]) for b in summary["bots"]],
        1 / players if rivals else None,
    )


def _distribution_plots(plots: _Plots, report: SimulationReport, data: dict[str, Any]) -> None:
    """The scores, the games' lengths, the ratings and the cross-table."""
    figure, ax = plots.axes()
    scores = data["scores"]
    ax.boxplot(list(scores.values()), tick_labels=list(scores))
    ax.set_ylabel("score")
    ax.set_title("Scores by bot")
    plots.save(figure, "scores", "Scores by bot")

    figure, ax = plots.axes()
    ax.hist(data["lengths"], bins=min(30, max(5, len(set(data["lengths"])))), color="#72b7b2")
    ax.set_xlabel("actions in the game, chance included")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    plots.save(figure, "lengths", "Game length")

    if data["ratings"]:
        figure, ax = plots.axes()
        rated = data["ratings"]
        mus = [r["mu"] for r in rated]
        half = [1.959963984540054 * r["sigma"] for r in rated]
        ax.errorbar([r["label"] for r in rated], mus, yerr=half, fmt="o", capsize=4)
        ax.set_ylabel("rating (openskill mu, 95% interval)")
        ax.set_title("Ratings")
        plots.save(figure, "ratings", "Ratings")

    labels = [e.label for e in report.entries]
    if data["cross_table"]:
        cells = {(p["first"], p["second"]): p["ahead"] for p in data["cross_table"]}
        grid = [[cells.get((a, b), float("nan")) for b in labels] for a in labels]
        size = 1.2 + 0.9 * len(labels)
        figure, ax = plots.axes(size + 1.5, size)
        image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
        ax.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
        ax.set_yticks(range(len(labels)), labels)
        for i, row in enumerate(grid):
            for j, value in enumerate(row):
                if value == value:  # not NaN: the pair met
                    colour = "white" if abs(value - 0.5) > 0.3 else "black"
                    ax.text(j, i, f"{100 * value:.0f}%", ha="center", va="center", color=colour)
        figure.colorbar(image, ax=ax, label="row finished ahead of column")
        ax.set_title("Cross-table")
        plots.save(figure, "cross_table", "Cross-table")


def _balance_plots(plots: _Plots, report: SimulationReport, data: dict[str, Any]) -> None:
    """The win rates by each label of each balance facet."""
    players = len(report.seats)
    team = report.team
    rivals = players > 1 and team is None
    for n, (facet, view) in enumerate(data["balance"].items()):
        rows = view["rows"]
        title = f"Balance: {facet}"
        if view["per_seat"] or team is not None:
            what = (
                "team win rate of the games with it"
                if not view["per_seat"]
                else "team win rate of a seat with it"
                if team is not None
                else "win rate of a seat with it"
            )
            plots.rates(
                f"balance-{n}",
                f"{title} ({what})",
                [r["label"] for r in rows],
                [r["win_rate"][0] for r in rows],
                [_interval(r["intervals"][0]) for r in rows],
                1 / players if rivals else None,
            )
            continue
        figure, ax = plots.axes()
        width = 0.8 / max(1, players)
        for s in range(players):
            rates = [r["win_rate"][s] for r in rows]
            ax.bar(
                [i + s * width for i in range(len(rows))],
                rates,
                width,
                yerr=_errors(rates, [_interval(r["intervals"][s]) for r in rows]),
                capsize=3,
                label=f"seat {s}",
            )
        ax.set_xticks(
            [i + width * (players - 1) / 2 for i in range(len(rows))],
            [f"{r['label']} ({r['count']})" for r in rows],
        )
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% interval)")
        ax.legend()
        ax.set_title(f"{title} (games with it)")
        plots.save(figure, f"balance-{n}", title)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _span(interval: dict[str, float] | None) -> str:
    if not interval:
        return "-"
    return f"{100 * interval['low']:.1f}..{100 * interval['high']:.1f}%"


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _page(report: SimulationReport, data: dict[str, Any], plots: list[tuple[str, str]]) -> str:
    inputs = report.inputs
    summary = data["summary"]
    lineup = inputs.get("bots") or inputs.get("seats") or []
    options = ", ".join(f"{k}={v}" for k, v in inputs.get("options", {}).items()) or "defaults"
    if "runs" in inputs:
        options = runs_text(inputs, games=True)
    run = _table(
        ("what", "value"),
        [
            ("game", f"{inputs.get('game')}, {players_text(inputs.get('players', 0))}"),
            ("tournament of" if "bots" in inputs else "seats", ", ".join(lineup)),
            ("options", options),
            ("seed", inputs.get("seed")),
            ("games", f"{report.games} of {inputs.get('games')}"),
            ("actions per game", f"{report.actions_mean:.1f}"),
        ],
    )
    rated = {r["label"]: r for r in data["ratings"]}
    bots = _table(
        ("bot", "games", "win", "95% interval", "score mean", "score sd", "rating", "± (95%)"),
        [
            (
                b["label"],
                b["games"],
                _percent(b["win_rate"]),
                _span(b["win_rate_ci"]),
                f"{b['score_mean']:.2f}",
                f"{b['score_std']:.2f}",
                f"{rated[b['label']]['mu']:.2f}" if b["label"] in rated else "-",
                f"{1.959963984540054 * rated[b['label']]['sigma']:.2f}"
                if b["label"] in rated
                else "-",
            )
            for b in summary["bots"]
        ],
    )
    parts = [
        f"<h1>{html.escape(str(inputs.get('game')))}: "
        f"{'tournament' if 'bots' in inputs else 'simulation'}</h1>",
        run,
        "<h2>Bots</h2>",
        bots,
    ]
    parts += _result_tables(report, data)
    parts.append("<h2>Plots</h2>")
    parts += [
        f'<figure><img src="{name}.png" alt="{html.escape(title)}">'
        f"<figcaption>{html.escape(title)}</figcaption></figure>"
        for name, title in plots
    ]
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
        "table{border-collapse:collapse;margin:0.5em 0}"
        "td,th{border:1px solid #ccc;padding:0.2em 0.6em;text-align:right}"
        "img{max-width:100%}"
    )
    title = html.escape(f"{inputs.get('game')} report")
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n"
    )


def _result_tables(report: SimulationReport, data: dict[str, Any]) -> list[str]:
    """The team's or the seats' results, the cross-table and the balance facets."""
    summary = data["summary"]
    parts: list[str] = []
    team = summary.get("team")
    if team is not None:
        parts += [
            "<h2>Team</h2>",
            "<p>A team result: the seats win or lose together against the game, so a win "
            "counts once a game, for every seat.</p>",
            _table(
                ("games", "won", "team win", "95% interval"),
                [
                    (
                        team["games"],
                        team["wins"],
                        _percent(team["win_rate"]),
                        _span(team["win_rate_ci"]),
                    )
                ],
            ),
        ]
    elif len(report.seats) > 1:
        seats = _table(
            ("seat", "win", "95% interval", "score mean"),
            [
                (
                    s["seat"],
                    _percent(s["win_rate"]),
                    _span(s["win_rate_ci"]),
                    f"{s['score_mean']:.2f}",
                )
                for s in summary["seats"]
            ],
        )
        parts += ["<h2>Seats</h2>", seats]
    if data["cross_table"]:
        labels = [e.label for e in report.entries]
        cells = {(p["first"], p["second"]): p for p in data["cross_table"]}
        rows = [
            [a]
            + [
                f"{_percent(cells[a, b]['ahead'])} of {cells[a, b]['games']}"
                if (a, b) in cells
                else "-"
                for b in labels
            ]
            for a in labels
        ]
        parts += [
            "<h2>Cross-table</h2>",
            "<p>How often the row's bot finished ahead of the column's, in the games they "
            "played together (a win first, then the score; a tie counts a half).</p>",
            _table(["", *labels], rows),
        ]
    for facet, view in data["balance"].items():
        what = "seats with it" if view["per_seat"] else "games with it"
        one = view["per_seat"] or team is not None  # one rate a row
        head = (
            ["label", what, "team win" if team is not None else "win", "95% interval"]
            if one
            else ["label", what, *(f"seat {s} win" for s in range(len(report.seats)))]
        )
        rows = [
            [r["label"], r["count"], _percent(r["win_rate"][0]), _span(r["intervals"][0])]
            if one
            else [r["label"], r["count"], *(_percent(w) for w in r["win_rate"])]
            for r in view["rows"]
        ]
        parts += [f"<h2>Balance: {html.escape(facet)}</h2>", _table(head, rows)]
    return parts
