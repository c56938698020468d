"""The game page's hints, "What if?" and review: a hint on a Torres turn rings the move on the
board (or names its button) and says why, and can be stopped; "What if?" in the confirmation
previews the move; after a finished game, "Review this game" shows its progress, then the
scores over time drawn on the page, the biggest swings (each opening the replay at its
step) and the score by category. Each with axe-core finding nothing, at a desktop's and a
phone's size (screenshots in TOWERS_SHOTS)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import axe_violations, click_target, needs_chromium, open_page, shot
from towers.server import learning

pytestmark = needs_chromium


@pytest.fixture(autouse=True)
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learning, "REVIEW_ITERATIONS", 2)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context, page, errors = open_page(browser, phone=True)
    yield page
    context.close()
    assert not errors, errors


def torres_turn(live: Live, page: Any, seed: int) -> tuple[str, str]:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}], seed=seed)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_selector("#status.mine")
    return g["id"], g["seats"][0]["secret"]


def test_a_hint_rings_the_move_or_names_its_button_and_can_be_stopped(
    live: Live, page: Any
) -> None:
    gid, secret = torres_turn(live, page, seed=3)
    page.wait_for_selector("#hint:not(.hidden)")
    # asked, then stopped before it answers (the request held, so a quick search cannot
    # answer first)
    held = "**/api/games/*/hint"
    page.route(held, lambda route: None)
    page.click("#hint")
    page.click("#hint-cancel")
    page.unroute(held)
    assert page.text_content("#hint-out") == "Hint stopped."
    assert page.locator("#board .tw-hint").count() == 0
    # asked again, and shown
    page.click("#hint")
    page.wait_for_selector("#hint-out .learn-where", timeout=30_000)
    view = live.view(gid, secret)
    head = page.text_content("#hint-out .learn-head") or ""
    mine = f"Hint for {view['seat_names'][0]}: "
    assert head.startswith(mine), head
    words = head.removeprefix(mine)
    entry = next(a for a in view["legal"] if a["text"] == words)
    where = page.text_content("#hint-out .learn-where") or ""
    if entry["targets"]:
        ringed = page.eval_on_selector_all(
            "#board .tw-hint", "(rs) => rs.map((r) => r.dataset.target)"
        )
        assert ringed == entry["targets"] and "ringed on the board" in where
    else:
        assert f"“{words}”" in where
        assert page.locator(f'button.hinted[data-action="{entry["action"]}"]').count()
    assert "Points now:" in (page.text_content("#hint-out") or "")
    assert axe_violations(page) == []
    shot(page, "learn-hint")
    page.click("#hint-out .learn-close")
    assert page.locator("#board .tw-hint").count() == 0


def test_between_people_hints_wait_for_every_seats_yes(live: Live, page: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=7)
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    mover = live.view(gid)["to_move"]
    other = 1 - mover
    page.goto(live.base + g["seats"][mover]["link"])
    page.wait_for_selector("#status.mine")
    page.wait_for_selector("#hint-agree:not(.hidden)")
    assert page.locator("#hint:not(.hidden)").count() == 0
    assert "have not agreed" in (page.text_content("#hint-note") or "")
    assert axe_violations(page) == []
    page.click("#hint-agree")
    page.wait_for_selector("#hint-agree.hidden", state="attached")
    other_name = live.view(gid, secrets[mover])["seat_names"][other]
    assert f"{other_name} has not agreed" in (page.text_content("#hint-note") or "")
    r = live.http.post(
        f"/api/games/{gid}/hints/agree",
        json={"agree": True},
        headers={"X-Seat-Secret": secrets[other]},
    )
    assert r.json()["allowed"]
    # the page asks again after the next move: its seat's turn again, the Hint is offered
    for _ in range(20):
        view = live.view(gid, secrets[mover])
        if view["your_turn"] and view["ply"] > 0 and page.locator("#hint:not(.hidden)").count():
            break
        seat = view["to_move"]
        legal = live.view(gid, secrets[seat])["legal"]
        live.act(gid, secrets[seat], ply=view["ply"], action=legal[0]["action"])
        page.wait_for_function(
            "(p) => Number(document.querySelector('#status').dataset.ply) > p", arg=view["ply"]
        )
    page.wait_for_selector("#hint:not(.hidden)")
    assert page.locator("#hint-note.hidden").count() == 1


def test_what_if_in_the_confirmation_previews_the_move(live: Live, page: Any) -> None:
    gid, secret = torres_turn(live, page, seed=4)
    view = live.view(gid, secret)
    chosen = [a["targets"] for a in view["legal"]]
    # a move that ends the turn, chosen on the board where no other move shares its targets
    entry = next(
        a
        for a in view["legal"]
        if a["ends_turn"] and (not a["targets"] or chosen.count(a["targets"]) == 1)
    )
    if not entry["targets"]:
        page.click(f'#words button[data-action="{entry["action"]}"]')
    for k, ident in enumerate(entry["targets"]):
        click_target(page, ident)
        if k + 1 < len(entry["targets"]):
            page.wait_for_function(
                "(n) => document.querySelectorAll('#board .tw-picked').length === n", arg=k + 1
            )
    page.wait_for_selector("#confirm:not(.hidden)")
    page.click("#confirm-whatif")
    page.wait_for_selector("#whatif .learn-head")
    name = live.view(gid, secret)["seat_names"][0]
    assert page.text_content("#whatif .learn-head") == f"What if {name} plays {entry['text']}?"
    assert "Points now:" in (page.text_content("#whatif") or "")
    assert axe_violations(page) == []
    shot(page, "learn-whatif")
    page.click("#confirm-no")
    assert page.locator("#whatif:not(.hidden)").count() == 0
    assert live.view(gid, secret)["ply"] == view["ply"]  # nothing was played


def finished(live: Live, seed: int) -> str:
    g = live.create("torres", players=2, seats=[{"kind": "random"}, {"kind": "random"}], seed=seed)
    live.wait(g["id"], lambda v: v["status"] == "over", timeout=60)
    return str(g["id"])


def review_on(page: Any) -> None:
    page.wait_for_selector("#review:not(.hidden)")
    page.click("#review-start")
    page.wait_for_selector("#review-progress:not(.hidden)")
    page.wait_for_selector("#review-out svg.review-plot", timeout=60_000)


def test_the_review_plots_the_scores_and_a_swing_opens_the_replay(live: Live, page: Any) -> None:
    gid = finished(live, seed=31)
    page.goto(f"{live.base}/game/{gid}")
    page.wait_for_selector("#status[data-status=over]")
    review_on(page)
    view = live.view(gid)
    assert page.locator("#review-out polyline.series").count() == 2
    # the plot says where each line ends: at its seat's final score
    label = page.get_attribute("#review-out svg.review-plot", "aria-label") or ""
    names = view["seat_names"]
    for seat, score in enumerate(view["scores"]):
        assert f"{names[seat]} ends with {float(score):g}" in label
    cells = page.eval_on_selector_all(
        "#review-out table th[scope=row]", "(t) => t.map((x) => x.textContent)"
    )
    assert cells[: len(view["ending"]["categories"])] == view["ending"]["categories"]
    assert "Cost by the search" in cells
    swings = page.locator("#review-out button.swing")
    assert swings.count() >= 1 and page.locator("#review-out .swing-mark").count() == swings.count()
    assert axe_violations(page) == []
    page.locator("#review h2").scroll_into_view_if_needed()
    shot(page, "learn-review")
    step = swings.first.get_attribute("data-step")
    said = swings.first.text_content() or ""
    assert any(said.startswith(f"Step {step}, {name}: ") for name in names), said
    swings.first.click()
    page.wait_for_selector(f'#replay-label[data-step="{step}"]')
    assert page.locator("#replay-controls:not(.hidden)").count() == 1


def test_the_review_and_a_hint_at_a_phones_size(live: Live, phone: Any) -> None:
    gid = finished(live, seed=32)
    phone.goto(f"{live.base}/game/{gid}")
    phone.wait_for_selector("#status[data-status=over]")
    phone.evaluate("() => tabbed() && chooseTab('side')")
    review_on(phone)
    assert axe_violations(phone) == []
    phone.locator("#review").scroll_into_view_if_needed()
    shot(phone, "learn-review-phone")
    swing = phone.locator("#review-out button.swing").first
    step = swing.get_attribute("data-step")
    swing.click()
    phone.wait_for_selector(f'#replay-label[data-step="{step}"]')
    torres_turn(live, phone, seed=5)
    phone.click("#hint")
    phone.wait_for_selector("#hint-out .learn-where", timeout=30_000)
    assert axe_violations(phone) == []
    shot(phone, "learn-hint-phone")
