"""Debian's Chromium driven by Playwright: where it is, pages of a desktop's or a phone's size,
and screenshots (kept in the folder ``TOWERS_SHOTS`` names, /tmp by default)."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
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


# The part of the board (a phone's tab) that holds the element ``id``, when it is not shown.
TAB_OF = """(id) => {
  const target = document.querySelector(`#board svg [id="${CSS.escape(id)}"]`);
  const panel = target && target.closest('.tw-panel[display=none]');
  return panel ? panel.dataset.twPart : null;
}"""

BOARD_TABS = """() => [...document.querySelectorAll('#tabs:not(.hidden) [role=tab]')]
  .map((b) => b.dataset.tab).filter((k) => k !== 'side')"""


def show_tab_of(page: Any, ident: str) -> None:
    """On a phone, show the tab of the board that holds the element ``ident``."""
    part = page.evaluate(TAB_OF, ident)
    if part:
        page.click(f"#tab-{part}")


def in_every_tab(page: Any, script: str) -> list[Any]:
    """The lists ``script`` gives for each tab of the board (one on a wide screen), joined;
    the tab shown before is shown again."""
    tabs = page.evaluate(BOARD_TABS)
    if not tabs:
        found: list[Any] = page.evaluate(script)
        return found
    shown = page.evaluate("() => document.querySelector('#game-main').dataset.tab")
    out: list[Any] = []
    for tab in tabs:
        page.click(f"#tab-{tab}")
        out += page.evaluate(script)
    page.click(f"#tab-{shown}")
    return out


def click_target(page: Any, ident: str) -> None:
    """Click the board element ``ident`` at its centre, as a finger or a mouse would (on a
    phone, in the tab that holds it)."""
    show_tab_of(page, ident)
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


MY_TURN_OR_OVER = """() => { const s = document.querySelector('#status');
  return s.classList.contains('mine') || s.dataset.status === 'over'; }"""

# After the last click of a move: 'played' once the ply moved on, 'chooser' when buttons ask
# which of the moves with these targets it is.
SETTLED = """(ply) => {
  const s = document.querySelector('#status');
  if (Number(s.dataset.ply) > ply || s.dataset.status === 'over') return 'played';
  return !document.querySelector('#chooser').classList.contains('hidden') && 'chooser';
}"""

PICKED = """(n) => document.querySelectorAll('#board .tw-picked').length === n"""


def confirm_if_asked(page: Any) -> bool:
    """Click "Confirm" when the page asks to confirm the action just chosen (one that cannot be
    taken back); whether it asked."""
    if page.locator("#confirm:not(.hidden)").count():
        page.click("#confirm-yes")
        return True
    return False


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """What axe-core (the copy packaged with axe-playwright-python, nothing fetched) finds wrong
    on the page as it is now: each violation's rule, impact and the elements concerned."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        {
            "rule": v["id"],
            "impact": v["impact"],
            "nodes": [" ".join(map(str, n["target"])) for n in v["nodes"]][:5],
        }
        for v in found
    ]


def make_move(page: Any, entry: dict[str, Any]) -> str:
    """Play the move ``entry`` (of the view's legal moves) as a person would: its targets
    clicked on the board in order, then the chooser's button where several moves share them,
    or the move's button in words; confirmed where the page asks. Returns how: "board", "chooser" or "words"."""
    ply = int(page.evaluate("() => Number(document.querySelector('#status').dataset.ply)"))
    ids = entry["targets"]
    if not ids:
        page.locator(f'#words button[data-action="{entry["action"]}"]').click()
        confirm_if_asked(page)
        page.wait_for_function(SETTLED, arg=ply)
        return "words"
    for k, ident in enumerate(ids):
        click_target(page, ident)
        if k + 1 < len(ids):
            page.wait_for_function(PICKED, arg=k + 1)
    confirm_if_asked(page)
    if page.wait_for_function(SETTLED, arg=ply).json_value() == "chooser":
        page.locator(f'#choices button[data-action="{entry["action"]}"]').click()
        confirm_if_asked(page)
        page.wait_for_function(SETTLED, arg=ply)
        return "chooser"
    return "board"


def play_to_the_end(
    page: Any,
    live: Any,
    gid: str,
    secret: str,
    seed: int,
    choose: Callable[[Any, list[int], random.Random], int],
    kind_of: Callable[[int], str],
    look: Callable[[Any, Any], int] | None = None,
    every: int = 25,
) -> tuple[Counter[str], Counter[str], Any]:
    """Play seat 0 of the game ``gid`` on ``page`` until it is over, each move picked by
    ``choose(state, legal, rng)`` and made by :func:`make_move`; ``look(page, state)``, if given,
    checks what the board shows every ``every`` moves (counted in ``ways["looks"]`` when it
    returns more than 0). Returns how the moves were made, their kinds (``kind_of``), and the
    final state replayed from the stored game, checked finished and scored as the page says."""
    from towers.core.record import replay

    rng = random.Random(seed)
    ways: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    assert live.service is not None
    while True:
        page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
        view = live.view(gid, secret)
        if view["status"] == "over":
            break
        if not view["your_turn"]:
            continue  # the turn passed on between the two looks
        state = live.service.rooms[gid].state.clone()
        assert state.current_player() == 0
        legal = {entry["action"]: entry for entry in view["legal"]}
        assert sorted(legal) == state.legal_actions()
        if look is not None and sum(ways.values()) % every == 0:
            ways["looks"] += look(page, state) > 0
        action = choose(state, list(legal), rng)
        kinds[kind_of(action)] += 1
        ways[make_move(page, legal[action])] += 1
    page.wait_for_selector("#final:not(.hidden)")
    row, log = live.service.store.load(gid)  # type: ignore[misc]
    record = {
        "format": "towers-game/1",
        "game": row.game,
        "players": view["players"],
        "options": row.options,
        "history": [r.action for r in log],
    }
    final = replay(record)
    assert final.is_terminal()
    shown = [float(x) for x in page.locator("#final-scores .final-score").all_inner_texts()]
    assert shown == final.scores()
    return ways, kinds, final
