"""Towers of Sifnos explains itself: how the game goes, what each component does, the rulebook
sections its refusals cite, the log's chapters and words, and how a finished game ended.

Everything here is read from the game's data (``data/*.toml``, the effect words of
:mod:`towers.games.sifnos.render`) and from the state; the summaries of the rulebook's sections
are the project's own words.

>>> from towers.games.sifnos.explain import glossary, rules_section
>>> [t.name for t in glossary() if t.key == "building-gate"]
['Gate']
>>> "Active Region" in (rules_section("rulebook: Major Actions") or "")
True
"""

from __future__ import annotations

import textwrap
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING

from towers.core.views import Ending, Topic
from towers.core.words import and_list, plural
from towers.games.sifnos import actions as A
from towers.games.sifnos import frames as F
from towers.games.sifnos.data import CORNERS, FORT_FACES, IMAGES, MINERALS, help_topics
from towers.games.sifnos.render import (
    COLUMN_NAMES,
    SCHEME_BONUS_WORDS,
    SCHEME_EFFECT_WORDS,
    SCHEME_GATE_WORDS,
    TILE_IMMEDIATE,
    TILE_SCORING,
    building_words,
    effect_words,
    fort_face_words,
    mineral_name,
    piece_words,
    plain_side,
    printed_words,
    region_name,
    seat_name,
    tile_name,
)
from towers.games.sifnos.rules import MAX_ROUNDS, SifnosState

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosGame

D = A.DATA

# ---- how the game goes ----------------------------------------------------------------------

HOWTO_PARAGRAPHS = (
    "Towers of Sifnos: defend the island's Lead, Silver and Gold mines and gain the most "
    "Influence, which makes most of your Victory Points.",
    "Each turn runs left to right along your Player Board: Prepare (place Cards above the "
    "board by discarding Cards of their mineral, adjust Dice), then up to two of Invest (a "
    "Die into a Region), Construct (a Tower on a space around it) and Muster (place or move "
    "Soldiers, swap a Soldier for a Fort), all in one Active Region; then Defend and Recoup "
    "(draw back to 2 Dice and 2 Towers, draw 2 Cards). Each Card above a column adds an "
    "effect to it; each effect is used once a turn.",
    "When a Province holds 3 Dice it is invaded: the most Might there (Dice, Towers, Forts "
    "and Tents 1 each, Soldiers 2) gains 1 Influence per Ship on its shore, the others draw "
    "Cards. Its Dice go to Workshops and then onto your six Buildings, whose rules reward "
    "Influence. The Ships sail on and a new Ship comes from the Bag.",
    "The third Allied Ship drawn from the Bag (or an empty Bag) ends the game at once. You "
    "score your Influence, 4 or 2 VP for the most Influence of the last Ally's mineral, "
    "emptied rows of Forts and Beacons, 1 VP per 2 Tents, your Scoring Tile, and 1 VP for "
    "every 4 Cards in your hand and Soldiers on the map, counted together.",
    "Solo, the Schemes play against you: each turn a Scheme places their pieces, and they "
    "score their Influence, the majority, 6 VP for a Scoring Tile and 1 VP for 4 or more "
    "Soldiers on the map.",
)
"""How the game goes, a paragraph each (wrapped to 80 columns by :func:`howto`)."""


def howto() -> str:
    return "\n\n".join(textwrap.fill(p, 80) for p in HOWTO_PARAGRAPHS)


# ---- the glossary ---------------------------------------------------------------------------

TILE_HELP = {t.id: f"tile-{t.id}" for t in D.tiles}


def tile_topic_name(tile_id: str) -> str:
    """``Majority Scoring Tile``: a Scoring Tile by the word the board prints on it."""
    tile = D.tiles[[t.id for t in D.tiles].index(tile_id)]
    return f"{tile_name(tile)} Scoring Tile"


def _card_text(c: int) -> str:
    card = D.cards[c]
    mineral = mineral_name(card.mineral)
    return (
        f"A {mineral} Card of cost {card.cost}, placed above the {COLUMN_NAMES[card.column]} "
        f"column: {effect_words(card)}. Placing it takes "
        f"{plural(card.cost, f'{mineral} Card')} discarded (any 2 Cards stand for 1) and "
        f"gains 1 {mineral} Influence; in hand it is discarded to pay for effects."
    )


