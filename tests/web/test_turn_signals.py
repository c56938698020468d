"""When the turn comes to the viewer: the tab's title and icon say so, and, if the player
turned them on (off at first, kept in this browser), a sound plays and a notification shows
while the page is hidden. The app serves its icon, /favicon.ico included."""

from __future__ import annotations

from typing import Any

from tests.server.live import Live
from tests.web.browser import needs_chromium, open_page

# The page's sound and notifications, recorded instead of heard or shown; the page hidden.
STUBS = """
window.tones = 0; window.notes = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { window.tones += 1;
    return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    connect: () => ({}) }; }
};
window.Notification = class {
  constructor(title, options) { window.notes.push([title, options.body]); }
  close() {}
};
window.Notification.permission = 'granted';
window.Notification.requestPermission = async () => 'granted';
Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
"""


def test_the_app_serves_its_icon(live: Live) -> None:
    r = live.http.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content.startswith(b"\x89PNG\r\n\x1a\n")
    for path in ["/icon.svg", "/icon-turn.svg"]:
        r = live.http.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "<circle" in live.http.get("/icon-turn.svg").text
    assert "<circle" not in live.http.get("/icon.svg").text


@needs_chromium
def test_the_turn_coming_is_signalled_as_the_player_chose(live: Live, browser: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=8)
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    waiting = 1 - live.view(gid)["to_move"]
    context, page, errors = open_page(browser)
    context.add_init_script(STUBS)
    try:
        page.goto(live.base + g["seats"][waiting]["link"])
        page.wait_for_selector("#status[data-ply]")
        assert page.title() == "towers: Torres"
        assert page.get_attribute("#icon", "href") == "/icon.svg"
        # off unless turned on; the confirmation on unless turned off
        assert not page.is_checked("#set-sound") and not page.is_checked("#set-notify")
        assert page.is_checked("#set-confirm")
        page.check("#set-sound")  # a sound at once, to hear what it will be
        page.check("#set-notify")
        assert page.evaluate("() => window.tones") == 2
        page.reload()
        page.wait_for_selector("#status[data-ply]")
        assert page.is_checked("#set-sound") and page.is_checked("#set-notify")
        assert page.evaluate("() => [window.tones, window.notes.length]") == [0, 0]

        # the other seat plays until the turn passes
        for _ in range(20):
            view = live.view(gid, secrets[1 - waiting])
            if not view["your_turn"]:
                break
            r = live.act(
                gid, secrets[1 - waiting], ply=view["ply"], action=view["legal"][0]["action"]
            )
            assert r.status_code == 200, r.text
        page.wait_for_selector("#status.mine")
        assert page.title() == "● Your turn: Torres"
        assert page.get_attribute("#icon", "href") == "/icon-turn.svg"
        assert page.evaluate("() => window.tones") == 2
        notes = page.evaluate("() => window.notes")
        assert len(notes) == 1 and notes[0][0] == "Your turn: Torres"

        # turned off again: the next turn comes in silence
        page.uncheck("#set-sound")
        page.uncheck("#set-notify")
        assert page.evaluate("() => localStorage.getItem('towers.sound')") == "off"
    finally:
        context.close()
    assert not errors, errors
