"""Towers of Sifnos: the Game and the State, for 2-4 players (solo play: :mod:`.solo`).

Turn order is seat order; seat 0 is the first player (the seats are dealt at random, which is
the rulebook's "randomly determine a first player"). A turn is a stack of frames
(:mod:`.frames`): Prepare, Majors (each major action a ``Column``), Defend, Recoup, EndTurn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack, Frame
from towers.core.game import CHANCE, PUBLIC, TERMINAL, Disclosure, Game, State
from towers.core.knowledge import open_disclosure
from towers.core.options import Option
from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    BARRACKS,
    DATA,
    DONE,
    OLD_WORDS,
    SPACE,
    SUPPLY,
    Adjust,
    BeaconOn,
    Build,
    DealAid,
    DealBeacon,
    DealFort,
    Discard,
    Done,
    DrawCard,
    DrawMarker,
    DrawShip,
    DrawTile,
    DrawTower,
    FortIn,
    Give,
    Influence,
    Major,
    MoveShip,
    MoveSoldier,
    PlaceCard,
    PlaceDie,
    PlaceSoldier,
    PlaceTower,
    RollDie,
    TakeFaceUp,
    TakePiece,
    TakeTile,
    TentIn,
    UseCard,
    UsePrinted,
)
from towers.games.sifnos.data import ANY, BEACON, FORT, FORT_FACES, IMAGES, MINERALS

N_REGIONS = len(DATA.regions)
N_SPACES = len(DATA.spaces)
N_CARDS = len(DATA.cards)
N_PROVINCES = len(DATA.provinces)
N_LARGE = len(DATA.large)
CENTRAL = DATA.central
ALLY = 3
"""The Allied Ship's kind in the Bag (after the three minerals)."""
PRINTED_BIT = N_CARDS
"""``used`` bits: a card's index, or PRINTED_BIT + a printed effect's index."""
INVEST, CONSTRUCT, MUSTER = 0, 1, 2
PREPARE_COLUMN, RECOUP_COLUMN = 0, 5
MAJOR_COLUMN = (1, 2, 3)

N_IMAGES = len(IMAGES)
A_MAJOR = SPACE.base(Major)
A_DISCARD = SPACE.base(Discard)
A_GIVE = SPACE.base(Give)
A_PLACE_CARD = SPACE.base(PlaceCard)
A_INFLUENCE = SPACE.base(Influence)
A_USE_CARD = SPACE.base(UseCard)
A_USE_PRINTED = SPACE.base(UsePrinted)
A_BEACON_ON = SPACE.base(BeaconOn)
A_TAKE_FACE_UP = SPACE.base(TakeFaceUp)
A_TAKE_TILE = SPACE.base(TakeTile)
A_TENT_IN = SPACE.base(TentIn)
A_FORT_IN = SPACE.base(FortIn)
A_PLACE_DIE = SPACE.base(PlaceDie)
A_PLACE_TOWER = SPACE.base(PlaceTower)
A_PLACE_SOLDIER = SPACE.base(PlaceSoldier)
A_MOVE_SHIP = SPACE.base(MoveShip)
A_TAKE_PIECE = SPACE.base(TakePiece)
A_BUILD = SPACE.base(Build)
A_ADJUST = {
    (w, v, d): SPACE.encode(Adjust(where=w, value=v, direction=d))
    for w in range(2) for v in range(6) for d in range(2) if Adjust.allows(w, v, d)
}  # fmt: skip
A_MOVE_SOLDIER = {
    (a, b): SPACE.encode(MoveSoldier(frm=a, to=b))
    for a in range(N_REGIONS + 1) for b in range(N_REGIONS + 1) if MoveSoldier.allows(a, b)
}  # fmt: skip
"""Action ints built by arithmetic or a table in the move generators (the same declaration:
a test holds them to ``SPACE.encode``)."""

PRINTED = {p.id: p.index for p in DATA.printed}
REGION_PROVINCE = tuple(r.province for r in DATA.regions)
LARGE_OF = tuple(DATA.large.index(p) if p in DATA.large else -1 for p in range(N_PROVINCES))
"""A Province's place clockwise among the larger ones (-1: the central Province)."""
PROVINCE_SPACES = tuple(
    tuple(s for s in range(N_SPACES) if p in DATA.spaces[s].provinces) for p in range(N_PROVINCES)
)
TRIGGERS = {
    "fort_die": ("fort_die_soldier", "fort_die_move"),
    "first_die": ("first_die_draw", "first_die_soldier"),
    "second_die": ("second_die_draw", "second_die_ship"),
    "cover": ("cover_draw", "cover_move"),
    "beacon": ("beacon_ship", "beacon_soldier"),
    "fort": ("fort_draw", "fort_ship"),
}
DRAWING = frozenset({"first_die_draw", "second_die_draw", "cover_draw", "fort_draw"})
"""Triggered effects that only draw a card: taken at once (drawing is never worse)."""
SETUP = DATA.game["setup"]
TRACK = DATA.game["influence_track"]
TRACK_LAST = int(TRACK["last"])
MAX_ROUNDS = 60
"""Designed: the rulebook has no limit on the game's length, and a table where nobody Invests
would never end; after this many rounds the game ends as if the Bag were empty."""


def bit(i: int) -> int:
    return 1 << i


class SifnosGame(Game):
    name = "sifnos"
    min_players = 1
    max_players = 4
    OPTIONS: ClassVar[dict[str, Option]] = {
        "solo_opponent": Option(
            default=False,
            help="two players with the Scheme-driven opponent competing for Might "
            "(2 Player vs Solo Rules); a 1-player game always has it",
            choices=(False, True),
        ),
    }
    ACTIONS = SPACE

    def _setup(self) -> None:
        n = self.num_players
        if self.options["solo_opponent"] and n > 2:
            from towers.core.errors import GameOptionError

            raise GameOptionError(
                "solo_opponent is an option of the 2-player game (2 Player vs Solo Rules), "
                f"not of a {n}-player one; a 1-player game always plays against the Schemes"
            )
        self.solo = n == 1
        """The solo game: one player against the Scheme-driven opponent."""
        self.versus = n == 2 and bool(self.options["solo_opponent"])
        """Two players with the Scheme-driven opponent competing for Might."""
        self.has_opponent = self.solo or self.versus
        self.sides = n + (1 if self.has_opponent else 0)
        self.opponent = n if self.has_opponent else -1
        """The side of the Scheme-driven opponent (-1: none)."""
        table = 2 if self.solo else n
        self.table = table
        """The player count the board is set up for (a solo game as a 2-player one)."""
        self.bag_players = 3 if self.versus else table
        self.ally_space = int(SETUP["ally_track_space"][str(table)])
        self.face_up_count = table
        self.tile_count = table + 1
        self.aids_each = int(SETUP["setup_aids_each"][str(n)])

    def has_hidden_information(self) -> bool:
        return True

    def max_game_length(self) -> int:
        return 4_000 + MAX_ROUNDS * self.sides * 700

    def state_class(self) -> type[State]:
        return SifnosState

    def new_initial_state(self) -> SifnosState:
        return SifnosState.initial(self)