def _region_text(r: int) -> str:
    region = D.regions[r]
    province = D.provinces[region.province]
    near = and_list(D.regions[x].name for x in region.adjacent)
    corners = and_list(f"{IMAGES[D.spaces[s].image]}" for s in region.corners)
    if r == D.central:
        soldiers = "any number of Soldiers"
    else:
        soldiers = "one Soldier"
    return (
        f"A Region of the {province.name} Province, printed value {region.value}: a Die placed "
        f"here must show {region.value} unless a Fort stands here. It holds one Die, one Fort "
        f"and {soldiers}. Its Tower spaces show {corners}; it borders {near}."
    )


def _province_text(p: int) -> str:
    province = D.provinces[p]
    regions = and_list(D.regions[r].name for r in province.regions)
    if province.central:
        return (
            f"The central Province, the one Region {regions}, where a Soldier may always be "
            "placed and any number of Soldiers may stand; it has no shore and is never invaded."
        )
    return (
        f"A Province of the Regions {regions}, with 4 Ship spaces on its shore. A third Die in "
        "it starts an invasion; Tents placed here add Might and draw Cards when others win it."
    )


def _image_text(i: int) -> str:
    n = sum(1 for s in D.spaces if s.image == i)
    return (
        f"A Tower space printed with {_a(IMAGES[i])} ({plural(n, 'space')} on the map): a Tower "
        f"placed on it must be {_a(IMAGES[i])} Tower unless a Lead Card is discarded to ignore the "
        "image. Covering an opponent's Tower matches their image and gives them 2 Cards. "
        "Tower spaces sit where Regions meet, and the Borders between them join networks."
    )


SCHEME_WHEN = {
    "always": "every time",
    "ally_1": "once the first Allied Ship has come",
    "ally_2": "once two Allied Ships have come",
}
"""When a Scheme's bonus is resolved (Step 1: Scheme Card, Bonus Effect)."""


def _scheme_text(s: int) -> str:
    """A Scheme: the Regions it tries, what it places, where its Towers go first, its bonus."""
    scheme = D.schemes[s]
    a, b, c = (region_name(r) for r in scheme.regions)
    effects = " and ".join(SCHEME_EFFECT_WORDS[e] for e in scheme.effects)
    first, *rest = (CORNERS[k] for k in scheme.tower_priority)
    return (
        f"A Scheme of the solo opponent. It places {effects} in its Active Region: A {a} if "
        f"both fit there, else B {b}, else C {c}; if none will do, another Scheme is "
        f"revealed. Its Towers go on the {first} corner first, then {', then '.join(rest)}. "
        f"Its bonus, {SCHEME_WHEN[scheme.when]}: "
        f"{SCHEME_BONUS_WORDS[scheme.bonus]}; against two players it has no bonus."
    )


def _generated() -> list[Topic]:
    """The topics one a mineral or an Allied Ship space, from the data's numbers."""
    out = []
    for m in MINERALS:
        name = mineral_name(m)
        out.append(
            Topic(
                f"influence-{m}",
                f"{name} Influence",
                "track",
                f"Your {name} marker on the Influence Track: gained by placing {name} Cards, "
                f"Beacons, Buildings and invasions won where {name} Ships wait; worth 1 VP each "
                "at the end.",
            )
        )
        out.append(
            Topic(
                f"ship-{m}",
                f"{name} Ship",
                "component",
                f"Each {name} Ship on an invaded Province's shore gives its winner 1 {name} "
                "Influence. Ships sail clockwise, skipping full shores.",
            )
        )
    for k, space in enumerate(D.game["ally_spaces"]):
        if space["effect"] == "end_game":
            text = (
                "The third Allied Ship ends the game at once: the most Influence of the mineral "
                f"under it scores {space['first_vp']} VP, the second most {space['second_vp']} "
                "VP (ties share less)."
            )
        else:
            text = (
                f"When an Allied Ship lands here everyone draws 1 Card per {space['per']} "
                "Influence of the mineral of the marker under it (rounded down)."
            )
        out.append(Topic(f"ally-space-{k + 1}", f"Allied Ship space {k + 1}", "space", text))
    return out


