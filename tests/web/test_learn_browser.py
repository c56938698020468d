"""Each game's tutorial taken in Chromium as a person takes it: from the lobby's Learn entry,
every lesson's move made on the board (its ringed places clicked in turn, the chooser's
button where several moves share them) or by its button in words, after one wrong move whose
explanation the page shows; then the last lesson's game against the random bot, created by the
page, and WON on the game page by clicks: in Torres, Tiletum and Return to Dark Tower from its
start by a player who takes the move that looks best at once, the game's seed fixed; in Turris
and Towers of Sifnos, whose games are hundreds of moves long, the page's game is handed to the
random bot (which finishes it, so the lesson is done) and the person wins a recorded late
position of the lesson's game (tests/fixtures/learn-GAME.json, remade by
scripts/learn_fixtures.py), resumed by the server from its store, by following the page's Hint
to the end. The lobby shows every lesson done. Every first move of a lesson in each game is
reached by the arrow keys from the board's one Tab stop; a lesson by the keyboard alone and by
a finger on a phone's screen; axe-core finds nothing wrong at either size; screenshots
(TOWERS_SHOTS; with TOWERS_SCREENS naming a folder, docs/screens for the documentation, the
lesson's screens at CSS pixels)."""

from __future__ import annotations

import json
import os
import random
import secrets
from pathlib import Path
from typing import Any

import pytest

from tests.games.test_printed_words import ids_in
from tests.server.live import Live
from tests.web.browser import (
    KEY_PATH,
    MY_TURN_OR_OVER,
    arrows_until,
    axe_violations,
    key_focus,
    make_move,
    needs_chromium,
    open_page,
    play_to_the_end,
    shot,
    tab_until,
)
from towers.core.game import CHANCE
from towers.core.registry import make, make_bot, title_of
from towers.learn.lessons import tutorials
from towers.server.rooms import hash_secret
from towers.server.store import GameRow, LogRow

pytestmark = needs_chromium

GAMES = list(tutorials())
PLAYED = {"torres", "tiletum", "dark_tower"}
"""The games whose last lesson is played from its start to its end in the page, move by move,
by a player who takes the move that looks best at once (70 to 140 moves a game); Turris and
Towers of Sifnos, whose games take hundreds, are won from a late position (``resume_late``)
by following the page's Hint."""
SEEDS = {"torres": 1, "tiletum": 1, "dark_tower": 1}
"""The seed of each game the lesson page creates (the page's request given a seed), so that
chance and the random bot play the same game each run: the player's win is checked, not hoped
for. (Return to Dark Tower is lost by that player with the random bot as teammate in about two
games of five; Torres and Tiletum are won by scores such as 130 to 20.)"""
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CENTRE = """(id) => {
  const target = document.querySelector(`#board svg [id="${CSS.escape(id)}"]`);
  target.scrollIntoView({ block: 'center', inline: 'center' });
  const b = target.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
}"""
VERDICT = """(action) => { const v = document.querySelector('#verdict');
  return !v.classList.contains('hidden') && v.dataset.action === String(action) && v.dataset.ok; }"""
PAGE_TEXT = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'))].join('\\n')"""


