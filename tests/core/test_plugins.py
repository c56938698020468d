"""Games and bots are plugins: a package of their own, installed beside towers, adds a game
and a bot that the command line, the simulator and the server then offer like their own."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import towers
from tests.server.live import ROOT, ServerProcess
from tests.web.browser import CHROMIUM, needs_chromium, open_page
from towers.core import registry
from towers.sim import run_simulation

PACKAGE = Path(__file__).resolve().parents[1] / "plugin" / "towers-pillars"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The plugin installed by pip into a folder of its own, and on this process's path."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--target", str(target), str(source)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    sys.path.insert(0, str(target))
    registry.refresh_plugins()
    try:
        yield target
    finally:
        sys.path.remove(str(target))
        for name in [m for m in sys.modules if m.startswith("towers_pillars")]:
            del sys.modules[name]
        registry.refresh_plugins()


def run_towers(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-m", "towers.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_an_installed_plugin_is_found_by_name(site: Path) -> None:
    assert "pillars" in towers.list_games() and "tallest" in towers.list_bots()
    assert not registry.is_shipped("pillars") and registry.is_shipped("torres")
    game = towers.make("pillars", players=2, height=3)
    state = game.new_initial_state()
    bot = towers.make_bot("tallest", seed=1)
    while not state.is_terminal():
        state.apply_action(bot.choose(state))
    # Seat 0 completes each pillar (scoring 1 and 3) and starts the next with its bonus block
    # (1); seat 1 scores the 2 between.
    assert state.scores() == [12.0, 6.0]
    bonus_builds = [a for a in state.history()[1:] if state.action_to_string(a) == "build 2"]
    assert len(bonus_builds) == 3


def test_the_conformance_suite_runs_over_an_installed_plugin(site: Path) -> None:
    from towers.core.conformance import check_all

    for players in (2, 3):
        for height in (3, 5):
            check_all(towers.make("pillars", players=players, height=height), seed=players)


def test_core_names_no_game_and_no_bot() -> None:
    text = (ROOT / "towers" / "core" / "registry.py").read_text()
    for name in ("torres", "tiletum", "mcts", "greedy", "towers.games.", "towers.agents."):
        assert name not in text.split('"""', 2)[2], name


def test_the_command_line_lists_and_plays_the_plugin(site: Path) -> None:
    games = run_towers(site, "games")
    assert games.returncode == 0 and "pillars" in games.stdout
    bots = run_towers(site, "bots")
    assert bots.returncode == 0 and "tallest" in bots.stdout
    played = run_towers(site, "play", "pillars", "-s", "tallest,random", "--seed", "3")
    assert played.returncode == 0, played.stderr
    report = run_towers(
        site, "simulate", "pillars", "-n", "6", "-s", "tallest,random", "--workers", "2",
        "--json", "-",
    )  # fmt: skip
    assert report.returncode == 0, report.stderr
    assert json.loads(report.stdout)["inputs"]["games"] == 6


def test_a_simulation_in_worker_processes_plays_the_plugin(site: Path) -> None:
    report = run_simulation(
        "pillars", players=2, games=4, seats=["tallest", "random"], seed=2, workers=2
    )
    assert len(report.to_dict()["results"]) == 4
    # the balance facets the plugin declares reach the workers too
    assert all(r.balance["order"] == ["first", "later"] for r in report.results)


def test_the_server_offers_and_plays_the_plugin(site: Path, tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'games.sqlite3'}",
        PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]),
        TOWERS_BOT_MODE="process",
    )
    live = server.start()
    try:
        catalog = live.http.get("/api/catalog").json()
        assert "pillars" in [g["name"] for g in catalog["games"]]
        assert "tallest" in [b["name"] for b in catalog["bots"]]
        seats = [{"kind": "tallest"}, {"kind": "random"}]
        gid = live.create("pillars", players=2, seats=seats, seed=5)["id"]
        over = live.wait(gid, lambda v: v["status"] == "over", timeout=60)
        # twelve blocks, and a pass for each bonus block the random seat declined
        assert 12 <= over["ply"] <= 15 and over["scores"]
    finally:
        live.http.close()
        server.stop()


@needs_chromium
def test_the_browser_draws_the_plugins_board_and_a_click_plays(site: Path, tmp_path: Path) -> None:
    """The plugin's SVG and targets give it a board to click, with nothing written for the
    browser: a click on pillar 2 builds there."""
    from playwright.sync_api import sync_playwright

    from tests.web.test_board_targets import check_rings, click_target, wait_for_ply

    server = ServerProcess(
        f"sqlite:///{tmp_path / 'games.sqlite3'}",
        PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]),
    )
    live = server.start()
    try:
        g = live.create("pillars", players=2, seats=[{"kind": "human"}] * 2, seed=1)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            context, page, errors = open_page(browser)
            page.goto(live.base + g["seats"][0]["link"])
            wait_for_ply(page, 0)
            assert check_rings(page) == ["pillar-1", "pillar-2", "pillar-3"]
            click_target(page, "pillar-2")
            # building ends the turn: the page asks to confirm it
            page.wait_for_selector("#confirm:not(.hidden)")
            page.click("#confirm-yes")
            page.wait_for_function(
                "() => Number(document.querySelector('#status').dataset.ply) === 1"
            )
            browser.close()
        assert not errors, errors
        view = live.view(g["id"])
        assert view["ply"] == 1 and view["observation"]["heights"] == [0, 1, 0]
    finally:
        live.http.close()
        server.stop()