@cache
def _glossary() -> tuple[Topic, ...]:
    topics = [Topic(t.key, t.name, t.kind, t.text) for t in help_topics()]
    topics += _generated()
    for c in D.cards:
        topics.append(Topic(f"card-{c.id}", c.name, "card", _card_text(c.index)))
    for p in D.printed:
        column = COLUMN_NAMES[p.column]
        topics.append(
            Topic(
                f"printed-{p.id}",
                p.name,
                "printed effect",
                f"Printed on every Player Board's {column} column: {printed_words(p)}.",
            )
        )
    for t in D.tiles:
        topics.append(
            Topic(
                f"tile-{t.id}",
                tile_topic_name(t.id),
                "tile",
                f"When claimed: {TILE_IMMEDIATE[t.immediate]}. At the end: "
                f"{TILE_SCORING[t.scoring]}. (The Schemes take it for 6 VP.)",
            )
        )
    for b in D.buildings:
        topics.append(
            Topic(
                f"building-{b.id}",
                b.name,
                "building",
                f"A Building of your Player Board, built from Workshop Dice: {building_words(b)}.",
            )
        )
    for i, _ in enumerate(IMAGES):
        topics.append(
            Topic(
                f"image-{IMAGES[i]}",
                f"{IMAGES[i].capitalize()} Tower space",
                "space",
                _image_text(i),
            )
        )
    for r, region in enumerate(D.regions):
        topics.append(Topic(f"region-{region.id}", region.name, "region", _region_text(r)))
    for q, province in enumerate(D.provinces):
        topics.append(
            Topic(
                f"province-{province.id}",
                f"{province.name} Province",
                "province",
                _province_text(q),
            )
        )
    for s, scheme in enumerate(D.schemes):
        topics.append(
            Topic(f"scheme-{scheme.id}", f"Scheme {scheme.id}", "scheme", _scheme_text(s))
        )
    return tuple(topics)


def glossary() -> list[Topic]:
    """Every component of Towers of Sifnos a player may ask about."""
    return list(_glossary())


# ---- rulebook sections ----------------------------------------------------------------------