@dataclass(slots=True)
class SifnosState(State):
    game: SifnosGame
    pending: DecisionStack
    deck: Deck
    discards: list[int]
    hands: list[list[int]]
    placed: list[list[int]]
    """The Cards above each Player Board, in the order placed."""
    influence: list[list[int]]
    """Each side's Influence by mineral."""
    ally_on_track: list[bool]
    dice_supply: list[list[int]]
    workshop: list[list[int]]
    dice_reserve: list[int]
    tower_supply: list[list[int]]
    """Counts by image."""
    tower_reserve: list[list[int]]
    barracks: list[int]
    soldier_supply: list[int]
    soldier_at: list[int]
    """The side of each Region's Soldier (-1: none); the central Region's are ``central``."""
    central: list[int]
    die_owner: list[int]
    die_value: list[int]
    fort_at: list[int]
    stacks: list[list[int]]
    """Each Tower space's Towers, bottom first, as side * 8 + image."""
    beacon_at: list[int]
    tents: list[list[int]]
    """Tents placed, by side and Province."""
    pieces: list[list[int]]
    """Each seat's Fort and Beacon spaces: the face there, or -1 once taken."""
    buildings: list[list[int]]
    """Each seat's Buildings' Dice spaces: the value there, or 0."""
    tile_row: list[int]
    """The Scoring Tiles on the Main Board, top first (-1: claimed)."""
    tile_of: list[int]
    face_up: list[int]
    markers: list[int]
    """The mineral of each Mineral Marker space (face-up cards, scoring tiles, invasion,
    ally 1-3)."""
    ships: list[list[int]]
    """Each larger Province's Ships, front first, in clockwise order."""
    bag: Bag
    allies: int
    aids: list[list[int]]
    aid_pool: list[int]
    turn: int
    rounds: int
    invaded: int
    """The large Province invaded this turn (-1: none)."""
    region_ok: int
    """The Regions that may still be the Active Region (a bit each)."""
    majors_done: int
    used: int
    discounts: list[int]
    """Prepare's discounts not yet applied, as mineral * 4 + amount."""
    ignore_image: bool
    use_network: bool
    beacon_placed: bool
    ended_by: int
    over: bool
    solo_marker: int
    """The Scheme-driven opponent's Solo Marker: its space on the track (see :mod:`.solo`)."""
    scheme_left: list[int]
    """Schemes left face down in each of its Decks (their order is unknown)."""
    scheme_allies: list[bool]
    """Whether each Deck still has its Allied Ship on top."""
    active_deck: int
    scheme_discards: list[int]
    solo_forts: list[int]
    """The faces of its Forts not yet placed (face down: one is taken at random)."""
    solo_beacons: list[int]
    solo_stacking: list[int]
    """When each of its Influence markers last moved (the latest sits on top of a tie)."""
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELD_READERS: ClassVar[dict[str, Any]] = {
        "pending": F.FRAMES.stack_from_json,
        "deck": Deck.from_json,
        "bag": Bag.from_json,
    }

    # ---- setup ---------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: SifnosGame) -> SifnosState:
        n, sides = game.num_players, game.sides
        towers = list(DATA.towers_by_image)
        state = cls(
            game=game,
            pending=DecisionStack(),
            deck=Deck.of_counts([1] * N_CARDS),
            discards=[],
            hands=[[] for _ in range(sides)],
            placed=[[] for _ in range(sides)],
            influence=[[0, 0, 0] for _ in range(sides)],
            ally_on_track=[True] * n + [False] * (sides - n),
            dice_supply=[[] for _ in range(sides)],
            workshop=[[] for _ in range(sides)],
            dice_reserve=[int(SETUP["dice"])] * sides,
            tower_supply=[[0] * len(towers) for _ in range(sides)],
            tower_reserve=[towers[:] for _ in range(sides)],
            barracks=[int(SETUP["soldiers"])] * n + [0] * (sides - n),
            soldier_supply=[0] * n + [int(SETUP["soldiers"])] * (sides - n),
            soldier_at=[-1] * N_REGIONS,
            central=[0] * sides,
            die_owner=[-1] * N_REGIONS,
            die_value=[0] * N_REGIONS,
            fort_at=[-1] * N_REGIONS,
            stacks=[[] for _ in range(N_SPACES)],
            beacon_at=[-1] * N_SPACES,
            tents=[[0] * N_PROVINCES for _ in range(sides)],
            pieces=[[-1] * len(DATA.pieces) for _ in range(sides)],
            buildings=[[0] * len(DATA.building_spaces) for _ in range(sides)],
            tile_row=[],
            tile_of=[-1] * sides,
            face_up=[],
            markers=[-1] * 6,
            ships=[[] for _ in range(N_LARGE)],
            bag=Bag([int(v) for v in SETUP["starting_ships"].values()] + [0]),
            allies=0,
            aids=[[] for _ in range(sides)],
            aid_pool=list(range(len(DATA.setup_aids))),
            turn=0,
            rounds=0,
            invaded=-1,
            region_ok=0,
            majors_done=0,
            used=0,
            discounts=[],
            ignore_image=False,
            use_network=False,
            beacon_placed=False,
            ended_by=-1,
            over=False,
            solo_marker=0,
            scheme_left=[],
            scheme_allies=[],
            active_deck=0,
            scheme_discards=[],
            solo_forts=[],
            solo_beacons=[],
            solo_stacking=[0, 1, 2],
        )
        if game.has_opponent:
            from towers.games.sifnos import solo

            solo.setup(state)
        p = state.pending
        p.push(F.EndTurn(seat=-1))
        p.push(F.SeatEffects())
        for seat in reversed(range(n)):
            p.push(F.PieceDeal(seat=seat, slot=0))
        for side in reversed(range(sides)):
            p.push(F.AidDeal(side=side, n=state._aids_for(side)))
        p.push(F.ShipDraw(province=-1, n=2 * len(MINERALS)))
        p.push(F.Draw(seat=-1, n=game.face_up_count))
        p.push(F.MarkerDraw(space=0))
        p.push(F.TileDraw(n=game.tile_count))
        state._settle()
        return state

    def _aids_for(self, side: int) -> int:
        g = self.game
        if side == g.opponent:
            return int(DATA.game["solo" if g.solo else "two_player_solo"]["aids"])
        return 2 if g.table == 2 else 1

    # ---- the contract ----------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        top = self.pending[-1]
        if isinstance(top, F.CHANCE_FRAMES):
            return CHANCE
        return top.seat  # type: ignore[attr-defined,no-any-return]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        top = self.pending[-1]
        match top:
            case F.Draw():
                base = SPACE.base(DrawCard)
                return [(base + k, p) for k, p in self.deck.draw_outcomes()]
            case F.Roll():
                base = SPACE.base(RollDie)
                return [(base + v, 1 / 6) for v in range(6)]
            case F.TowerDraw(seat=seat):
                base = SPACE.base(DrawTower)
                reserve = self.tower_reserve[seat]
                total = sum(reserve)
                return [(base + i, c / total) for i, c in enumerate(reserve) if c]
            case F.ShipDraw():
                base = SPACE.base(DrawShip)
                return [(base + k, p) for k, p in self.bag.draw_outcomes()]
            case F.TileDraw():
                base = SPACE.base(DrawTile)
                left = [t for t in range(len(DATA.tiles)) if t not in self.tile_row]
                return [(base + t, 1 / len(left)) for t in left]
            case F.MarkerDraw():
                base = SPACE.base(DrawMarker)
                left = [2 - self.markers.count(m) for m in range(3)]
                total = sum(left)
                return [(base + m, c / total) for m, c in enumerate(left) if c]
            case F.AidDeal():
                base = SPACE.base(DealAid)
                pool = self.aid_pool
                return [(base + a, 1 / len(pool)) for a in pool]
            case F.PieceDeal(seat=seat, slot=slot):
                kind = DATA.pieces[slot].kind
                faces = DATA.fort_faces if kind == FORT else DATA.beacon_faces
                same = [s for s in range(len(DATA.pieces)) if DATA.pieces[s].kind == kind]
                left = list(faces)
                for s in same:
                    if self.pieces[seat][s] >= 0:
                        left.remove(self.pieces[seat][s])
                base = SPACE.base(DealFort if kind == FORT else DealBeacon)
                counts = [left.count(f) for f in range(3)]
                return [(base + f, c / len(left)) for f, c in enumerate(counts) if c]
        from towers.games.sifnos import solo

        return solo.chance_outcomes(self, top)

    def _legal_actions(self) -> list[int]:
        top = self.pending[-1]
        if isinstance(top, F.CHANCE_FRAMES):
            return [a for a, _ in self._chance_outcomes()]
        return sorted(set(self._decisions(top)))

    def scores(self) -> list[float]:
        from towers.games.sifnos.scoring import final_scores

        return [float(v) for v in final_scores(self)[: self.game.num_players]]

    def winners(self) -> list[int]:
        from towers.games.sifnos.scoring import winner

        if not self.over:
            return []
        best = winner(self)
        return [] if best >= self.game.num_players else [best]

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; the ids earlier releases wrote in moves are still read
        as the names that replaced them (``place L06``, ``soldier to agia_marina``)."""
        return SPACE.parse_renamed(text, OLD_WORDS)

    # ---- reading the board -------------------------------------------------------------
    def columns_cards(self, side: int, column: int) -> list[int]:
        cards = DATA.cards
        return [c for c in self.placed[side] if cards[c].column == column]

    def top_tower(self, space: int) -> int:
        stack = self.stacks[space]
        return stack[-1] if stack else -1

    def uncovered(self, side: int, space: int) -> bool:
        top = self.top_tower(space)
        return top >= 0 and top >> 3 == side

    def has_tower_on(self, side: int, space: int) -> bool:
        return any(t >> 3 == side for t in self.stacks[space])

    def dice_in_province(self, province: int) -> int:
        return sum(1 for r in DATA.provinces[province].regions if self.die_owner[r] >= 0)

    def soldiers_of(self, side: int) -> list[int]:
        """The Regions holding ``side``'s Soldiers (the central Region once per Soldier)."""
        out = [r for r in range(N_REGIONS) if self.soldier_at[r] == side]
        return out + [CENTRAL] * self.central[side]

    def network(self, side: int, start: int, extra: int = -1) -> set[int]:
        """The Tower spaces of ``side``'s network through ``start`` (``extra``: a space
        counted as holding its Tower too)."""
        seen = {start}
        todo = [start]
        spaces = DATA.spaces
        while todo:
            s = todo.pop()
            for t in spaces[s].neighbours:
                if t not in seen and (t == extra or self.has_tower_on(side, t)):
                    seen.add(t)
                    todo.append(t)
        return seen

    def _fix_region(self, region: int) -> None:
        """An effect acted in ``region``: the two major actions stay there."""
        self.region_ok &= bit(region)

    # ---- cards in hand -------------------------------------------------------------------
    def can_pay(self, side: int, mineral: int, need: int, half: bool = False,
                without: int = -1) -> bool:  # fmt: skip
        """Whether ``side``'s hand (less the card ``without``) pays ``need`` cards of
        ``mineral`` (ANY: any), any two cards standing for one (rulebook: Cards); ``half``:
        one card of such a pair is already discarded."""
        hand = self.hands[side]
        size = len(hand) - (1 if without in hand else 0)
        if mineral == ANY:
            match, other = size, 0
        else:
            cards = DATA.cards
            match = sum(1 for c in hand if c != without and cards[c].mineral == mineral)
            other = size - match
        if half:
            # the pair under way is completed by any card: best by one of another mineral
            if other:
                other -= 1
            elif match:
                match -= 1
            else:
                return False
            need -= 1
        return match + other // 2 >= need

    def _add_to_hand(self, side: int, card: int) -> None:
        hand = self.hands[side]
        i = len(hand)
        while i and hand[i - 1] > card:
            i -= 1
        hand.insert(i, card)

    def _give(self, seat: int, to: int, card: int) -> None:
        self.hands[seat].remove(card)
        if to == self.game.opponent:
            from towers.games.sifnos import solo

            self.discards.append(card)
            solo.gain_card(self, 1)
        else:
            self._add_to_hand(to, card)

    def _draw(self, side: int, n: int) -> None:
        """``side`` draws ``n`` cards (the Scheme-driven opponent moves its marker instead)."""
        if n <= 0:
            return
        if side == self.game.opponent:
            from towers.games.sifnos import solo

            solo.gain_card(self, n)
            return
        self.pending.push(F.Draw(seat=side, n=n))

    # ---- decisions -----------------------------------------------------------------------
    def _decisions(self, top: Frame) -> list[int]:
        match top:
            case F.Prepare(seat=seat):
                return [DONE, *self._column_uses(seat, PREPARE_COLUMN)]
            case F.Majors(seat=seat):
                out = [DONE]
                if bin(self.majors_done).count("1") < 2:
                    out += [(A_MAJOR + k) for k in range(3) if not self.majors_done >> k & 1]
                return out
            case F.Column(seat=seat, major=major):
                out = [DONE, *self._column_uses(seat, MAJOR_COLUMN[major])]
                if major == INVEST and not self._is_used_printed("place_die"):
                    out += self._die_placements(seat)
                if major == CONSTRUCT and not self._is_used_printed("place_tower"):
                    out += self._tower_placements(seat)
                return out
            case F.RecoupChoice(seat=seat):
                return [DONE, *self._column_uses(seat, RECOUP_COLUMN)]
            case F.Pay(seat=seat, mineral=mineral, need=need, half=half):
                out = []
                cards = DATA.cards
                for c in self.hands[seat]:
                    matches = mineral == ANY or cards[c].mineral == mineral
                    if half or matches:
                        rest_need, rest_half = need - 1, False
                    else:
                        rest_need, rest_half = need, True
                    if self._can_pay_rest(seat, mineral, rest_need, rest_half, c):
                        out.append(A_DISCARD + c)
                return out
            case F.GiveCards(seat=seat):
                return [(A_GIVE + c) for c in self.hands[seat]]
            case F.Placement(seat=seat, free=free):
                return [
                    (A_PLACE_CARD + c)
                    for c in self.hands[seat]
                    if free or self.can_pay(seat, DATA.cards[c].mineral, self._cost(c), without=c)
                ]
            case F.AdjustDice(seat=seat):
                return [DONE, *self._adjustments(seat)]
            case F.Soldiers():
                return [DONE, *self._soldier_choices(top)]
            case F.ShipChoice():
                return [DONE, *self._ship_moves()]
            case F.InfluenceChoice():
                return [(A_INFLUENCE + m) for m in range(3)]
            case F.Triggered(cards=cards):
                return [DONE, *((A_USE_CARD + c) for c in cards)]
            case F.BeaconChoice(seat=seat, region=region):
                if not self._beacon_targets(seat, region):
                    return [DONE]
                return [DONE, *self._pieces_left(seat, BEACON)]
            case F.BeaconPlace(seat=seat, region=region):
                return [(A_BEACON_ON + s) for s in self._beacon_targets(seat, region)]
            case F.FortChoice(seat=seat):
                return self._pieces_left(seat, FORT)
            case F.Workshop(seat=seat):
                return self._builds(seat)
            case F.FaceUp():
                return [(A_TAKE_FACE_UP + c) for c in self.face_up]
            case F.TileChoice():
                return [(A_TAKE_TILE + t) for t in self.tile_row if t >= 0]
            case F.TentChoice():
                return [(A_TENT_IN + p) for p in range(N_PROVINCES)]
            case F.FortAnywhere():
                return [(A_FORT_IN + r) for r in range(N_REGIONS) if self.fort_at[r] < 0]
        from towers.games.sifnos import solo

        return solo.decisions(self, top)

    def _can_pay_rest(self, seat: int, mineral: int, need: int, half: bool, card: int) -> bool:
        if need <= 0 and not half:
            return True
        return self.can_pay(seat, mineral, need, half, without=card)

    def _is_used_printed(self, name: str) -> bool:
        return bool(self.used >> (PRINTED_BIT + PRINTED[name]) & 1)

    def _column_uses(self, seat: int, column: int) -> list[int]:
        """The column's printed effects and placed Cards that can be used now."""
        out = []
        for p in DATA.printed:
            if p.column == column and not self.used >> (PRINTED_BIT + p.index) & 1:
                if self._can_use(seat, p.id, p.discard):
                    out.append(A_USE_PRINTED + p.index)
        cards = DATA.cards
        for c in self.placed[seat]:
            card = cards[c]
            if (
                card.column == column
                and not self.used >> c & 1
                and card.kind not in TRIGGERED_KINDS
            ):
                if self._can_use(seat, card.kind, card.discard, card):
                    out.append(A_USE_CARD + c)
        return out

    def _can_use(self, seat: int, kind: str, discard: int | None, card: Any = None) -> bool:
        if discard is not None and not self.can_pay(seat, discard, 1):
            return False
        match kind:
            case "place_card":
                return any(
                    self.can_pay(seat, DATA.cards[c].mineral, self._cost(c), without=c)
                    for c in self.hands[seat]
                )
            case "discard_adjust" | "gold_adjust" | "adjust":
                return bool(self._adjustments(seat))
            case "adjust_and_move":
                return bool(self._adjustments(seat)) or bool(self._moves(seat))
            case "place_die" | "place_tower":
                return False  # offered as their placements
            case "ignore_image":
                return not self.ignore_image
            case "network":
                return not self.use_network
            case "silver_muster":
                return bool(self._moves(seat)) or self._can_place_soldier(seat)
            case "muster":
                return (
                    bool(self._moves(seat))
                    or self._can_place_soldier(seat)
                    or bool(self._fort_regions(seat))
                )
            case "move" | "discard_move":
                return bool(self._moves(seat))
            case "discard_place":
                return self._can_place_soldier(seat)
            case "discard_ship":
                return bool(self._ship_moves())
            case "discount_others" | "discount_same" | "discount" | "discard_draw":
                return True
        return False

    def _cost(self, card: int) -> int:
        """The card's cost less the discounts it would take now."""
        c = DATA.cards[card]
        cost = c.cost
        for d in sorted((d & 3 for d in self.discounts if d >> 2 == c.mineral), reverse=True):
            if cost <= 0:
                break
            cost -= d
        return max(cost, 0)

    def _take_discounts(self, card: int) -> int:
        c = DATA.cards[card]
        cost = c.cost
        mine = sorted((d for d in self.discounts if d >> 2 == c.mineral), key=lambda d: -(d & 3))
        for d in mine:
            if cost <= 0:
                break
            cost -= d & 3
            self.discounts.remove(d)
        return max(cost, 0)

    def _adjustments(self, seat: int) -> list[int]:
        out = []
        for where, dice in ((0, self.dice_supply[seat]), (1, self.workshop[seat])):
            for v in sorted(set(dice)):
                if v > 1:
                    out.append(A_ADJUST[where, v - 1, 0])
                if v < 6:
                    out.append(A_ADJUST[where, v - 1, 1])
        return out

    def _die_placements(self, seat: int) -> list[int]:
        supply = set(self.dice_supply[seat])
        if not supply:
            return []
        out = []
        for r in range(N_REGIONS):
            if self.die_owner[r] >= 0 or not self.region_ok >> r & 1:
                continue
            fort = self.fort_at[r]
            if fort >= 0 and fort != seat and not self.hands[seat]:
                continue  # the Fort's price is a card
            for v in supply:
                if fort >= 0 or v == DATA.regions[r].value:
                    out.append(A_PLACE_DIE + 6 * r + v - 1)
        return out

    def _tower_reach(self, seat: int, space: int) -> int:
        """The Regions that placing on ``space`` leaves as the Active Region's choices."""
        spaces = DATA.spaces
        if self.use_network:
            reach = 0
            for s in self.network(seat, space, extra=space):
                for r in spaces[s].regions:
                    reach |= bit(r)
        else:
            reach = 0
            for r in spaces[space].regions:
                reach |= bit(r)
        return reach & self.region_ok

    def _tower_placements(self, seat: int) -> list[int]:
        supply = self.tower_supply[seat]
        if not any(supply):
            return []
        out = []
        for s in range(N_SPACES):
            if self.has_tower_on(seat, s) or not self._tower_reach(seat, s):
                continue
            top = self.top_tower(s)
            if top >= 0 and len(self.hands[seat]) < 2:
                continue  # covering takes 2 cards
            if self.ignore_image:
                images = [i for i, c in enumerate(supply) if c]
            else:
                need = DATA.spaces[s].image if top < 0 else top & 7
                images = [need] if supply[need] else []
            out += [(A_PLACE_TOWER + N_IMAGES * s + i) for i in images]
        return out

    def _moves(self, seat: int) -> list[int]:
        out = []
        if self.barracks[seat]:
            out.append(A_MOVE_SOLDIER[BARRACKS, SUPPLY])
        has_card = bool(self.hands[seat])
        regions = DATA.regions
        froms = [r for r in range(N_REGIONS) if self.soldier_at[r] == seat]
        if self.central[seat]:
            froms.append(CENTRAL)
        for r in froms:
            for t in regions[r].adjacent:
                there = self.soldier_at[t]
                if t == CENTRAL or there < 0 or (there != seat and has_card):
                    out.append(A_MOVE_SOLDIER[r, t])
        return out

    def _can_place_soldier(self, seat: int) -> bool:
        return self.soldier_supply[seat] > 0

    def _soldier_places(self, seat: int, region: int) -> list[int]:
        if not self.soldier_supply[seat]:
            return []
        out = [(A_PLACE_SOLDIER + CENTRAL)]
        for r in range(N_REGIONS):
            if r == CENTRAL or self.soldier_at[r] >= 0:
                continue
            if (
                region == F.ANYWHERE
                or r == region
                or (region == F.ACTIVE and self.region_ok >> r & 1)
            ):
                out.append(A_PLACE_SOLDIER + r)
        return out

    def _fort_regions(self, seat: int) -> list[int]:
        if not any(f >= 0 for s, f in enumerate(self.pieces[seat]) if DATA.pieces[s].kind == FORT):
            return []
        out = []
        for r in range(N_REGIONS):
            own = self.soldier_at[r] == seat or (r == CENTRAL and self.central[seat])
            if own and self.fort_at[r] < 0 and self.region_ok >> r & 1:
                out.append(r)
        return out

    def _soldier_choices(self, top: F.Soldiers) -> list[int]:
        seat = top.seat
        out = self._moves(seat) if top.moves else []
        if top.place:
            out += self._soldier_places(seat, top.region)
        if top.fort:
            out += [SPACE.encode(FortIn(region=r)) for r in self._fort_regions(seat)]
        return out

    def _ship_moves(self) -> list[int]:
        return [
            (A_MOVE_SHIP + 4 * p + i)
            for p in range(N_LARGE)
            if self.ships[p] and self._next_with_room(p, own=False) >= 0
            for i in range(len(self.ships[p]))
        ]

    def _next_with_room(self, p: int, own: bool = True) -> int:
        """The next larger Province clockwise from ``p`` with an empty Ship space (``own``:
        ``p`` itself counts, last)."""
        for k in range(1, N_LARGE + (1 if own else 0)):
            q = (p + k) % N_LARGE
            if len(self.ships[q]) < 4:
                return q
        return -1

    def _pieces_left(self, seat: int, kind: str) -> list[int]:
        return [
            (A_TAKE_PIECE + s)
            for s, face in enumerate(self.pieces[seat])
            if face >= 0 and DATA.pieces[s].kind == kind
        ]

    def _beacon_targets(self, seat: int, region: int) -> list[int]:
        spaces = DATA.regions[region].corners if region >= 0 else range(N_SPACES)
        return [s for s in spaces if self.uncovered(seat, s) and self.beacon_at[s] < 0]

    def _builds(self, seat: int) -> list[int]:
        out = []
        values = sorted(set(self.workshop[seat]))
        for space in DATA.building_spaces:
            for v in values:
                if self.can_build(seat, space.index, v):
                    out.append(A_BUILD + 6 * space.index + v - 1)
        return out

    def can_build(self, seat: int, index: int, value: int) -> bool:
        """Whether a Die of ``value`` may go on the Buildings' space ``index`` (rulebook:
        Buildings)."""
        b = self.buildings[seat]
        space = DATA.building_spaces[index]
        if b[index] or any(not b[x] for x in space.below):
            return False
        building = DATA.buildings[space.building]
        placed = [b[x] for x in building.spaces if b[x]]
        match building.rule:
            case "all_different":
                return value not in placed
            case "sum":
                return True
            case "pairs_seven":
                partner = [x for x in building.spaces if x != index
                           and DATA.building_spaces[x].column_mineral == space.column_mineral]  # fmt: skip
                other = b[partner[0]]
                return not other or other + value == 7
            case "lower_higher":
                return all(value < b[x] for x in space.below)
            case "all_equal":
                return all(v == value for v in placed)
            case "neighbours_one_apart":
                return all(abs(b[x] - value) == 1 for x in space.adjacent if b[x])
        raise AssertionError(building.rule)

    # ---- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        top = self.pending[-1]
        value = SPACE.decode(action)
        if isinstance(top, F.CHANCE_FRAMES):
            self._apply_chance(top, value)
        else:
            self._apply_decision(top, value)
        self._settle()

    def _explain(self, action: int) -> tuple[str, str]:
        from towers.games.sifnos.legality import explain

        return explain(self, SPACE.decode(action))

    def _apply_decision(self, top: Frame, value: Any) -> None:
        p = self.pending
        match top, value:
            case F.Prepare(seat=seat), Done():
                p.pop()
                self.discounts = []
                self.used = 0
            case F.Majors(), Done():
                p.pop()
            case F.Majors(seat=seat), Major(major=k):
                self.majors_done |= bit(k)
                self.used = 0
                self.ignore_image = self.use_network = self.beacon_placed = False
                p.push(F.Column(seat=seat, major=k))
            case F.Column(), Done():
                p.pop()
                self.used = 0
                self.ignore_image = self.use_network = False
            case F.RecoupChoice(), Done():
                p.pop()
            case (
                (F.Prepare(seat=seat) | F.Column(seat=seat) | F.RecoupChoice(seat=seat)),
                UsePrinted(effect=e),
            ):
                self.used |= bit(PRINTED_BIT + e)
                self._use(seat, DATA.printed[e].id, DATA.printed[e].discard, None)
            case (
                (F.Prepare(seat=seat) | F.Column(seat=seat) | F.RecoupChoice(seat=seat)),
                UseCard(card=c),
            ):
                self.used |= bit(c)
                card = DATA.cards[c]
                self._use(seat, card.kind, card.discard, card)
            case F.Column(seat=seat), PlaceDie(region=r, value=v):
                self.used |= bit(PRINTED_BIT + PRINTED["place_die"])
                self._place_die(seat, r, v + 1)
            case F.Column(seat=seat), PlaceTower(space=s, image=i):
                self.used |= bit(PRINTED_BIT + PRINTED["place_tower"])
                self._place_tower(seat, s, i)
            case F.Pay(seat=seat, mineral=mineral, need=need, half=half), Discard(card=c):
                matches = mineral == ANY or DATA.cards[c].mineral == mineral
                self.hands[seat].remove(c)
                self.discards.append(c)
                if half or matches:
                    need -= 1
                    half = False
                else:
                    half = True
                if need <= 0 and not half:
                    p.pop()
                else:
                    p.replace(F.Pay(seat=seat, mineral=mineral, need=need, half=half))
            case F.GiveCards(seat=seat, to=to, n=n), Give(card=c):
                if n > 1:
                    p.replace(F.GiveCards(seat=seat, to=to, n=n - 1))
                else:
                    p.pop()
                self._give(seat, to, c)
            case F.Placement(seat=seat, free=free), PlaceCard(card=c):
                p.pop()
                self.hands[seat].remove(c)
                cost = 0 if free else self._take_discounts(c)
                self._place_card(seat, c)
                if cost:
                    p.push(F.Pay(seat=seat, mineral=DATA.cards[c].mineral, need=cost, half=False))
            case F.AdjustDice(), Done():
                p.pop()
            case F.AdjustDice(seat=seat, n=n), Adjust(where=where, value=v, direction=d):
                dice = self.workshop[seat] if where else self.dice_supply[seat]
                dice.remove(v + 1)
                dice.append(v + 2 if d else v)
                if n > 1:
                    p.replace(F.AdjustDice(seat=seat, n=n - 1))
                else:
                    p.pop()
            case F.Soldiers(), Done():
                p.pop()
            case F.Soldiers(seat=seat, moves=moves, region=region), MoveSoldier(frm=a, to=b):
                if moves > 1:
                    p.replace(F.Soldiers(seat=seat, moves=moves - 1, place=False, fort=False,
                                         region=region))  # fmt: skip
                else:
                    p.pop()
                self._move_soldier(seat, a, b)
            case F.Soldiers(seat=seat, region=where), PlaceSoldier(region=r):
                p.pop()
                # the Scoring Tile's Soldier is no effect of a major action: it fixes nothing
                self._place_soldier(seat, r, fixes=where != F.ANYWHERE)
            case F.Soldiers(seat=seat), FortIn(region=r):
                p.pop()
                if self.soldier_at[r] == seat:
                    self.soldier_at[r] = -1
                else:
                    self.central[seat] -= 1
                self.barracks[seat] += 1
                self._fix_region(r)
                p.push(F.Trigger(seat=seat, event="fort", region=r))
                p.push(F.FortChoice(seat=seat, region=r))
            case F.ShipChoice(), Done():
                p.pop()
            case F.ShipChoice(), MoveShip(province=q, place=i):
                p.pop()
                self._sail(q, i)
            case F.InfluenceChoice(seat=seat, n=n), Influence(mineral=m):
                if n > 1:
                    p.replace(F.InfluenceChoice(seat=seat, n=n - 1))
                else:
                    p.pop()
                p.push(F.Gain(seat=seat, mineral=m, n=1))
            case F.Triggered(), Done():
                p.pop()
            case F.Triggered(seat=seat, event=event, region=region, cards=cards), UseCard(card=c):
                rest = tuple(x for x in cards if x != c)
                if rest:
                    p.replace(F.Triggered(seat=seat, event=event, region=region, cards=rest))
                else:
                    p.pop()
                self.used |= bit(c)
                self._triggered_effect(seat, DATA.cards[c].kind, region)
            case F.BeaconChoice(), Done():
                p.pop()
            case F.BeaconChoice(seat=seat, region=region), TakePiece(slot=s):
                p.pop()
                mineral = self.pieces[seat][s]
                self._take_piece(seat, s)
                p.push(F.Gain(seat=seat, mineral=mineral, n=1))
                p.push(F.BeaconPlace(seat=seat, region=region))
            case F.BeaconPlace(seat=seat), BeaconOn(space=s):
                p.pop()
                self.beacon_at[s] = seat
                self.beacon_placed = True
            case F.FortChoice(seat=seat, region=r), TakePiece(slot=s):
                p.pop()
                face = self.pieces[seat][s]
                self._take_piece(seat, s)
                self.fort_at[r] = seat
                self._gain_effect(seat, FORT_FACES[face])
            case F.Workshop(seat=seat), Build(space=i, value=v):
                self.workshop[seat].remove(v + 1)
                self.buildings[seat][i] = v + 1
                self._built(seat, i)
            case F.FaceUp(seat=seat), TakeFaceUp(card=c):
                p.pop()
                self.face_up.remove(c)
                self._place_card(seat, c)
            case F.TileChoice(seat=seat), TakeTile(tile=t):
                p.pop()
                self.tile_row[self.tile_row.index(t)] = -1
                self.tile_of[seat] = t
                self._tile_immediate(seat, DATA.tiles[t].immediate)
            case F.TentChoice(seat=seat), TentIn(province=q):
                p.pop()
                self._tent(seat, q)
            case F.FortAnywhere(seat=seat), FortIn(region=r):
                p.pop()
                p.push(F.FortChoice(seat=seat, region=r))
            case _:
                from towers.games.sifnos import solo

                solo.apply_decision(self, top, value)

    def _use(self, seat: int, kind: str, discard: int | None, card: Any) -> None:
        """Use a column's effect: its result pushed under its price, so the price comes first."""
        p = self.pending
        match kind:
            case "place_card":
                p.push(F.Placement(seat=seat, free=False))
            case "discard_adjust" | "adjust":
                p.push(F.AdjustDice(seat=seat, n=1))
            case "gold_adjust":
                p.push(F.AdjustDice(seat=seat, n=2))
            case "adjust_and_move":
                p.push(F.Soldiers(seat=seat, moves=1, place=False, fort=False, region=F.ACTIVE))
                p.push(F.AdjustDice(seat=seat, n=1))
            case "discount_others":
                for m in range(3):
                    if m != discard:
                        self.discounts.append(m * 4 + 1)
            case "discount_same":
                self.discounts.append(discard * 4 + 2)  # type: ignore[operator]
            case "discount":
                self.discounts.append(card.mineral_arg * 4 + 1)
            case "ignore_image":
                self.ignore_image = True
            case "network":
                self.use_network = True
            case "silver_muster":
                p.push(F.Soldiers(seat=seat, moves=2, place=True, fort=False, region=F.ACTIVE))
            case "muster":
                p.push(F.Soldiers(seat=seat, moves=1, place=True, fort=True, region=F.ACTIVE))
            case "move" | "discard_move":
                p.push(F.Soldiers(seat=seat, moves=1, place=False, fort=False, region=F.ACTIVE))
            case "discard_place":
                p.push(F.Soldiers(seat=seat, moves=0, place=True, fort=False, region=F.ACTIVE))
            case "discard_ship":
                p.push(F.ShipChoice(seat=seat))
            case "discard_draw":
                self._draw(seat, 2)
            case _:
                raise AssertionError(kind)
        if discard is not None:
            p.push(F.Pay(seat=seat, mineral=discard, need=1, half=False))

    def _triggered_effect(self, seat: int, kind: str, region: int) -> None:
        p = self.pending
        match kind:
            case "fort_die_soldier" | "first_die_soldier":
                p.push(F.Soldiers(seat=seat, moves=0, place=True, fort=False, region=region))
            case "beacon_soldier":
                p.push(F.Soldiers(seat=seat, moves=0, place=True, fort=False, region=F.ACTIVE))
            case "fort_die_move" | "cover_move":
                p.push(F.Soldiers(seat=seat, moves=1, place=False, fort=False, region=F.ACTIVE))
            case "second_die_ship" | "beacon_ship" | "fort_ship":
                p.push(F.ShipChoice(seat=seat))
            case _:
                raise AssertionError(kind)

    def _gain_effect(self, seat: int, effect: str) -> None:
        """A one-off effect named in the data (Fort faces, column bonuses, Building spaces)."""
        p = self.pending
        match effect:
            case "any_influence":
                p.push(F.InfluenceChoice(seat=seat, n=1))
            case "any_influence_2":
                p.push(F.InfluenceChoice(seat=seat, n=2))
            case "draw_card":
                self._draw(seat, 1)
            case "move_soldier":
                p.push(F.Soldiers(seat=seat, moves=1, place=False, fort=False, region=F.ACTIVE))
            case "move_ship":
                p.push(F.ShipChoice(seat=seat))
            case "workshop_die":
                if self.dice_reserve[seat]:
                    p.push(F.Roll(seat=seat, n=1, workshop=True))
            case _:
                raise AssertionError(effect)

    def _place_card(self, seat: int, c: int) -> None:
        """A card goes above the Player Board: 1 Influence of its mineral, and a Defend card's
        Tent (rulebook: Cards; Defend (continued))."""
        self.placed[seat].append(c)
        card = DATA.cards[c]
        p = self.pending
        if card.kind == "tent":
            self._tent(seat, card.province)  # type: ignore[arg-type]
        p.push(F.Gain(seat=seat, mineral=card.mineral, n=1))

    def _tent(self, side: int, province: int) -> None:
        if sum(self.tents[side]) < int(SETUP["tents"]):
            self.tents[side][province] += 1

    def _place_die(self, seat: int, r: int, v: int) -> None:
        p = self.pending
        self.dice_supply[seat].remove(v)
        self.die_owner[r] = seat
        self.die_value[r] = v
        self._fix_region(r)
        province = REGION_PROVINCE[r]
        count = self.dice_in_province(province)
        if LARGE_OF[province] >= 0 and count in (1, 2):
            p.push(
                F.Trigger(seat=seat, event="first_die" if count == 1 else "second_die", region=r)
            )
        fort = self.fort_at[r]
        if fort >= 0:
            p.push(F.Trigger(seat=seat, event="fort_die", region=r))
            if fort != seat:
                p.push(F.GiveCards(seat=seat, to=fort, n=1))

    def _place_tower(self, seat: int, s: int, image: int) -> None:
        p = self.pending
        self.region_ok = self._tower_reach(seat, s)
        top = self.top_tower(s)
        self.tower_supply[seat][image] -= 1
        before = [sum(self.has_tower_on(seat, c) for c in DATA.regions[r].corners)
                  for r in DATA.spaces[s].regions]  # fmt: skip
        self.stacks[s].append(seat * 8 + image)
        p.push(F.Trigger(seat=seat, event="beacon", region=-1))
        beacons_left = any(
            f >= 0 for x, f in enumerate(self.pieces[seat]) if DATA.pieces[x].kind == BEACON
        )
        for r, had in reversed(list(zip(DATA.spaces[s].regions, before, strict=True))):
            if had == 3 and beacons_left:
                p.push(F.BeaconChoice(seat=seat, region=r))
        if top >= 0:
            p.push(F.Trigger(seat=seat, event="cover", region=-1))
            p.push(F.GiveCards(seat=seat, to=top >> 3, n=2))

    def _move_soldier(self, seat: int, a: int, b: int) -> None:
        if a == BARRACKS:
            self.barracks[seat] -= 1
            self.soldier_supply[seat] += 1
            return
        if a == CENTRAL:
            self.central[seat] -= 1
        else:
            self.soldier_at[a] = -1
        if b == CENTRAL:
            self.central[seat] += 1
            return
        there = self.soldier_at[b]
        if there >= 0:
            # pushing out: both Soldiers go home, for a card to the opponent
            self.soldier_at[b] = -1
            self._soldier_home(there)
            self._soldier_home(seat)
            self.pending.push(F.GiveCards(seat=seat, to=there, n=1))
        else:
            self.soldier_at[b] = seat

    def _soldier_home(self, side: int) -> None:
        if side == self.game.opponent:
            self.soldier_supply[side] += 1
        else:
            self.barracks[side] += 1

    def _place_soldier(self, seat: int, r: int, fixes: bool = True) -> None:
        self.soldier_supply[seat] -= 1
        if r == CENTRAL:
            self.central[seat] += 1
        else:
            self.soldier_at[r] = seat
            if fixes:
                self._fix_region(r)

    def _take_piece(self, seat: int, s: int) -> None:
        """Take a Fort or Beacon off the board: the third from its column gives the column's
        bonus (rulebook: Forts)."""
        self.pieces[seat][s] = -1
        column = DATA.pieces[s].column
        gone = sum(1 for x in DATA.pieces if x.column == column and self.pieces[seat][x.index] < 0)
        if gone == 3:
            self._gain_effect(seat, DATA.column_bonus[column])

    def _sail(self, q: int, i: int) -> None:
        ship = self.ships[q].pop(i)
        target = self._next_with_room(q, own=False)
        self.ships[target].append(ship)

    def _built(self, seat: int, index: int) -> None:
        """A Die placed on a Building: the space's reward and the Building's completion."""
        space = DATA.building_spaces[index]
        building = DATA.buildings[space.building]
        b = self.buildings[seat]
        if space.reward:
            self._gain_effect(seat, space.reward)
        raw = building.raw
        match building.rule:
            case "pairs_seven":
                done_cols = [
                    m
                    for m in range(3)
                    if all(
                        b[x] for x in building.spaces if DATA.building_spaces[x].column_mineral == m
                    )
                ]
                if space.column_mineral in done_cols:
                    n = raw["complete_each"][len(done_cols) - 1]
                    self.pending.push(F.Gain(seat=seat, mineral=space.column_mineral, n=n))
                return
            case "sum":
                if all(b[x] for x in building.spaces):
                    total = sum(b[x] for x in building.spaces)
                    reward = raw["complete_high" if total >= raw["threshold"] else "complete_low"]
                    self._rewards(seat, reward)
                return
        if all(b[x] for x in building.spaces):
            self._rewards(seat, raw.get("complete", []))

    def _rewards(self, seat: int, rewards: list[dict[str, Any]]) -> None:
        for r in rewards:
            if r["influence"] == "any":
                self.pending.push(F.InfluenceChoice(seat=seat, n=int(r["n"])))
            else:
                self.pending.push(
                    F.Gain(seat=seat, mineral=MINERALS.index(r["influence"]), n=int(r["n"]))
                )

    def _tile_immediate(self, seat: int, effect: str) -> None:
        p = self.pending
        match effect:
            case "draw_card":
                self._draw(seat, 1)
            case "any_influence":
                p.push(F.InfluenceChoice(seat=seat, n=1))
            case "tent_anywhere":
                if sum(self.tents[seat]) < int(SETUP["tents"]):
                    p.push(F.TentChoice(seat=seat))
            case "fort_anywhere":
                if self._pieces_left(seat, FORT) and any(f < 0 for f in self.fort_at):
                    p.push(F.FortAnywhere(seat=seat))
            case "free_card":
                if self.hands[seat]:
                    p.push(F.Placement(seat=seat, free=True))
            case "beacon_anywhere":
                if self._pieces_left(seat, BEACON) and self._beacon_targets(seat, -1):
                    p.push(F.BeaconChoice(seat=seat, region=-1))
            case "soldier_anywhere":
                if self.soldier_supply[seat]:
                    p.push(
                        F.Soldiers(seat=seat, moves=0, place=True, fort=False, region=F.ANYWHERE)
                    )
            case "workshop_die":
                self._gain_effect(seat, "workshop_die")

    # ---- chance --------------------------------------------------------------------------
    def _apply_chance(self, top: Frame, value: Any) -> None:
        p = self.pending
        match top, value:
            case F.Draw(seat=seat, n=n), DrawCard(card=c):
                self.deck.draw(c)
                if seat < 0:
                    self.face_up.append(c)
                else:
                    self._add_to_hand(seat, c)
                self._replace_count(top, n)
            case F.Roll(seat=seat, n=n, workshop=w), RollDie(value=v):
                self.dice_reserve[seat] -= 1
                (self.workshop if w else self.dice_supply)[seat].append(v + 1)
                if n > 1:
                    p.replace(F.Roll(seat=seat, n=n - 1, workshop=w))
                else:
                    p.pop()
            case F.TowerDraw(seat=seat, n=n), DrawTower(image=i):
                self.tower_reserve[seat][i] -= 1
                self.tower_supply[seat][i] += 1
                if n > 1:
                    p.replace(F.TowerDraw(seat=seat, n=n - 1))
                else:
                    p.pop()
            case F.ShipDraw(province=q, n=n), DrawShip(ship=kind):
                self.bag.draw(kind)
                if q < 0:
                    # setup: the front spaces, clockwise from the north
                    self.ships[2 * len(MINERALS) - n].append(kind)
                    if n > 1:
                        p.replace(F.ShipDraw(province=-1, n=n - 1))
                    else:
                        p.pop()
                        self._fill_bag()
                    return
                p.pop()
                if kind == ALLY:
                    self._ally_arrives()
                else:
                    target = q if len(self.ships[q]) < 4 else self._next_with_room(q)
                    self.ships[target].append(kind)
            case F.TileDraw(n=n), DrawTile(tile=t):
                self.tile_row.append(t)
                if n > 1:
                    p.replace(F.TileDraw(n=n - 1))
                else:
                    p.pop()
            case F.MarkerDraw(space=s), DrawMarker(mineral=m):
                self.markers[s] = m
                if s < 5:
                    p.replace(F.MarkerDraw(space=s + 1))
                else:
                    p.pop()
            case F.AidDeal(side=side, n=n), DealAid(aid=a):
                self.aid_pool.remove(a)
                self.aids[side].append(a)
                self._place_aid(side, a)
                if n > 1:
                    p.replace(F.AidDeal(side=side, n=n - 1))
                else:
                    p.pop()
            case F.PieceDeal(seat=seat, slot=s), (DealFort(fort=face) | DealBeacon(mineral=face)):
                self.pieces[seat][s] = face
                if s + 1 < len(DATA.pieces):
                    p.replace(F.PieceDeal(seat=seat, slot=s + 1))
                else:
                    p.pop()
            case _:
                from towers.games.sifnos import solo

                solo.apply_chance(self, top, value)

    def _replace_count(self, top: F.Draw, n: int) -> None:
        if n > 1:
            self.pending.replace(F.Draw(seat=top.seat, n=n - 1))
        else:
            self.pending.pop()

    def _fill_bag(self) -> None:
        per = self.game.bag_players
        self.bag = Bag([per, per, per, int(SETUP["bag_allies"])])

    def _place_aid(self, side: int, a: int) -> None:
        aid = DATA.setup_aids[a]
        region = DATA.regions[aid.region]
        image = DATA.spaces[aid.tower].image
        self.dice_reserve[side] -= 1
        self.die_owner[aid.region] = side
        self.die_value[aid.region] = region.value
        # the opponent's Towers all stand face up beside it, as its Supply
        towers = self.tower_supply if side == self.game.opponent else self.tower_reserve
        towers[side][image] -= 1
        self.stacks[aid.tower].append(side * 8 + image)

    def _ally_arrives(self) -> None:
        """An Allied Ship drawn: it takes the next Allied Ship space (rulebook: Drawing Ships)."""
        self.allies += 1
        space = DATA.game["ally_spaces"][self.allies - 1]
        if space["effect"] == "end_game":
            self._end_game()
            return
        mineral = self.markers[2 + self.allies]
        per = int(space["per"])
        for side in reversed(range(self.game.num_players)):
            self._draw(side, self.influence[side][mineral] // per)
        if self.game.solo:
            from towers.games.sifnos import solo

            solo.ally_draw(self, mineral, per)

    # ---- the steps ---------------------------------------------------------------------
    def _settle(self) -> None:
        """Carry out the steps on top of the stack until a decision or a chance is there."""
        p = self.pending
        while not self.over:
            top = p[-1]
            match top:
                case F.Gain(seat=seat, mineral=m, n=n):
                    if n > 1:
                        p.replace(F.Gain(seat=seat, mineral=m, n=n - 1))
                    else:
                        p.pop()
                    self._influence_step(seat, m)
                case F.Trigger(seat=seat, event=event, region=region):
                    p.pop()
                    self._trigger(seat, event, region)
                case F.Draw(n=n) if not self.deck.has_cards():
                    if self.discards:
                        self.deck.shuffle_in(self.discards)
                        self.discards = []
                    else:
                        p.pop()  # no card left anywhere: nothing drawn
                case F.Roll(seat=seat) if not self.dice_reserve[seat]:
                    p.pop()
                case F.TowerDraw(seat=seat) if not any(self.tower_reserve[seat]):
                    p.pop()
                case F.Workshop(seat=seat) if not self._builds(seat):
                    p.pop()
                case F.BeaconChoice(seat=seat, region=region) if not (
                    self._pieces_left(seat, BEACON) and self._beacon_targets(seat, region)
                ):
                    p.pop()
                case F.Triggered(cards=()):
                    p.pop()
                case F.FaceUp() if not self.face_up:
                    p.pop()
                case F.TileChoice() if not any(t >= 0 for t in self.tile_row):
                    p.pop()
                case F.ShipChoice() if not self._ship_moves():
                    p.pop()
                case F.AdjustDice(seat=seat) if not self._adjustments(seat):
                    p.pop()
                case F.Soldiers() if not self._soldier_choices(top):
                    p.pop()
                case F.Defend(seat=seat):
                    p.pop()
                    self._defend(seat)
                case F.Invasion(seat=seat, province=q):
                    p.pop()
                    self._invasion(seat, q)
                case F.Recoup(seat=seat):
                    p.pop()
                    self._recoup(seat)
                case F.RecoupChoice(seat=seat) if not self._column_uses(seat, RECOUP_COLUMN):
                    p.pop()
                case F.Sail(province=q):
                    p.pop()
                    self._sail_away(q)
                case F.EndTurn(seat=seat):
                    p.pop()
                    self._next_turn(seat)
                case F.SeatEffects():
                    p.pop()
                    self._seat_effects()
                case F.GameEnd():
                    self.over = True
                case _:
                    if not self.game.has_opponent:
                        return  # a decision or a chance
                    from towers.games.sifnos import solo

                    if not solo.settle(self, top):
                        return

    def _influence_step(self, side: int, m: int) -> None:
        """One space along a track, and what that space does (rulebook: Influence Tracks)."""
        if side == self.game.opponent and self.game.versus:
            return  # it gains no Influence in the 2-player game
        if m < 0:
            from towers.games.sifnos import solo

            m = solo.lowest(self)
        cap = int(DATA.game["solo"]["influence_cap"]) if side == self.game.opponent else TRACK_LAST
        track = self.influence[side]
        if track[m] >= cap:
            return
        track[m] += 1
        value = track[m]
        p = self.pending
        if side == self.game.opponent:
            from towers.games.sifnos import solo

            solo.track_space(self, m, value)
            return
        if value == self.game.ally_space and self.ally_on_track[side]:
            self.ally_on_track[side] = False
            self.bag.put(ALLY)
        if value == int(TRACK["scoring_tile_space"]) and m == self.markers[1]:
            p.push(F.TileChoice(seat=side))
        if value == int(TRACK["face_up_card_space"]) and m == self.markers[0]:
            p.push(F.FaceUp(seat=side))

    def _trigger(self, seat: int, event: str, region: int) -> None:
        if event == "beacon" and not self.beacon_placed:
            return
        kinds = TRIGGERS[event]
        cards = DATA.cards
        column = MAJOR_COLUMN[self._current_major()]
        mine = [
            c
            for c in self.placed[seat]
            if cards[c].column == column and cards[c].kind in kinds and not self.used >> c & 1
        ]
        offered = []
        for c in mine:
            if cards[c].kind in DRAWING:
                self.used |= bit(c)
                self._draw(seat, 1)
            else:
                offered.append(c)
        if offered:
            self.pending.push(
                F.Triggered(seat=seat, event=event, region=region, cards=tuple(offered))
            )

    def _current_major(self) -> int:
        for frame in reversed(self.pending):
            if isinstance(frame, F.Column):
                return frame.major
        raise AssertionError("a trigger outside a major action")

    def _defend(self, seat: int) -> None:
        p = self.pending
        if seat != self.game.opponent:
            p.push(F.Workshop(seat=seat))
        for q in DATA.large:
            if self.dice_in_province(q) >= 3:
                self.invaded = LARGE_OF[q]
                p.push(F.Invasion(seat=seat, province=q))
                leader = self.leader(self.markers[2])
                if leader >= 0 and leader != self.game.opponent:
                    p.push(
                        F.Soldiers(seat=leader, moves=1, place=False, fort=False, region=F.ACTIVE)
                    )
                elif leader >= 0:
                    from towers.games.sifnos import solo

                    solo.gain_card(self, 1)
                break

    def leader(self, mineral: int) -> int:
        """The side with the most Influence of ``mineral``; -1 on a tie."""
        values = [self.influence[s][mineral] for s in range(self.game.sides)]
        if self.game.versus:
            values[self.game.opponent] = -1
        best = max(values)
        return values.index(best) if values.count(best) == 1 else -1

    def might(self, province: int) -> list[int]:
        """Each side's Might in the Province (rulebook: Determining Might)."""
        g = self.game
        out = [0] * g.sides
        for r in DATA.provinces[province].regions:
            if self.die_owner[r] >= 0:
                out[self.die_owner[r]] += 1
            if self.fort_at[r] >= 0:
                out[self.fort_at[r]] += 1
            if self.soldier_at[r] >= 0:
                out[self.soldier_at[r]] += 2
            if r == CENTRAL:
                for s in range(g.sides):
                    out[s] += 2 * self.central[s]
        for s in PROVINCE_SPACES[province]:
            top = self.top_tower(s)
            if top >= 0:
                out[top >> 3] += 1
        for side in range(g.sides):
            out[side] += self.tents[side][province]
        return out

    def turn_order_from(self, seat: int) -> list[int]:
        """The sides in the order their next turns come, after ``seat``'s (``seat`` last)."""
        sides = self.game.sides
        return [(seat + k) % sides for k in range(1, sides + 1)]

    def _invasion(self, seat: int, q: int) -> None:
        might = self.might(q)
        order = self.turn_order_from(seat)
        best = max(might)
        winner = next(s for s in order if might[s] == best)
        p = self.pending
        province = DATA.provinces[q]
        # the dice go to their Workshops (last, so pushed first)
        dice = [
            (r, self.die_owner[r], self.die_value[r])
            for r in province.regions
            if self.die_owner[r] >= 0
        ]
        for r, owner, v in dice:
            self.die_owner[r] = -1
            self.die_value[r] = 0
            self.workshop[owner].append(v)
        for side in reversed(order):
            if side == winner:
                continue
            cards = sum(1 for s in PROVINCE_SPACES[q] if self.uncovered(side, s))
            self._draw(side, cards + self.tents[side][q])
        # the winner: Influence per Ship, the empty spaces, Soldiers home
        for r in province.regions:
            if self.soldier_at[r] == winner:
                self.soldier_at[r] = -1
                self._soldier_home(winner)
        ships = self.ships[LARGE_OF[q]]
        bonus = DATA.game["ship_spaces"]["empty_bonus"]
        for i in range(len(ships), 4):
            if bonus[i] == "card":
                self._draw(winner, 1)
            elif bonus[i] == "any_influence":
                if winner == self.game.opponent:
                    from towers.games.sifnos import solo

                    solo.majority_influence(self)
                else:
                    p.push(F.InfluenceChoice(seat=winner, n=1))
        for kind in reversed(ships):
            p.push(F.Gain(seat=winner, mineral=kind, n=1))

    def _recoup(self, seat: int) -> None:
        p = self.pending
        numbers = RECOUP_NUMBERS
        cards = DATA.cards
        mine = [cards[c].kind for c in self.placed[seat] if cards[c].column == RECOUP_COLUMN]
        if self.invaded >= 0:
            p.push(F.Sail(province=self.invaded))
        p.push(F.RecoupChoice(seat=seat))
        self.used = 0
        self._draw(seat, numbers["cards"] + mine.count("draw"))
        towers_limit = numbers["towers"] + mine.count("tower_limit")
        need = towers_limit - sum(self.tower_supply[seat])
        if need > 0:
            p.push(F.TowerDraw(seat=seat, n=min(need, sum(self.tower_reserve[seat]))))
        dice_limit = numbers["dice"] + mine.count("dice_limit")
        need = dice_limit - len(self.dice_supply[seat])
        if need > 0:
            p.push(F.Roll(seat=seat, n=min(need, self.dice_reserve[seat]), workshop=False))

    def _sail_away(self, large: int) -> None:
        """The invaded Province's Ships sail, back-most first, each to the next Province with
        room after the last one's (rulebook: Moving Ships); then a Ship is drawn."""
        ships = self.ships[large]
        self.ships[large] = []
        target = large
        for kind in reversed(ships):
            target = self._next_with_room(target)
            self.ships[target].append(kind)
        self.invaded = -1
        if not len(self.bag):
            self._end_game()
            return
        self.pending.push(F.ShipDraw(province=large, n=1))

    def _end_game(self) -> None:
        """The game ends at once: Dice on their owners' Forts go to the Workshops, which are
        placed from the player who ended it on (rulebook: End of the Game)."""
        p = self.pending
        p.clear()
        ender = self.turn
        self.ended_by = ender
        for r in range(N_REGIONS):
            owner = self.die_owner[r]
            if owner >= 0 and self.fort_at[r] == owner:
                self.workshop[owner].append(self.die_value[r])
                self.die_owner[r] = -1
                self.die_value[r] = 0
        p.push(F.GameEnd())
        n = self.game.num_players
        order = [(ender + k) % n for k in range(n)] if ender < n else list(range(n))
        for seat in reversed(order):
            p.push(F.Workshop(seat=seat))

    def _next_turn(self, seat: int) -> None:
        g = self.game
        nxt = (seat + 1) % g.sides
        if seat < 0:
            nxt = 0
        if nxt == 0:
            self.rounds += 1
            if self.rounds > MAX_ROUNDS:
                self.turn = 0
                self._end_game()
                return
        self.turn = nxt
        self.invaded = -1
        self.region_ok = (1 << N_REGIONS) - 1
        self.majors_done = 0
        self.used = 0
        self.discounts = []
        self.ignore_image = self.use_network = self.beacon_placed = False
        p = self.pending
        p.push(F.EndTurn(seat=nxt))
        if nxt == g.opponent:
            from towers.games.sifnos import solo

            solo.start_turn(self)
            return
        p.push(F.Recoup(seat=nxt))
        p.push(F.Defend(seat=nxt))
        p.push(F.Majors(seat=nxt))
        p.push(F.Prepare(seat=nxt))

    def _seat_effects(self) -> None:
        """The starting effects by seat, then two random Towers and two rolled Dice each
        (rulebook: Final Setup Steps)."""
        g = self.game
        p = self.pending
        effects = DATA.seat_effects
        for side in reversed(range(g.num_players)):
            p.push(F.Roll(seat=side, n=int(SETUP["starting_dice"]), workshop=False))
            p.push(F.TowerDraw(seat=side, n=int(SETUP["starting_towers"])))
        for seat in reversed(range(g.num_players)):
            index = seat
            if g.table == 2 and seat == 1 and not g.versus and not g.solo:
                index = 2  # 2 players: the 2nd player takes the 3rd player's effects
            e = effects[index]
            if e["workshop_die"]:
                p.push(F.Roll(seat=seat, n=1, workshop=True))
            if e["supply_soldier"]:
                self.barracks[seat] -= 1
                self.soldier_supply[seat] += 1
            p.push(F.Draw(seat=seat, n=int(e["cards"])))

    # ---- what a seat sees --------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        from towers.games.sifnos.observe import observation

        return observation(self, seat)

    def disclosure(self, action: int) -> Disclosure:
        """Who may read ``action`` and whether it reveals a card, exactly (the server's log
        and undo ask it). Only the hands and the deck are hidden, and, as ``_determinize``
        deals them, a seat counts on the pool of the deck and the other hands, less those of
        a seat paying, giving or placing (its choices were offered on the hand as it is, so
        that hand counts as known). A card drawn is its drawer's to read, and another seat's
        only when that pool holds no other card; a card given is the giver's and the
        receiver's, and a third seat's only when the giver held no other card. The spectator
        reads a draw or a gift only when nothing else could have been drawn or given. An
        effect used is read as the table shows it, and reveals a card when another seat held
        possible a hand that could not have used it (see ``_use_disclosure``)."""
        n = self.game.num_players
        top = self.pending[-1] if self.pending else None
        match SPACE.decode(action):
            case DrawCard(card=c):
                assert isinstance(top, F.Draw)
                if top.seat < 0:
                    return PUBLIC  # a face-up card
                readers = frozenset(
                    s for s in range(n) if s == top.seat or self._unplaced(s) <= {c}
                )
                return _spectator_too(readers, n, len(self.deck.draw_outcomes()) == 1)
            case Give(card=c):
                assert isinstance(top, F.GiveCards)
                if top.to == self.game.opponent:
                    return PUBLIC  # given to the Schemes' discard pile
                alone = self.hands[top.seat] == [c]
                readers = frozenset(s for s in range(n) if s in (top.seat, top.to) or alone)
                return _spectator_too(readers, n, alone)
            case UseCard() if not isinstance(top, F.Triggered):
                return self._use_disclosure(action, *_effect_used(action))
            case UsePrinted():
                return self._use_disclosure(action, *_effect_used(action))
        if self.current_player() == CHANCE and not isinstance(top, FACE_DOWN_DEALS):
            return PUBLIC
        # two Ships alike, two effects pushing the same decisions, or two faces of the
        # opponent's face-down Fort or Beacon doing the same, end alike: nobody else tells
        # them apart
        return open_disclosure(self, action)

    def _use_disclosure(self, action: int, kind: str, discard: int | None) -> Disclosure:
        """An effect used from a column: read as the table shows it, since what it pushes
        owes nothing to the hand (two effects pushing the same decisions, or the same price,
        leave the table alike, and nobody else tells them apart). Whether it may be used can
        owe something to the hand, and then using it reveals a card (``_use_reveals``)."""
        seen = open_disclosure(self, action)
        return Disclosure(seen.readers, self._use_reveals(kind, discard))

    def _use_reveals(self, kind: str, discard: int | None) -> bool:
        """Whether another seat held possible a hand of the user's that could not have used
        this effect (rulebook: Cards), however rare: a lone card of another mineral than the
        price, or no card it could place, paying the cost with the rest. Any two cards pay
        any price, so a price reveals nothing of a hand of two."""
        user = self.current_player()
        return any(
            self._unusable_hand(other, user, kind, discard) is not None
            for other in range(self.game.num_players)
            if other != user
        )

    def _unusable_hand(
        self, seat: int, user: int, kind: str, discard: int | None
    ) -> list[int] | None:
        """A hand of the user's size, dealt from the cards ``seat`` cannot place, with which
        the user could not have used the effect; None when there is none, or when the user's
        hand is not dealt again (a payment under way was offered on it)."""
        known = {f.seat for f in self.pending if isinstance(f, HAND_FRAMES)}
        if user in known:
            return None
        held = len(self.hands[user])
        pool = sorted(self._unplaced(seat))  # each card is one of a kind
        cards = DATA.cards
        if kind != "place_card":
            if discard is None or discard == ANY or held != 1:
                return None
            return next(([c] for c in pool if cards[c].mineral != discard), None)
        # no card placeable: a mineral's k cards each cost more than the k - 1 others of
        # it and half the rest pay, k + (held - k) // 2 or more, for some split by mineral
        by_mineral: list[list[int]] = [[] for _ in MINERALS]
        for c in sorted(pool, key=self._cost, reverse=True):
            by_mineral[cards[c].mineral].append(c)
        for first in range(held + 1):
            for second in range(held - first + 1):
                hand: list[int] = []
                for k, row in zip((first, second, held - first - second), by_mineral, strict=True):
                    if k and (len(row) < k or self._cost(row[k - 1]) < k + (held - k) // 2):
                        break
                    hand += row[:k]
                else:
                    return hand
        return None

    def reveal_witness(self, action: int, rng: random.Random) -> tuple[int, State] | None:
        """A world proving that using an effect reveals a card: another seat's, the user's
        hand dealt as one that could not have used it (``_unusable_hand``)."""
        if not isinstance(SPACE.decode(action), UseCard | UsePrinted):
            return None
        kind, discard = _effect_used(action)
        user = self.current_player()
        for seat in range(self.game.num_players):
            if seat != user:
                hand = self._unusable_hand(seat, user, kind, discard)
                if hand is not None:
                    return seat, self._deal(seat, rng, {user: hand})
        return None

    def _unplaced(self, seat: int) -> set[int]:
        """The kinds of card ``seat`` cannot place, from which ``_determinize(seat)`` deals
        the other hands and the deck again."""
        paying = {f.seat for f in self.pending if isinstance(f, HAND_FRAMES)}
        kinds = {k for k, count in enumerate(self.deck.counts) if count}
        for side in range(self.game.sides):
            if side != seat and side not in paying:
                kinds.update(self.hands[side])
        return kinds

    def _determinize(self, seat: int, rng: random.Random) -> SifnosState:
        """Re-deal the other hands and the draw pile from the cards ``seat`` cannot see."""
        return self._deal(seat, rng, {})

    def _deal(self, seat: int, rng: random.Random, given: dict[int, list[int]]) -> SifnosState:
        """``_determinize(seat)``, each side in ``given`` dealt those cards (some of those
        ``seat`` cannot see, as many as it holds)."""
        state = self.clone()
        assert isinstance(state, SifnosState)
        unseen: list[int] = []
        for c, count in enumerate(state.deck.counts):
            unseen += [c] * count
        # a payment under way was offered on the hand as it is: that hand stays
        paying = {f.seat for f in state.pending if isinstance(f, HAND_FRAMES)}
        sizes = []
        for side in range(self.game.sides):
            if side == seat or side in paying:
                sizes.append(-1)
                continue
            sizes.append(len(state.hands[side]))
            unseen += state.hands[side]
        # in one order whatever world this is, so that worlds alike to ``seat`` deal alike
        unseen.sort()
        rng.shuffle(unseen)
        for cards in given.values():
            for c in cards:
                unseen.remove(c)
        for side, size in enumerate(sizes):
            if side in given:
                state.hands[side] = sorted(given[side])
            elif size >= 0:
                state.hands[side] = sorted(unseen[:size])
                del unseen[:size]
        counts = [0] * N_CARDS
        for c in unseen:
            counts[c] += 1
        state.deck = Deck(state.deck.top[:], counts, state.deck.bottom[:])
        return state


HAND_FRAMES = (F.Pay, F.GiveCards, F.Placement)
"""Decisions offered on a hand's contents."""

FACE_DOWN_DEALS = (F.SoloFort, F.SoloBeacon)
"""Chance that deals the opponent a face-down piece: two faces may do the same."""


def _effect_used(action: int) -> tuple[str, int | None]:
    """The kind of effect a card's or a board's use (``UseCard``, ``UsePrinted``) is, and
    the mineral of its price (None: no price)."""
    match SPACE.decode(action):
        case UseCard(card=c):
            return DATA.cards[c].kind, DATA.cards[c].discard
        case UsePrinted(effect=e):
            return DATA.printed[e].id, DATA.printed[e].discard
    raise ValueError(f"action {action} uses no effect")


def _spectator_too(readers: frozenset[int], n: int, only_one: bool) -> Disclosure:
    """Read by ``readers``, and by the spectator too when every seat reads it and it was
    the only action that could be taken (the spectator sees no hand, so any other card drawn
    or given would have left it seeing the same)."""
    return PUBLIC if len(readers) == n and only_one else Disclosure(readers)


TRIGGERED_KINDS = frozenset(k for kinds in TRIGGERS.values() for k in kinds) | {
    "tent", "dice_limit", "tower_limit", "draw",
}  # fmt: skip
"""Card kinds that are never used from a column: triggered, one-off, or Recoup's numbers."""

RECOUP_NUMBERS: dict[str, int] = {}


def _recoup_numbers() -> None:
    import tomllib

    from towers.games.sifnos.data import DATA_DIR

    with open(DATA_DIR / "player_board.toml", "rb") as f:
        rec = tomllib.load(f)["recoup"]
    RECOUP_NUMBERS.update(dice=int(rec["dice"]), towers=int(rec["towers"]), cards=int(rec["cards"]))


_recoup_numbers()
