"""Seats of a game: the catalog of games and bots, who a secret belongs to, who is at the table,
and handing a seat to a bot or taking it back; bot parameters are held to the server's bounds."""

from __future__ import annotations

import functools
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from towers.agents.params import BotParamError, Param
from towers.core.errors import GameOptionError
from towers.core.registry import (
    bot_class,
    check_bot_params,
    game_class,
    list_bots,
    list_games,
    make,
    title_of,
)
from towers.server.errors import ApiError, malformed, missing_secret, over_limit, wrong_secret
from towers.server.rooms import HUMAN, Room, Seat, bot_to_move, hash_secret, jsonable


def names_by_key(names: Mapping[Any, str]) -> dict[str, str]:
    """An option's printed names as JSON keys them: a text value as itself, another value as
    its JSON (``true``, ``6``), which is how a page's script finds a choice's name.

    >>> names_by_key({"common_deck": "Common action deck", 6: "six"})
    {'common_deck': 'Common action deck', '6': 'six'}
    """
    return {k if isinstance(k, str) else json.dumps(k): words for k, words in names.items()}


THINK = "seconds"
"""The bot parameter that is a think time per move: held to the server's ``max_think`` too."""
MAX_NAME = 40


class Seating:
    """Part of :class:`~towers.server.service.GameService` (the attributes it uses are set there)."""

    def catalog(self) -> dict[str, Any]:
        """The games (by registry name, which requests use, with the printed title, and the
        options with their choices' printed names) and the bots this server offers."""
        games = []
        for name in list_games():
            try:
                cls = game_class(name)
                hidden = make(name).has_hidden_information()
            except (ImportError, GameOptionError):
                continue
            games.append(
                {
                    "name": name,
                    "title": title_of(name),
                    "min_players": cls.min_players,
                    "max_players": cls.max_players,
                    "hidden_information": hidden,
                    "options": [
                        {
                            "name": key,
                            "default": jsonable(opt.default),
                            "help": opt.help,
                            "choices": [jsonable(c) for c in opt.choices],
                            "names": names_by_key(opt.names),
                        }
                        for key, opt in cls.OPTIONS.items()
                    ],
                }
            )
        bots = []
        for name in list_bots():
            try:
                cls = bot_class(name)
            except (ImportError, GameOptionError):
                continue
            if not getattr(cls, "offered", lambda: True)():
                continue  # a bot this server is not set up for (no trained policies, say)
            bots.append(
                {
                    "name": name,
                    # a plugin's bot may declare neither (it then takes what its class takes)
                    "about": getattr(cls, "about", "") or _first_line(cls.__doc__),
                    "params": {p.name: self._published(p) for p in getattr(cls, "PARAMS", ())},
                }
            )
        return {"games": games, "bots": bots, "seat_kinds": [HUMAN, *[b["name"] for b in bots]]}

    def _check_seat(self, i: int, spec: dict[str, Any]) -> Seat:
        kind = str(spec.get("kind", HUMAN)).lower()
        params = spec.get("params") or {}
        name = str(spec.get("name") or "").strip()
        if len(name) > MAX_NAME:
            raise malformed(f"seat {i}: a name has at most {MAX_NAME} characters", field="seats")
        if not name.isprintable():
            raise malformed(
                f"seat {i}: a name is printable text, without control characters", field="seats"
            )
        if kind == HUMAN:
            if params:
                raise malformed(f"seat {i}: a human seat takes no parameters", field="seats")
            return Seat(HUMAN, {}, name)
        return Seat(kind, self._check_bot(kind, params, f"seat {i}"), name)

    def _published(self, param: Param) -> dict[str, Any]:
        """A bot parameter as the catalog shows it, with this server's bound on think time."""
        out = param.to_dict()
        if param.name == THINK:
            out["limit"] = min(out["limit"] or self.config.max_think, self.config.max_think)
        return out

    def _check_bot(self, kind: str, params: dict[str, Any], where: str) -> dict[str, Any]:
        """The bot's parameters checked, within this server's bounds: a value past a bound
        is refused with 422 naming the parameter and the bound, anything else with 400."""
        if kind not in list_bots():
            raise malformed(
                f"{where}: unknown seat kind {kind!r}; a seat can be: "
                f"{', '.join([HUMAN, *list_bots()])}",
                field="seats",
            )
        try:
            checked = check_bot_params(kind, params, limited=True)
        except BotParamError as exc:
            if exc.limit is not None:
                raise over_limit(f"{where}: {exc}", exc.param, exc.limit) from exc
            raise malformed(f"{where}: {exc}", field="seats") from exc
        except (GameOptionError, ImportError) as exc:
            raise malformed(f"{where}: {exc}", field="seats") from exc
        think = checked.get(THINK)
        if isinstance(think, int | float) and think > self.config.max_think:
            raise over_limit(
                f"{where}: {kind}: {THINK} may be at most {self.config.max_think} on this "
                f"server, not {think}",
                THINK,
                self.config.max_think,
            )
        return checked

    def seat_of(self, room: Room, secret: str | None, *, required: bool = False) -> int | None:
        """The seat whose secret this is; None for no secret (a spectator)."""
        if not secret:
            if required:
                raise missing_secret()
            return None
        digest = hash_secret(secret)
        for seat, stored in enumerate(room.secrets):
            if stored is not None and hmac.compare_digest(stored, digest):
                room.last_request[seat] = time.monotonic()
                return seat
        raise wrong_secret()

    def is_present(self, room: Room, seat: int) -> bool:
        if any(c.seat == seat for c in room.clients):
            return True
        last = room.last_request.get(seat)
        return last is not None and time.monotonic() - last < self.config.absent_after

    async def set_seat(
        self, game_id: str, secret: str | None, seat: int, kind: str, params: dict[str, Any]
    ) -> Room:
        room = await self.room(game_id)
        asker = self.seat_of(room, secret, required=True)
        n = room.game.num_players
        if not 0 <= seat < n:
            raise ApiError(404, "unknown_seat", f"there is no seat {seat}; seats are 0 to {n - 1}")
        kind = kind.lower()
        async with room.lock:
            if room.state.is_terminal():
                raise ApiError(409, "game_over", "the game is over")
            current = room.seats[seat]
            if kind == HUMAN:
                if params:
                    raise malformed("a human seat takes no parameters")
                if asker != seat:
                    raise ApiError(
                        403, "not_your_seat", "only the seat's own secret can take a seat back"
                    )
                if not current.is_bot:
                    raise ApiError(409, "already_human", f"seat {seat} is already yours")
                taken = Seat(HUMAN, {}, current.name)
            else:
                params = self._check_bot(kind, params, f"seat {seat}")
                if asker != seat:
                    if current.is_bot:
                        raise ApiError(
                            403,
                            "not_your_seat",
                            f"a bot already plays seat {seat}; only its own player may change it",
                        )
                    if self.is_present(room, seat):
                        raise ApiError(
                            409,
                            "seat_present",
                            f"seat {seat} is still at the table; a bot may take over a seat "
                            "only after its player has left",
                        )
                taken = Seat(kind, dict(params), current.name)
            seats = [taken if i == seat else s for i, s in enumerate(room.seats)]
            stored = [s.to_dict() for s in seats]
            written = await self.db(
                functools.partial(self.store.set_seats, expected=room.stored_seats, ply=room.ply),
                room.id,
                stored,
                bot_to_move(room.state, seats),
            )
            if not written:
                await self._reload(room)
                raise ApiError(
                    409,
                    "seats_changed",
                    f"seat {seat} was not changed: the game's seats or its position changed "
                    "meanwhile (another window or server process); look at the table again "
                    "and choose",
                    ply=room.ply,
                )
            room.seats, room.stored_seats = seats, stored
            room.changed()
            self._schedule_bot(room)
        return room


def _first_line(text: str | None) -> str:
    lines = (text or "").strip().splitlines()
    return lines[0] if lines else ""
