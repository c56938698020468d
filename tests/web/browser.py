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


# ---- a move by a finger, or by the keyboard alone ---------------------------------------------
# Where the page asks for something now: 'played' once the ply moved on, 'confirm' when it asks
# to confirm the move chosen, 'chooser' when buttons ask which of the moves with these targets
# it is.
ASKED = """(ply) => {
  const s = document.querySelector('#status');
  if (Number(s.dataset.ply) > ply || s.dataset.status === 'over') return 'played';
  if (!document.querySelector('#confirm').classList.contains('hidden')) return 'confirm';
  return !document.querySelector('#chooser').classList.contains('hidden') && 'chooser';
}"""

# The part (a phone's tab) of the panel that holds the board element ``id`` when that panel is
# not shown now; null when it is shown (or the board has no panels).
HIDDEN_PART = """(id) => {
  const node = document.querySelector(`#board svg [id="${CSS.escape(id)}"]`);
  const panel = node && node.closest('.tw-panel');
  if (!panel || panel.getAttribute('display') !== 'none') return null;
  return panel.dataset.twPart || 'board';
}"""

# What a finger at (x, y) lands on: null when it is the board element ``id`` (or inside it),
# else a description of what covers it there.
COVERED = """([id, x, y]) => {
  const target = document.querySelector(`#board svg [id="${CSS.escape(id)}"]`);
  const hit = document.elementFromPoint(x, y);
  if (hit && (hit === target || target.contains(hit))) return null;
  if (!hit) return 'nothing (off the screen)';
  const box = hit.closest('[id]');
  return `${hit.tagName.toLowerCase()} in #${box ? box.id : '?'}`;
}"""

# What the keyboard is on: the board target's id and name, or a description of another element.
KEY_FOCUS = """() => {
  const n = document.activeElement;
  if (n && n.dataset && n.dataset.twTarget) return { target: n.dataset.twTarget,
    name: n.getAttribute('aria-label'), role: n.getAttribute('role') };
  return { other: n ? `${n.tagName}#${n.id}` : null };
}"""

# The arrow keys that lead from the board target the keyboard is on to ``id``, the fewest: each
# key goes to the nearest target ahead that way, a step aside counted twice (the page's rule,
# here on the screen's boxes); null when no way of arrow keys leads there.
KEY_PATH = """(id) => {
  const nodes = [...document.querySelectorAll('#board [data-tw-target]')];
  const centre = (n) => { const b = n.getBoundingClientRect();
    return [b.left + b.width / 2, b.top + b.height / 2]; };
  const scale = document.querySelector('#board svg').getScreenCTM().a;
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = (from, [dx, dy]) => {
    const [cx, cy] = centre(from);
    let best = null, least = Infinity;
    for (const n of nodes) {
      if (n === from) continue;
      const [px, py] = centre(n);
      const ahead = ((px - cx) * dx + (py - cy) * dy) / scale;
      const aside = Math.abs((px - cx) * dy - (py - cy) * dx) / scale;
      if (ahead <= 0.5) continue;
      if (ahead + 2 * aside < least) { least = ahead + 2 * aside; best = n; }
    }
    return best;
  };
  const start = document.activeElement;
  const goal = nodes.find((n) => n.id === id);
  if (!goal || !nodes.includes(start)) return null;
  const how = new Map([[start, []]]);
  const queue = [start];
  while (queue.length) {
    const n = queue.shift();
    if (n === goal) return how.get(n);
    for (const [key, d] of Object.entries(arrows)) {
      const m = step(n, d);
      if (m && !how.has(m)) { how.set(m, [...how.get(n), key]); queue.push(m); }
    }
  }
  return null;
}"""


def show_part_of(page: Any, ident: str, tap: bool = True) -> str | None:
    """On a screen that shows the board one part at a time (a phone's tabs), choose the tab of
    the part that holds the board element ``ident`` when it is not shown, by a tap (or a
    click) on the tab as a person would; the part chosen, None when it was shown already."""
    part: str | None = page.evaluate(HIDDEN_PART, ident)
    if part is None:
        return None
    tab = page.locator(f'#tabs [role="tab"][data-tab="{part}"]')
    if tap:
        tab.tap()
    else:
        tab.click()
    page.wait_for_function(f"(id) => !({HIDDEN_PART})(id)", arg=ident)
    return part


def tap_target(page: Any, ident: str) -> str | None:
    """Tap the board element ``ident`` at its centre with a finger, its tab chosen first when
    the phone shows another part of the board (the part chosen, else None); fails when
    something covers it there."""
    part = show_part_of(page, ident)
    x, y = page.evaluate(CENTRE, ident)
    covered = page.evaluate(COVERED, [ident, x, y])
    assert covered is None, f"{ident} is covered at its centre ({x:.0f}, {y:.0f}) by {covered}"
    page.touchscreen.tap(x, y)
    return part