SECTIONS: dict[str, str] = {
    "Gameplay Overview": (
        "Turns go clockwise. A turn is Prepare, up to two major actions, Defend and Recoup, "
        "left to right along the Player Board. Within an action each effect, printed or on a "
        "placed Card, may be used once and in any order; a triggered effect fires once per "
        "action however often its trigger happens."
    ),
    "Dice": (
        "Dice wait in your Supply or Workshop. Adjusting a Die moves it up or down by 1 without "
        "wrapping between 1 and 6. A new Die is rolled as it comes out of the Reserve; with an "
        "empty Reserve nothing is gained."
    ),
    "Influence Tracks": (
        "Each Influence gained moves that mineral's marker a space. The third space of the "
        "face-up Cards' mineral takes one of them free, with its Influence; the fifth space of "
        "the Scoring Tiles' mineral claims a tile and its immediate effect; reaching your "
        "Allied Ship's space sends it into the Bag."
    ),
    "Cards": (
        "Every Card has a mineral and a cost. Placing one above a column takes that many Cards "
        "of its mineral discarded, and gains 1 Influence of it. Any 2 Cards may always stand "
        "for 1 required Card. Effects priced in a mineral take a Card of that mineral."
    ),
    "Hand Limits and Shuffling": (
        "Hands have no limit and are private, though their sizes are known. An empty Draw "
        "Pile is refilled by shuffling the discards."
    ),
    "The Map": (
        "Seven Provinces: a central one of a single Region and six of three Regions each. Four "
        "Tower spaces surround each Region. Ships queue on each larger Province's shore from "
        "the front and only ever sail clockwise to the next shore with room."
    ),
    "Soldiers": (
        "Only Soldiers in your Supply can be placed, into the Active Region or the central "
        "one. A move takes one from the Barracks to the Supply or from a Region to a bordering "
        "one. A Region holds one Soldier, except the central Region, which holds any number."
    ),
    "Prepare": (
        "The turn's first action: place Cards above your board by paying their cost, use "
        "discounts (each on one placement), and adjust Dice for discarded Cards. Each effect "
        "may be used once, and the action ends when you choose."
    ),
    "Major Actions": (
        "Choose up to two of Invest, Construct and Muster, in either order, finishing one "
        "before the next. Both act in one Active Region, fixed by the first Die, Soldier, Fort "
        "or Tower placed (a Tower leaves the Regions around it open)."
    ),
    "Invest": (
        "Place a Die from your Supply in the Active Region: it must show the Region's printed "
        "value unless a Fort is there. One Die per Region. A Die on an opponent's Fort costs a "
        "Card given to them. A Gold Card adjusts Dice twice first."
    ),
    "Construct": (
        "Place a Tower around the Active Region matching the space's image, or the image of "
        "the opponent's Tower you cover, which costs 2 Cards given to them. A Lead Card "
        "ignores the image. Never twice on the same space."
    ),
    "Beacons": (
        "After your fourth Tower around a Region, covered ones included, take a Beacon from "
        "your board, gain its mineral's Influence and put it on one of your uncovered Towers "
        "there that has no Beacon."
    ),
    "Tower Networks": (
        "Your Towers joined along Borders, covered ones counting, form networks. A network "
        "Card lets a Tower be placed around any Region your network reaches instead of the "
        "Active Region."
    ),
    "Muster": (
        "Move or place a Soldier, or take your Soldier in the Active Region back to the "
        "Barracks and put a Fort in its place; a Silver Card buys two moves or a placement. Moving into an opponent's "
        "Soldier gives them a Card and sends both Soldiers home."
    ),
    "Forts": (
        "A Fort replaces your Soldier in the Active Region: take one from your board and gain "
        "its face's effect. One Fort per Region; Dice of any value may go on it. The third "
        "piece taken from a board column gives that column's bonus, and emptied rows score."
    ),
    "Defend": (
        "After the major actions, a Province holding 3 Dice is invaded and resolved; then the "
        "Dice in your Workshop go onto your Buildings."
    ),
    "Resolving an Invasion": (
        "A sole leader in the invasion's mineral moves a Soldier. The side strongest in Might "
        "there takes 1 Influence for each Ship on that shore and the empty spaces' rewards, and "
        "its Soldiers there go home; the others draw a Card per uncovered Tower and Tent there. "
        "The Province's Dice go to their owners' Workshops."
    ),
    "Buildings": (
        "Workshop Dice go onto the six Buildings, lower spaces first, each Building with its "
        "own rule: the Gate's Dice all differ, the Storehouse rewards by its sum, each Column "
        "pair adds to 7, the Temple rises in falling values, the Obelisk's Dice are equal and "
        "the Theatre's neighbours are 1 apart."
    ),
    "Recoup": (
        "Refill your Supply from the Reserve to 2 Dice and 2 Towers (more with Recoup Cards) "
        "and take 2 Cards; use Recoup Cards. After an invasion the Province's Ships sail on and a new Ship is drawn."
    ),
    "Moving Ships": (
        "After an invasion the invaded shore's Ships sail one at a time, the one furthest back "
        "first, each to the next shore with room after the previous Ship's, so they spread out."
    ),
    "Drawing Ships": (
        "A Ship is drawn from the Bag: a mineral Ship joins the invaded shore; an Allied Ship "
        "takes the next Allied Ship space, the first two drawing Cards for everyone by "
        "Influence, the third ending the game."
    ),
    "End of the Game": (
        "The game ends at once when the third Allied Ship arrives or a Ship is needed from an "
        "empty Bag. Dice on their owners' Forts go to the Workshops and everyone places their "
        "Workshop Dice, from the player who ended it."
    ),
    "Final Scoring": (
        "VP for each Influence, the third Allied Ship's majority (4 and 2 VP, less when tied), "
        "emptied rows of Forts and Beacons, 1 per 2 Tents, the Scoring Tile, and 1 per 4 Cards "
        "in hand and Soldiers on the map. Ties go to whose turn would come sooner."
    ),
    "Step 1: Scheme Card": (
        "The Schemes reveal a Scheme and try its Regions A, B and C in turn for one where both "
        "main effects can be placed, revealing another if none can; then the bonus if its "
        "Allied Ships have come."
    ),
    "Solo Marker and Influence": (
        "The Solo Marker moves a space for each Card the Schemes would gain; its corners give "
        "Influence, and its place decides which face-up Card or Scoring Tile they take."
    ),
    "2 Player vs Solo Rules": (
        "With two players the Schemes only contest Might: they gain no Influence, score "
        "nothing and ignore bonuses, but covering, pushing or investing on them still costs "
        "Cards."
    ),
    "Scoring Tiles": (
        "A Scoring Tile gives an immediate effect when claimed (a Tent in any Province, a Fort "
        "in any Region without one, and so on) and VP at the end by its own count."
    ),
}
"""The rulebook's sections in its order, each in the project's own words."""

PREFIXES = ("rulebook: ", "Towers of Sifnos, ")


def rule_sections() -> list[str]:
    return list(SECTIONS)


def rules_section(section: str) -> str | None:
    """The section a refusal cites (``rulebook: Prepare``, or several split by ``;``)."""
    name = section.strip()
    for prefix in PREFIXES:
        name = name.removeprefix(prefix)
    parts = [p.strip() for p in name.split(";") if p.strip()]
    if not parts or any(p not in SECTIONS for p in parts):
        return None
    return " ".join(f"{p}: {SECTIONS[p]}" if len(parts) > 1 else SECTIONS[p] for p in parts)


# ---- the log --------------------------------------------------------------------------------