def lesson_data(live: Live, page: Any) -> dict[str, Any]:
    """The lesson the page shows, as the API gives it (once the page has drawn it)."""
    page.wait_for_selector("#lesson-main:not(.hidden)")
    game, key = page.url.split("/learn/")[1].split("#")[0].split("/")
    r = live.http.get(f"/api/learn/{game}/{key}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    assert page.text_content("#lesson-title") == data["lesson"]
    return data


def lesson_api(live: Live, game: str, key: str) -> dict[str, Any]:
    r = live.http.get(f"/api/learn/{game}/{key}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def judged(live: Live, data: dict[str, Any], action: int) -> dict[str, Any]:
    r = live.http.post(f"/api/learn/{data['game']}/{data['key']}/try", json={"action": action})
    assert r.status_code == 200, r.text
    verdict: dict[str, Any] = r.json()
    return verdict


def expected(live: Live, data: dict[str, Any]) -> dict[str, Any]:
    """The lesson's move: the first legal move the server accepts."""
    moves: list[dict[str, Any]] = data["legal"]
    for entry in moves:
        if judged(live, data, entry["action"])["ok"]:
            return entry
    raise AssertionError(f"no legal move of {data['key']} is accepted")


def try_in_page(page: Any, entry: dict[str, Any], tap: bool = False) -> str:
    """Try the move ``entry`` as a person would: its targets clicked (or tapped) on the board
    in turn, then the chooser's button where it asks, or the move's button in words; the
    verdict's ok ("true" or "false")."""

    def press(locator: Any) -> None:
        if tap:
            locator.tap()
        else:
            locator.click()

    if not entry["targets"]:
        button = page.locator(f'#words button[data-action="{entry["action"]}"]')
        if not button.count():  # not among the buttons of the dock: the whole list
            page.click("#all-summary")
            button = page.locator(f'#all-moves button[data-action="{entry["action"]}"]')
        press(button)
    for k, ident in enumerate(entry["targets"]):
        x, y = page.evaluate(CENTRE, ident)
        if tap:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        if k + 1 < len(entry["targets"]):
            page.wait_for_function(
                "(n) => document.querySelectorAll('#board .tw-picked').length === n", arg=k + 1
            )
    if entry["targets"]:
        asked = page.wait_for_function(
            f"""() => ({VERDICT})({entry["action"]}) ||
              (!document.querySelector('#chooser').classList.contains('hidden') && 'chooser')"""
        ).json_value()
        if asked == "chooser":
            press(page.locator(f'#choices button[data-action="{entry["action"]}"]'))
    ok: str = page.wait_for_function(VERDICT, arg=entry["action"]).json_value()
    return ok


def a_wrong_move(live: Live, data: dict[str, Any], right: dict[str, Any]) -> dict[str, Any] | None:
    """A legal move the lesson does not accept, one on the board where there is one (None
    when the lesson accepts every move: any Card placed will do)."""
    others: list[dict[str, Any]] = [e for e in data["legal"] if e["action"] != right["action"]]
    others.sort(key=lambda e: not e["targets"])
    for entry in others:
        if not judged(live, data, entry["action"])["ok"]:
            return entry
    return None


def no_ids(page: Any, game: str, when: str) -> None:
    text = page.evaluate(PAGE_TEXT)
    assert not ids_in(game, text), f"{when}: ids shown: {sorted(ids_in(game, text))}"


def take_the_lessons(live: Live, page: Any, game: str) -> None:
    """From the lobby's Learn entry of ``game``, every lesson before the last, one wrong move
    tried first in the first; the page is left on the last lesson."""
    page.goto(live.base + "/")
    entry = page.locator(f'#tutorials li[data-game="{game}"]')
    assert "0 of" in entry.locator(".learn-count").inner_text()
    entry.locator("a.button").click()
    first = True
    while True:
        data = lesson_data(live, page)
        if data["bout"] is not None:
            return
        right = expected(live, data)
        wrong = a_wrong_move(live, data, right) if first else None
        if wrong is not None:
            assert try_in_page(page, wrong) == "false"
            said = page.inner_text("#verdict")
            assert said.startswith("Not this one. You tried: " + wrong["text"]), said
            assert judged(live, data, wrong["action"])["text"].split("\n")[0] in said
            no_ids(page, game, data["key"])
            assert axe_violations(page) == []
            shot(page, f"learn-{game}-wrong")
            first = False
        assert try_in_page(page, right) == "true"
        assert data["ask"] and page.locator("#next:not(.hidden)").count()
        assert page.inner_text("#verdict").startswith(f"Right: {right['text']}.")
        page.click("#next")
        page.wait_for_function("(k) => !location.pathname.endsWith('/' + k)", arg=data["key"])


def start_the_game(page: Any) -> tuple[str, str]:
    page.click("#bout-start")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("#board svg")
    gid, _, fragment = page.url.split("/game/")[1].partition("#")
    return gid, fragment.split("secret=")[1].split("&")[0]


def seeded(page: Any, seed: int) -> None:
    """The game the lesson page creates gets the seed ``seed`` (its chance and the bots' moves
    fixed, so the test repeats): the page's request, unchanged but for the seed."""

    def with_seed(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/api/games", with_seed)


def greedily(seed: int) -> Any:
    """A player who takes the move that looks best at once (the greedy bot's choice, from what
    the seat may know), seeded: the same game, the same moves."""
    bot = make_bot("greedy", seed=seed)

    def choose(state: Any, legal: list[int], rng: random.Random) -> int:
        action: int = bot.choose(state)
        assert action in legal
        return action

    return choose


def resume_late(live: Live, game: str) -> tuple[str, str]:
    """The late position recorded for ``game`` (tests/fixtures/learn-GAME.json, made by
    scripts/learn_fixtures.py: the lesson's game played with the hint's search for the
    person's seat and the random bot for the others, cut about a round before its end) put in
    the server's store as a game it has not loaded, as after a restart: the page's first look
    resumes it from its log. The person's seat's id and secret."""
    record = json.loads((FIXTURES / f"learn-{game}.json").read_text())
    made = make(game, players=record["players"], **record["options"])
    state = made.new_initial_state()
    rows = []
    for ply, action in enumerate(record["history"]):
        actor = CHANCE if state.is_chance_node() else state.current_player()
        rows.append(LogRow(ply, action, actor, None))
        state.apply_action(action)
    seat = record["seat"]
    assert not state.is_terminal() and state.current_player() == seat
    secret = secrets.token_urlsafe(24)
    gid = secrets.token_urlsafe(9)
    row = GameRow(
        id=gid,
        game=game,
        players=record["players"],
        options=record["options"],
        seed=record["seed"],
        seats=[{"kind": s["kind"], "params": {}, "name": ""} for s in record["seats"]],
        secrets=[hash_secret(secret) if s["kind"] == "human" else None for s in record["seats"]],
        ply=len(rows),
        status="playing",
        to_move=seat,
        bot_to_move=False,
        state=made.new_initial_state().to_json(),
    )
    assert live.service is not None
    live.service.store.create(row, rows)
    return gid, secret


HINT_HEAD = "() => document.querySelector('#hint-out p')?.textContent || ''"
HINT_SHOWN = """() => document.querySelector('#board .tw-hint') || document.querySelector('.hinted')
  || /could not|moved on/.test(document.querySelector('#hint-out')?.textContent || '')"""


def follow_the_hint(page: Any, live: Live, gid: str, secret: str) -> int:
    """Play the seat's moves to the game's end as a new player would: press Hint, then make
    the move it shows, its ringed places clicked in turn (the chooser's button that the hint
    names, where several moves share them) or the button it marks. How many hints were
    followed."""
    followed = 0
    while True:
        page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
        view = live.view(gid, secret)
        if view["status"] == "over":
            return followed
        if not view["your_turn"]:
            continue
        page.click("#hint")
        page.wait_for_function(HINT_SHOWN, timeout=30_000)
        head = page.evaluate(HINT_HEAD)
        rings = page.eval_on_selector_all(
            "#board .tw-hint", "(ns) => ns.map((n) => n.dataset.target)"
        )
        if rings:
            said = [e for e in view["legal"] if e["targets"] == rings]
            said.sort(key=lambda e: -len(e["text"]))
            entry = next(e for e in said if e["text"] in head)
        else:
            marked = page.get_attribute("#words button.hinted", "data-action")
            assert marked is not None, head
            entry = next(e for e in view["legal"] if e["action"] == int(marked))
        make_move(page, entry)
        followed += 1


def won(page: Any, live: Live, gid: str, secret: str) -> str:
    """The ending the page shows, checked to be the person's win."""
    page.wait_for_selector("#final:not(.hidden)")
    said = page.inner_text("#winner")
    view = live.view(gid, secret)
    assert view["status"] == "over" and view["you"] in view["winners"], said
    assert said.startswith("You win!"), said
    assert "lost" not in (page.get_attribute("#winner", "class") or "")
    return said


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_taken_in_the_page_then_a_game_won(live: Live, page: Any, game: str) -> None:
    take_the_lessons(live, page, game)
    assert axe_violations(page) == []
    seeded(page, SEEDS.get(game, 1))
    gid, secret = start_the_game(page)
    view = live.view(gid, secret)
    assert [s["kind"] for s in view["seats"]][view["you"]] == "human"
    assert {s["kind"] for s in view["seats"] if not s["kind"] == "human"} == {"random"}
    if game in PLAYED:
        ways, _, final = play_to_the_end(
            page, live, gid, secret, 7, greedily(SEEDS[game]), lambda a: ""
        )
        assert ways["board"] > 0 and final.is_terminal()
    else:
        # the game the page made is handed to the random bot from the page, which plays it to
        # its end (the lesson is done then); the person's win is played from a late position
        row = page.locator(f'#seats li[data-seat="{view["you"]}"]')
        row.locator("select").select_option("random")
        row.locator("button.takeover").click()
        gid, secret = resume_late(live, game)
        page.goto(live.base + f"/game/{gid}#seat=0&secret={secret}")
        page.wait_for_selector("#board svg")
        assert follow_the_hint(page, live, gid, secret) > 0
    won(page, live, gid, secret)
    shot(page, f"learn-{game}-won")
    page.goto(live.base + "/")
    entry = page.locator(f'#tutorials li[data-game="{game}"]')
    total = len(tutorials()[game].lessons)
    page.wait_for_function(
        "([g, n]) => document.querySelector(`#tutorials li[data-game='${g}'] .learn-count`)"
        "?.textContent === `${n} of ${n} lessons done`",
        arg=[game, total],
        timeout=120_000,
    )
    entry.locator("summary").click()
    assert entry.locator('li[data-done="true"]').count() == total
    assert axe_violations(page) == []
    shot(page, f"learn-{game}-lobby")


def screens(page: Any, name: str) -> None:
    shot(page, name)
    folder = os.environ.get("TOWERS_SCREENS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), scale="css")


def test_a_lesson_by_the_keyboard_alone(live: Live, page: Any) -> None:
    page.goto(live.base + "/learn/torres/climb")
    data = lesson_data(live, page)
    right = expected(live, data)
    assert right["targets"]
    tab_until(page, "#board [data-tw-target]")
    for k, ident in enumerate(right["targets"]):
        arrows_until(page, ident)
        assert key_focus(page)["role"] == "button"
        page.keyboard.press("Enter" if k == 0 else " ")
    assert page.wait_for_function(VERDICT, arg=right["action"]).json_value() == "true"
    assert key_focus(page) == {"other": "A#next"}
    screens(page, "learn-lesson-desktop")
    page.keyboard.press("Enter")
    page.wait_for_url("**/learn/torres/card")
    lesson_data(live, page)


@pytest.mark.parametrize("game", GAMES)
def test_every_target_of_a_lesson_is_reached_by_the_keyboard(
    live: Live, page: Any, game: str
) -> None:
    keys = [x.key for x in tutorials()[game].lessons if not x.bout]
    first = next(k for k in keys if any(e["targets"] for e in lesson_api(live, game, k)["legal"]))
    page.goto(live.base + f"/learn/{game}/{first}")
    data = lesson_data(live, page)
    firsts = {e["targets"][0] for e in data["legal"] if e["targets"]}
    assert firsts
    tab_until(page, "#board [data-tw-target]")
    marked = page.eval_on_selector_all("#board [data-tw-target]", "(ns) => ns.map((n) => n.id)")
    assert set(marked) == firsts
    unreached = [i for i in firsts if page.evaluate(KEY_PATH, i) is None]
    assert not unreached, unreached
    assert all(
        page.evaluate("(i) => !!document.getElementById(i).getAttribute('aria-label')", i)
        for i in firsts
    )


def test_a_lesson_on_a_phone(live: Live, browser: Any) -> None:
    context, page, errors = open_page(browser, phone=True)
    try:
        page.goto(live.base + "/learn/torres/block")
        data = lesson_data(live, page)
        # a block on seat 1's castle: legal, and the lesson says why it is weaker
        wrong = next(e for e in data["legal"] if e["text"] == "block b6")
        assert try_in_page(page, wrong, tap=True) == "false"
        assert "seat 1's castle" in page.inner_text("#verdict")
        assert page.locator("#verdict").is_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert axe_violations(page) == []
        page.evaluate("() => document.querySelector('#board').scrollIntoView()")
        screens(page, "learn-lesson-phone")
        assert try_in_page(page, expected(live, data), tap=True) == "true"
        assert page.locator("#next").is_visible()
    finally:
        context.close()
    assert not errors, errors


def test_an_unknown_tutorial_is_said_so(live: Live, page: Any) -> None:
    page.goto(live.base + "/learn/chess/knight")
    page.wait_for_selector("#missing:not(.hidden)")
    assert "no tutorial for “chess”" in page.inner_text("#missing-text")
    assert "Torres" in page.inner_text("#missing-text")
    page.goto(live.base + "/learn/torres")
    page.wait_for_selector("#overview:not(.hidden)")
    assert page.locator("#overview-lessons li").count() == len(tutorials()["torres"].lessons)
    assert axe_violations(page) == []


# ---- help and hints inside a lesson ------------------------------------------------------------
CARD = """() => { const c = document.querySelector('#help-card');
  if (c.classList.contains('hidden')) return null;
  const b = c.getBoundingClientRect();
  return { name: document.querySelector('#help-name').textContent,
           text: document.querySelector('#help-text').textContent,
           box: [b.left, b.top, b.right, b.bottom] }; }"""
HELP_AT = """(keys) => {
  const hitAt = (n) => {
    const b = n.getBoundingClientRect();
    for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .7], [.3, .7], [.7, .3]]) {
      const x = b.left + b.width * fx, y = b.top + b.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('[data-help]') === n) return [x, y];
    }
    return null;
  };
  const area = (n) => n.getBoundingClientRect().width * n.getBoundingClientRect().height;
  const nodes = [...document.querySelectorAll('#board svg [data-help]')].filter((n) => {
    const b = n.getBoundingClientRect();
    return keys.includes(n.dataset.help) && b.width > 12 && b.height > 12;
  }).sort((a, b) => area(a) - area(b));
  for (const n of nodes) {
    n.scrollIntoView({ block: 'center', inline: 'center' });
    const at = hitAt(n);
    if (at) return [...at, n.dataset.help];
  }
  return null;
}"""


def help_api(live: Live, game: str) -> dict[str, Any]:
    r = live.http.get(f"/api/learn/{game}/help")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def on_screen(page: Any, card: dict[str, Any]) -> bool:
    left, top, right, bottom = card["box"]
    size = page.viewport_size
    return bool(left >= 0 and top >= 0 and right <= size["width"] and bottom <= size["height"])


@pytest.mark.parametrize("game", ["torres", "sifnos"])
def test_a_lessons_board_explains_itself_as_the_game_pages_does(
    live: Live, page: Any, game: str
) -> None:
    """The mouse resting on a thing of the lesson's board shows its card; "?" on the target
    the keyboard is on shows that target's; "How this game goes" opens the game's how-to."""
    key = next(x.key for x in tutorials()[game].lessons if not x.bout)
    page.goto(live.base + f"/learn/{game}/{key}")
    lesson_data(live, page)
    topics = {t["key"]: t for t in help_api(live, game)["topics"]}
    x, y, ident = page.evaluate(HELP_AT, list(topics))
    page.mouse.move(x, y)
    page.wait_for_function(CARD)
    card = page.evaluate(CARD)
    assert card["name"] == topics[ident]["name"] and card["text"] == topics[ident]["text"]
    assert on_screen(page, card), card
    assert axe_violations(page) == []
    page.mouse.move(2, 2)
    page.wait_for_function(f"!({CARD})()")
    # by the keyboard: "?" on the board's target, Escape back to it
    tab_until(page, "#board [data-tw-target]")
    on = page.evaluate("() => document.activeElement.dataset.twTarget")
    page.keyboard.press("?")
    page.wait_for_function(CARD)
    card = page.evaluate(CARD)
    names = {t["name"] for t in topics.values()}
    assert card["name"] in names, card
    assert card["name"] in page.inner_text("#help-said")
    assert page.evaluate("() => document.activeElement.dataset.twTarget") == on
    page.keyboard.press("Escape")
    page.wait_for_function(f"!({CARD})()")
    assert page.evaluate("() => document.activeElement.dataset.twTarget") == on
    # nothing was tried meanwhile, and "How this game goes" holds the game's how-to
    assert page.locator("#verdict.hidden").count() == 1
    page.click("#howto-open")
    page.wait_for_selector("#howto[open]")
    assert page.inner_text("#howto-title") == f"How {title_of(game)} goes"
    assert page.locator("#topic-list li").count() == len(topics)
    page.keyboard.press("Escape")
    page.wait_for_selector("#howto:not([open])", state="attached")


def test_help_mode_in_a_lesson_explains_instead_of_choosing(live: Live, browser: Any) -> None:
    context, page, errors = open_page(browser, phone=True)
    try:
        page.goto(live.base + "/learn/torres/climb")
        data = lesson_data(live, page)
        right = expected(live, data)
        page.locator("#help-mode").tap()
        x, y = page.evaluate(CENTRE, right["targets"][0])
        page.touchscreen.tap(x, y)
        page.wait_for_function(CARD)
        card = page.evaluate(CARD)
        assert on_screen(page, card), card
        assert page.locator("#board .tw-picked").count() == 0  # nothing chosen
        assert page.locator("#verdict.hidden").count() == 1
        assert axe_violations(page) == []
        screens(page, "learn-lesson-help-phone")
        page.locator("#help-mode").tap()
        page.wait_for_function(f"!({CARD})()")
    finally:
        context.close()
    assert not errors, errors


HINT_RINGS = "() => [...document.querySelectorAll('#board .tw-hint')].map((n) => n.dataset.target)"


def hint_in_page(page: Any) -> tuple[list[str], str]:
    """Press Hint; the places ringed (in order) and what the hint says."""
    page.click("#hint")
    page.wait_for_function(
        "() => document.querySelector('#hint-out .learn-where') || document.querySelector('.hinted')"
    )
    return page.evaluate(HINT_RINGS), page.inner_text("#hint-out")


@pytest.mark.parametrize(("game", "key"), [("torres", "climb"), ("sifnos", "construct")])
def test_a_hint_in_a_lesson_rings_its_move_and_says_why(
    live: Live, page: Any, game: str, key: str
) -> None:
    """Hint rings the lesson's move on the board and says why, the lesson's words first (in a
    lesson several moves answer, the search's best of them, with its figures); the move made
    from the rings is the lesson's."""
    lesson = tutorials()[game].lesson(key)
    page.goto(live.base + f"/learn/{game}/{key}")
    data = lesson_data(live, page)
    rings, said = hint_in_page(page)
    entry = next(e for e in data["legal"] if e["targets"] == rings and e["text"] in said)
    assert said.startswith(f"The lesson's move: {entry['text']}.")
    assert "ringed on the board in green" in said
    first = said.index(lesson.why.split("\n")[0].split(" ")[0])
    if key == "construct":
        assert "imagined games" in said[first:]
    assert axe_violations(page) == []
    if key == "climb":
        screens(page, "learn-lesson-hint-desktop")
    else:
        shot(page, f"learn-{game}-hint")
    # a help card beside the hint, for the documentation's picture
    if key == "climb":
        topics = list(help_api(live, game)["topics"])
        x, y, _ = page.evaluate(HELP_AT, [t["key"] for t in topics])
        page.mouse.move(x, y)
        page.wait_for_function(CARD)
        screens(page, "learn-lesson-help-desktop")
        page.mouse.move(2, 2)
        page.wait_for_function(f"!({CARD})()")
    assert try_in_page(page, entry) == "true"
    assert page.locator("#board .tw-hint").count() == 0
    assert page.locator("#hint-row.hidden").count() == 1


def test_a_hint_for_a_move_in_words_marks_its_button(live: Live, browser: Any) -> None:
    context, page, errors = open_page(browser, phone=True)
    try:
        page.goto(live.base + "/learn/dark_tower/banner")
        data = lesson_data(live, page)
        right = expected(live, data)
        page.locator("#hint").tap()
        page.wait_for_selector(".hinted")
        marked = page.get_attribute("#words button.hinted", "data-action")
        assert marked == str(right["action"])
        assert f"Press the button “{right['text']}”" in page.inner_text("#hint-out")
        assert page.locator("#hint-out").is_visible()
        assert axe_violations(page) == []
        screens(page, "learn-lesson-hint-phone")
        page.locator("#words button.hinted").tap()
        assert page.wait_for_function(VERDICT, arg=right["action"]).json_value() == "true"
        assert page.locator(".hinted").count() == 0
    finally:
        context.close()
    assert not errors, errors
