"""The lobby names games and option values as printed, never by id, while what it sends
(and so the game made) keeps the ids; a yes-or-no option is a box with its words."""

from __future__ import annotations

import re
from typing import Any

from tests.server.live import Live
from tests.web.browser import axe_violations, needs_chromium, open_page, shot

pytestmark = needs_chromium

DESKTOP = {"width": 1280, "height": 800}

# Every text a person reads in the lobby: what shows, every option of every list (shown or
# not), every placeholder and tooltip.
READ = """() => [
  document.body.innerText,
  ...[...document.querySelectorAll('option, label')].map((e) => e.textContent),
  ...[...document.querySelectorAll('[placeholder]')].map((e) => e.placeholder),
  ...[...document.querySelectorAll('[title]')].map((e) => e.title),
].join('\\n')"""


def ids_of(catalog: dict[str, Any]) -> set[str]:
    """The ids a person would not write: game and option names and text values with an
    underscore, a hyphen or a digit (``dark_tower``, ``foe2``, ``recover-azkols-treasures``)."""
    found: set[str] = set()
    for game in catalog["games"]:
        found.add(game["name"])
        for opt in game["options"]:
            found.add(opt["name"])
            found.update(c for c in opt["choices"] if isinstance(c, str))
            found.update(opt["names"])
    return {i for i in found if re.search(r"[-_\d]", i)}


def lobby(page: Any, live: Live) -> None:
    page.goto(live.base + "/")
    page.wait_for_selector("#game option", state="attached")


def test_the_lobby_shows_printed_names_and_no_id(live: Live, page: Any) -> None:
    catalog = live.http.get("/api/catalog").json()
    page.set_viewport_size(DESKTOP)
    lobby(page, live)
    games = page.locator("#game option").all_inner_texts()
    assert "Return to Dark Tower" in games and "Towers of Sifnos" in games
    read = []
    for game in catalog["games"]:
        page.select_option("#game", game["name"])
        read.append(page.evaluate(READ))
    page.select_option("#game", "dark_tower")
    assert page.locator("#opt-goal option:checked").inner_text() == "Recover Azkol's Treasures"
    page.select_option("#opt-heroes", "each")
    assert page.locator("#opt-heroes-0 option:checked").inner_text() == "Brutal Warlord"
    read.append(page.evaluate(READ))
    shot(page, "lobby-names-desktop")
    text = "\n".join(read)
    assert "Recover Azkol's Treasures" in text
    leaked = sorted(
        i for i in ids_of(catalog) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)
    )
    assert not leaked, leaked
    assert axe_violations(page) == []


def test_a_game_made_in_the_lobby_gets_the_ids_and_its_page_the_title(
    live: Live, page: Any
) -> None:
    lobby(page, live)
    page.select_option("#game", "dark_tower")
    page.select_option("#players", "2")
    page.select_option("#opt-goal", label="Raise an Outlaw Army")
    page.select_option("#opt-difficulty", label="Gritty")
    page.select_option("#opt-heroes", label="Chosen for each seat")
    page.select_option("#opt-heroes-0", label="Spymaster")
    page.select_option("#opt-heroes-1", label="Relic Hunter")
    page.select_option('select[data-seat="1"]', "human")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    made = live.http.get("/api/games", params={"limit": 1}).json()[0]
    options = live.view(made["id"])["options"]
    assert options["goal"] == "raise-an-outlaw-army" and options["difficulty"] == "gritty"
    assert options["heroes"] == "spymaster,relic-hunter"
    page.wait_for_selector("#recent a")
    assert page.locator("#recent a").first.inner_text().startswith("Return to Dark Tower: ")
    page.click("#play-link")
    page.wait_for_selector("#board svg")
    assert page.title().endswith(": Return to Dark Tower")  # "towers: " or "● Your turn: "
    assert page.locator("#title").inner_text().startswith("Return to Dark Tower, 2 players")


def test_a_yes_or_no_is_a_box_with_its_words(live: Live, page: Any) -> None:
    page.set_viewport_size(DESKTOP)
    lobby(page, live)
    page.select_option("#game", "tiletum")
    box = page.get_by_label("Shuffle the six action tiles onto the wheel", exact=False)
    assert box.get_attribute("type") == "checkbox" and not box.is_checked()
    shot(page, "lobby-names-checkbox")
    assert axe_violations(page) == []
    page.click("label[for=opt-action_tiles]")  # the words tick the box too
    assert box.is_checked()
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    made = live.http.get("/api/games", params={"limit": 1}).json()[0]
    assert live.view(made["id"])["options"]["action_tiles"] is True


def test_the_lobby_on_a_phone(live: Live, browser: Any) -> None:
    context, page, errors = open_page(browser, phone=True)
    try:
        lobby(page, live)
        page.select_option("#game", "dark_tower")
        page.select_option("#opt-heroes", "each")
        # nothing wider than the screen
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(page, "lobby-names-phone")
        assert axe_violations(page) == []
    finally:
        context.close()
    assert not errors, errors


def seat_rows(page: Any) -> list[str]:
    return page.locator("#seats .seat-row strong").all_inner_texts()


def test_the_lobby_names_each_seat_as_the_game_will(live: Live, page: Any) -> None:
    """The new game's seats are named as its page will name them: by colour for the chosen
    game and player count (the catalog's ``seat_names``), Return to Dark Tower's by hero, and
    by the heroes chosen when they are chosen for each seat; never "Seat 0"."""
    catalog = live.http.get("/api/catalog").json()
    torres = next(g for g in catalog["games"] if g["name"] == "torres")
    assert torres["seat_names"]["3"] == ["Red", "Blue", "Green"]
    page.set_viewport_size(DESKTOP)
    lobby(page, live)
    page.select_option("#game", "torres")
    page.select_option("#players", "3")
    assert seat_rows(page) == ["Red", "Blue", "Green"]
    page.select_option("#players", "2")
    assert seat_rows(page) == ["Red", "Blue"]
    page.select_option("#game", "dark_tower")
    page.select_option("#players", "2")
    assert seat_rows(page) == ["Brutal Warlord", "Relic Hunter"]
    page.select_option("#opt-heroes", "each")
    page.select_option("#opt-heroes-0", label="Spymaster")
    second = page.locator("#opt-heroes-1 option:checked").inner_text()
    assert seat_rows(page) == ["Spymaster", second]
    page.select_option("#opt-heroes-1", label="Relic Hunter")
    assert seat_rows(page) == ["Spymaster", "Relic Hunter"]
    assert page.locator("label[for=opt-heroes-0]").inner_text() == "Player 1"
    assert page.locator('select[data-seat="1"]').get_attribute("aria-label") == (
        "who plays Relic Hunter"
    )
    assert "Seat 0" not in page.evaluate(READ)
    shot(page, "lobby-seat-names-desktop")
    assert axe_violations(page) == []
    page.locator("#seats input.name").first.fill("Ann")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    assert page.locator("#links li strong").first.inner_text().strip() == "Spymaster (Ann):"
