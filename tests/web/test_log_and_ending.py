"""The game page's log and game-over screen: the log grouped by the game's chapters and by turns,
the setup folded, each entry in the game's words; at the end the verdict, the reason, each
seat's score by category and the notes, the result first on a phone; nothing for axe-core."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.server.live import Live, receive_state
from tests.web.browser import PHONE, axe_violations, make_move, needs_chromium, open_page, shot
from towers.core import knowledge
from towers.core.registry import make, views_of

pytestmark = needs_chromium

HIDDEN = ("a hidden choice", "a hidden outcome")
GAMES = [("torres", 2), ("tiletum", 2), ("turris", 2), ("sifnos", 2), ("dark_tower", 1)]


def finished(live: Live, game: str, players: int, seed: int = 5) -> str:
    """A game of ``game`` played to its end by random bots: its id."""
    g = live.create(game, players=players, seats=[{"kind": "random"}] * players, seed=seed)
    live.wait(g["id"], lambda v: v["status"] == "over", timeout=180)
    return str(g["id"])


def solo_of_mine(live: Live, game: str, seed: int) -> tuple[str, str]:
    """A solo game of ``game`` whose one seat was handed to a bot by its player and played to
    the end: its id and the seat's secret."""
    g = live.create(game, players=1, seats=[{"kind": "human"}], seed=seed)
    secret = g["seats"][0]["secret"]
    r = live.set_seat(g["id"], secret, 0, kind="random")
    assert r.status_code == 200, r.text
    live.wait(g["id"], lambda v: v["status"] == "over", timeout=180)
    return g["id"], secret


def number(text: str) -> float:
    return float(text.replace("−", "-"))


def rgb(colour: str) -> str:
    """A CSS colour written #rrggbb as the browser computes it."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def check_final(page: Any, view: dict[str, Any]) -> None:
    """The game-over panel says what the view's ending says, scores by category."""
    ending = view["ending"]
    page.wait_for_selector("#final:not(.hidden)")
    heads = page.locator("#final-scores thead th").all_inner_texts()
    assert heads == view["seat_names"]  # bots: no player's name beside
    rows = page.locator("#final-scores tbody tr")
    assert rows.count() == len(ending["categories"])
    for k, category in enumerate(ending["categories"]):
        tr = rows.nth(k)
        assert tr.locator("th").inner_text() == category
        cells = tr.locator("td").all_inner_texts()
        assert [number(c) for c in cells] == [float(row[k]) for row in ending["rows"]]
    total = [number(x) for x in page.locator("#final-scores .final-score").all_inner_texts()]
    assert total == view["scores"]
    assert ending["verdict"] in page.inner_text("#winner")
    assert page.inner_text("#final .reason") == ending["reason"]
    notes = page.locator("#final ul.notes li").all_inner_texts()
    assert notes == ending["notes"]
    assert "The game won" not in page.inner_text("body")
    # each seat's dot in the colour the board gives it (Dark Tower's heroes, say)
    if view["colours"]:
        dots = page.evaluate(
            """() => [...document.querySelectorAll('#seats li .dot')]
                .map((d) => getComputedStyle(d).backgroundColor)"""
        )
        assert dots == [rgb(c) for c in view["colours"]]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_game_over_shows_each_seats_score_by_category(
    live: Live, page: Any, game: str, players: int
) -> None:
    gid = finished(live, game, players)
    page.goto(f"{live.base}/game/{gid}")
    view = live.view(gid)
    check_final(page, view)
    assert axe_violations(page) == []
    shot(page, f"{game}-game-over")


@pytest.mark.parametrize("game", ["sifnos", "turris", "dark_tower"])
def test_a_solo_player_reads_whether_they_won_and_against_what(
    live: Live, browser: Any, game: str
) -> None:
    gid, secret = solo_of_mine(live, game, seed=8)
    view = live.view(gid, secret)
    context, page, errors = open_page(browser, phone=True)
    try:
        page.goto(f"{live.base}/game/{gid}#seat=0&secret={secret}")
        check_final(page, view)
        won = view["winners"] == [0]
        said = page.inner_text("#winner")
        assert said.startswith("You win!" if won else "You lost.")
        # the notes name the target or the opponent
        assert view["ending"]["notes"] and page.locator("#final ul.notes li").count()
        # on a phone the result comes first: in the dock, at the foot of the screen
        line = page.locator("#dock .result-line")
        assert line.is_visible() and view["ending"]["verdict"] in line.inner_text()
        box = line.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
        assert axe_violations(page) == []
        shot(page, f"{game}-solo-over-phone")
        # the scores are a tap away, and the page's address keeps the seat
        line.locator("button.to-scores").click()
        page.wait_for_function(
            "() => { const b = document.querySelector('#final').getBoundingClientRect();"
            " return b.top >= -1 && b.top < innerHeight / 2; }"
        )
        assert "secret=" in page.url
    finally:
        context.close()
    assert not errors, errors


