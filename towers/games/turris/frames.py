"""Turris's pending decisions (frames of the decision stack) and chance events.

Every decision frame has ``seat``: the player who decides, who may not be the player whose
turn it is (the First Player chooses a Beast's target, its path among equal ones, and where
a displaced Scout goes). Frames without a decision to make (``Resolving``, ``BeastTurn``,
``EndTurn``) are settled by the rules as soon as they reach the top.

Fields hold indices: ``node`` into the board's nodes, ``source`` into the game's table of
effect lists (``TurrisGame.sources``), ``beast`` into the Beasts in Beast Phase order.
"""

from __future__ import annotations

from dataclasses import dataclass

from towers.core.frames import Frame, FrameKinds

P_SETUP, P_TURNS, P_BEASTS, P_OVER = "setup", "turns", "beasts", "over"
P_BETRAYERS = "betrayers"
"""The phase of the game (``state.phase``): Setup, the Player Turn Phase, the Betrayer Phase
(solo), the Beast Phase (the Cleanup Phase closes it), and the end (Gameplay: Rounds)."""


def unanswered(top: Frame, value: object) -> AssertionError:
    """The error for an answer that does not fit the decision on top (the public
    ``apply_action`` refuses it before the rules see it)."""
    return AssertionError(f"{value!r} does not answer {top!r}")


# ---- decisions ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FactionChoice(Frame):
    """Setup step 9: choose a faction and a side."""

    seat: int


@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """The Action Step: take actions, play a Tactics card, or pass once no action is left."""

    seat: int


@dataclass(frozen=True, slots=True)
class CollectPick(Frame):
    """COLLECT: the Scouts chosen so far (one node per Scout); pass to pay and recall them."""

    seat: int
    chosen: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rewards(Frame):
    """Pending rewards (effect sources), resolved one at a time in the order the player
    picks; ``optional``: the rest may be declined with a pass."""

    seat: int
    packets: tuple[int, ...]
    optional: bool


@dataclass(frozen=True, slots=True)
class Resolving(Frame):
    """The effects of ``source`` from ``index`` on, resolved in order (no decision)."""

    seat: int
    source: int
    index: int


@dataclass(frozen=True, slots=True)
class GainChoice(Frame):
    """Gain ``n`` tokens of your choice among the letters ``of``."""

    seat: int
    n: int
    of: str


@dataclass(frozen=True, slots=True)
class PayChoice(Frame):
    """Pay ``fixed`` (letters) and ``any_n`` of the letters ``of``; an Artifact may stand for
    any one; ``waive`` letters of ``fixed`` may be left unpaid (a reserved Mission)."""

    seat: int
    fixed: str
    any_n: int
    of: str
    waive: int


@dataclass(frozen=True, slots=True)
class TradeOffer(Frame):
    """An optional trade (the effect at ``source``/``index``), ``left`` more times at most."""

    seat: int
    source: int
    index: int
    left: int


@dataclass(frozen=True, slots=True)
class TradeGain(Frame):
    """What an accepted trade gives, once its price is paid (no decision)."""

    seat: int
    source: int
    index: int


@dataclass(frozen=True, slots=True)
class StealChoice(Frame):
    seat: int
    n: int
    of: str


@dataclass(frozen=True, slots=True)
class CouncilStep(Frame):
    """Advance the Council token ``steps`` more steps (the spot of the next level chosen)."""

    seat: int
    steps: int


@dataclass(frozen=True, slots=True)
class CouncilReturn(Frame):
    """On the last level: go back to the starting spot now, or on the next advance."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayTacticsChoice(Frame):
    """Play up to ``n`` Tactics cards outside the one-a-turn limit; ``drawn`` > 0: only among
    the last ``drawn`` cards of the hand, those an effect just drew (the Stroboscope)."""

    seat: int
    n: int
    drawn: int


@dataclass(frozen=True, slots=True)
class ReserveChoice(Frame):
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class PlaceFree(Frame):
    """Place ``n`` Scouts, not as an action."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class MoveScoutChoice(Frame):
    """Move up to ``n`` Scouts up to ``steps`` steps; ``origin`` -1 while choosing the Scout."""

    seat: int
    n: int
    steps: int
    origin: int


@dataclass(frozen=True, slots=True)
class MoveBeastChoice(Frame):
    """Move a Beast (``beast`` -1 while choosing it) step by step from ``start``."""

    seat: int
    steps: int
    flip: bool
    crossroads: bool
    beast: int
    start: int


@dataclass(frozen=True, slots=True)
class ReviveChoice(Frame):
    """Revive Scouts one at a time (``done`` so far, up to ``n``), paying the effect's bundle."""

    seat: int
    n: int
    source: int
    index: int
    done: int


