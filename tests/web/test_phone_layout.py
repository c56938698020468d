"""Every game on a phone's screen (390 by 844), in a real browser: the board as tabs by part
(the shared board first; a tab only for a part the board has, and one for the players, the
log, the moves in words and the settings), the Board tab about a screen and a third high,
every target of every tab at least 24 by 24 CSS pixels (WCAG 2.2), the tabs worked by the
keyboard and by touch, the dock in view on every tab, a zoom for the dense maps, nothing for
axe-core; a desktop keeps its two columns. Screenshots of each tab are kept (TOWERS_SHOTS)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import PHONE, axe_violations, needs_chromium, open_page, shot

pytestmark = needs_chromium

GAMES = ["torres", "tiletum", "turris", "sifnos", "dark_tower"]
DENSE = {"tiletum", "turris", "sifnos", "dark_tower"}  # the maps offered a zoom
NAMES = {"board": "Board", "me": "You", "supply": "Supply", "others": "Others", "scores": "Scores"}
SMALLEST_TARGET = 24.0
STEPS = 30  # random actions between the two positions looked at
BOARD_TAB_SCREENS = {
    # the Board tab's height over the screen's, the page's header, tabs and dock included:
    # about 1.3 is the aim, and the bound leaves the dock room to grow by a line. What is
    # measured is printed; the figures are kept in docs/browser.md.
    game: 1.35
    for game in GAMES
}
ratios: dict[str, float] = {}

TABS = """() => [...document.querySelectorAll('#tabs [role=tab]')].map((b) => ({
  key: b.dataset.tab, text: b.firstChild.textContent, selected: b.getAttribute('aria-selected') === 'true',
  focused: document.activeElement === b }))"""

PARTS = """() => [...new Set([...document.querySelectorAll('#board svg .tw-panel')]
  .map((p) => p.dataset.twPart))]"""

# The smallest targets of the tab shown (what may be chosen now, and every element with an id
# that a click reaches), with their sizes on screen.
TARGETS = """() => [...document.querySelectorAll('#board svg [id]')]
  .filter((n) => !n.closest('[display=none]') && n.getBoundingClientRect().width > 0)
  .map((n) => { const b = n.getBoundingClientRect();
    return [Math.min(b.width, b.height), n.id, Boolean(n.dataset.twTarget)]; })"""

DOCK = """() => { const b = document.querySelector('#dock').getBoundingClientRect();
  return [b.top, b.bottom, getComputedStyle(document.querySelector('#dock')).position]; }"""

HEIGHT = "() => document.documentElement.scrollHeight / window.innerHeight"


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    context, page, errors = open_page(browser, phone=True)
    yield page
    context.close()
    assert not errors, errors


def advance(live: Live, gid: str, secrets: list[str], rng: random.Random, steps: int) -> int:
    """Random legal actions through the API until seat 0 is to move after ``steps``; the ply."""
    done = 0
    while True:
        view = live.view(gid)
        assert view["status"] == "playing"
        mover = live.view(gid, secrets[view["to_move"]])
        if done >= steps and view["to_move"] == 0:
            return int(mover["ply"])
        r = live.act(
            gid,
            secrets[view["to_move"]],
            ply=mover["ply"],
            action=rng.choice(mover["legal"])["action"],
        )
        assert r.status_code == 200, r.text
        done += 1


def tab(page: Any, key: str) -> None:
    page.locator(f"#tab-{key}").tap()
    page.wait_for_function("(k) => document.querySelector('#game-main').dataset.tab === k", arg=key)


def check_targets(page: Any, game: str, where: str) -> int:
    """Every target of every tab at least 24 by 24; how many legal targets were measured."""
    legal = 0
    for t in page.evaluate(TABS):
        if t["key"] == "side":
            continue
        tab(page, t["key"])
        found = page.evaluate(TARGETS)
        small = sorted((round(s, 1), ident) for s, ident, _ in found if s < SMALLEST_TARGET)
        assert not small, f"{game} {where}, tab {t['text']}: targets under 24px: {small[:8]}"
        legal += sum(1 for _, _, target in found if target)
    return legal


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_shows_the_board_as_tabs_by_part(live: Live, phone: Any, game: str) -> None:
    g = live.create(game, players=2, seats=[{"kind": "human"}] * 2, seed=17)
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    ply = advance(live, gid, secrets, random.Random(17), 0)
    phone.goto(live.base + g["seats"][0]["link"])
    phone.wait_for_function(
        "(p) => Number(document.querySelector('#status').dataset.ply) === p", arg=ply
    )
    phone.wait_for_selector("#status.mine")

    # tabs for the parts the board has, the shared board first, then the rest of the page
    parts = phone.evaluate(PARTS)
    tabs = phone.evaluate(TABS)
    keys = [t["key"] for t in tabs]
    assert keys == [k for k in NAMES if k in parts] + ["side"], (keys, parts)
    assert keys[0] == "board"
    assert [t["text"] for t in tabs[:-1]] == [NAMES[k] for k in keys[:-1]]
    assert sum(t["selected"] for t in tabs) == 1

    # the Board tab: about a screen high; its side sections are in the last tab
    tab(phone, "board")
    phone.evaluate("() => window.scrollTo(0, 0)")
    ratios[game] = round(phone.evaluate(HEIGHT), 2)
    print(f"{game}: the Board tab is {ratios[game]} screens high")
    assert ratios[game] <= BOARD_TAB_SCREENS[game], ratios
    log = phone.locator("section:has(> #log)")
    assert not log.is_visible() and not phone.locator("#seats").is_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, f"{game}-phone-tab-board")

    # every tab: the dock in view at the foot of the screen, at the top of the page and its end
    for t in tabs:
        tab(phone, t["key"])
        for end in (False, True):
            phone.evaluate("(end) => window.scrollTo(0, end ? document.body.scrollHeight : 0)", end)
            top, bottom, position = phone.evaluate(DOCK)
            assert position == "fixed" and 0 < top < bottom <= PHONE["height"] + 0.5, (
                t,
                top,
                bottom,
            )
        if t["key"] != "board":
            shot(phone, f"{game}-phone-tab-{t['key']}")
    assert log.is_visible() and phone.locator("#seats").is_visible()
    assert not phone.locator("#board").is_visible()
    assert axe_violations(phone) == []

    # by the keyboard: the selected tab is the one stop, the arrows go on, Home and End
    tab(phone, "board")
    phone.locator("#tab-board").focus()
    phone.keyboard.press("ArrowRight")
    now = phone.evaluate(TABS)
    assert now[1]["selected"] and now[1]["focused"], now
    phone.keyboard.press("End")
    assert phone.evaluate(TABS)[-1]["selected"]
    phone.keyboard.press("ArrowRight")  # round to the first
    assert phone.evaluate(TABS)[0]["selected"] and phone.evaluate(TABS)[0]["focused"]
    assert phone.locator("#tabs [tabindex='0']").count() == 1  # one stop for Tab
    assert axe_violations(phone) == []

    # every target of every tab takes a finger, here and later in the game
    legal = check_targets(phone, game, "at the start")
    later = advance(live, gid, secrets, random.Random(18), STEPS)
    phone.wait_for_function(
        "(p) => Number(document.querySelector('#status').dataset.ply) === p", arg=later
    )
    legal += check_targets(phone, game, f"after {STEPS} moves")
    assert legal > 0


@pytest.mark.parametrize("game", GAMES)
def test_the_dense_maps_zoom_and_their_targets_stay_large(
    live: Live, phone: Any, game: str
) -> None:
    g = live.create(game, players=2, seats=[{"kind": "human"}] * 2, seed=19)
    mover = live.view(g["id"])["to_move"]
    phone.goto(live.base + g["seats"][mover]["link"])
    phone.wait_for_selector("#status.mine")
    # pinch-zoom is the browser's own, never turned off
    meta = phone.get_attribute("meta[name=viewport]", "content")
    assert "user-scalable=no" not in meta and "maximum-scale" not in meta
    tab(phone, "board")
    tools = phone.locator("#zoom-tools")
    assert tools.is_visible() == (game in DENSE), game  # offered where targets are small
    if game not in DENSE:
        return
    width = phone.evaluate(
        "() => document.querySelector('#board svg').getBoundingClientRect().width"
    )
    least = min(s for s, _, _ in phone.evaluate(TARGETS))
    phone.locator("#zoom-in").tap()
    phone.locator("#zoom-in").tap()
    zoomed = phone.evaluate(
        "() => document.querySelector('#board svg').getBoundingClientRect().width"
    )
    assert zoomed == pytest.approx(width * 2, rel=0.02)
    assert min(s for s, _, _ in phone.evaluate(TARGETS)) >= least * 1.9
    # the page itself does not scroll sideways: the board's box does
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, f"{game}-phone-zoomed")
    assert phone.locator("#zoom-fit").is_enabled()
    phone.locator("#zoom-fit").tap()
    fitted = phone.evaluate(
        "() => document.querySelector('#board svg').getBoundingClientRect().width"
    )
    assert fitted == pytest.approx(width, rel=0.01)
    assert phone.locator("#zoom-out").is_disabled()


def test_a_desktop_keeps_its_two_columns(live: Live, browser: Any) -> None:
    g = live.create("sifnos", players=2, seats=[{"kind": "human"}] * 2, seed=23)
    context, page, errors = open_page(browser)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(live.base + g["seats"][0]["link"])
        page.wait_for_selector("#board svg")
        assert not page.locator("#tabs").is_visible()
        board = page.locator("#board").bounding_box()
        side = page.locator("#side").bounding_box()
        assert board is not None and side is not None and side["x"] >= board["x"] + board["width"]
        assert (
            page.locator("#seats").is_visible() and page.locator("section:has(> #log)").is_visible()
        )
        assert page.evaluate(
            "() => [...document.querySelectorAll('#board svg .tw-panel')].every((p) => p.getAttribute('display') !== 'none')"
        )
        shot(page, "sifnos-desktop-columns")
    finally:
        context.close()
    assert not errors, errors