def chapter(state: SifnosState) -> str:
    if state.rounds <= 0:
        return ""
    return f"Round {min(state.rounds, MAX_ROUNDS)}"


def _who(game: SifnosGame, side: int) -> str:
    return plain_side(game, side)


def _does(game: SifnosGame, side: int, one: str, many: str) -> str:
    """``P1 (red) wins``, ``the Schemes (blue) win``: the side and its verb agreeing."""
    return f"{plain_side(game, side)} {many if side == game.opponent else one}"


def _a(word: str) -> str:
    """``a jar``, ``an owl``."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


MARKER_SPACES = (
    "the face-up Cards' space",
    "the Scoring Tiles' space",
    "the invasion space",
    "Allied Ship space 1",
    "Allied Ship space 2",
    "Allied Ship space 3",
)


def _scheme_move(state: SifnosState, s: int) -> str:
    """What revealing Scheme ``s`` does, worked out on the state before it (as the Schemes
    resolve it: :func:`towers.games.sifnos.solo.resolvable_region`)."""
    from towers.games.sifnos import solo

    scheme = D.schemes[s]
    head = f"Scheme {scheme.id}"
    region = solo.resolvable_region(state, s)
    if region < 0:
        where = and_list((D.regions[r].name for r in scheme.regions), "or")
        effects = and_list(SCHEME_EFFECT_WORDS[e] for e in scheme.effects)
        return (
            f"The Schemes reveal {head}: {effects} fit in none of {where}, so they reveal another"
        )
    letter = "ABC"[scheme.regions.index(region)]
    name = D.regions[region].name
    done = []
    for e in scheme.effects:
        match e:
            case "die":
                done.append(f"a Die in {name}")
            case "tower":
                space = solo.tower_space(state, region, scheme.tower_priority)
                top = state.top_tower(space)
                image = IMAGES[D.spaces[space].image if top < 0 else top & 7]
                cover = f", covering {_who(state.game, top >> 3)}'s Tower" if top >= 0 else ""
                done.append(f"{_a(image)} Tower on {D.spaces[space].name}{cover}")
            case "soldier":
                done.append(f"a Soldier in {name}")
            case "fort":
                done.append(f"a Fort in {name} (drawn at random)")
            case "beacon":
                done.append("a Beacon on a Tower of theirs around it (drawn at random)")
            case "tent":
                province = D.provinces[D.regions[region].province].name
                if solo.tents_left(state):
                    done.append(f"a Tent in {province}")
    bonus = ""
    wait = {"always": 0, "ally_1": 1, "ally_2": 2}[scheme.when]
    if not state.game.versus and state.allies >= wait:
        bonus = f"; bonus: {SCHEME_BONUS_WORDS[scheme.bonus]}"
    elif not state.game.versus:
        bonus = f"; no bonus yet ({SCHEME_GATE_WORDS[scheme.when]})"
    placed = and_list(done) or "nothing they can still place"
    return f"The Schemes move: {head} in {name} (Region {letter}): {placed}{bonus}"


def _chance_words(state: SifnosState, action: int) -> str:
    game = state.game
    top = state.pending[-1]
    value = A.SPACE.decode(action)
    match top, value:
        case F.Draw(seat=seat), A.DrawCard(card=c):
            if seat < 0:
                return f"A face-up Card is dealt to the Main Board: {D.cards[c].name}"
            return f"{_does(game, seat, 'draws', 'draw')} {D.cards[c].name}"
        case F.Roll(seat=seat, workshop=w), A.RollDie(value=v):
            where = "Workshop" if w else "Supply"
            return f"{_does(game, seat, 'rolls', 'roll')} a {v + 1} into their {where}"
        case F.TowerDraw(seat=seat), A.DrawTower(image=i):
            return f"{_does(game, seat, 'draws', 'draw')} {_a(IMAGES[i])} Tower into their Supply"
        case F.ShipDraw(province=q), A.DrawShip(ship=kind):
            return _ship_words(state, q, kind)
        case F.TileDraw(), A.DrawTile(tile=t):
            tile = D.tiles[t]
            return (
                f"A Scoring Tile is dealt: {tile_topic_name(tile.id)} (when claimed: "
                f"{TILE_IMMEDIATE[tile.immediate]}; at the end: {TILE_SCORING[tile.scoring]})"
            )
        case F.MarkerDraw(space=s), A.DrawMarker(mineral=m):
            return f"A {mineral_name(m)} Mineral Marker goes on {MARKER_SPACES[s]}"
        case F.AidDeal(side=side), A.DealAid(aid=a):
            aid = D.setup_aids[a]
            space = D.spaces[aid.tower]
            return (
                f"{_does(game, side, 'is', 'are')} dealt Setup Aid {aid.id}: a Die in "
                f"{D.regions[aid.region].name} and {_a(IMAGES[space.image])} Tower on "
                f"{space.name}"
            )
        case F.PieceDeal(seat=seat, slot=s), A.DealFort(fort=face):
            p = D.pieces[s]
            return (
                f"{_who(game, seat)}'s Fort on row {p.row + 1}, column {p.column + 1}: "
                f"{fort_face_words(face)}"
            )
        case F.PieceDeal(seat=seat, slot=s), A.DealBeacon(mineral=m):
            p = D.pieces[s]
            return (
                f"{_who(game, seat)}'s Beacon on row {p.row + 1}, column {p.column + 1}: "
                f"{mineral_name(m)}"
            )
        case F.SchemeReveal(), A.DrawScheme(scheme=s):
            return _scheme_move(state, s)
        case F.SoloFort(region=r), A.DealFort(fort=face):
            where = f"The Schemes place a Fort in {D.regions[r].name} ({fort_face_words(face)})"
            if game.versus:
                return where
            if FORT_FACES[face] == "any_influence":
                gain = f"1 {mineral_name(state.markers[5])} Influence"
                return f"{where}: they gain {gain}"
            return f"{where}: their Solo Marker moves 1 space"

        case F.SoloBeacon(region=r, priority=order), A.DealBeacon(mineral=m):
            from towers.games.sifnos import solo

            spaces = solo.beacon_targets(state, r, order)
            where = f" on {D.spaces[spaces[0]].name}" if spaces else ""
            gain = "" if game.versus else f": they gain 1 {mineral_name(m)} Influence"
            return f"The Schemes place a {mineral_name(m)} Beacon{where}{gain}"
    return state.action_to_string(action)


def _ship_words(state: SifnosState, q: int, kind: int) -> str:
    ally = kind == len(MINERALS)
    if q < 0:
        n = sum(len(s) for s in state.ships)
        province = D.provinces[D.large[n]].name
        return f"A {mineral_name(kind)} Ship is drawn for the front of {province}'s shore"
    if ally:
        k = state.allies
        if k >= len(D.game["ally_spaces"]) - 1:
            return "The third Allied Ship is drawn from the Bag: the game ends at once"
        space = D.game["ally_spaces"][k]
        mineral = mineral_name(state.markers[3 + k])
        return (
            f"An Allied Ship is drawn from the Bag onto Allied Ship space {k + 1}: everyone "
            f"draws 1 Card per {space['per']} {mineral} Influence"
        )
    target = q if len(state.ships[q]) < 4 else state._next_with_room(q)
    where = D.provinces[D.large[target]].name if target >= 0 else "no shore"
    return f"A {mineral_name(kind)} Ship is drawn from the Bag and sails to {where}"


Invaded = tuple[int, int, list[int], list[int]]
"""An invasion as it was resolved: the deciding seat, the Province, every side's Might and the
Ships on its shore at that moment."""

_SEEN: ContextVar[list[Invaded] | None] = ContextVar("sifnos_invasions_seen", default=None)
"""Where the copy a log line is worked out on notes its invasions (one list a call)."""


class _Watched(SifnosState):
    """A SifnosState that notes each invasion it resolves into ``_SEEN``: the log says who won
    it and what it gained. Only the copies :func:`_results` plays an action on are of it."""

    __slots__ = ()

    def _invasion(self, seat: int, q: int) -> None:
        seen = _SEEN.get()
        if seen is not None:
            seen.append((seat, q, self.might(q), list(self.ships[D.large.index(q)])))
        SifnosState._invasion(self, seat, q)


def _results(state: SifnosState, action: int) -> list[str]:
    """What ``action`` brings about that its words do not say: the invasions it resolves, the
    Influence it gains any side, the Scoring Tiles claimed, the end; worked out by playing it
    on a copy, which stops before any further chance."""
    if not state.is_legal(action):
        return []
    copy = state.clone()
    assert isinstance(copy, SifnosState)
    copy.__class__ = _Watched
    seen: list[Invaded] = []
    token = _SEEN.set(seen)
    try:
        copy.apply_trusted(action)
    finally:
        _SEEN.reset(token)
    out = []
    game = state.game
    for seat, q, might, ships in seen:
        order = state.turn_order_from(seat)
        best = max(might)
        winner = next(s for s in order if might[s] == best)
        gains = and_list(
            f"{ships.count(m)} {mineral_name(m)} Influence"
            for m in range(len(MINERALS))
            if ships.count(m)
        )
        others = [s for s in range(game.sides) if s != winner and might[s]]
        rest = ", ".join(f"{_who(game, s)} {might[s]}" for s in others)
        if any(might[s] == best for s in others):
            rest += ", the tie to the side whose turn comes sooner"
        if game.versus and winner == game.opponent:
            gains = ""
        out.append(
            f"{D.provinces[q].name} is invaded: {_does(game, winner, 'wins', 'win')} with "
            f"{plural(best, 'Might', 'Might')}"
            + (f" (then {rest})" if rest else "")
            + (f" and {'gain' if winner == game.opponent else 'gains'} {gains}" if gains else "")
        )
    if not seen and not isinstance(A.SPACE.decode(action), A.Influence):
        out += _gains(state, copy)
    if copy.over and not state.over:
        out.append("the game ends")
    return out


def _gains(before: SifnosState, after: SifnosState) -> list[str]:
    """Each side's Influence gained between the two states, and Scoring Tiles claimed."""
    game = before.game
    out = []
    for side in range(game.sides):
        gained = [b - a for a, b in zip(before.influence[side], after.influence[side], strict=True)]
        words = [f"{n} {mineral_name(m)} Influence" for m, n in enumerate(gained) if n > 0]
        if words:
            out.append(f"{_does(game, side, 'gains', 'gain')} {and_list(words)}")
        tile = after.tile_of[side]
        if tile >= 0 and before.tile_of[side] != tile:
            name = tile_topic_name(D.tiles[tile].id)
            out.append(f"{_does(game, side, 'claims', 'claim')} the {name}")
    return out


