"""Every highlighted target of the board, in a real browser, for positions of each game reached
by random legal actions through the API: the ring is drawn over its target on screen, the
target itself is what lies under its centre, and a click there plays the move (or, for a
move chosen by several clicks, takes the choice to its next step).

The ring of every target is checked; the click on a few of them per position, each move then
taken back through the API so that the next click starts from the same position."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import (
    click_target,
    confirm_if_asked,
    in_every_tab,
    needs_chromium,
    open_page,
    shot,
)

pytestmark = needs_chromium

POSITIONS = 6  # positions checked per game (fewer if the game ends first)
MIN_STEPS = 3  # random actions at least between two of them, more (up to MAX_STEPS) until
MAX_STEPS = 20  # seat 0 may click a kind of target not yet seen
CLICKS = 2  # targets clicked per position, of kinds not yet clicked where there are
SLACK = 1.5  # screen pixels of rounding allowed between a ring and its target

# For every ring: the screen box of the ring and of its target (scrolled into view first), and
# what lies at the target's centre, if it is not the target or inside it.
MEASURE = """() => {
  const root = document.querySelector('#board svg');
  const box = (n) => { const b = n.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; };
  return [...root.querySelectorAll('.tw-hl, .tw-picked')].map((ring) => {
    const id = ring.dataset.target;
    const target = root.querySelector(`[id="${CSS.escape(id)}"]`);
    target.scrollIntoView({ block: 'center', inline: 'center' });
    const t = target.getBoundingClientRect();
    const hit = document.elementFromPoint(t.left + t.width / 2, t.top + t.height / 2);
    const inside = hit !== null && (hit === target || target.contains(hit));
    const about = hit === null ? 'nothing'
      : `<${hit.tagName}> of ${(hit.closest('[id]') || { id: '(no id)' }).id}`;
    return { id, kind: ring.getAttribute('class'), ring: box(ring), target: box(target),
             hit: inside ? null : about };
  });
}"""

SETTLED = """([ply, picked]) => {
  const s = document.querySelector('#status');
  if (Number(s.dataset.ply) > ply) return 'played';
  if (!document.querySelector('#chooser').classList.contains('hidden')) return 'chooser';
  const rings = document.querySelectorAll('#board .tw-picked');
  return rings.length === picked ? 'picked' : false;
}"""


def check_rings(page: Any) -> list[str]:
    """Assert every ring is over its target and its target is clickable; return the targets
    ringed as next choices."""
    found = in_every_tab(page, MEASURE)  # on a phone, the board's tabs one by one
    assert found, "no highlighted target"
    for f in found:
        (rl, rt, rr, rb), (tl, tt, tr, tb) = f["ring"], f["target"]
        where = f"{f['kind']} ring of {f['id']}: ring {f['ring']}, target {f['target']}"
        # the ring centres on the target ...
        assert abs((rl + rr) / 2 - (tl + tr) / 2) <= SLACK, where
        assert abs((rt + rb) / 2 - (tt + tb) / 2) <= SLACK, where
        # ... and goes round it (or just inside its edge)
        inset = 3 + SLACK
        assert rl <= tl + inset and rt <= tt + inset, where
        assert rr >= tr - inset and rb >= tb - inset, where
        assert f["hit"] is None, f"the centre of {f['id']} is covered by {f['hit']}"
    return sorted(f["id"] for f in found if f["kind"] == "tw-hl")


def next_ids(legal: list[dict[str, Any]], picked: list[str]) -> list[str]:
    n = len(picked)
    return sorted(
        {a["targets"][n] for a in legal if len(a["targets"]) > n and a["targets"][:n] == picked}
    )


def kind(ident: str) -> str:
    """The kind of a target: its id up to the first '-' (sq, card, die, house, ...)."""
    return ident.split("-")[0]


def sample(ids: list[str], clicked: set[str], rng: random.Random) -> list[str]:
    """Up to CLICKS of the ids, each of another kind, kinds not clicked before first."""
    kinds: dict[str, list[str]] = {}
    for ident in ids:
        kinds.setdefault(kind(ident), []).append(ident)
    order = sorted(kinds, key=lambda k: (k in clicked, rng.random()))
    picks = [rng.choice(kinds[k]) for k in order[:CLICKS]]
    rest = [i for i in ids if i not in picks]
    return picks + rng.sample(rest, min(CLICKS - len(picks), len(rest)))


def to_move(live: Live, gid: str, secrets: list[str]) -> dict[str, Any] | None:
    """The view of the seat to move (None once the game is over)."""
    view = live.view(gid)
    if view["status"] == "over":
        return None
    return live.view(gid, secrets[view["to_move"]])


def walk(
    live: Live, gid: str, secrets: list[str], rng: random.Random, seen: set[str], steps: int = 0
) -> dict[str, Any] | None:
    """Play random legal actions until seat 0 may click the board, after MIN_STEPS of them
    (counting from ``-steps``), and a kind of target not in ``seen`` (or MAX_STEPS); seat 0's
    view then (None if the game ended first)."""
    steps = -steps
    while True:
        view = to_move(live, gid, secrets)
        if view is None:
            return None
        if steps >= MIN_STEPS and view["you"] == 0:
            kinds = {kind(i) for i in next_ids(view["legal"], [])}
            if kinds - seen or (kinds and steps >= MAX_STEPS):
                return view
        action = rng.choice(view["legal"])["action"]
        r = live.act(gid, secrets[view["you"]], ply=view["ply"], action=action)
        assert r.status_code == 200, r.text
        steps += 1


def wait_for_ply(page: Any, ply: int) -> None:
    page.wait_for_function(
        "p => { const s = document.querySelector('#status');"
        " return Number(s.dataset.ply) === p && s.classList.contains('mine'); }",
        arg=ply,
    )


def play_by_clicks(
    page: Any, view: dict[str, Any], first: str, rng: random.Random, seen: set[str]
) -> str:
    """Click ``first``, then ringed targets until the move is played; return its words. The
    kinds of targets ringed on the way are added to ``seen``."""
    legal = view["legal"]
    picked = [first]
    while True:
        click_target(page, picked[-1])
        confirm_if_asked(page)
        settled = page.wait_for_function(
            SETTLED, arg=[view["ply"], len(picked)], timeout=5_000
        ).json_value()
        if settled == "played":
            done = [a for a in legal if a["targets"] == picked]
            assert len(done) == 1, (picked, done)
            return str(done[0]["text"])
        if settled == "chooser":
            buttons = page.locator("#choices button")
            offered = [a for a in legal if a["targets"] == picked]
            assert sorted(buttons.all_inner_texts()) == sorted(a["text"] for a in offered)
            button = buttons.nth(rng.randrange(buttons.count()))
            text = button.inner_text()
            button.click()
            confirm_if_asked(page)
            page.wait_for_function(SETTLED, arg=[view["ply"], -1])
            return str(text)
        # a step of a longer choice: the clicked target is marked, the next ones ringed
        shown = in_every_tab(
            page,
            "() => [...document.querySelectorAll('#board .tw-picked')].map(r => r.dataset.target)",
        )
        assert sorted(shown) == sorted(picked)
        ringed = check_rings(page)
        assert ringed == next_ids(legal, picked), picked
        seen.update(kind(i) for i in ringed)
        picked.append(rng.choice(ringed))


def played_text(live: Live, gid: str, secret: str, ply: int) -> str:
    """The words of the move played at ``ply``, as the moves offered say it (the log says
    more: its result)."""
    live.wait(gid, lambda v: v["ply"] > ply, secret)
    room = live.service.rooms[gid]  # type: ignore[union-attr]
    return str(room.state.action_to_string(room.log.actions[ply]))


@pytest.mark.parametrize(
    ("game", "seed", "start", "phone"),
    [
        ("torres", 3, 0, False),
        ("tiletum", 4, 0, False),
        ("tiletum", 5, 80, True),
        ("turris", 6, 0, False),
        ("turris", 7, 120, True),
        ("sifnos", 8, 0, False),
        ("sifnos", 9, 150, True),
        ("dark_tower", 14, 0, False),
        ("dark_tower", 15, 60, True),
    ],
    ids=[
        "torres",
        "tiletum",
        "tiletum-later-on-a-phone",
        "turris",
        "turris-later-on-a-phone",
        "sifnos",
        "sifnos-later-on-a-phone",
        "dark_tower",
        "dark_tower-later-on-a-phone",
    ],
)
def test_every_highlight_rings_its_target_and_a_click_there_plays_it(
    live: Live, browser: Any, game: str, seed: int, start: int, phone: bool
) -> None:
    """From the start of a game or from ``start`` random actions on."""
    g = live.create(game, players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=seed)
    gid = g["id"]
    secrets = [s["secret"] for s in g["seats"]]
    rng = random.Random(seed)
    context, page, errors = open_page(browser, phone=phone)
    seen: set[str] = set()  # kinds of targets ringed
    clicked: set[str] = set()  # kinds of targets clicked first
    positions = clicks = most = 0
    try:
        page.goto(live.base + g["seats"][0]["link"])
        for _ in range(POSITIONS):
            view = walk(live, gid, secrets, rng, seen, 0 if positions else start)
            if view is None:
                break
            wait_for_ply(page, view["ply"])
            positions += 1
            firsts = next_ids(view["legal"], [])
            assert check_rings(page) == firsts
            seen.update(kind(i) for i in firsts)
            if len(firsts) > most:  # a picture of the position with the most rings
                most = len(firsts)
                shot(page, f"{game}-targets{'-phone' if phone else ''}")
            for first in sample(firsts, clicked, rng):
                text = play_by_clicks(page, view, first, rng, seen)
                clicks += 1
                clicked.add(kind(first))
                assert played_text(live, gid, secrets[0], view["ply"]) == text
                if live.undo(gid, secrets[0], live.view(gid)["ply"]).status_code != 200:
                    break  # the move cannot be taken back: go on from where it led
                wait_for_ply(page, view["ply"])
                view = live.view(gid, secrets[0])
        assert positions >= 5 and clicks >= positions, (positions, clicks)
        assert len(seen) >= 5 and len(clicked) >= 3, (seen, clicked)
    finally:
        context.close()
    assert not errors, errors
