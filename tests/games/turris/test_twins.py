"""The compiled twins of Turris's sections play every game as the plain modules do.

``rules.py`` binds the compiled twin of each section it runs every action through when it
is built (see :mod:`towers.core.compiled`), so the rest of the suite tests the twins; here
the same random games, at every player count with and without the random Beasts, are played
by a process with the twins and by one that runs plain Python (``TOWERS_PURE_PYTHON=1``),
and every state (its saved JSON and its legal actions) is compared."""

from __future__ import annotations

import ctypes
import importlib
import re
from pathlib import Path

import pytest

from tests.games.twins import assert_same_games, require_built
from towers.core.compiled import is_compiled
from towers.games.turris import interned, resources, rounds, rules, twins

TWINNED = (
    rules.action_step, rules.beast_moves, rules.beast_phase, rules.board, rules.draws,
    rules.effects, rules.legality, rules.player_turn, rules.rounds, rules.tactics,
    rules.council_rules, rules.missions_rules, rules.resources_rules, rules.cleanup, rules.solo,
    rules.trionfi, rules.prestige_rules, rules.endgame_rules, twins._BOARD,
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


def _declared_classes() -> dict[str, list[str]]:
    """Each class the twins' .pxd files declare as C fields (``cdef extern class``), by its
    dotted name, with the fields in their declared order."""
    out: dict[str, list[str]] = {}
    for pxd in sorted(Path(rounds.__file__).parent.glob("*.pxd")):
        text = pxd.read_text()
        for name, body in re.findall(
            r"^cdef extern class ([\w.]+) \[[^]]*\]:\n((?:    cdef \w+ \w+\n)+)", text, re.M
        ):
            out[name] = re.findall(r"cdef \w+ (\w+)", body)
    return out


def test_the_twins_read_each_field_where_it_lies() -> None:
    """The twins read the fields of a TurrisState, a TurrisGame, a Bundle, an Effect and each
    frame as the C fields their .pxd files declare, one pointer each after the object header
    (and what the class inherits) in the declared order: that order is the one CPython lays
    the slots out in, and the one the rules check before they bind the twins
    (``rounds.STATE_SLOTS``, ``resources.BUNDLE_SLOTS``, ``interned.FRAME_SLOTS``...)."""
    pointer = ctypes.sizeof(ctypes.c_void_p)
    header = object.__basicsize__
    declared = _declared_classes()
    assert {"TurrisState", "TurrisGame", "Bundle", "Effect"} <= {
        n.rpartition(".")[2] for n in declared
    }
    for dotted, fields in declared.items():
        module, _, name = dotted.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        own = list(vars(cls)["__slots__"])
        # fields the class inherits come first (the Game's list of weak references)
        lead = len(fields) - len(own)
        assert lead >= 0 and not set(fields[:lead]) & set(own), dotted
        at = {slot: _slot_offset(cls, slot) for slot in own}
        assert sorted(at, key=at.__getitem__) == fields[lead:], dotted
        assert [at[f] for f in fields[lead:]] == [
            header + pointer * k for k in range(lead, len(fields))
        ], dotted
        assert cls.__basicsize__ == header + pointer * len(fields), dotted
    assert declared["towers.games.turris.rules.TurrisState"] == list(rounds.STATE_SLOTS)
    assert declared["towers.games.turris.rules.TurrisGame"][1:] == list(rounds.GAME_SLOTS)
    assert declared["towers.games.turris.data.Bundle"] == list(resources.BUNDLE_SLOTS)
    assert declared["towers.games.turris.data.Effect"] == list(resources.EFFECT_SLOTS)
    for name, slots in interned.FRAME_SLOTS.items():
        assert declared[f"towers.games.turris.frames.{name}"] == list(slots)
