"""In a real browser (Debian's Chromium, headless, driven by Playwright): create a Torres game
against a bot in the lobby, play it to the end by clicking the board, and check that the
final scores on the page are the engine's."""

from __future__ import annotations

from typing import Any

from tests.server.live import Live
from tests.web.browser import confirm_if_asked, needs_chromium, shot
from towers.core.record import replay
from towers.core.registry import views_of

pytestmark = needs_chromium


def ply(page: Any) -> int:
    return int(page.get_attribute("#status", "data-ply"))


def wait_past(page: Any, before: int) -> None:
    page.wait_for_function(
        "p => Number(document.querySelector('#status').dataset.ply) > p", arg=before
    )


def wait_for_my_turn_or_end(page: Any) -> bool:
    """True when it is our turn, False when the game is over."""
    page.wait_for_function(
        "() => { const s = document.querySelector('#status');"
        " return s.classList.contains('mine') || s.dataset.status === 'over'; }"
    )
    return page.get_attribute("#status", "data-status") != "over"


def click_on_board(page: Any) -> None:
    """Choose an action by clicking highlighted board elements until it is sent."""
    before = ply(page)
    for _ in range(4):
        highlights = page.locator("#board .tw-hl")
        squares = page.locator('#board .tw-hl[data-target^="sq-"]')
        pick = squares.first if squares.count() else highlights.first
        target = pick.get_attribute("data-target")
        page.locator(f'#board [id="{target}"]').click()
        if confirm_if_asked(page):
            break
        if page.locator("#chooser:not(.hidden)").count():
            page.locator("#choices button").first.click()
            confirm_if_asked(page)
            break
        if page.locator("#board .tw-picked").count() == 0:
            break  # the action was complete and sent
    wait_past(page, before)


def click_words(page: Any, text: str | None = None) -> None:
    before = ply(page)
    buttons = page.locator("#words button")
    if text is not None:
        buttons = buttons.filter(has_text=text)
    buttons.first.click()
    confirm_if_asked(page)
    wait_past(page, before)


def test_a_torres_game_against_a_bot_played_by_clicking_the_board(live: Live, page: Any) -> None:
    page.goto(live.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "torres")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "random")
    page.click("details summary")
    page.fill("#seed", "2024")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    assert page.locator("#links li").count() == 1
    page.click("#play-link")
    page.wait_for_selector("#board svg")
    gid = page.url.split("/game/")[1].split("#")[0]

    # a move that is not allowed is explained in the engine's words with the rule
    assert wait_for_my_turn_or_end(page)
    page.fill("#typed-move", "end turn")
    page.click("#typed button")
    page.wait_for_selector("#error:not(.hidden)")
    assert "is not allowed" in page.inner_text("#error")
    assert "(Torres, " in page.inner_text("#error")

    board_actions = 0
    undone = False
    while wait_for_my_turn_or_end(page):
        words = [t.strip() for t in page.locator("#words button").all_inner_texts()]
        highlighted = page.locator("#board .tw-hl").count()
        if "end turn" in words and board_actions >= 1:
            click_words(page, "end turn")
            board_actions = 0
        elif highlighted:
            click_on_board(page)
            board_actions += 1
            if not undone and page.locator("#undo:not([disabled])").count():
                # take the action back once, then play on
                before = ply(page)
                page.click("#undo")
                page.wait_for_function(
                    "p => Number(document.querySelector('#status').dataset.ply) < p", arg=before
                )
                undone = True
                board_actions = 0
        else:
            click_words(page)
    assert undone

    # the final scores shown are the engine's, from the stored log
    page.wait_for_selector("#final:not(.hidden)")
    shown = [float(x) for x in page.locator("#final-scores .final-score").all_inner_texts()]
    assert live.service is not None
    row, log = live.service.store.load(gid)  # type: ignore[misc]
    state = replay(
        {
            "format": "towers-game/1",
            "game": "torres",
            "players": 2,
            "options": row.options,
            "history": [r.action for r in log],
        }
    )
    assert state.is_terminal()
    assert shown == state.scores()
    winners = state.winners()
    said = page.inner_text("#winner")
    names = views_of(state.game).seat_names()
    assert all(names[w] in said for w in winners)

    # and the finished game can be replayed step by step
    page.click("#replay-start")
    page.wait_for_selector('#replay-label[data-step="0"]')
    page.click("#replay-next")
    page.wait_for_selector('#replay-label[data-step="1"]')
    assert page.locator("#log li[data-ply]").count() == 1
    page.click("#replay-live")
    assert page.locator("#log li[data-ply]").count() == len(log)


def test_a_spectator_on_a_phone_sees_the_board_and_no_moves(live: Live, browser: Any) -> None:
    g = live.create(
        "torres", players=3, seats=[{"kind": "human"}, {"kind": "random"}, {"kind": "human"}]
    )
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(live.base + g["spectator_link"])
        page.wait_for_selector("#board svg")
        page.click("#tab-side")  # a phone keeps the players in a tab of their own
        page.wait_for_selector("#seats li")
        page.click("#tab-board")
        assert page.locator("#moves.hidden").count() == 1
        assert page.locator("#board .tw-hl").count() == 0
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, "the page must fit a phone's width"
        box = page.locator("#board svg").bounding_box()
        assert box is not None and box["width"] <= 390
        shot(page, "phone")
    finally:
        context.close()


def test_a_seat_that_left_is_handed_to_a_bot_from_the_page(live: Live, page: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=5)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    page.wait_for_timeout(1200)  # seat 1 never came: after a second it counts as away
    page.reload()
    page.wait_for_selector('#seats li[data-seat="1"] button.takeover')
    page.locator('#seats li[data-seat="1"] button.takeover').click()
    page.wait_for_function(
        "() => document.querySelector('#seats li[data-seat=\"1\"]').innerText.includes('greedy bot')"
    )
    # seat 0 moves; the bot answers for seat 1 (its knight and the King)
    click_on_board(page)
    page.wait_for_function("() => document.querySelector('#status').classList.contains('mine')")
    # the log follows once who may read each action is worked out (a moment later)
    kings = """() => [...document.querySelectorAll('#log li.turn[data-actor="1"] li[data-ply]')]
        .some((li) => li.textContent.startsWith('king'))"""
    page.wait_for_function(kings)


def test_the_browser_and_server_agree_on_a_32_kb_window(live: Live, page: Any) -> None:
    """Chromium's own offer of permessage-deflate gets the server's widest window, so each
    board is sent as its changes from the last one."""
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=8)
    page.goto(live.base + "/")
    extensions = page.evaluate(
        """url => new Promise((done, fail) => {
            const ws = new WebSocket(url);
            ws.onopen = () => { done(ws.extensions); ws.close(); };
            ws.onerror = fail;
        })""",
        f"{live.ws_base}/api/games/{g['id']}/ws",
    )
    assert extensions.startswith("permessage-deflate"), extensions
    assert "server_max_window_bits" not in extensions or "server_max_window_bits=15" in extensions
