"""The game page explains what is on the board and how the game goes, in a real browser.

The server gives each game's help (how it goes, its components' topics, its rules in short)
to anyone; the page shows a component's topic when the mouse rests on it, on a long press or
a tap in help mode on a phone (the move is not played), and on "?" from the keyboard on a
target; Escape or a tap elsewhere closes it. "How this game goes" holds the how-to and the
topics, searchable; a refusal that cites a rule offers its summary. axe-core finds nothing
wrong with the card or the how-to open."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import PHONE, axe_violations, needs_chromium, open_page, shot

GAMES = ["torres", "tiletum", "turris", "sifnos", "dark_tower"]
DESKTOP = {"width": 1280, "height": 800}

# The centre on screen of the first element of the board whose data-help names a topic,
# scrolled into view; and the key it carries.
HELP_AT = """(keys) => {
  const hitAt = (n) => {
    const b = n.getBoundingClientRect();
    for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .7], [.3, .7], [.7, .3], [.5, .25], [.5, .75]]) {
      const x = b.left + b.width * fx, y = b.top + b.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('[data-help]') === n) return [x, y];
    }
    return null;
  };
  const area = (n) => n.getBoundingClientRect().width * n.getBoundingClientRect().height;
  const nodes = [...document.querySelectorAll('#board svg [data-help]')].filter((n) => {
    const b = n.getBoundingClientRect();
    return keys.includes(n.dataset.help) && b.width > 12 && b.height > 12 && !n.closest('[display=none]');
  }).sort((a, b) => area(a) - area(b));
  for (const n of nodes) {
    n.scrollIntoView({ block: 'center', inline: 'center' });
    const at = hitAt(n);  // a point of the element itself, not of another drawn over it
    if (at) return [...at, n.dataset.help];
  }
  return null;
}"""

CARD = """() => { const c = document.querySelector('#help-card');
  if (c.classList.contains('hidden')) return null;
  const b = c.getBoundingClientRect();
  return { name: document.querySelector('#help-name').textContent,
           text: document.querySelector('#help-text').textContent,
           box: [b.left, b.top, b.right, b.bottom], role: c.getAttribute('role') }; }"""


def ply(page: Any) -> int:
    return int(page.evaluate("() => Number(document.querySelector('#status').dataset.ply)"))


def help_of(live: Live, gid: str) -> dict[str, Any]:
    r = live.http.get(f"/api/games/{gid}/help")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def on_screen(card: dict[str, Any], size: dict[str, int]) -> bool:
    left, top, right, bottom = card["box"]
    return bool(left >= 0 and top >= 0 and right <= size["width"] and bottom <= size["height"])


@pytest.fixture(scope="module")
def torres(live: Live) -> dict[str, Any]:
    """A Torres game of two human seats, seat 0 to move."""
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=5)
    assert live.view(g["id"])["to_move"] == 0
    return g


@pytest.fixture(scope="module")
def desk(browser: Any, live: Live, torres: dict[str, Any]) -> Iterator[Any]:
    context, page, errors = open_page(browser)
    page.set_viewport_size(DESKTOP)
    page.goto(live.base + torres["seats"][0]["link"])
    page.wait_for_selector("#status.mine")
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def phone(browser: Any, live: Live, torres: dict[str, Any]) -> Iterator[Any]:
    context, page, errors = open_page(browser, phone=True)
    page.goto(live.base + torres["seats"][0]["link"])
    page.wait_for_selector("#status.mine")
    yield page
    context.close()
    assert not errors, errors


# ---- the route ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_help_route_gives_each_game_s_howto_topics_and_rules(live: Live, game: str) -> None:
    g = live.create(game, players=2, seed=1)
    data = help_of(live, g["id"])
    assert set(data) == {"title", "howto", "topics", "rules"}
    assert data["title"] == live.view(g["id"])["title"]
    assert 6 <= len(data["howto"].splitlines()) <= 30
    topics = data["topics"]
    assert len(topics) >= 10
    assert len({t["key"] for t in topics}) == len(topics)
    for t in topics:
        assert (
            set(t) == {"key", "name", "kind", "text"} and t["name"] and t["kind"] and t["text"]
        ), t
    assert data["rules"], "no rule summed up"
    for r in data["rules"]:
        assert set(r) == {"section", "text"} and r["section"] and len(r["text"]) > 20, r
    # public, and the same for a seat as for a spectator
    seat = live.http.get(
        f"/api/games/{g['id']}/help", headers={"X-Seat-Secret": g["seats"][0]["secret"]}
    )
    assert seat.json() == data


def test_the_help_of_a_game_that_is_not_there_is_refused(live: Live) -> None:
    r = live.http.get("/api/games/no-such-game/help")
    assert r.status_code == 404
    assert r.json()["error"] == "unknown_game"


# ---- the card ---------------------------------------------------------------------------------


@needs_chromium
def test_the_mouse_resting_on_a_component_shows_its_card(
    live: Live, desk: Any, torres: dict[str, Any]
) -> None:
    topics = {t["key"]: t for t in help_of(live, torres["id"])["topics"]}
    x, y, key = desk.evaluate(HELP_AT, list(topics))
    desk.mouse.move(x, y)
    desk.wait_for_function(CARD)
    card = desk.evaluate(CARD)
    assert card["name"] == topics[key]["name"] and card["text"] == topics[key]["text"]
    assert card["role"] == "dialog" and on_screen(card, DESKTOP), card
    shot(desk, "help-hover-desktop")
    desk.mouse.move(2, 2)  # away from the board: the card goes
    desk.wait_for_function(f"!({CARD})()")


@needs_chromium
def test_a_click_sends_the_resting_card_away_until_the_mouse_moves_on(
    live: Live, browser: Any, torres: dict[str, Any]
) -> None:
    context, page, errors = open_page(browser)
    page.set_viewport_size(DESKTOP)
    page.goto(live.base + torres["seats"][0]["link"])
    page.wait_for_selector("#status.mine")
    topics = {t["key"]: t for t in help_of(live, torres["id"])["topics"]}
    x, y, _ = page.evaluate(HELP_AT, list(topics))
    page.mouse.move(x, y)
    page.wait_for_function(CARD)
    page.mouse.down()
    page.mouse.up()
    page.wait_for_function(f"!({CARD})()")
    page.wait_for_timeout(600)  # more than the rest that shows a card
    assert page.evaluate(CARD) is None
    page.mouse.move(2, 2, steps=4)  # off the board and back: a card shows once more
    x, y, _ = page.evaluate(HELP_AT, list(topics))  # the click may have changed the board
    page.mouse.move(x, y, steps=4)
    page.wait_for_function(CARD)
    page.mouse.move(2, 2)
    page.wait_for_function(f"!({CARD})()")
    context.close()
    assert not errors, errors


@needs_chromium
def test_a_long_press_on_a_phone_shows_the_card_and_plays_nothing(
    live: Live, phone: Any, torres: dict[str, Any]
) -> None:
    topics = {t["key"]: t for t in help_of(live, torres["id"])["topics"]}
    before = ply(phone)
    x, y, key = phone.evaluate(HELP_AT, list(topics))
    touch = phone.context.new_cdp_session(phone)
    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    phone.wait_for_timeout(800)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.wait_for_function(CARD)
    card = phone.evaluate(CARD)
    assert card["name"] == topics[key]["name"] and on_screen(card, PHONE), card
    phone.wait_for_timeout(400)
    assert ply(phone) == before and not phone.locator("#board .tw-picked").count()
    assert phone.locator("#confirm.hidden").count() == 1
    shot(phone, "help-hold-phone")
    # a tap elsewhere closes it, and chooses nothing either
    title = phone.locator("#title").bounding_box()
    assert title is not None
    phone.touchscreen.tap(title["x"] + 10, title["y"] + title["height"] / 2)
    phone.wait_for_function(f"!({CARD})()")
    assert ply(phone) == before


@needs_chromium
def test_help_mode_makes_a_tap_explain_instead_of_play(
    live: Live, phone: Any, torres: dict[str, Any]
) -> None:
    topics = {t["key"]: t for t in help_of(live, torres["id"])["topics"]}
    before = ply(phone)
    phone.locator("#help-mode").tap()
    assert phone.get_attribute("#help-mode", "aria-pressed") == "true"
    target = phone.locator("#board [data-tw-target]").first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.wait_for_function(CARD)
    card = phone.evaluate(CARD)
    names = {t["name"] for t in topics.values()}
    assert card["name"] in names, card
    assert ply(phone) == before and not phone.locator("#board .tw-picked").count()
    phone.locator("#help-mode").tap()
    assert phone.get_attribute("#help-mode", "aria-pressed") == "false"
    phone.wait_for_function(f"!({CARD})()")


@needs_chromium
def test_the_keyboard_asks_what_a_target_is_with_a_question_mark(
    live: Live, desk: Any, torres: dict[str, Any]
) -> None:
    topics = {t["name"] for t in help_of(live, torres["id"])["topics"]}
    before = ply(desk)
    desk.locator("#board [data-tw-target][tabindex='0']").focus()
    on = desk.evaluate("() => document.activeElement.dataset.twTarget")
    desk.keyboard.press("?")
    desk.wait_for_function(CARD)
    card = desk.evaluate(CARD)
    assert card["name"] in topics and on_screen(card, DESKTOP), card
    said = desk.inner_text("#help-said")
    assert card["name"] in said
    # the keyboard stays on the target; Escape closes the card and nothing else
    assert desk.evaluate("() => document.activeElement.dataset.twTarget") == on
    desk.keyboard.press("Escape")
    desk.wait_for_function(f"!({CARD})()")
    assert desk.evaluate("() => document.activeElement.dataset.twTarget") == on
    desk.keyboard.press("h")
    desk.wait_for_function(CARD)
    desk.keyboard.press("Escape")
    assert ply(desk) == before


@needs_chromium
def test_how_this_game_goes_holds_the_howto_and_the_topics_searchable(
    live: Live, desk: Any, torres: dict[str, Any]
) -> None:
    data = help_of(live, torres["id"])
    desk.click("#howto-open")
    desk.wait_for_selector("#howto[open]")
    text = desk.inner_text("#howto-text")
    first = data["howto"].split("\n\n")[0].split()
    assert " ".join(first[:6]) in " ".join(text.split())
    items = desk.locator("#topic-list li:not(.hidden)")
    assert items.count() == len(data["topics"])
    assert desk.locator("#rule-list dt").count() == len(data["rules"])
    want = data["topics"][-1]["name"]
    desk.fill("#topic-search", want)
    shown = items.all_inner_texts()
    assert 1 <= len(shown) < len(data["topics"]) and any(want in s for s in shown)
    assert "match" in desk.inner_text("#topic-count")
    shot(desk, "help-howto-desktop")
    desk.keyboard.press("Escape")
    desk.wait_for_selector("#howto:not([open])", state="attached")


@needs_chromium
def test_a_refusal_citing_a_rule_offers_why(live: Live, desk: Any) -> None:
    desk.fill("#typed-move", "end turn")
    desk.click("#typed button")
    desk.wait_for_selector("#error:not(.hidden) button.why")
    rule = desk.inner_text("#error").split("(")[-1].split(")")[0]
    desk.click("#error button.why")
    desk.wait_for_function(CARD)
    card = desk.evaluate(CARD)
    assert card["name"] == rule and len(card["text"]) > 20, card
    assert desk.evaluate("() => document.activeElement.id") == "help-close"
    desk.keyboard.press("Escape")
    desk.wait_for_function(f"!({CARD})()")
    assert desk.evaluate("() => document.activeElement.classList.contains('why')")


@needs_chromium
@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_nothing_with_the_card_or_the_howto_open(
    live: Live, browser: Any, game: str
) -> None:
    g = live.create(game, players=2, seats=[{"kind": "human"}] * 2, seed=3)
    mover = live.view(g["id"])["to_move"]
    topics = {t["key"]: t["name"] for t in help_of(live, g["id"])["topics"]}
    found = {}
    for size in ("desktop", "phone"):
        context, page, errors = open_page(browser, phone=size == "phone")
        try:
            if size == "desktop":
                page.set_viewport_size(DESKTOP)
            page.goto(live.base + g["seats"][mover]["link"])
            page.wait_for_selector("#status.mine")
            page.locator("#help-mode").click()
            x, y, key = page.evaluate(HELP_AT, list(topics))
            page.mouse.click(x, y)
            page.wait_for_function(CARD)
            assert page.evaluate(CARD)["name"] == topics[key], (size, key)
            found[f"{size} card"] = axe_violations(page)
            shot(page, f"help-card-{game}-{size}")
            page.keyboard.press("Escape")
            page.locator("#help-mode").click()
            page.click("#howto-open")
            page.wait_for_selector("#howto[open]")
            found[f"{size} howto"] = axe_violations(page)
            if game == "sifnos":
                shot(page, f"help-howto-{game}-{size}")
        finally:
            context.close()
        assert not errors, errors
    assert all(v == [] for v in found.values()), found
