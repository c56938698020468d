"""Debian's Chromium driven by Playwright: where it is, pages of a desktop's or a phone's size,
and screenshots (kept in the folder ``TOWERS_SHOTS`` names, /tmp by default)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}

needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"{CHROMIUM} is missing: install it with scripts/install-browser (apt-get install chromium)",
)


def shot(page: Any, name: str) -> Path:
    """Save a screenshot of the whole page as ``<TOWERS_SHOTS>/towers-<name>.png``."""
    path = Path(os.environ.get("TOWERS_SHOTS", "/tmp")) / f"towers-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def open_page(browser: Any, phone: bool = False) -> tuple[Any, Any, list[str]]:
    """A new context and page (a phone's screen and touch when ``phone``) and its script errors."""
    if phone:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    else:
        context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20_000)
    return context, page, errors


# The centre on screen of the board element ``id``, scrolled to the middle of the screen first.
CENTRE = """(id) => {
  const target = document.querySelector(`#board svg [id="${CSS.escape(id)}"]`);
  target.scrollIntoView({ block: 'center', inline: 'center' });
  const b = target.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
}"""


def click_target(page: Any, ident: str) -> None:
    """Click the board element ``ident`` at its centre, as a finger or a mouse would."""
    x, y = page.evaluate(CENTRE, ident)
    page.mouse.click(x, y)


def create_in_lobby(page: Any, base: str, game: str, bots: list[str], seed: int) -> tuple[str, str]:
    """Create a game in the lobby at ``base``: seat 0 human, the next seats the ``bots``
    named; open seat 0's page and return the game's id and the seat's secret."""
    page.goto(base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(1 + len(bots)))
    for seat, bot in enumerate(bots, start=1):
        page.select_option(f'select[data-seat="{seat}"]', bot)
    page.click("details summary")
    page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    page.click("#play-link")
    page.wait_for_selector("#board svg")
    gid, _, fragment = page.url.split("/game/")[1].partition("#")
    return gid, fragment.split("secret=")[1].split("&")[0]