def expected_words(
    game_name: str, players: int, options: dict[str, Any], history: list[int]
) -> list[tuple[str, str]]:
    """Each ply's chapter and words, worked out here by replaying the game."""
    game = make(game_name, players=players, **options)
    views = views_of(game)
    state = knowledge.state_at(game, [], 0)
    out = []
    for action in history:
        out.append((views.chapter(state), views.log_words(state, action)))
        state.apply_trusted(action)
    return out


@pytest.mark.parametrize(
    ("game", "players", "chance"), [("torres", 2, False), ("dark_tower", 1, True)]
)
def test_the_log_is_grouped_by_chapter_and_turn_in_words(
    live: Live, page: Any, game: str, players: int, chance: bool
) -> None:
    gid = finished(live, game, players, seed=6)
    view = live.view(gid, log=True)
    log = view["log"]
    assert live.service is not None
    row, rows = live.service.store.load(gid)  # type: ignore[misc]
    words = expected_words(game, players, row.options, [r.action for r in rows])
    page.goto(f"{live.base}/game/{gid}")
    page.wait_for_selector("#final:not(.hidden)")
    page.wait_for_function(
        "n => document.querySelectorAll('#log li[data-ply]').length === n", arg=len(log)
    )
    # the setup, folded: everything before the first seat's decision
    setup = next(i for i, e in enumerate(log) if e["actor"] >= 0)
    if setup:
        summary = page.locator("#log details.setup summary")
        assert summary.inner_text() == f"Setup ({setup} step{'s' if setup != 1 else ''})"
        assert page.locator("#log details.setup[open]").count() == 0
        assert page.locator("#log details.setup li[data-ply]").count() == setup
    # a heading for each chapter, in order
    chapters: list[str] = []
    for e in log[setup:]:
        if not chapters or chapters[-1] != e["chapter"]:
            chapters.append(e["chapter"])
    assert page.locator("#log h3.chapter-name").all_inner_texts() == [c for c in chapters if c]
    assert [e["chapter"] for e in log] == [c for c, _ in words]
    # turns: one seat's entries in a row, with the chance entries they led to
    groups = page.evaluate(
        """() => [...document.querySelectorAll('#log li.chapter')].map(c =>
            [...c.querySelectorAll('li.turn')].map(t => Number(t.dataset.actor)))"""
    )
    assert len(groups) == len(chapters)
    for actors in groups:
        assert all(a != b for a, b in zip(actors, actors[1:], strict=False)), actors
    # every entry in the game's words (a chance outcome and a resolution included)
    texts = page.locator("#log li[data-ply]").all_text_contents()
    chance_read = 0
    for e, text, (_, said) in zip(log, texts, words, strict=True):
        if e["text"] in HIDDEN:
            assert said not in text or said in HIDDEN
            continue
        assert e["text"] == said and said in text
        chance_read += e["actor"] < 0 and e["ply"] >= setup
    assert chance_read or not chance, "a chance outcome after the setup, in words"
    shot(page, f"{game}-log")
    # the replay's log carries the same chapters and words
    step = live.http.get(f"/api/games/{gid}/replay", params={"step": len(log) // 2}).json()
    assert step["log"] == log[: len(log) // 2]


def test_the_log_on_a_phone(live: Live, browser: Any) -> None:
    gid = finished(live, "sifnos", 2, seed=4)
    context, page, errors = open_page(browser, phone=True)
    try:
        page.goto(f"{live.base}/game/{gid}")
        page.wait_for_selector("#final:not(.hidden)")
        page.wait_for_selector("#log li.turn")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, "sifnos-over-phone")
    finally:
        context.close()
    assert not errors, errors


# Each panel of the board drawn, and of the svg the view's pieces join to, as its text and its
# number of elements (what the page adds is left out: its rings are drawn on the svg itself).
PANELS_MATCH = """() => {
  const holder = document.createElement("div");
  holder.innerHTML = view.svg;
  const panels = (root) => [...root.children].filter((n) => n.classList.contains("tw-panel"))
    .map((p) => [p.textContent, p.querySelectorAll("*").length, p.dataset.name || ""]);
  const drawn = panels(document.querySelector("#board svg"));
  const served = panels(holder.firstElementChild);
  return JSON.stringify(drawn) === JSON.stringify(served) && drawn.length > 1;
}"""


@pytest.mark.parametrize("game", ["dark_tower", "sifnos"])
def test_the_board_comes_as_the_pieces_that_changed(live: Live, page: Any, game: str) -> None:
    g = live.create(game, players=1, seats=[{"kind": "human"}], seed=3)
    frames: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))),
    )
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    assert page.evaluate(PANELS_MATCH)
    for k in range(8):
        ply = page.evaluate("() => view.ply")
        if not page.evaluate("() => view.your_turn && view.legal.length > 0"):
            break
        page.evaluate(
            """(k) => ws.send(JSON.stringify({ type: "action", ply: view.ply,
                action: view.legal[k % view.legal.length].action }))""",
            k,
        )
        page.wait_for_function("p => view.ply > p", arg=ply)
        page.wait_for_timeout(100)
        assert page.evaluate(PANELS_MATCH), f"the board after move {k + 1}"
    states = [f for f in frames if f["type"] == "state"]
    assert (
        "svg" not in states[0] and len(states[0]["board"]["changed"]) == states[0]["board"]["size"]
    )
    later = [len(s["board"]["changed"]) for s in states[1:]]
    assert later and all(n < states[0]["board"]["size"] for n in later)
    # the board kept its svg element and its listeners: a move is still chosen on it
    view = live.view(g["id"], g["seats"][0]["secret"])
    on_board = [e for e in view["legal"] if e["targets"]]
    if on_board:
        assert make_move(page, on_board[0]) in ("board", "chooser")