def tap_move(page: Any, entry: dict[str, Any], tabs: list[str] | None = None) -> str:
    """Play the move ``entry`` (of the view's legal moves) by finger, as :func:`make_move` does
    by mouse: its targets tapped in order (each one's tab chosen first where the phone shows
    the board by parts), the chooser's button or the move's button in words tapped, the
    confirmation tapped where the page asks. Returns how: "board", "chooser" or "words"; the
    tabs chosen on the way are added to ``tabs``."""
    ply = int(page.evaluate("() => Number(document.querySelector('#status').dataset.ply)"))
    ids = entry["targets"]
    how = "board" if ids else "words"
    if not ids:
        page.locator(f'#words button[data-action="{entry["action"]}"]').tap()
    for k, ident in enumerate(ids):
        part = tap_target(page, ident)
        if part is not None and tabs is not None:
            tabs.append(part)
        if k + 1 < len(ids):
            page.wait_for_function(PICKED, arg=k + 1)
    asked = page.wait_for_function(ASKED, arg=ply).json_value()
    if asked == "chooser":
        page.locator(f'#choices button[data-action="{entry["action"]}"]').tap()
        how = "chooser"
        asked = page.wait_for_function(ASKED, arg=ply).json_value()
    if asked == "confirm":
        page.locator("#confirm-yes").tap()
        page.wait_for_function(ASKED, arg=ply)
    return how


def key_focus(page: Any) -> dict[str, Any]:
    """What the keyboard is on (see ``KEY_FOCUS``)."""
    found: dict[str, Any] = page.evaluate(KEY_FOCUS)
    return found


def tab_until(page: Any, selector: str, most: int = 80) -> int:
    """Press Tab until the keyboard is on ``selector``; how many presses it took."""
    for presses in range(most):
        if page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; on {key_focus(page)}")


def arrows_until(page: Any, ident: str, most: int = 80) -> int:
    """Go with the arrow keys from the board target the keyboard is on to the target ``ident``
    by the fewest presses; how many it took."""
    presses = 0
    while key_focus(page).get("target") != ident:
        keys = page.evaluate(KEY_PATH, ident)
        if not keys or presses >= most:
            targets = page.evaluate(
                "() => [...document.querySelectorAll('#board [data-tw-target]')].map((n) => n.id)"
            )
            raise AssertionError(
                f"the arrow keys do not reach {ident} from {key_focus(page)}; the targets {targets}"
            )
        before = key_focus(page).get("target")
        page.keyboard.press(keys[0])
        presses += 1
        assert key_focus(page).get("target") != before, f"{keys[0]} went nowhere from {before}"
    return presses


def key_move(page: Any, entry: dict[str, Any], space: bool = False) -> tuple[str, int]:
    """Play the move ``entry`` from the keyboard alone: Tab to the board (one stop), the arrow
    keys to each target and Enter (Space when ``space``) on it, Tab to the chooser's button or
    to the move's button in words and Enter, Enter on the confirmation (where the keyboard is
    put). Returns how ("board", "chooser" or "words") and the keys pressed."""
    ply = int(page.evaluate("() => Number(document.querySelector('#status').dataset.ply)"))
    ids = entry["targets"]
    how = "board" if ids else "words"
    keys = 0
    if not ids:
        keys += tab_until(page, f'#words button[data-action="{entry["action"]}"]') + 1
        page.keyboard.press("Enter")
    elif "target" not in key_focus(page):
        keys += tab_until(page, "#board [data-tw-target]")
    for k, ident in enumerate(ids):
        keys += arrows_until(page, ident) + 1
        assert key_focus(page)["role"] == "button", key_focus(page)
        page.keyboard.press(" " if space else "Enter")
        if k + 1 < len(ids):
            page.wait_for_function(PICKED, arg=k + 1)
    asked = page.wait_for_function(ASKED, arg=ply).json_value()
    if asked == "chooser":
        keys += tab_until(page, f'#choices button[data-action="{entry["action"]}"]') + 1
        page.keyboard.press("Enter")
        how = "chooser"
        asked = page.wait_for_function(ASKED, arg=ply).json_value()
    if asked == "confirm":
        assert key_focus(page) == {"other": "BUTTON#confirm-yes"}, key_focus(page)
        page.keyboard.press("Enter")
        keys += 1
        page.wait_for_function(ASKED, arg=ply)
    return how, keys
