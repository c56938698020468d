"""The lobby holds a bot's think time to the server's bound, as the catalog publishes it."""

from __future__ import annotations

from typing import Any

from tests.server.live import Live
from tests.web.browser import needs_chromium

pytestmark = needs_chromium


def test_the_think_time_field_is_bounded_by_the_catalog(live: Live, page: Any) -> None:
    bots = {b["name"]: b for b in live.http.get("/api/catalog").json()["bots"]}
    limit = bots["mcts"]["params"]["seconds"]["limit"]
    page.goto(live.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "torres")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "mcts")
    think = page.locator(".seat-row:nth-child(2) input.think")
    assert float(think.get_attribute("max")) == limit
    think.fill(str(limit * 10))
    assert think.evaluate("e => !e.checkValidity()")
    page.click("#create-button")
    assert page.locator("#created.hidden").count() == 1  # nothing was sent
    think.fill("0.5")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    games = live.http.get("/api/games", params={"limit": 1}).json()
    assert games