def log_words(state: SifnosState, action: int) -> str:
    """``action`` as the log says it, with its public result."""
    if state.is_chance_node():
        words = _chance_words(state, action)
    else:
        words = state.action_to_string(action)
        match A.SPACE.decode(action):
            case A.TakePiece(slot=slot) if not state.is_terminal():
                face = state.pieces[state.current_player()][slot]
                words += f" ({piece_words(slot, face)})"
            case A.TakeTile(tile=t):
                tile = D.tiles[t]
                words += (
                    f" ({tile_topic_name(tile.id)}: {TILE_IMMEDIATE[tile.immediate]} now, "
                    f"{TILE_SCORING[tile.scoring]} at the end)"
                )
    if state.is_terminal():
        return words
    extra = _results(state, action)
    if state.is_chance_node() and isinstance(state.pending[-1], (F.SoloFort, F.SoloBeacon)):
        # the words already say what the piece gave; the rest of the Schemes' move may give
        # more (a Solo Marker corner), so their Influence is said as a whole
        extra = [f"in all, {e}" if e.startswith("the Schemes") else e for e in extra]
    return "; ".join([words, *extra])


# ---- the ending -----------------------------------------------------------------------------

CATEGORIES = [
    "Allied Ship majority",
    "Lead Influence",
    "Silver Influence",
    "Gold Influence",
    "Emptied rows",
    "Tents",
    "Scoring Tile",
    "Sets of 4",
    "Total",
]
"""The score's parts as the rulebook's Final Scoring lists them, the total last."""