@dataclass(frozen=True, slots=True)
class FruitChoice(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class TrionfiChoice(Frame):
    """Construct a Tower Room: take a Trionfi card from the tableau, scoring ``prestige``."""

    seat: int
    prestige: int
    optional: bool


@dataclass(frozen=True, slots=True)
class MissionStep(Frame):
    """Complete Mission Step: complete one Mission or pass."""

    seat: int


@dataclass(frozen=True, slots=True)
class OngoingChoice(Frame):
    """Put the Mission with an ongoing effect in an Ongoing slot, or pass."""

    seat: int
    mission: int


@dataclass(frozen=True, slots=True)
class DiscardDown(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class EndTurn(Frame):
    """The steps after the Action Step, in order (no decision)."""

    seat: int
    stage: int


@dataclass(frozen=True, slots=True)
class BeastTurn(Frame):
    """A Beast about to choose its target (no decision); ``chain``: a Chain Attack."""

    beast: int
    chain: bool


@dataclass(frozen=True, slots=True)
class TargetChoice(Frame):
    """The First Player chooses the Beast's target among tied Locations."""

    seat: int
    beast: int
    options: tuple[int, ...]
    chain: bool


@dataclass(frozen=True, slots=True)
class BeastPath(Frame):
    """The plotted path so far; the First Player picks among equally short next steps."""

    seat: int
    beast: int
    target: int
    path: tuple[int, ...]
    speed: int
    chain: bool


@dataclass(frozen=True, slots=True)
class BeastEffect(Frame):
    """A Beast's effect on the Scouts in ``node``, one Scout at a time (owners in ``queue``);
    the owner of the next Scout decides whether to Shield it."""

    seat: int
    beast: int
    node: int
    queue: tuple[int, ...]
    devoured: tuple[int, ...]
    """The owners of the Scouts Devoured so far, whose Council steps follow, in turn order."""
    in_phase: bool


@dataclass(frozen=True, slots=True)
class DisplaceChoice(Frame):
    """The Delusion: the First Player moves a Scout of ``owner`` out of ``node``."""

    seat: int
    node: int
    owner: int


@dataclass(frozen=True, slots=True)
class DespairChoice(Frame):
    """The Despair: choose the K/R/W to discard."""

    seat: int


@dataclass(frozen=True, slots=True)
class BetrayerPush(Frame):
    """Solo: a Beast resolved its effect on the Betrayers' Scout ``scout`` (0 or 1): the
    player moves it to an adjacent Location, as the Delusion moves Scouts."""

    seat: int
    scout: int


@dataclass(frozen=True, slots=True)
class RepairChoice(Frame):
    """Solo: instead of the Future First Player card, the player may remove 1 Damaged
    token."""

    seat: int


DECISIONS = FrameKinds(
    [
        FactionChoice, Turn, CollectPick, Rewards, Resolving, GainChoice, PayChoice, TradeOffer,
        TradeGain,
        StealChoice, CouncilStep, CouncilReturn, PlayTacticsChoice, ReserveChoice, PlaceFree,
        MoveScoutChoice, MoveBeastChoice, ReviveChoice, FruitChoice, TrionfiChoice, MissionStep,
        OngoingChoice, DiscardDown, EndTurn, BeastTurn, TargetChoice, BeastPath, BeastEffect,
        DisplaceChoice, DespairChoice, BetrayerPush, RepairChoice,
    ]
)  # fmt: skip
AUTOMATIC = (Resolving, TradeGain, EndTurn, BeastTurn)

ASKED: dict[type[Frame], str] = {
    FactionChoice: "choose a faction and a side of its Factional Abilities card",
    Turn: "take an action of the Action Step, play a Tactics card or pass",
    CollectPick: "choose the Scouts to Collect",
    Rewards: "resolve one of the pending rewards",
    GainChoice: "choose a token to gain",
    PayChoice: "choose a token to pay",
    TradeOffer: "make a trade or decline it",
    StealChoice: "choose what to steal and from whom",
    CouncilStep: "choose the next Council spot",
    CouncilReturn: "return the Council token to the start or keep it",
    PlayTacticsChoice: "play a Tactics card or stop",
    ReserveChoice: "reserve a Mission",
    PlaceFree: "Place a Scout",
    MoveScoutChoice: "move a Scout",
    MoveBeastChoice: "move a Beast",
    ReviveChoice: "revive a Scout",
    FruitChoice: "place the Fruit",
    TrionfiChoice: "take a Trionfi card",
    MissionStep: "complete a Mission or pass",
    OngoingChoice: "put the Mission in an Ongoing Effects slot",
    DiscardDown: "discard down to 4 Tactics cards",
    TargetChoice: "choose a Beast's target",
    BeastPath: "plot a Beast's path",
    BeastEffect: "Shield a Scout with an Artifact",
    DisplaceChoice: "choose where a displaced Scout goes",
    DespairChoice: "choose the resource discarded to the Despair",
    BetrayerPush: "choose where the Betrayers' Scout goes",
    RepairChoice: "remove a Damaged token from a Tower Room",
}
"""What the seat on each decision is asked, as a refusal names the decision a move does not
answer (the frames the rules settle alone ask nothing)."""


# ---- chance events --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TacticsDraw(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class MissionDraw(Frame):
    pass


@dataclass(frozen=True, slots=True)
class TrionfiDraw(Frame):
    slot: int


@dataclass(frozen=True, slots=True)
class SiteDraw(Frame):
    spot: int
    """The index of the Excavation spot (A = 0)."""


@dataclass(frozen=True, slots=True)
class FirstPlayerDraw(Frame):
    pass


@dataclass(frozen=True, slots=True)
class BeastStartDraw(Frame):
    beast: int


@dataclass(frozen=True, slots=True)
class BeastDie(Frame):
    """Solo: the d4 of the Betrayer Phase."""


@dataclass(frozen=True, slots=True)
class MovementDie(Frame):
    """Solo: the d12 of the Betrayer Phase (the Beast Movement card drawn)."""


CHANCE_EVENTS = FrameKinds(
    [
        TacticsDraw, MissionDraw, TrionfiDraw, SiteDraw, FirstPlayerDraw, BeastStartDraw,
        BeastDie, MovementDie,
    ]
)  # fmt: skip
