"""A companion game with the owner's own tower worked by hand, in a real browser, in each mode:
every outcome the table supplies entered through the page (cards and the haggle die by their
printed words, where each skull came out, where the drums face after a turn). To keep the
suite fast, the session is brought near its end through the API with the same entries, then
played to the end on the page; the designed-values warning and the haggle die's legend are
checked on the way, and screenshots are taken at desktop and phone sizes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.companion.helpers import table_choice
from tests.server.live import Live
from tests.web.browser import PHONE, needs_chromium, shot
from towers.agents.greedy import GreedyBot
from towers.companion.mirror import MANUAL
from towers.companion.session import CompanionSession
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.tower import LEVELS, SIDES

pytestmark = needs_chromium

DESKTOP = {"width": 1280, "height": 800}

ON_PAGE = 40
"""How many of the last steps are played by clicking the page."""


def script(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """The whole game's steps with a tower worked by hand: ("entry", action) or
    ("drums", {drum: side})."""
    session = CompanionSession.new(players, options, seed, MANUAL)
    bot, rng = GreedyBot(seed=seed), random.Random(seed)
    session.advance()
    steps: list[Any] = []
    while not session.is_over():
        waiting = session.waiting()
        assert waiting is not None
        if waiting.drums:
            drums = {LEVELS[lv]: SIDES[session.state.tower.drums[lv]] for lv in waiting.drums}
            session.confirm_drums(drums)
            steps.append(("drums", drums))
            continue
        haggle = [a for a in session.entries() if session.name(a) == "haggle"]
        # a hero rolls the haggle die whenever it may, so the page is asked for its face
        action = haggle[0] if haggle and not waiting.is_table else table_choice(session, bot, rng)
        if action not in session.shown_entries():  # the haggle die's second "normal" face
            action = next(
                a for a in session.shown_entries() if session.label(a) == session.label(action)
            )
        session.enter(action)
        steps.append(("entry", action))
    return steps


def by_api(live: Live, gid: str, step: Any) -> None:
    view = live.http.get(f"/api/companion/{gid}").json()
    kind, what = step
    if kind == "drums":
        r = live.http.post(f"/api/companion/{gid}/drums", json={"ply": view["ply"], "drums": what})
    else:
        r = live.http.post(
            f"/api/companion/{gid}/entries", json={"ply": view["ply"], "action": what}
        )
    assert r.status_code == 200, r.text


def by_page(page: Any, step: Any, seen: dict[str, bool]) -> None:
    kind, what = step
    before = page.evaluate("() => document.body.innerText.length + ':' + document.body.dataset.ply")
    if kind == "drums":
        seen["drums"] = True
        # a wrong side first: refused in one line naming the side it must face
        drum, side = next(iter(what.items()))
        wrong = SIDES[(SIDES.index(side) + 1) % 4]
        page.check(f"#drum-{drum}-{wrong}")
        for other, s in list(what.items())[1:]:
            page.check(f"#drum-{other}-{s}")
        page.click("#drums-confirm")
        page.wait_for_selector("#refusal:not(.hidden)")
        assert f"must be turned to face {side}" in page.inner_text("#refusal")
        # then the right one, by the keyboard
        page.focus(f"#drum-{drum}-{side}")
        page.keyboard.press("Space")
        page.click("#drums-confirm")
        page.wait_for_function("() => !document.querySelector('#drums-form')", timeout=30_000)
        return
    button = page.locator(f'#entries button[data-action="{what}"]')
    if page.locator("#legend:not(.hidden)").count():
        seen["legend"] = True
        legend = page.inner_text("#legend")
        assert "after you Reinforce, gain 3 warriors" in legend
        assert "the Reinforce action is canceled" in legend
    if "out of the" in button.inner_text() or "no more came out" in button.inner_text():
        seen["released"] = True
    button.click()
    page.wait_for_function(
        "(b) => document.body.innerText.length + ':' + document.body.dataset.ply !== b",
        arg=before,
        timeout=30_000,
    )


@pytest.mark.parametrize(
    ("mode", "players", "seed"), [("cooperative", 2, 21), ("competitive", 2, 8)]
)
def test_a_game_with_a_tower_worked_by_hand_is_played_to_the_end_on_the_page(
    live: Live, page: Any, mode: str, players: int, seed: int
) -> None:
    options = {"mode": mode}
    steps = script(players, options, seed)
    r = live.http.post(
        "/api/companion",
        json={"players": players, "options": options, "seed": seed, "tower": "manual"},
    )
    assert r.status_code == 200, r.text
    gid = r.json()["id"]
    cut = len(steps) - ON_PAGE
    # make sure a drum check falls among the steps played on the page
    drums_at = [i for i, (k, _) in enumerate(steps) if k == "drums"]
    if drums_at and drums_at[-1] < cut:
        cut = drums_at[-1]
    for step in steps[:cut]:
        by_api(live, gid, step)
    page.goto(f"{live.base}/companion/{gid}")
    page.wait_for_selector("#entries button.entry, #drums-form")
    assert page.input_value("#tower-choice") == MANUAL
    assert "worked by hand" in page.inner_text("#tower-kind")
    assert "Designed values" in page.inner_text("#designed")
    shot(page, f"companion-manual-{mode}")
    seen: dict[str, bool] = {}
    for step in steps[cut:]:
        by_page(page, step, seen)
    page.wait_for_selector("#over")
    over = page.inner_text("#over")
    assert over.startswith("The heroes") or "relic" in over or "nobody" in over, over
    assert seen.get("released")
    shot(page, f"companion-manual-{mode}-over")


def test_the_drum_check_and_the_haggle_legend_at_desktop_and_phone_sizes(
    live: Live, browser: Any
) -> None:
    steps = script(2, {}, 21)
    r = live.http.post("/api/companion", json={"players": 2, "seed": 21, "tower": "manual"})
    gid = r.json()["id"]
    first_drums = next(i for i, (k, _) in enumerate(steps) if k == "drums")
    session = CompanionSession.new(2, {}, 21, MANUAL)
    session.advance()
    haggle_at = None
    for i, (kind, what) in enumerate(steps):
        waiting = session.waiting()
        assert waiting is not None
        if waiting.is_table and isinstance(session.state.pending[-1], F.HaggleRoll):
            haggle_at = i
            break
        if kind == "drums":
            session.confirm_drums(what)
        else:
            session.enter(what)
    assert haggle_at is not None
    stops = sorted(
        [(first_drums, "#drums-form", "drums"), (haggle_at, "#legend:not(.hidden)", "haggle")]
    )
    done = 0
    for at, selector, name in stops:
        for step in steps[done:at]:
            by_api(live, gid, step)
        done = at
        for size, where in ((DESKTOP, "desktop"), (PHONE, "phone")):
            context = browser.new_context(viewport=size)
            page = context.new_page()
            page.goto(f"{live.base}/companion/{gid}")
            page.wait_for_selector(selector)
            if name == "haggle":
                faces = page.locator("#entries button.entry").all_inner_texts()
                assert faces[0] == "Reinforce normally" and len(faces) == 5
            shot(page, f"companion-{name}-{where}")
            context.close()
