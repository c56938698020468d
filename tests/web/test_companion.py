"""Return to Dark Tower's companion mode in a real browser: a 2-hero session started from the
lobby's "Companion" and played to the end against the simulated tower by clicking the entry
buttons (the greedy bot's choice for each hero, a seeded draw for each card or die the table
enters), with a refused tower connection shown in one line."""

from __future__ import annotations

import random
from typing import Any

from tests.server.live import Live
from tests.web.browser import needs_chromium, shot
from towers.agents.greedy import GreedyBot
from towers.core import registry

pytestmark = needs_chromium

SEED = 11


def state_of(view: dict[str, Any]) -> Any:
    game = registry.make("dark_tower", players=2, heroes="brutal-warlord,spymaster")
    state = game.new_initial_state()
    for action in view["history"]:
        state.apply_action(action)
    return state


def test_a_two_hero_companion_session_played_to_the_end(live: Live, page: Any) -> None:
    page.goto(live.base + "/")
    page.wait_for_selector("#companion-adversary option", state="attached")
    assert page.input_value("#companion-adversary") == "ashstrider"  # the first game's
    # the main goal: offered by name, the first game's preselected
    assert page.input_value("#companion-goal") == "recover-azkols-treasures"
    goals = page.locator("#companion-goal option").all_inner_texts()
    assert len(goals) == 10 and goals[0] == "Recover Azkol's Treasures"
    assert "Forge an Alchemical Solution" in goals
    assert page.inner_text("label[for=companion-goal]") == "main goal"
    page.select_option("#companion-players", "2")
    assert page.input_value("#companion-hero-1") == "relic-hunter"  # by kingdom
    # two seats with the same hero: refused in one line, nothing started
    page.select_option("#companion-hero-1", "brutal-warlord")
    page.click("#companion-start")
    page.wait_for_selector("#companion-error:not(.hidden)")
    assert "chosen twice" in page.inner_text("#companion-error")
    page.select_option("#companion-hero-1", "spymaster")
    page.click("#companion-start")
    page.wait_for_selector("#entries button.entry")
    gid = page.url.rsplit("/", 1)[1]
    assert "Recover Azkol's Treasures against Ashstrider" in page.inner_text("#latest")
    assert "Spymaster" in page.inner_text("#latest")
    assert page.locator("#board svg").count() == 1

    # "connect tower" with no Bluetooth here: its refusal, in one line, and the game goes on
    page.select_option("#tower-choice", "ble")
    page.click("#connect")
    page.wait_for_selector("#refusal:not(.hidden)")
    refusal = page.inner_text("#refusal")
    assert "simulated tower" in refusal and "\n" not in refusal.strip()

    bot = GreedyBot(seed=SEED)
    rng = random.Random(SEED)
    said: list[str] = []
    clicks = 0
    while True:
        view = live.http.get(f"/api/companion/{gid}").json()
        if view["over"]:
            break
        actions = [e["action"] for e in view["entries"]]
        if view["waiting"]["table"]:
            action = rng.choice(actions)
        else:
            action = bot.choose(state_of(view))
        assert action in actions
        page.locator(f'#entries button[data-action="{action}"]').click()
        page.wait_for_function(
            "(ply) => Number(document.body.dataset.ply) > ply", arg=view["ply"], timeout=60_000
        )
        said += page.inner_text("#latest").splitlines()
        clicks += 1
        if clicks == 40:
            shot(page, "companion-playing")
    page.wait_for_selector("#over")
    assert "The heroes" in page.inner_text("#over")
    text = "\n".join(said)
    assert "Event: " in text and "your turn" in text and "A skull tumbles out" in text
    assert page.locator("#entries button").count() == 0
    shot(page, "companion-over")


def test_a_session_started_with_another_main_goal_announces_it(live: Live, page: Any) -> None:
    page.goto(live.base + "/")
    page.wait_for_selector("#companion-goal option", state="attached")
    page.select_option("#companion-goal", "forge-an-alchemical-solution")
    page.click("#companion-start")
    page.wait_for_selector("#entries button.entry")
    latest = page.inner_text("#latest")
    assert "Forge an Alchemical Solution against Ashstrider" in latest
    assert "Main goal: Forge an Alchemical Solution, with Hakan joining" in latest
    assert "Recover Azkol" not in latest
