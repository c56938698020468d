"""The compiled twins of Turris's sections play every game as the plain modules do.

``rules.py`` binds the compiled twin of each section it runs every action through when it
is built (see :mod:`towers.core.compiled`), so the rest of the suite tests the twins; here
the same random games, at every player count with and without the random Beasts, are played
by a process with the twins and by one that runs plain Python (``TOWERS_PURE_PYTHON=1``),
and every state (its saved JSON and its legal actions) is compared."""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pytest

from tests.games.twins import assert_same_games, require_built
from towers.core.compiled import is_compiled
from towers.games.turris import rounds, rules, twins
from towers.games.turris.rules import TurrisState

TWINNED = (
    rules.action_step, rules.beast_moves, rules.beast_phase, rules.board, rules.draws,
    rules.effects, rules.legality, rules.player_turn, rules.rounds, rules.tactics,
    rules.council_rules, rules.missions_rules, rules.resources_rules, twins._BOARD,
    twins._RESOURCES, twins._INTERNED,
)  # fmt: skip
COMPILED = all(is_compiled(m) for m in TWINNED)
needs_twins = pytest.mark.skipif(not COMPILED, reason="the compiled twins are not built here")


def test_the_twins_are_in_use_where_the_test_command_builds_them() -> None:
    plain = [m.__name__ for m in TWINNED if not is_compiled(m)]
    require_built(not plain, f"rules use plain {plain}")


@needs_twins
@pytest.mark.parametrize("random_beasts", [False, True])
@pytest.mark.parametrize("players", range(1, 6))
def test_the_twins_play_every_state_as_the_plain_modules_do(
    players: int, random_beasts: bool
) -> None:
    mode = {"players": players, "random_beasts": random_beasts}
    assert_same_games("turris", mode, games=1, seed=100 * players + random_beasts, at_least=100)


class _MemberDef(ctypes.Structure):
    """CPython's PyMemberDef: where a slot's value lies in the object."""

    _fields_ = [
        ("name", ctypes.c_char_p),
        ("type", ctypes.c_int),
        ("offset", ctypes.c_ssize_t),
        ("flags", ctypes.c_int),
        ("doc", ctypes.c_char_p),
    ]


def _slot_offset(cls: type, name: str) -> int:
    """The offset of the slot ``name`` in an instance of ``cls`` (its member descriptor's
    PyMemberDef, after the descriptor's object header, type, name and qualified name)."""
    descriptor = vars(cls)[name]
    member = ctypes.cast(id(descriptor) + 5 * ctypes.sizeof(ctypes.c_void_p),
                         ctypes.POINTER(ctypes.POINTER(_MemberDef)))[0][0]  # fmt: skip
    return int(member.offset)


def test_the_twins_read_each_field_of_the_state_where_it_lies() -> None:
    """The twins read a TurrisState's fields as the C fields ``rounds.pxd`` declares, one
    pointer each after the object header, in the order of ``rounds.STATE_SLOTS``: that order
    is the one CPython lays the slots out in, and the one the declaration gives."""
    pointer = ctypes.sizeof(ctypes.c_void_p)
    header = object.__basicsize__
    at = {name: _slot_offset(TurrisState, name) for name in TurrisState.__slots__}
    assert sorted(at, key=at.__getitem__) == list(rounds.STATE_SLOTS)
    assert [at[name] for name in rounds.STATE_SLOTS] == [
        header + pointer * k for k in range(len(rounds.STATE_SLOTS))
    ]
    assert TurrisState.__basicsize__ == header + pointer * len(rounds.STATE_SLOTS)
    pxd = (Path(rounds.__file__).with_suffix(".pxd")).read_text()
    declared = re.findall(r"^    cdef \w+ (\w+)$", pxd, re.M)
    assert declared == list(rounds.STATE_SLOTS)
