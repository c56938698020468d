"""The boards as a new player reads them, in a real browser: on a phone (390 by 844) the tabs
stand in one row, "More" with the others; on a desktop the words of Tiletum's Fairs show
their help under the mouse, and its exchanges are chosen on the player's own resources by
two clicks. Screenshots are kept (TOWERS_SHOTS)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import click_target, confirm_if_asked, needs_chromium, open_page, shot

pytestmark = needs_chromium

ROWS = """() => new Set([...document.querySelectorAll('#tabs [role=tab]')]
  .map((b) => Math.round(b.getBoundingClientRect().top))).size"""

CARD = """() => { const c = document.querySelector('#help-card');
  return c.classList.contains('hidden') ? null : document.querySelector('#help-name').textContent; }"""

# the centre on screen of the words of a panel's heading, found by its text
WORDS_AT = """(words) => {
  const t = [...document.querySelectorAll('#board svg text')].find((n) => n.textContent === words);
  t.scrollIntoView({ block: 'center' });
  const b = t.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
}"""


@pytest.mark.parametrize("game", ["turris", "sifnos", "dark_tower", "tiletum"])
def test_a_phone_shows_its_tabs_in_one_row(live: Live, browser: Any, game: str) -> None:
    g = live.create(game, players=2, seats=[{"kind": "human"}] * 2, seed=17)
    context, page, errors = open_page(browser, phone=True)
    try:
        page.goto(live.base + g["seats"][0]["link"])
        page.wait_for_selector("#board svg")
        # the board's parts as tabs (Board, You, Supply or Scores, Others...) and More
        page.wait_for_function("() => document.querySelectorAll('#tabs [role=tab]').length >= 4")
        assert page.evaluate(ROWS) == 1
        assert page.locator("#tab-side").is_visible()
        shot(page, f"{game}-phone-reading")
    finally:
        context.close()
    assert not errors, errors


def test_the_fairs_words_show_their_help_and_exchanges_are_clicked(
    live: Live, browser: Any
) -> None:
    g = live.create("tiletum", players=2, seats=[{"kind": "human"}] * 2, seed=17)
    context, page, errors = open_page(browser)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(live.base + g["seats"][0]["link"])
        page.wait_for_selector("#board svg")
        x, y = page.evaluate(WORDS_AT, "Fairs")
        page.mouse.move(x, y)
        page.wait_for_function(CARD)
        assert page.evaluate(CARD)
        shot(page, "tiletum-desktop-fairs-help")
        page.mouse.move(2, 2)
        # no exchange waits in words: each is on the board, or not legal now
        words = page.locator("#words button").all_inner_texts()
        assert not [w for w in words if w.startswith("exchange")], words
    finally:
        context.close()
    assert not errors, errors


def test_an_exchange_is_two_clicks_on_the_players_resources(live: Live, browser: Any) -> None:
    g = live.create("tiletum", players=2, seats=[{"kind": "human"}] * 2, seed=29)
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    rng = random.Random(29)
    # random moves through the API until seat 0 may exchange
    for _ in range(400):
        view = live.view(gid)
        mover = live.view(gid, secrets[view["to_move"]])
        exchanges = [a for a in mover["legal"] if a["text"].startswith("exchange")]
        if view["to_move"] == 0 and exchanges:
            break
        others = [a for a in mover["legal"] if not a["text"].startswith("exchange")]
        choice = rng.choice(others or mover["legal"])
        r = live.act(gid, secrets[view["to_move"]], ply=mover["ply"], action=choice["action"])
        assert r.status_code == 200, r.text
    else:
        pytest.fail("seat 0 was never offered an exchange")
    assert all(len(a["targets"]) == 2 for a in exchanges)
    chosen = exchanges[0]
    context, page, errors = open_page(browser)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(live.base + g["seats"][0]["link"])
        page.wait_for_function(
            "(p) => Number(document.querySelector('#status').dataset.ply) === p",
            arg=mover["ply"],
        )
        words = page.locator("#words button").all_inner_texts()
        assert not [w for w in words if w.startswith("exchange")], words
        click_target(page, chosen["targets"][0])
        page.wait_for_selector("#board .tw-picked")
        shot(page, "tiletum-desktop-exchange-picked")
        click_target(page, chosen["targets"][1])
        confirm_if_asked(page)
        page.wait_for_function(
            "(p) => Number(document.querySelector('#status').dataset.ply) > p", arg=mover["ply"]
        )
    finally:
        context.close()
    assert not errors, errors
    log = live.view(gid)
    assert log["ply"] > mover["ply"]
