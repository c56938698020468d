"""The pending decisions of Return to Dark Tower: the turn as a stack of frames.

A frame with a ``seat`` is decided by that seat, which need not be the hero whose turn it is
(a skull that emerges in your home kingdom is yours to place). The chance frames are the
tower, the decks, the battle cards, the rooms and the haggle die. The automatic frames are
worked off by the rules at once (effects, the end of a heroic action, the end of a turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from towers.core.frames import Frame as Frame  # the frames' base, for F.Frame
from towers.core.frames import FrameKinds


# ---- decisions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StartTurn(Frame):
    """Start of Turn: the optional Banner action, then on to the middle of the turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """Middle of Turn: move, one heroic action, one Reinforce, one trade, items; then the drop."""

    seat: int


@dataclass(frozen=True, slots=True)
class Trade(Frame):
    """A trade being put together with heroes on your space: ``partner`` is the hero the next
    offer goes to and the next ask comes from; ``offer`` (what you give) and ``ask`` (what you
    take) are (partner, item) pairs flattened, item codes as actions.ITEM."""

    seat: int
    partner: int
    offer: tuple[int, ...]
    ask: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TradeAnswer(Frame):
    """A hero of the proposed trade agrees to it or not (all must agree): the heroes in it
    answer in seat order, each seeing the whole trade (``offer`` and ``ask`` as in Trade)."""

    seat: int
    trader: int
    offer: tuple[int, ...]
    ask: tuple[int, ...]


def pairs(flat: tuple[int, ...]) -> list[tuple[int, int]]:
    """A trade's (partner, item) pairs from their flattened tuple."""
    return list(zip(flat[::2], flat[1::2], strict=True))


def partners(offer: tuple[int, ...], ask: tuple[int, ...]) -> list[int]:
    """The heroes a trade gives to or takes from, in seat order."""
    return sorted({p for p, _ in pairs(offer) + pairs(ask)})


@dataclass(frozen=True, slots=True)
class Battling(Frame):
    """A battle: ``card`` is the revealed card (-1: none yet), ``rung`` its result now,
    ``left`` the cards still to resolve, ``pool`` the advantages at hand, ``spent`` those
    spent in this heroic action, ``resolved`` the cards resolved in this battle."""

    seat: int
    foe: int
    location: int
    card: int
    rung: int
    left: int
    pool: int
    spent: int
    resolved: int


@dataclass(frozen=True, slots=True)
class Exploring(Frame):
    """A dungeon: ``room`` the room entered (-1: choosing), ``improved`` whether this room
    took its one advantage, ``entered`` the rooms entered in this exploration."""

    seat: int
    room: int
    pool: int
    spent: int
    improved: bool
    entered: int


@dataclass(frozen=True, slots=True)
class PlaceSkull(Frame):
    """An emerged skull to place on a building of ``kingdom``; ``seat`` decides."""

    seat: int
    kingdom: int


