"""Write ``games-0001.sqlite3``: a database as the release before schema versions wrote it
(commit 34ccd82), with games in progress, one finished, and what each seat may do next in
``games-0001.json``. Run with that release first on the path, from an empty folder:

    git archive 34ccd82 | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release TOWERS_PURE_PYTHON=1 python tests/data/server/write_games_0001.py OUT

Kept for the record: the files it wrote are never rewritten (an upgrade test reads them).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from towers.server.service import GameService, ServerConfig

GAMES: list[tuple[str, int, dict[str, Any], list[str], int, int | None]] = [
    # game, players, options, seats, seed, plies to play (None: to the end)
    ("torres", 2, {}, ["human", "human"], 11, 45),  # past a snapshot (every 32 plies)
    ("torres", 3, {"variant": "master"}, ["human", "human", "greedy"], 12, 7),
    ("tiletum", 2, {}, ["human", "human"], 13, 30),
    ("turris", 1, {}, ["human"], 14, 20),
    ("torres", 2, {}, ["human", "human"], 15, None),
]


async def main(out: Path) -> None:
    db = out / "games-0001.sqlite3"
    service = GameService(ServerConfig(database=f"sqlite:///{db}"))
    expected = []
    for name, players, options, seats, seed, plies in GAMES:
        kinds = [{"kind": k} if k == "human" else {"kind": k, "params": {}} for k in seats]
        # the bot seat is taken when the game is created: it is handed over below
        created = await service.create(name, players, options, [{"kind": "human"}] * players, seed)
        gid = created["id"]
        secrets = [s.get("secret") for s in created["seats"]]
        rng = random.Random(seed)
        room = await service.room(gid)
        while not room.state.is_terminal() and (plies is None or room.ply < plies):
            seat = room.state.current_player()
            legal = room.state.legal_actions()
            await service.act(gid, secrets[seat], room.ply, rng.choice(legal), None)
        for i, kind in enumerate(kinds):
            if kind["kind"] != "human" and room.state.current_player() != i:
                await service.set_seat(gid, secrets[i], i, kind["kind"], {})
        expected.append(
            {
                "id": gid,
                "game": name,
                "players": players,
                "options": options,
                "secrets": secrets,
                "ply": room.ply,
                "status": "over" if room.state.is_terminal() else "playing",
                "history": list(room.state.history()),
                "seats": [s.kind for s in room.seats],
                "to_move": room.state.current_player(),
            }
        )
    service.bots.close()
    service.store.close()
    (out / "games-0001.json").write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