def test_a_socket_may_still_ask_for_the_whole_svg(live: Live) -> None:
    """Without ``?board=pieces`` every state message carries the whole svg, as the API always
    gave it."""
    from websockets.sync.client import connect

    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=4)
    secret = g["seats"][0]["secret"]
    url = f"{live.ws_base}/api/games/{g['id']}/ws"
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "secret": secret, "svg": True}))
        first = receive_state(ws)
        assert "board" not in first and first["svg"].startswith("<svg")
        ws.send(
            json.dumps(
                {"type": "action", "ply": first["ply"], "action": first["legal"][0]["action"]}
            )
        )
        later = receive_state(ws, lambda m: m["ply"] > first["ply"])
        room = live.service.rooms[g["id"]]  # type: ignore[union-attr]
        assert later["svg"] == views_of(room.game).svg(room.state, 0)


def test_the_live_line_reads_the_new_entries_in_words(live: Live, page: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}], seed=9)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_function("() => view && view.your_turn")
    page.evaluate(
        """() => ws.send(JSON.stringify({ type: "action", ply: view.ply,
            action: view.legal[0].action }))"""
    )
    page.wait_for_function("() => document.querySelector('#said').textContent.includes('Blue')")
    log = live.view(g["id"], g["seats"][0]["secret"], log=True)["log"]
    said = page.inner_text("#said")
    mine = [e for e in log if e["actor"] == 1]
    assert mine and f"Blue: {mine[-1]['text']}" in said


def test_the_page_names_each_seat_the_same_everywhere(live: Live, page: Any) -> None:
    """The header, the seat list, the status, the log and the game-over table name a seat by
    the game's name for it (its colour), its player's name beside; never "seat 0"."""
    g = live.create(
        "torres", players=2, seats=[{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=9
    )
    secret = g["seats"][0]["secret"]
    assert [s["seat_name"] for s in g["seats"]] == ["Red", "Blue"]
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_function("() => view && view.your_turn")
    assert page.inner_text("#title").endswith("· you are Red (Ann)")
    assert page.locator("#seats li strong").all_inner_texts() == ["Red (Ann) (you)", "Blue"]
    make_move(page, page.evaluate("() => view.legal[0]"))
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log .who')].some((w) => w.textContent === 'Blue: ')"
    )
    who = set(page.locator("#log .who").all_text_contents())
    assert who <= {"Red (Ann): ", "Blue: ", "chance: "} and "Red (Ann): " in who
    r = live.set_seat(g["id"], secret, 0, kind="random")
    assert r.status_code == 200, r.text
    live.wait(g["id"], lambda v: v["status"] == "over", timeout=180)
    page.wait_for_selector("#final:not(.hidden)")
    view = live.view(g["id"], secret)
    assert view["seat_names"] == ["Red", "Blue"]
    assert page.locator("#final-scores thead th").all_inner_texts() == ["Red (Ann)", "Blue"]
    winner = view["seat_names"][view["winners"][0]]
    assert page.inner_text("#winner").startswith(f"{winner} wins") or (
        page.inner_text("#winner").startswith("You")
    )
    body = page.inner_text("body")
    assert not re.search(r"\b[Ss]eat \d\b", body), re.search(r".{40}\b[Ss]eat \d\b.{40}", body)
    shot(page, "seat-names-desktop")
    assert axe_violations(page) == []


def test_the_first_moves_of_a_game_are_read_out_even_when_they_come_together(
    live: Live, page: Any
) -> None:
    """A game with no move yet has an empty log; its first moves are news for the live line,
    also when a slow connection brings several in one message (the page once took any first
    log for the game so far and said nothing)."""
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=9)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_function("() => view && view.your_turn && log.length === 0")
    page.evaluate(
        """() => onState(Object.assign({}, view, { log_from: 0, log: [
            { ply: 0, actor: 0, who: "Red", chapter: "", text: "a first move" },
            { ply: 1, actor: 1, who: "Blue", chapter: "", text: "an answer" } ] }))"""
    )
    said = page.inner_text("#said")
    assert "Red: a first move" in said and "Blue: an answer" in said, said