@dataclass(frozen=True, slots=True)
class ChooseGear(Frame):
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class DiscardGear(Frame):
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class DiscardPotion(Frame):
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class ChooseVirtue(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseMarket(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class NewWares(Frame):
    """The market's treasures the hero may replace; ``replaced`` a bit for each slot done."""

    seat: int
    replaced: int


@dataclass(frozen=True, slots=True)
class ChooseSeal(Frame):
    """A heroic test completed: remove a seal from, or place one back on, any opening."""

    seat: int


@dataclass(frozen=True, slots=True)
class PotionFromHero(Frame):
    """A potion gained with the deck empty: take one from another hero (competitive)."""

    seat: int
    n: int


# ---- chance ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Releasing(Frame):
    """The tower lets skulls out; ``dropper`` places those of dormant kingdoms."""

    dropper: int


@dataclass(frozen=True, slots=True)
class SealGlow(Frame):
    dropper: int


@dataclass(frozen=True, slots=True)
class EventDraw(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class CardReveal(Frame):
    """The app reveals the next battle card of the battle below."""


@dataclass(frozen=True, slots=True)
class RoomReveal(Frame):
    """The room entered shows what it holds (or is the target room)."""

    room: int


@dataclass(frozen=True, slots=True)
class Spawn(Frame):
    foe: int
    n: int


@dataclass(frozen=True, slots=True)
class PotionDraw(Frame):
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class TreasureDraw(Frame):
    """To a hero (``seat``), or to the market's ``slot`` when seat is -1."""

    seat: int
    n: int
    slot: int


@dataclass(frozen=True, slots=True)
class CorruptionDraw(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class CompanionDraw(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class QuestDraw(Frame):
    """The month's companion quest (kind 0) or adversary quest (kind 1)."""

    kind: int


@dataclass(frozen=True, slots=True)
class HaggleRoll(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class DealTest(Frame):
    """A heroic test card of type ``kind`` dealt face down to ``seat``."""

    seat: int
    kind: int


@dataclass(frozen=True, slots=True)
class QuestItemDraw(Frame):
    """A companion quest's quest item, drawn from those of the companions in play."""

    seat: int


# ---- automatic ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Effects(Frame):
    """Effects to apply to ``seat``, in order, as (code, amount) pairs flattened;
    ``corrupted``: this effect already gave its one corruption (Spending vs. Losing)."""

    seat: int
    effects: tuple[int, ...]
    corrupted: bool


@dataclass(frozen=True, slots=True)
class SkullDrops(Frame):
    """Skulls to take from the supply and drop into the tower, one at a time."""

    dropper: int
    n: int


@dataclass(frozen=True, slots=True)
class HeroicDone(Frame):
    """A heroic action completed: gain 2 spirit (and remove the foe a battle defeated)."""

    seat: int
    foe: int
    location: int


@dataclass(frozen=True, slots=True)
class EndTurn(Frame):
    seat: int


COOPERATIVE_DECISIONS = (
    StartTurn, Turn, Trade, TradeAnswer, Battling, Exploring, PlaceSkull, ChooseGear,
    DiscardGear, DiscardPotion, ChooseVirtue, ChooseMarket, NewWares,
)  # fmt: skip
COOPERATIVE_CHANCE = (
    Releasing, SealGlow, EventDraw, CardReveal, RoomReveal, Spawn, PotionDraw, TreasureDraw,
    CorruptionDraw, CompanionDraw, QuestDraw, HaggleRoll,
)  # fmt: skip
AUTOMATIC = (Effects, SkullDrops, HeroicDone, EndTurn)
COMPETITIVE = (ChooseSeal, PotionFromHero, DealTest)
"""The frames only the competitive game uses (listed last, so the others keep their order)."""
DECISIONS = (*COOPERATIVE_DECISIONS, ChooseSeal, PotionFromHero)
CHANCE_FRAMES = (*COOPERATIVE_CHANCE, DealTest, QuestItemDraw)
CHANCE_KINDS = frozenset(CHANCE_FRAMES)
"""The kinds of chance frame, for a look-up by ``type(frame)`` (a frame class has no
subclasses: its dataclass is frozen and slotted)."""
FRAMES = FrameKinds(
    [*COOPERATIVE_DECISIONS, *COOPERATIVE_CHANCE, *AUTOMATIC, *COMPETITIVE, QuestItemDraw]
)


# ---- frames made once -----------------------------------------------------------------
# A frame is a frozen value, and making one sets each field through object.__setattr__: the
# frames of a seat met every turn are made once here and shared (a clone shares its frames).
SEATS = range(4)
"""Every seat a game may have (one to four heroes)."""
START_TURN = tuple(StartTurn(seat=s) for s in SEATS)
TURN = tuple(Turn(seat=s) for s in SEATS)
END_TURN = tuple(EndTurn(seat=s) for s in SEATS)
EVENT_DRAW = tuple(EventDraw(seat=s) for s in SEATS)
RELEASING = tuple(Releasing(dropper=s) for s in SEATS)
PLACE_SKULL = tuple(PlaceSkull(seat=s, kingdom=k) for s in SEATS for k in SEATS)
"""``PLACE_SKULL[seat * 4 + kingdom]``."""
QUEST_DRAW = (QuestDraw(kind=0), QuestDraw(kind=1))
DROPS_MADE = 8
SKULL_DROPS = tuple(SkullDrops(dropper=s, n=n) for s in SEATS for n in range(DROPS_MADE))
"""``SKULL_DROPS[dropper * DROPS_MADE + n]`` for ``n`` below ``DROPS_MADE``."""


def skull_drops(dropper: int, n: int) -> SkullDrops:
    """The frame of ``n`` skulls for ``dropper`` to drop (made once when ``n`` is small)."""
    if 0 <= n < DROPS_MADE:
        return SKULL_DROPS[dropper * DROPS_MADE + n]
    return SkullDrops(dropper=dropper, n=n)


_EFFECTS: dict[tuple[int, tuple[int, ...], bool], Effects] = {}
_EFFECTS_KEPT = 4096


def effects_frame(seat: int, codes: tuple[int, ...], corrupted: bool) -> Effects:
    """The Effects frame of ``seat``, ``codes`` and ``corrupted``, kept once made (the effects
    come from the data, so few are ever made)."""
    key = (seat, codes, corrupted)
    frame = _EFFECTS.get(key)
    if frame is None:
        if len(_EFFECTS) >= _EFFECTS_KEPT:
            _EFFECTS.clear()
        frame = _EFFECTS[key] = Effects(seat=seat, effects=codes, corrupted=corrupted)
    return frame


_PUSHED: dict[tuple[int, tuple[tuple[int, int], ...]], Effects] = {}


def effects_of(seat: int, effects: Sequence[tuple[int, int]]) -> Effects:
    """The Effects frame that applies ``effects`` (code, amount pairs) to ``seat``, kept once
    made for the effects of the data (a tuple)."""
    if type(effects) is not tuple:
        return Effects(
            seat=seat, effects=tuple(x for pair in effects for x in pair), corrupted=False
        )
    key = (seat, effects)
    frame = _PUSHED.get(key)
    if frame is None:
        if len(_PUSHED) >= _EFFECTS_KEPT:
            _PUSHED.clear()
        codes = tuple(x for pair in effects for x in pair)
        frame = _PUSHED[key] = effects_frame(seat, codes, False)
    return frame


def with_pool(top: Frame, extra: int) -> Frame:
    """A battle or dungeon room with ``extra`` more Advantages to spend."""
    assert isinstance(top, (Battling, Exploring))
    return replace(top, pool=top.pool + extra)
