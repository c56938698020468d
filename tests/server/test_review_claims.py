"""A review is made once across server processes (towers.server.learning.ReviewClaims): the
first asker claims it, others follow its progress, and a claim left by a process that
crashed expires."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.server.live import Live, live_server
from towers.server import learning
from towers.server.learning import CLAIM_EXPIRES, ReviewClaims


def test_the_first_asker_claims_and_a_second_sees_its_progress(tmp_path: Path) -> None:
    mine, theirs = ReviewClaims(tmp_path), ReviewClaims(tmp_path)
    assert mine.claim("g1", "key", "a") is None
    other = theirs.claim("g1", "key", "b")
    assert other is not None and other["owner"] == "a" and other["done"] == 0
    assert mine.renew("g1", "a", "key", 7, 40)
    follows = theirs.claim("g1", "key", "b")
    assert follows is not None and (follows["done"], follows["total"]) == (7, 40)
    theirs.release("g1", "b")  # not its claim: nothing given back
    assert theirs.standing("g1") is not None
    mine.release("g1", "a")
    assert theirs.standing("g1") is None and not mine.path("g1").exists()
    assert theirs.claim("g1", "key", "b") is None  # given back: the next asker takes it


def write_claim(claims: ReviewClaims, game_id: str, **fields: object) -> None:
    data = {"owner": "gone", "key": "key", "done": 3, "total": 9, **fields}
    claims.folder.mkdir(parents=True, exist_ok=True)
    claims.path(game_id).write_text(json.dumps(data), encoding="utf-8")


def test_a_claim_not_renewed_for_a_minute_expires(tmp_path: Path) -> None:
    claims = ReviewClaims(tmp_path)
    now = time.time()
    elsewhere = {"host": "another-machine", "pid": 1}
    write_claim(claims, "old", at=now - CLAIM_EXPIRES - 1, **elsewhere)
    write_claim(claims, "recent", at=now - CLAIM_EXPIRES + 10, **elsewhere)
    assert claims.standing("old") is None
    assert claims.claim("old", "key", "b") is None  # taken over
    assert claims.read("old") is not None and claims.read("old")["owner"] == "b"  # type: ignore[index]
    stands = claims.claim("recent", "key", "b")
    assert stands is not None and stands["owner"] == "gone" and stands["done"] == 3
    # the owner of the claim taken over learns it when it renews
    assert not claims.renew("old", "gone", "key", 4, 9)


def test_a_claim_whose_process_is_gone_from_this_machine_expires_at_once(tmp_path: Path) -> None:
    claims = ReviewClaims(tmp_path)
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    dead = int(child.stdout)
    write_claim(claims, "g", at=time.time(), host=claims.host, pid=dead)
    assert claims.standing("g") is None
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        write_claim(claims, "h", at=time.time(), host=claims.host, pid=alive.pid)
        assert claims.standing("h") is not None
    finally:
        alive.kill()
        alive.wait()


def test_a_claim_that_cannot_be_read_is_no_claim(tmp_path: Path) -> None:
    claims = ReviewClaims(tmp_path)
    claims.path("g").write_text("{not json", encoding="utf-8")
    assert claims.standing("g") is None
    write_claim(claims, "h", at="soon", host=claims.host, pid=1)
    assert claims.standing("h") is None
    assert claims.claim("g", "key", "a") is None


def test_of_many_askers_at_once_one_claims(tmp_path: Path) -> None:
    winners: list[str] = []
    start = threading.Barrier(8)

    def ask(owner: str) -> None:
        claims = ReviewClaims(tmp_path)  # a lock file opened of its own, as a process has
        start.wait()
        if claims.claim("g", "key", owner) is None:
            winners.append(owner)

    threads = [threading.Thread(target=ask, args=(f"o{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(winners) == 1
    assert ReviewClaims(tmp_path).read("g")["owner"] == winners[0]  # type: ignore[index]


def finished_torres(live: Live, seed: int) -> str:
    g = live.create("torres", players=2, seats=[{"kind": "random"}] * 2, seed=seed)
    live.wait(g["id"], lambda v: v["status"] == "over", timeout=120)
    return str(g["id"])


def test_two_services_on_one_database_make_a_review_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two services on one SQLite file, as two processes would be (each its own store
    connection, its own claims): the second asked follows the first's claim and makes
    nothing."""
    monkeypatch.setattr(learning, "REVIEW_ITERATIONS", 10)
    monkeypatch.setenv("TOWERS_LEARN_DIR", str(tmp_path / "learn"))
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with live_server(database) as a, live_server(database) as b:
        game_id = finished_torres(a, seed=41)
        first = a.http.get(f"/api/games/{game_id}/review")
        assert first.status_code == 202, first.text
        seen = b.http.get(f"/api/games/{game_id}/review")
        assert seen.status_code == 202, seen.text  # the first's claim stands
        maker, follower = learning.learning_of(a.service), learning.learning_of(b.service)  # type: ignore[arg-type]
        assert maker is not None and follower is not None
        assert game_id in maker._jobs
        owner = maker._jobs[game_id].owner
        progress = [seen.json()["done"]]
        for _ in range(600):
            claim = follower.claims.read(game_id)
            assert claim is None or claim["owner"] == owner
            r = b.http.get(f"/api/games/{game_id}/review")
            if r.status_code == 200:
                break
            assert r.status_code == 202, r.text
            progress.append(r.json()["done"])
            time.sleep(0.1)
        else:
            raise AssertionError("the review was not made in a minute")
        assert game_id not in follower._jobs  # it never made one
        assert progress == sorted(progress)  # the maker's progress, as its claim says
        assert r.json() == a.http.get(f"/api/games/{game_id}/review").json()
        assert not follower.claims.path(game_id).exists()  # given back once stored