def score_row(state: SifnosState, side: int) -> list[int]:
    """``side``'s score by :data:`CATEGORIES` (:func:`towers.games.sifnos.scoring.breakdown`,
    its Influence by mineral)."""
    from towers.games.sifnos.scoring import breakdown

    parts = breakdown(state, side)
    inf = state.influence[side]
    row = [
        parts["majority"],
        inf[0],
        inf[1],
        inf[2],
        parts.get("emptied rows", 0),
        parts.get("tents", 0),
        parts.get("scoring tile", 0),
        parts.get("sets of 4", 0),
    ]
    return [*row, sum(parts.values())]


SOURCES = ("Buildings", "invasions won")
"""The sources of Influence the ending's notes count apart (the Influence columns hold all)."""


def influence_sources(state: SifnosState) -> dict[str, list[int]]:
    """The Influence each side gained from its Buildings and from invasions it won.

    The state keeps Influence by mineral only, not by source: this replays
    ``state.history()`` from a new initial state (scores are public) on a copy that notes
    its invasions, counting the Influence an action gains where the action is a Die built on
    a Building or resolves an invasion, and the Influence later chosen for a choice such an
    action left open (the Storehouse's any 1 Influence, an empty front Ship space's)."""
    game = state.game
    replay = game.new_initial_state()
    assert isinstance(replay, SifnosState)
    replay.__class__ = _Watched
    out = {name: [0] * game.sides for name in SOURCES}
    tags: dict[int, str] = {}
    """The source of each open Influence choice, by its depth in the stack."""
    seen: list[Invaded] = []
    token = _SEEN.set(seen)
    try:
        for action in state.history():
            before = [list(x) for x in replay.influence]
            stack = list(replay.pending)
            value = A.SPACE.decode(action)
            source = None
            if isinstance(value, A.Build):
                source = SOURCES[0]
            elif isinstance(value, A.Influence) and isinstance(stack[-1], F.InfluenceChoice):
                source = tags.get(len(stack))
            seen.clear()
            replay.apply_trusted(action)
            if seen:
                source = SOURCES[1]
            if source is not None:
                for side in range(game.sides):
                    out[source][side] += sum(
                        max(0, b - a)
                        for a, b in zip(before[side], replay.influence[side], strict=True)
                    )
            after = list(replay.pending)
            tags = {
                d: t
                for d, t in tags.items()
                if d <= len(after) and isinstance(after[d - 1], F.InfluenceChoice)
            }
            if source is not None:
                for d, frame in enumerate(after, 1):
                    fresh = d > len(stack) or frame is not stack[d - 1]
                    if isinstance(frame, F.InfluenceChoice) and fresh:
                        tags[d] = source
    finally:
        _SEEN.reset(token)
    return out


