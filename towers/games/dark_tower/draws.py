"""The chance nodes: the Tower's drops, rotations and seals (End of Turn, The Tower Stirs), the
event, treasure, potion, corruption and companion decks, the battle cards and dungeon rooms
the app reveals, where foes spawn, the monthly quests, the heroic tests dealt and the haggle
die (Reinforce): each listed with its probabilities, and applied."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from towers.core.components import Deck
from towers.core.frames import Frame
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import (
    CARD,
    DEAL_TEST,
    DRAW_COMPANION,
    DRAW_CORRUPTION,
    DRAW_POTION,
    DRAW_QUEST,
    DRAW_QUEST_ITEM,
    DRAW_TREASURE,
    EVENT,
    HAGGLE_ROLL,
    N_FOES,
    N_LOC,
    RELEASE,
    ROOM,
    SEAL,
    SPAWN,
)
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.tower import BASE, STILL

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def chance_outcomes(state: DarkTowerState) -> list[tuple[int, float]]:
    top = state.pending[-1]
    fixed = FIXED_OUTCOMES.get(type(top))
    if fixed is not None:
        return list(fixed)
    outcomes = OUTCOMES.get(type(top))
    if outcomes is None:
        raise AssertionError(top)
    return outcomes(state, top)


def _release_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    return state.tower.release_outcomes_from(RELEASE)


def _seal_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    return [(SEAL + o, p) for o, p in state.tower.seal_to_break_outcomes()]


def _deck_outcomes(deck: Deck, base: int) -> list[tuple[int, float]]:
    """``deck.draw_outcomes()`` with ``base`` added to each kind (a game's chance actions),
    made in one list."""
    counts = deck.counts
    total = 0
    for n in counts:
        total += n
    return [(base + k, n / total) for k, n in enumerate(counts) if n]


def _event_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    return _deck_outcomes(state.event_deck, EVENT)


def _room_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    unrevealed = state.rooms.count(-1)
    target = 1.0 / unrevealed
    kinds = len(DATA.dungeon_types[0].rooms)
    if unrevealed == 1:
        return [(ROOM + A.TARGET, 1.0)]
    rest = (1.0 - target) / kinds
    return [(ROOM + k, rest) for k in range(kinds)] + [(ROOM + A.TARGET, target)]


def _potion_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    return _deck_outcomes(state.potion_deck, DRAW_POTION)


def _treasure_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    return _deck_outcomes(state.treasure_deck, DRAW_TREASURE)


def _corruption_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    return _deck_outcomes(state.corruption_deck, DRAW_CORRUPTION)


def _companion_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    left = state.companions_left
    return [(DRAW_COMPANION + c, 1.0 / len(left)) for c in left]


def _quest_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    left = [q for q in range(len(DATA.quests)) if q not in state.quests_dealt]
    return [(DRAW_QUEST + q, 1.0 / len(left)) for q in left]


def _test_outcomes(state: DarkTowerState, top: F.DealTest) -> list[tuple[int, float]]:
    left = state.undealt_tests(top.kind)
    return [(DEAL_TEST + q, 1.0 / len(left)) for q in left]


def _quest_item_outcomes(state: DarkTowerState, top: Frame) -> list[tuple[int, float]]:
    left = state.quest_items_left()
    return [(DRAW_QUEST_ITEM + q, 1.0 / len(left)) for q in left]


FIXED_OUTCOMES: dict[type[Frame], tuple[tuple[int, float], ...]] = {
    F.CardReveal: tuple((CARD + c, 0.25) for c in range(4)),
    F.Spawn: tuple((SPAWN + loc, 1.0 / N_LOC) for loc in range(N_LOC)),
    F.HaggleRoll: tuple((HAGGLE_ROLL + f, 1.0 / 6) for f in range(6)),
}
"""The chance frames whose outcomes never change: a battle card (one of four), where a foe
spawns (any space), the haggle die's face."""
OUTCOMES: dict[type[Frame], Callable[[DarkTowerState, Any], list[tuple[int, float]]]] = {
    F.Releasing: _release_outcomes,
    F.SealGlow: _seal_outcomes,
    F.EventDraw: _event_outcomes,
    F.RoomReveal: _room_outcomes,
    F.PotionDraw: _potion_outcomes,
    F.TreasureDraw: _treasure_outcomes,
    F.CorruptionDraw: _corruption_outcomes,
    F.CompanionDraw: _companion_outcomes,
    F.QuestDraw: _quest_outcomes,
    F.DealTest: _test_outcomes,
    F.QuestItemDraw: _quest_item_outcomes,
}
"""The outcomes of the other chance frames, with their probabilities, by kind."""


DECK_DRAWS: dict[type[Frame], tuple[str, int]] = {
    F.EventDraw: ("event_deck", EVENT),
    F.PotionDraw: ("potion_deck", DRAW_POTION),
    F.TreasureDraw: ("treasure_deck", DRAW_TREASURE),
    F.CorruptionDraw: ("corruption_deck", DRAW_CORRUPTION),
}
"""The draws from a deck, by kind: the state's deck and the first of its actions."""


def sample_chance(state: DarkTowerState, r: float) -> int:
    """The outcome the uniform draw ``r`` picks at the chance node ``state`` (the state's
    ``_sample_chance``): towers.core.chance.sample_chance's walk over ``chance_outcomes()``,
    the same additions in the same order, a deck's without listing its outcomes; -1 when
    ``state`` is no chance node or has no outcome."""
    if state.result:
        return -1
    top = state.pending[-1]
    kind = type(top)
    if kind not in F.CHANCE_KINDS:
        return -1
    deck = DECK_DRAWS.get(kind)
    if deck is not None:
        return _deck_pick(getattr(state, deck[0]), deck[1], r)
    fixed = FIXED_OUTCOMES.get(kind)
    if fixed is not None:
        return _pick(list(fixed), r)
    return _pick(OUTCOMES[kind](state, top), r)


def _pick(outcomes: list[tuple[int, float]], r: float) -> int:
    if not outcomes:
        return -1
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def _deck_pick(deck: Deck, base: int, r: float) -> int:
    """``_pick(_deck_outcomes(deck, base), r)`` without the list."""
    counts = deck.counts
    total = 0
    for n in counts:
        total += n
    acc = 0.0
    last = -1
    k = 0
    for n in counts:
        if n:
            acc += n / total
            if r < acc:
                return base + k
            last = base + k
        k += 1
    return last


def apply_chance(state: DarkTowerState, top: Frame, value: Any) -> None:
    """The outcome ``value`` of the chance frame ``top``, applied by its kind (``APPLY``)."""
    apply = APPLY.get(type(top))
    if apply is None:
        raise AssertionError((top, value))
    apply(state, top, value)


def _release(state: DarkTowerState, top: F.Releasing, value: A.Release) -> None:
    o = value.what
    state.tower.release_offered(o)  # an outcome of chance_outcomes(), as every action is
    if o == STILL:
        state.pending.pop()
        return
    side = o - BASE if o >= BASE else o % 4
    state._emerged(side, top.dropper)


def _seal_glow(state: DarkTowerState, top: F.SealGlow, value: A.SealGlows) -> None:
    state.pending.pop()
    state.tower.break_seal(value.opening)
    if state.tower.is_releasing():
        state.pending.append(F.RELEASING[top.dropper])


def _event(state: DarkTowerState, top: F.EventDraw, value: A.DrawEvent) -> None:
    c = value.card
    state.pending.pop()
    state.event_deck.draw(c)
    if not state.event_deck.has_cards():
        state.event_deck = Deck.of_counts(state.game.event_counts)
    state._event(top.seat, c)


def _card(state: DarkTowerState, top: F.CardReveal, value: A.RevealCard) -> None:
    p = state.pending
    c = value.card
    p.pop()
    battle = p[-1]
    assert isinstance(battle, F.Battling)
    p[-1] = replace(battle, card=c, rung=0)
    if battle.foe == A.ADVERSARY:
        state.adv_card, state.adv_rung = c, 0


def _room(state: DarkTowerState, top: F.RoomReveal, value: A.RevealRoom) -> None:
    state.pending.pop()
    state.rooms[top.room] = value.room


def _spawn(state: DarkTowerState, top: F.Spawn, value: A.SpawnAt) -> None:
    f, n = top.foe, top.n
    state.foes[value.location * N_FOES + f] += 1
    left = state._tokens_left(f)
    if n > 1 and left:
        state.pending[-1] = F.Spawn(foe=f, n=n - 1)
    else:
        state.pending.pop()


def _potion(state: DarkTowerState, top: F.PotionDraw, value: A.DrawPotion) -> None:
    seat, n, k = top.seat, top.n, value.potion
    state.potion_deck.draw(k)
    state.potions[seat][k] += 1
    if n > 1 and state.potion_deck.has_cards():
        state.pending[-1] = F.PotionDraw(seat=seat, n=n - 1)
    else:
        state.pending.pop()


def _treasure(state: DarkTowerState, top: F.TreasureDraw, value: A.DrawTreasure) -> None:
    seat, n, s, t = top.seat, top.n, top.slot, value.treasure
    state.treasure_deck.draw(t)
    if seat < 0:
        state.market[s] = t
    else:
        state.treasures[seat].append(t)
    if n > 1 and state.treasure_deck.has_cards():
        state.pending[-1] = F.TreasureDraw(seat=seat, n=n - 1, slot=s)
    else:
        state.pending.pop()


def _corruption(state: DarkTowerState, top: F.CorruptionDraw, value: A.DrawCorruption) -> None:
    state.pending.pop()
    state.corruption_deck.draw(value.corruption)
    state.corruptions[top.seat].append(value.corruption)


def _companion(state: DarkTowerState, top: F.CompanionDraw, value: A.DrawCompanion) -> None:
    state.pending.pop()
    state.companions_left.remove(value.companion)
    state.companions[top.seat].append(value.companion)


def _quest_item(state: DarkTowerState, top: F.QuestItemDraw, value: A.DrawQuestItem) -> None:
    state.pending.pop()
    state.quest_items[top.seat].append(value.item)


def _test(state: DarkTowerState, top: F.DealTest, value: A.DealTest) -> None:
    state.pending.pop()
    state.tests[top.seat][top.kind] = value.quest


def _quest(state: DarkTowerState, top: F.QuestDraw, value: A.DrawQuest) -> None:
    state.pending.pop()
    state.quests_dealt.append(value.quest)
    state.monthly[top.kind] = value.quest


def _haggle(state: DarkTowerState, top: F.HaggleRoll, value: A.RollHaggle) -> None:
    state.pending.pop()
    state.haggle = value.face
    if DATA.haggle_faces[value.face] == "cancel":
        state.reinforced = True


APPLY: dict[type[Frame], Callable[[DarkTowerState, Any, Any], None]] = {
    F.Releasing: _release,
    F.SealGlow: _seal_glow,
    F.EventDraw: _event,
    F.CardReveal: _card,
    F.RoomReveal: _room,
    F.Spawn: _spawn,
    F.PotionDraw: _potion,
    F.TreasureDraw: _treasure,
    F.CorruptionDraw: _corruption,
    F.CompanionDraw: _companion,
    F.QuestItemDraw: _quest_item,
    F.DealTest: _test,
    F.QuestDraw: _quest,
    F.HaggleRoll: _haggle,
}
"""How each kind of chance frame applies its outcome."""
