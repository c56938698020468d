"""The table's entries in the words of the components on the table, and what a typed line
means.

The engine names a drawn card ``draw Lamp of Hope`` and a die roll ``haggle die 3``; the
table holds a card printed ``Lamp of Hope`` and a die whose faces say what happens. So each
outcome the table supplies gets a label in those words (the card's printed name; the haggle
die's face as the rulebook's Reinforce section prints it; where a skull came out, with the
kingdom it lands in), and a typed line is read against both the labels and the engine's
names, whatever its case, apostrophes (``'`` or ``’``) and accents. A card the table names
that is not in its deck now is still recognized, so the refusal can say why (a main goal's
treasure is found in a dungeon, not drawn).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.data import DATA, effects_text
from towers.games.dark_tower.tower import STILL, outcome_name, side_of

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def haggle_face_words(face: str) -> str:
    """A face of the haggle die as printed (Reinforce: the die's five results).

    >>> [haggle_face_words(f) for f in ("normal", "warriors", "cancel")]
    ['Reinforce normally', 'after you Reinforce, gain 3 warriors', 'the Reinforce action is canceled']
    """
    if face == "normal":
        return "Reinforce normally"
    if face == "cancel":
        return "the Reinforce action is canceled"
    return f"after you Reinforce, {effects_text(DATA.haggle[face])}"


def haggle_legend() -> list[str]:
    """The die's faces, once each, in the order of the rulebook's Reinforce section."""
    return [haggle_face_words(f) for f in dict.fromkeys(DATA.haggle_faces)]


def fold(text: str) -> str:
    """A typed name as compared: accents, apostrophes, case and spacing set aside.

    >>> fold("  AZKOL’S  Horn ") == fold("azkol's horn"), fold("Égan")
    (True, 'egan')
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    for mark in ("\u2019", "\u2018", "\u02bc", "`", "\u00b4"):
        text = text.replace(mark, "'")
    return " ".join(text.casefold().split())


def printed_name(action: int) -> str | None:
    """The printed name of the card or die face an outcome is (None for other actions)."""
    value = SPACE.decode(action)
    match value:
        case A.DrawTreasure(treasure=t):
            return DATA.treasures[t].name
        case A.DrawPotion(potion=p):
            return DATA.potions[p].name
        case A.DrawCorruption(corruption=c):
            return DATA.corruptions[c].name
        case A.DealTest(quest=q):
            return DATA.quests[q].name
        case A.RollHaggle(face=f):
            return haggle_face_words(DATA.haggle_faces[f])
    return None


def label(state: DarkTowerState, action: int) -> str:
    """An entry as the table sees it: a card or die face by its printed words, where a skull
    came out with the kingdom it lands in, anything else by the engine's name."""
    name = printed_name(action)
    if name is not None:
        return name
    value = SPACE.decode(action)
    if isinstance(value, A.Release):
        if value.what == STILL:
            return "no more came out"
        side = side_of(value.what)
        kingdom = next(k.name for k in DATA.kingdoms if k.side == side)
        return f"out of the {outcome_name(value.what)} (into {kingdom})"
    return state.action_to_string(action)


@functools.cache
def _by_printed_name() -> dict[str, int]:
    """Every card's and die face's folded printed name, and its outcome (the first face)."""
    names: dict[str, int] = {}
    for action in range(SPACE.size):
        name = printed_name(action)
        if name is not None:
            names.setdefault(fold(name), action)
    return names


def shown(state: DarkTowerState, actions: list[int]) -> list[int]:
    """The entries to show: one for each label (the haggle die's two faces that Reinforce
    normally are one entry)."""
    seen: dict[str, int] = {}
    for action in actions:
        seen.setdefault(label(state, action), action)
    return list(seen.values())


def read(state: DarkTowerState, actions: list[int], text: str) -> int:
    """The entry a typed line names: an entry allowed now by its label or engine name, a card
    of any deck by its printed name, or whatever the engine reads it as. ValueError when it
    names nothing."""
    typed = fold(text)
    for action in actions:
        if typed in (fold(label(state, action)), fold(state.action_to_string(action))):
            return action
    if typed in _by_printed_name():
        return _by_printed_name()[typed]
    return int(state.string_to_action(text.strip()))


class EntryNames:
    """A state that names its actions in the table's words, for a menu of entries."""

    def __init__(self, state: DarkTowerState, actions: list[int]) -> None:
        self.state = state
        self.actions = actions

    def action_to_string(self, action: int) -> str:
        return label(self.state, action)

    def string_to_action(self, text: str) -> int:
        return read(self.state, self.actions, text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)