def end_reason(state: SifnosState) -> str:
    ender = seat_name(state.ended_by) if state.ended_by >= 0 else "the table"
    if state.allies >= len(D.game["ally_spaces"]):
        mineral = mineral_name(state.markers[5])
        return (
            f"The third Allied Ship was drawn from the Bag on {ender}'s turn, which ends the "
            f"game at once (End of the Game); the most {mineral} Influence scored the majority."
        )
    if state.rounds > MAX_ROUNDS:
        return (
            f"{MAX_ROUNDS} rounds were played, the most this project plays (the rulebook sets "
            "no limit): the game ended as if the Bag were empty."
        )
    return (
        f"A Ship had to be drawn from an empty Bag on {ender}'s turn, which ends the game at "
        "once (End of the Game); nobody scores the third Allied Ship's majority."
    )


def ending(state: SifnosState) -> Ending | None:
    if not state.is_terminal():
        return None
    from towers.games.sifnos.scoring import completed_buildings, final_scores, winner

    game = state.game
    n = game.num_players
    rows: list[list[float | int | str]] = [list(score_row(state, s)) for s in range(n)]
    totals = final_scores(state)
    best = winner(state)
    notes = []
    if game.solo:
        mine, theirs = totals[0], totals[game.opponent]
        if best == 0:
            verdict = f"{seat_name(0)} beats the Schemes, {mine} to {theirs}."
        else:
            verdict = f"The Schemes win, {theirs} to {mine}: {seat_name(0)} loses."
        from towers.games.sifnos.scoring import breakdown

        parts = breakdown(state, game.opponent)
        inf = state.influence[game.opponent]
        notes.append(
            f"The Schemes scored {theirs}: Influence {sum(inf)} (Lead {inf[0]}, Silver "
            f"{inf[1]}, Gold {inf[2]}), Allied Ship majority {parts['majority']}, Scoring "
            f"Tile {parts['scoring tile']}, Soldiers on the map {parts['soldiers']}."
        )
        if mine == theirs:
            notes.append("Tied: the side whose next turn would have come sooner wins.")
    else:
        score = totals[best]
        tied = [s for s in range(n) if totals[s] == score and s != best]
        verdict = f"{seat_name(best)} wins with {plural(score, 'point')}."
        if tied:
            verdict = (
                f"{seat_name(best)} wins with {plural(score, 'point')}, tied with "
                f"{and_list(seat_name(s) for s in tied)}: the tied seat whose next turn would "
                "have come sooner wins."
            )
        if game.versus:
            notes.append("The Schemes competed for Might only and scored nothing.")
    built = [completed_buildings(state, s) for s in range(n)]
    sources = influence_sources(state)
    notes.append(
        "Influence from Buildings (within the Influence columns): "
        + "; ".join(
            f"{seat_name(s)} {sources['Buildings'][s]}, from {plural(built[s], 'Building')} completed"
            for s in range(n)
        )
        + "."
    )
    notes.append(
        "Influence from invasions won: "
        + "; ".join(f"{seat_name(s)} {sources['invasions won'][s]}" for s in range(n))
        + "."
    )
    return Ending(verdict, end_reason(state), list(CATEGORIES), rows, notes)
