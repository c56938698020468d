"""Towers of Sifnos as text: every Card, printed effect, Building, Scoring Tile and Scheme in
words, the decision being taken in words, and the terminal view (Rich console markup, no UI
library imported here).

Everything shown is read from ``state.observation(seat)`` and the game's data, so a seat sees
its own hand and only the sizes of the others'.

>>> from towers.games.sifnos.actions import DATA
>>> card_words(DATA.cards[DATA.card_index("L02")])
'Prepare: discard 1 Lead Card to take 1 off the cost of one placement of a Silver Card and of a Gold Card'
>>> tile_words(DATA.tiles[0])
'when claimed: draw 1 Card; at the end: 1 VP per 3 Influence of the mineral you have most of'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.core.words import plural
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.data import (
    ANY,
    BEACON,
    COLUMNS,
    CORNERS,
    FORT_FACES,
    MAJORS,
    MINERALS,
    Building,
    Card,
    Printed,
    Scheme,
    ScoringTile,
)

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosGame, SifnosState

SEAT_COLOURS = ("red", "blue", "green", "yellow")
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
MINERAL_STYLES = {"lead": "bold #5f87af", "silver": "bold grey70", "gold": "bold gold1"}
COLUMN_NAMES = tuple(c.capitalize() for c in COLUMNS)
QUEUE_BONUS = tuple(DATA.game["ship_spaces"]["empty_bonus"])
"""What each Ship space of a Province gives the invasion's winner while it is empty."""


def mineral_name(m: int | str | None) -> str:
    """``Lead``, ``Silver``, ``Gold`` (by index or name), or ``any`` (ANY)."""
    if m is None or m == ANY or m == "any":
        return "any"
    name = MINERALS[m] if isinstance(m, int) else m
    return name.capitalize()


def card_of(m: int | None) -> str:
    """``1 Lead Card`` or ``any 1 Card``, for a price."""
    return "any 1 Card" if m is None or m == ANY else f"1 {mineral_name(m)} Card"


def region_name(r: int) -> str:
    return DATA.regions[r].name


def province_name(p: int) -> str:
    return DATA.provinces[p].name


# ---- effects in words ------------------------------------------------------------------------

EFFECT_WORDS: dict[str, str] = {
    "place_card": "place 1 Card from your hand above your Player Board, paying its cost",
    "adjust_and_move": "discard {discard} to adjust a Die by 1 and move 1 Soldier",
    "adjust": "adjust a Die by 1",
    "fort_die_soldier": (
        "after placing a Die on a Fort, place a Soldier in that Region or the central Region"
    ),
    "fort_die_move": "after placing a Die on a Fort, move 1 Soldier",
    "first_die_draw": "after placing the first Die of any player in a Province, draw 1 Card",
    "first_die_soldier": (
        "after placing the first Die of any player in a Province, place a Soldier in that "
        "Region or the central Region"
    ),
    "second_die_draw": "after placing the second Die of any player in a Province, draw 1 Card",
    "second_die_ship": (
        "after placing the second Die of any player in a Province, move 1 Ship clockwise"
    ),
    "cover_draw": "after placing a Tower on an opponent's Tower, draw 1 Card",
    "cover_move": "after placing a Tower on an opponent's Tower, move 1 Soldier",
    "beacon_ship": "after placing 1 or more Beacons, move 1 Ship clockwise",
    "beacon_soldier": (
        "after placing 1 or more Beacons, place a Soldier in the Active Region or the central "
        "Region"
    ),
    "network": (
        "discard {discard} to use a Tower network (place the Tower away from the Active Region)"
    ),
    "move": "move 1 Soldier",
    "discard_move": "discard {discard} to move 1 Soldier",
    "discard_place": "discard {discard} to place 1 Soldier",
    "discard_ship": "discard {discard} to move 1 Ship clockwise",
    "fort_draw": "after placing a Fort, draw 1 Card",
    "fort_ship": "after placing a Fort, move 1 Ship clockwise",
    "discard_draw": "discard {discard} to draw 2 Cards",
    "draw": "draw 1 Card more",
    "dice_limit": "draw back up to 1 more Die",
    "tower_limit": "draw back up to 1 more Tower",
}
"""Card effects by kind (data.py's table), ``{discard}`` standing for the price."""


def effect_words(card: Card) -> str:
    """What a Card does, without its column."""
    match card.kind:
        case "discount_others":
            others = [mineral_name(m) for m in range(3) if m != card.discard]
            return (
                f"discard {card_of(card.discard)} to take 1 off the cost of one placement of a "
                f"{others[0]} Card and of a {others[1]} Card"
            )
        case "discount_same":
            name = mineral_name(card.discard)
            return (
                f"discard {card_of(card.discard)} to take 2 off the cost of placing 1 {name} Card"
            )
        case "discount":
            return f"take 1 off the cost of placing 1 {mineral_name(card.mineral_arg)} Card"
        case "tent":
            return f"once, when placed: a Tent in {province_name(card.province or 0)}"
    return EFFECT_WORDS[card.kind].format(discard=card_of(card.discard))


def card_words(card: Card) -> str:
    """A Card's effect in words, after the column it is placed above."""
    return f"{COLUMN_NAMES[card.column]}: {effect_words(card)}"


def card_head(card: Card) -> str:
    """``Lead Card: discount Silver and Gold, cost 1``: the card's name and its cost."""
    return f"{card.name}, cost {card.cost}"


def card_name(card_id: str) -> str:
    """A card's name, from the id the observation holds."""
    return DATA.cards[DATA.card_index(card_id)].name


def card_line(card: Card) -> str:
    return f"{card_head(card)} - {card_words(card)}"


PRINTED_WORDS: dict[str, str] = {
    "place_card": EFFECT_WORDS["place_card"],
    "discard_adjust": "discard {discard} to adjust a Die by 1",
    "gold_adjust": "discard {discard} to adjust a Die by 1, then a Die by 1 again",
    "place_die": (
        "place 1 Die from your Supply in the Active Region: its printed value, or any value "
        "on a Fort (a Card to the Fort's owner if it is not yours)"
    ),
    "ignore_image": "discard {discard} to ignore the image when placing a Tower",
    "place_tower": (
        "place 1 Tower on a space around the Active Region, matching its image (or the image "
        "of the opponent's Tower there, for 2 Cards to them)"
    ),
    "silver_muster": "discard {discard} to move up to 2 Soldiers, or to place 1 Soldier",
    "muster": "move 1 Soldier, place 1 Soldier, or remove 1 Soldier to place a Fort",
}


def printed_words(p: Printed) -> str:
    """An effect printed on the Player Board, in words."""
    return PRINTED_WORDS.get(p.id, p.name).format(discard=card_of(p.discard))


PRINTED_SHORT: dict[str, str] = {
    "place_card": "place a Card, paying its cost",
    "discard_adjust": "discard any Card: adjust a Die",
    "gold_adjust": "discard Gold: adjust Dice twice",
    "place_die": "place a Die in the Active Region",
    "ignore_image": "discard Lead: ignore the image",
    "place_tower": "place a Tower around the Region",
    "silver_muster": "discard Silver: 2 moves or place",
    "muster": "move, place, or Soldier to Fort",
}
"""The printed effects as a button reads."""

GAIN_WORDS: dict[str, str] = {
    "any_influence": "any 1 Influence",
    "any_influence_2": "any 2 Influence",
    "draw_card": "draw 1 Card",
    "move_soldier": "move 1 Soldier",
    "move_ship": "move 1 Ship clockwise",
    "workshop_die": "roll 1 Die from your Reserve into your Workshop",
}
"""One-off effects named in the data: Fort faces, column bonuses, Building spaces."""


def fort_face_words(face: int) -> str:
    return GAIN_WORDS[FORT_FACES[face]]


def piece_words(slot: int, face: int) -> str:
    """A Fort or Beacon on the Player Board: what taking it gives."""
    if face < 0:
        return "taken"
    if DATA.pieces[slot].kind == BEACON:
        return f"Beacon: 1 {mineral_name(face)} Influence"
    return f"Fort: {fort_face_words(face)}"


def column_bonus_words(column: int) -> str:
    return GAIN_WORDS[DATA.column_bonus[column]]


RULE_WORDS = {
    "all_different": "every Die a different value",
    "sum": "any values",
    "pairs_seven": "each Column's 2 Dice add up to 7",
    "lower_higher": "each Die lower than the Dice it stands on",
    "all_equal": "every Die the same value",
    "neighbours_one_apart": "Dice next to each other exactly 1 apart",
}


def _rewards_words(rewards: list[dict[str, Any]]) -> str:
    return " and ".join(
        f"any {r['n']} Influence"
        if r["influence"] == "any"
        else f"{r['n']} {mineral_name(r['influence'])} Influence"
        for r in rewards
    )


def building_words(b: Building) -> str:
    """A Building's rule and rewards, read from the data."""
    raw = b.raw
    parts = [f"{len(b.spaces)} Dice, {RULE_WORDS.get(b.rule, b.rule)}, lower spaces first"]
    spaces = DATA.building_spaces
    by_reward: dict[str, list[str]] = {}
    for i in b.spaces:
        if spaces[i].reward:
            by_reward.setdefault(spaces[i].reward or "", []).append(building_space_label(i))
    for reward, where in by_reward.items():
        parts.append(f"a Die on {', '.join(where)}: {GAIN_WORDS[reward]}")
    if b.rule == "pairs_seven":
        each = ", ".join(str(n) for n in raw["complete_each"])
        parts.append(f"completed Columns give {each} Influence of their mineral, in turn")
    elif b.rule == "sum":
        parts.append(
            f"when full: {_rewards_words(raw['complete_low'])} under a sum of "
            f"{raw['threshold']}, {_rewards_words(raw['complete_high'])} from it on"
        )
    elif raw.get("complete"):
        parts.append(f"when complete: {_rewards_words(raw['complete'])}")
    return "; ".join(parts)


def building_space_label(i: int) -> str:
    """``Gate left 3``: a Building space as a person names it."""
    return DATA.building_spaces[i].name


TILE_IMMEDIATE = {
    "draw_card": "draw 1 Card",
    "any_influence": "gain any 1 Influence",
    "tent_anywhere": "place 1 Tent in any Province",
    "fort_anywhere": "place 1 Fort in any Region without one",
    "free_card": "place 1 Card from your hand above your Player Board at no cost (still 1 Influence)",
    "beacon_anywhere": "place 1 Beacon on any of your uncovered Towers without one",
    "soldier_anywhere": "place 1 Soldier in any Region without one",
    "workshop_die": "roll 1 Die from your Reserve into your Workshop",
}
TILE_SCORING = {
    "per_3_of_highest": "1 VP per 3 Influence of the mineral you have most of",
    "per_2_of_lowest": "1 VP per 2 Influence of the mineral you have least of",
    "per_tent": "1 VP per Tent you have placed",
    "per_fort": "1 VP per Fort you have placed",
    "per_2_cards_placed": "1 VP per 2 Cards above your Player Board",
    "per_beacon": "1 VP per Beacon you have placed",
    "per_province_networked": "1 VP per Province that one of your Tower networks connects",
    "per_2_buildings": "2 VP per completed Building",
}


def tile_name(tile: ScoringTile) -> str:
    return tile.id.capitalize()


def tile_words(tile: ScoringTile) -> str:
    return (
        f"when claimed: {TILE_IMMEDIATE[tile.immediate]}; at the end: {TILE_SCORING[tile.scoring]}"
    )


SCHEME_EFFECT_WORDS = {
    "die": "a Die",
    "tower": "a Tower",
    "beacon": "a Beacon",
    "soldier": "a Soldier",
    "fort": "a Fort",
    "tent": "a Tent",
}
SCHEME_BONUS_WORDS = {
    "influence": "1 Influence of the mineral the third Allied Ship scores",
    "marker": "the Solo Marker 2 spaces on (two Cards drawn)",
    "tent": "a Tent in the Active Region's Province",
}
SCHEME_GATE_WORDS = {
    "always": "always",
    "ally_1": "once the first Allied Ship has come",
    "ally_2": "once two Allied Ships have come",
}


def scheme_words(scheme: Scheme) -> str:
    """A Scheme: its Active Regions tried in order, its two effects, where its Towers go first
    and its bonus."""
    regions = ", ".join(f"{'ABC'[k]} {region_name(r)}" for k, r in enumerate(scheme.regions))
    effects = " and ".join(SCHEME_EFFECT_WORDS[e] for e in scheme.effects)
    order = ", then ".join(CORNERS[c] for c in scheme.tower_priority)
    bonus = f"{SCHEME_BONUS_WORDS[scheme.bonus]} ({SCHEME_GATE_WORDS[scheme.when]})"
    return (
        f"Active Region {regions}; places {effects}; Towers on the {order} corner; bonus: {bonus} "
        "(none with two players)"
    )


def ally_space_words(k: int, markers: list[str | None]) -> str:
    """The k-th Allied Ship space of the Main Board, with the mineral its marker shows."""
    space = DATA.game["ally_spaces"][k]
    m = markers[3 + k] if 3 + k < len(markers) else None
    mineral = mineral_name(m) if m else "?"
    if space["effect"] == "end_game":
        return (
            f"the game ends; most {mineral} Influence {space['first_vp']} VP, second "
            f"{space['second_vp']} VP"
        )
    return f"everyone draws 1 Card per {space['per']} {mineral} Influence"


# ---- sides and the decision ------------------------------------------------------------------


def is_opponent(game: SifnosGame, side: int) -> bool:
    return bool(game.has_opponent and side == game.opponent)


def side_colour(side: int) -> str:
    return SEAT_COLOURS[side % len(SEAT_COLOURS)]


def seat_name(seat: int) -> str:
    """The seat as every screen names it: its colour, capitalised ("Blue")."""
    return side_colour(seat).capitalize()


def plain_side(game: SifnosGame, side: int) -> str:
    """A seat's name (:func:`seat_name`, "Red"), or ``the Schemes`` for the Scheme-driven
    opponent, which is no seat (its pieces take the next colour)."""
    if is_opponent(game, side):
        return "the Schemes"
    return seat_name(side)


def side_label(game: SifnosGame, side: int) -> str:
    style = SEAT_STYLES[side % len(SEAT_STYLES)]
    return f"[{style}]{plain_side(game, side)}[/]"


EVENT_WORDS = {
    "fort_die": "a Die on a Fort",
    "first_die": "the first Die in a Province",
    "second_die": "the second Die in a Province",
    "cover": "a Tower on an opponent's",
    "beacon": "Beacons placed",
    "fort": "a Fort placed",
}
CHANCE_WORDS = {
    "draw": "Cards are drawn",
    "roll": "a Die is rolled",
    "tower_draw": "Towers are drawn from the Reserve",
    "ship_draw": "a Ship is drawn from the Bag",
    "tile_draw": "the Scoring Tiles are dealt",
    "marker_draw": "the Mineral Markers are placed",
    "aid_deal": "the Setup Aids are dealt",
    "piece_deal": "Forts and Beacons are dealt",
    "scheme_reveal": "the Schemes reveal a Scheme",
    "solo_fort": "the Schemes take a Fort at random",
    "solo_beacon": "the Schemes take a Beacon at random",
}


def _where(region: int) -> str:
    if region == -2:
        return "the Active Region or the central Region"
    if region == -3:
        return "any Region without a Soldier"
    if region < 0:
        return "any Region"
    return f"{region_name(region)} or the central Region"


def pending_words(game: SifnosGame, obs: dict[str, Any]) -> str:
    """The decision on top of the stack, in words."""
    top = obs["deciding"]
    if obs["over"] or top is None or top["frame"] == "game_end":
        return "the game is over"
    kind = top["frame"]
    if kind in CHANCE_WORDS:
        return f"chance: {CHANCE_WORDS[kind]}"
    seat = top.get("seat", top.get("side", -1))
    who = plain_side(game, seat) if isinstance(seat, int) and seat >= 0 else "the game"
    match kind:
        case "prepare":
            return f"{who}: Prepare - use its effects (each once) and Cards, then done"
        case "majors":
            return f"{who}: choose a major action (Invest, Construct, Muster; 2 a turn), or done"
        case "column":
            name = MAJORS[top["major"]].capitalize()
            return f"{who}: {name} - use its effects (each once), then done"
        case "recoup_choice":
            return f"{who}: Recoup - use a Recoup Card, or done"
        case "pay":
            need = top["need"]
            what = "Card" if top["mineral"] == ANY else f"{mineral_name(top['mineral'])} Card"
            half = " (after half of a pair: 1 more Card completes it)" if top["half"] else ""
            return f"{who} discards {plural(need, what)} (any 2 Cards stand for 1){half}"
        case "give_cards":
            return (
                f"{who} gives {plural(top['n'], 'Card')} from hand to {plain_side(game, top['to'])}"
            )
        case "placement":
            free = " at no cost" if top["free"] else ", paying its cost"
            return f"{who} chooses a Card to place above the Player Board{free}"
        case "adjust_dice":
            return f"{who} may adjust a Die by 1 ({top['n']} left), or done"
        case "soldiers":
            ways = []
            if top["moves"]:
                ways.append(f"move {plural(top['moves'], 'Soldier')}")
            if top["place"]:
                ways.append(f"place 1 Soldier in {_where(top['region'])}")
            if top["fort"]:
                ways.append("remove 1 Soldier to place a Fort")
            return f"{who} may {' or '.join(ways) or 'move a Soldier'}, or done"
        case "ship_choice":
            return f"{who} may move a Ship clockwise, or done"
        case "influence_choice":
            return f"{who} gains {top['n']} Influence: choose the mineral"
        case "triggered":
            cards = "; ".join(DATA.cards[c].name for c in top["cards"])
            event = EVENT_WORDS.get(top["event"], top["event"])
            return f"{who}: after {event}, may use {cards}, or done"
        case "beacon_choice":
            where = region_name(top["region"]) if top["region"] >= 0 else "a Tower"
            return f"{who} may take a Beacon from the Player Board for {where}, or done"
        case "beacon_place":
            if top["region"] >= 0:
                where = f"around {region_name(top['region'])}"
            else:
                where = "anywhere"
            return f"{who} puts the Beacon on an uncovered Tower of theirs {where}"
        case "fort_choice":
            return f"{who} takes a Fort from the Player Board for {region_name(top['region'])}"
        case "workshop":
            return f"{who} places the Workshop Dice on Buildings"
        case "face_up":
            return f"{who} takes a face-up Card (the third Influence space)"
        case "tile_choice":
            return f"{who} claims a Scoring Tile (the fifth Influence space)"
        case "tent_choice":
            return f"{who} places a Tent in a Province"
        case "fort_anywhere":
            return f"{who} places a Fort in any Region without one"
    return f"{who}: {kind.replace('_', ' ')}"


def decider(state: SifnosState, seat: int | None) -> int:
    """The side whose clicks the board takes: ``seat``, or for a spectator the one deciding
    (the player whose turn it is at a chance node)."""
    if seat is not None:
        return seat
    mover = state.current_player()
    return mover if mover >= 0 else state.turn


# ---- the terminal view -----------------------------------------------------------------------


def _mineral(name: str, n: object) -> str:
    return f"[{MINERAL_STYLES[name]}]{name.capitalize()} {n}[/]"


def region_line(game: SifnosGame, obs: dict[str, Any], r: int) -> str:
    region = DATA.regions[r]
    at = obs["regions"][r]
    parts = [f"{region.name} [dim]({region.value})[/]"]
    if at["fort"] is not None:
        parts.append(f"Fort {side_label(game, at['fort'])}")
    if at["die"] is not None:
        owner, value = at["die"]
        parts.append(f"Die {value} {side_label(game, owner)}")
    if at["soldier"] is not None:
        parts.append(f"Soldier {side_label(game, at['soldier'])}")
    if r == DATA.central:
        here = [f"{side_label(game, s)} x{n}" for s, n in enumerate(obs["central_soldiers"]) if n]
        parts.append("Soldiers " + (", ".join(here) if here else "none"))
    return " - ".join(parts)


def tower_line(game: SifnosGame, obs: dict[str, Any], s: int) -> str:
    space = DATA.spaces[s]
    at = obs["tower_spaces"][s]
    image = f"{space.name} [dim]{space_image(s)}[/]"
    stack = ", ".join(f"{side_label(game, owner)} {im}" for owner, im in at["towers"])
    beacon = (
        f" [bold]Beacon[/] {side_label(game, at['beacon'])}" if at["beacon"] is not None else ""
    )
    return f"{image}: {stack}{beacon}"


def space_image(s: int) -> str:
    from towers.games.sifnos.data import IMAGES

    return IMAGES[DATA.spaces[s].image]


def _ships(obs: dict[str, Any], p: int) -> str:
    ships = obs["ships"][DATA.provinces[p].id]
    slots = []
    for k in range(4):
        if k < len(ships):
            slots.append(str(ships[k]))
        else:
            bonus = QUEUE_BONUS[k]
            slots.append("-" if bonus == "none" else f"- [dim]({bonus.replace('_', ' ')})[/]")
    return ", ".join(slots)


def _island(game: SifnosGame, obs: dict[str, Any]) -> list[str]:
    lines = ["[bold]The island[/] (Region (printed value) - Fort - Die - Soldier)"]
    n = len(obs["sides"])
    for p, province in enumerate(DATA.provinces):
        dice = sum(1 for r in province.regions if obs["regions"][r]["die"] is not None)
        head = f"  [bold]{province.name}[/]"
        if province.central:
            head += " (central)"
        else:
            invaded = " [bold red]invaded[/]" if obs["invaded"] == province.id else ""
            head += f": {dice} of 3 Dice{invaded}; Ships front first: {_ships(obs, p)}"
        tents = [
            f"{side_label(game, s)} x{obs['sides'][s]['tents'][province.id]}"
            for s in range(n)
            if province.id in obs["sides"][s]["tents"]
        ]
        if tents:
            head += "; Tents " + ", ".join(tents)
        lines.append(head)
        for r in province.regions:
            lines.append("    " + region_line(game, obs, r))
    lines.append("[bold]Tower spaces[/] (printed image: Towers bottom to top, Beacon)")
    built = [
        tower_line(game, obs, s)
        for s in range(len(DATA.spaces))
        if obs["tower_spaces"][s]["towers"]
    ]
    lines += [f"  {line}" for line in built] or ["  none yet"]
    empty = [
        f"{sp.name} {space_image(i)}"
        for i, sp in enumerate(DATA.spaces)
        if not obs["tower_spaces"][i]["towers"]
    ]
    if empty:
        lines.append(f"  [dim]empty: {', '.join(empty)}[/]")
    return lines


def _main_board(game: SifnosGame, obs: dict[str, Any]) -> list[str]:
    markers = obs["markers"]
    lines = ["[bold]Main Board[/]"]
    face = mineral_name(markers[0]) if markers[0] else "?"
    lines.append(f"  Face-up Cards (taken free at the third {face} Influence space):")
    for c in obs["face_up"]:
        lines.append(f"    {card_line(DATA.cards[DATA.card_index(c)])}")
    if not obs["face_up"]:
        lines.append("    none left")
    tiles = mineral_name(markers[1]) if markers[1] else "?"
    lines.append(f"  Scoring Tiles (claimed at the fifth {tiles} Influence space):")
    for k, t in enumerate(obs["scoring_tiles"]):
        if t is None:
            lines.append(f"    {k + 1} [dim](claimed)[/]")
        else:
            tile = DATA.tiles[[x.id for x in DATA.tiles].index(t)]
            lines.append(f"    {k + 1}. {tile_name(tile)}: {tile_words(tile)}")
    invasion = mineral_name(markers[2]) if markers[2] else "?"
    lines.append(
        f"  Invasion: the most {invasion} Influence (alone) moves 1 Soldier when one is resolved"
    )
    lines.append(f"  Allied Ships placed: {obs['allies']} of {len(DATA.game['ally_spaces'])}")
    for k in range(len(DATA.game["ally_spaces"])):
        mark = "[bold]placed[/]" if k < obs["allies"] else "next" if k == obs["allies"] else "later"
        lines.append(f"    {k + 1} ({mark}): {ally_space_words(k, markers)}")
    discards = obs["discards"]
    top = f" (top: {'; '.join(card_name(c) for c in discards[-3:])})" if discards else ""
    lines.append(
        f"  Bag: {plural(obs['bag'], 'Ship')}; Draw Pile {obs['deck']}; "
        f"Discards {len(discards)}{top}"
    )
    return lines


def pieces_words(side: dict[str, Any]) -> list[str]:
    """The Fort and Beacon grid by row, with each row's VP and each column's bonus."""
    pieces = side["pieces"]
    rows = []
    for r, vp in enumerate(DATA.row_vp):
        cells = [
            piece_words(p.index, pieces[p.index]) if pieces[p.index] >= 0 else f"({p.kind} taken)"
            for p in DATA.pieces
            if p.row == r
        ]
        rows.append(f"row {r + 1} ({vp} VP emptied): " + "; ".join(cells))
    return rows


def buildings_words(side: dict[str, Any]) -> list[str]:
    out = []
    placed = side["buildings"]
    spaces = DATA.building_spaces
    for b in DATA.buildings:
        dice = " ".join(str(placed.get(spaces[i].id, "·")) for i in b.spaces)
        done = " (complete)" if all(spaces[i].id in placed for i in b.spaces) else ""
        out.append(f"{b.name} {dice}{done}")
    return out


def _side_lines(game: SifnosGame, obs: dict[str, Any], s: int, seat: int | None) -> list[str]:
    side = obs["sides"][s]
    inf = side["influence"]
    you = " [bold](you)[/]" if s == seat else ""
    score = obs["scores"][s] if s < len(obs["scores"]) else 0
    influence = ", ".join(_mineral(m, inf[m]) for m in MINERALS)
    out = [f"  {side_label(game, s)}{you}: {score} VP so far; Influence {influence}"]
    if side["solo_opponent"]:
        out.append(
            f"    Dice: {len(side['dice_supply'])} in the supply; Soldiers: "
            f"{side['soldier_supply']} in the supply; Hand: none (the Solo Marker moves instead)"
        )
        tile = side["scoring_tile"]
        if tile:
            out.append(f"    Scoring Tile: {tile.capitalize()} (6 VP for the Schemes)")
        return out
    if side["ally_on_track"]:
        out.append(
            f"    Allied Ship on Influence space {game.ally_space} (into the Bag when reached)"
        )
    supply = " ".join(str(v) for v in side["dice_supply"]) or "none"
    workshop = " ".join(str(v) for v in side["workshop"]) or "none"
    out.append(f"    Dice: Supply {supply}; Workshop {workshop}; Reserve {side['dice_reserve']}")
    towers = ", ".join(f"{im} {n}" for im, n in side["tower_supply"].items() if n) or "none"
    out.append(f"    Towers: Supply {towers}; Reserve {side['tower_reserve']}")
    on_map = sum(1 for r in obs["regions"] if r["soldier"] == s) + obs["central_soldiers"][s]
    out.append(
        f"    Soldiers: Barracks {side['barracks']}, Supply {side['soldier_supply']}, "
        f"on the map {on_map}; Tents placed {sum(side['tents'].values())} of {DATA.game['setup']['tents']}"
    )
    out += [f"    Forts and Beacons {row}" for row in pieces_words(side)]
    bonus = "; ".join(f"{c + 1} {column_bonus_words(c)}" for c in range(len(DATA.column_bonus)))
    out.append(f"    [dim]third taken from a column: {bonus}[/]")
    out.append("    Buildings: " + ", ".join(buildings_words(side)))
    for column, name in enumerate(COLUMN_NAMES):
        cards = [DATA.cards[DATA.card_index(c)] for c in side["placed"]]
        mine = [c for c in cards if c.column == column]
        if mine:
            words = "; ".join(f"{c.name} - {effect_words(c)}" for c in mine)
            out.append(f"    Placed above {name}: {words}")
    tile = side["scoring_tile"]
    if tile:
        t = DATA.tiles[[x.id for x in DATA.tiles].index(tile)]
        out.append(f"    Scoring Tile {tile_name(t)}: {TILE_SCORING[t.scoring]}")
    if s == seat and "hand" in side:
        out.append(f"    [cyan]Hand[/] ({len(side['hand'])}):")
        for c in side["hand"]:
            out.append(f"      [cyan]Card[/] {card_line(DATA.cards[DATA.card_index(c)])}")
    else:
        out.append(f"    Hand: {plural(side['hand_size'], 'Card')}")
    return out


SCHEME_IDS = {scheme.id: scheme for scheme in DATA.schemes}
TRACK_GAINS = {
    "lead": "Lead",
    "silver": "Silver",
    "gold": "Gold",
    "majority": "the majority mineral",
}


def scheme_line(scheme_id: int) -> str:
    """``Scheme 7: ...``, by the number printed on it."""
    return f"Scheme {scheme_id}: {scheme_words(SCHEME_IDS[scheme_id])}"


def marker_words(space: int) -> str:
    """Where the Solo Marker stands on its Track, and what the corners give."""
    track = DATA.solo_track
    here = track[space % len(track)]
    corners = "; ".join(
        f"space {k + 1} {TRACK_GAINS.get(t.gain, t.gain)}" for k, t in enumerate(track) if t.gain
    )
    return (
        f"space {space % len(track) + 1} of {len(track)} (row {here.row + 1}, column "
        f"{here.col + 1}); the corners give 1 Influence: {corners}"
    )


def solo_facts(game: SifnosGame, obs: dict[str, Any]) -> list[tuple[str, str]]:
    """The Scheme-driven opponent's public facts as (what, words), the Schemes revealed last."""
    solo = dict(obs.get("solo") or {})
    if not game.has_opponent:
        return []
    out: list[tuple[str, str]] = []
    if "marker" in solo and game.solo:
        out.append(("Solo Marker", marker_words(int(solo.pop("marker")))))
    solo.pop("marker", None)
    solo.pop("side", None)
    decks = solo.pop("decks", None)
    if decks is not None:
        allied = solo.pop("decks_with_allied_ship", [False] * len(decks))
        active = solo.pop("active_deck", -1)
        words = [
            f"Deck {k + 1}: {plural(n, 'Scheme')}"
            + (" (active)" if k == active else "")
            + (" under an Allied Ship" if k < len(allied) and allied[k] else "")
            for k, n in enumerate(decks)
        ]
        out.append(("Scheme Decks", "; ".join(words)))
    if "forts_left" in solo or "beacons_left" in solo:
        out.append(
            (
                "face down",
                f"{plural(int(solo.pop('forts_left', 0)), 'Fort')}, "
                f"{plural(int(solo.pop('beacons_left', 0)), 'Beacon')}",
            )
        )
    revealed = solo.pop("revealed", [])
    for key, value in solo.items():
        out.append((key.replace("_", " "), str(value)))
    if revealed:
        out.append(("Schemes revealed", ", ".join(str(i) for i in revealed) + " (the last on top)"))
        for i in reversed(revealed):
            out.append(("Scheme", scheme_line(int(i))))
    return out


def solo_lines(game: SifnosGame, obs: dict[str, Any]) -> list[str]:
    """The Scheme-driven opponent's own state, its Schemes in words."""
    if not game.has_opponent:
        return []
    role = "plays against you" if game.solo else "competes for Might only"
    lines = [f"[bold]The Schemes[/] ({plain_side(game, game.opponent)}, {role})"]
    for what, words in solo_facts(game, obs):
        lines.append(f"  {words}" if what == "Scheme" else f"  {what}: {words}")
    return lines


def text(state: SifnosState, seat: int | None) -> str:
    """The island, the Main Board and every side as ``seat`` sees them."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["sides"])
    turn = obs["turn"]
    lines = [
        f"[bold]Towers of Sifnos[/] - round {obs['round']} - {side_label(game, turn)}'s turn",
        f"  [bold]Now:[/] {pending_words(game, obs)}",
        "",
    ]
    lines += _island(game, obs)
    lines.append("")
    lines += _main_board(game, obs)
    lines.append("")
    lines.append("[bold]Players[/]")
    order = range(n) if seat is None else [(seat + k) % n for k in range(n)]
    for s in order:
        lines += _side_lines(game, obs, s, seat)
    lines += solo_lines(game, obs)
    lines.append("")
    lines.append("[bold]Printed on every Player Board[/]")
    for p in DATA.printed:
        lines.append(f"  {COLUMN_NAMES[p.column]}: {printed_words(p)}")
    lines.append("[bold]Buildings[/]")
    for b in DATA.buildings:
        lines.append(f"  {b.name}: {building_words(b)}")
    return "\n".join(lines)


# ---- the terminal's glance and sections -------------------------------------------------------

WIDTH = 80


def _fit(label: str, body: str) -> str:
    """``[bold]label[/] body`` cut to :data:`WIDTH` columns once the markup is gone."""
    room = WIDTH - len(label) - 1
    if len(body) > room:
        body = body[: room - 1].rstrip() + "…"
    return f"[bold]{label}[/] {body}" if label else body


def _wrap(label: str, body: str, most: int) -> list[str]:
    """``body`` after ``label`` on at most ``most`` lines of :data:`WIDTH` columns, the next
    lines under the body; a body cut short ends with an ellipsis."""
    import textwrap

    room = WIDTH - len(label) - 1
    rows = textwrap.wrap(body, room, break_long_words=False) or [""]
    if len(rows) > most:
        rows = rows[:most]
        rows[-1] = rows[-1][: room - 2].rstrip() + " …"
    pad = " " * len(label)
    return [f"[bold]{label}[/] {rows[0]}"] + [f"{pad} {r}" for r in rows[1:]]


def influence_words(side: dict[str, Any]) -> str:
    """``Lead 3, Silver 1, Gold 4``."""
    inf = side["influence"]
    return ", ".join(f"{mineral_name(m)} {inf[m]}" for m in MINERALS)


def score_line(game: SifnosGame, obs: dict[str, Any]) -> str:
    """Every side's VP so far, on one line."""
    scores = obs["scores"]
    return "; ".join(
        f"{plain_side(game, s)} {scores[s]}"
        for s in range(len(obs["sides"]))
        if s < len(scores) and not (game.versus and s == game.opponent)
    )


def holdings(game: SifnosGame, obs: dict[str, Any], s: int, seat: int | None) -> list[str]:
    """A side's key numbers: Influence and hand, then Dice, Towers and Soldiers."""
    side = obs["sides"][s]
    hand = side["hand"] if s == seat and "hand" in side else None
    held = plural(len(hand) if hand is not None else side["hand_size"], "Card")
    who = "You" if s == seat else plain_side(game, s)
    if side["solo_opponent"]:
        return [
            _fit(f"{who}:", f"Influence {influence_words(side)}; Dice {len(side['dice_supply'])},"
                 f" Soldiers {side['soldier_supply']} in the supply")
        ]  # fmt: skip
    lines = [_fit(f"{who}:", f"Influence {influence_words(side)}; {held} in hand")]
    supply = " ".join(str(v) for v in side["dice_supply"]) or "none"
    workshop = " ".join(str(v) for v in side["workshop"]) or "none"
    towers = ", ".join(f"{im} {n}" for im, n in side["tower_supply"].items() if n) or "none"
    on_map = sum(1 for r in obs["regions"] if r["soldier"] == s) + obs["central_soldiers"][s]
    lines.append(
        _fit(
            "  Supply:",
            f"Dice {supply} (Workshop {workshop}); Towers {towers}; "
            f"{plural(side['soldier_supply'], 'Soldier')}",
        )
    )
    lines.append(
        _fit(
            "  Soldiers:",
            f"{on_map} on the map, {side['barracks']} in the Barracks; "
            f"Tents {sum(side['tents'].values())} placed",
        )
    )
    if side["scoring_tile"]:
        t = DATA.tiles[[x.id for x in DATA.tiles].index(side["scoring_tile"])]
        lines.append(_fit("  Scoring Tile:", f"{tile_name(t)} - {TILE_SCORING[t.scoring]}"))
    return lines


def offer_lines(game: SifnosGame, obs: dict[str, Any]) -> list[str]:
    """What the Main Board offers: the face-up Cards, the Scoring Tiles, the Allied Ships."""
    markers = obs["markers"]
    face = mineral_name(markers[0]) if markers[0] else "?"
    cards = "; ".join(card_name(c) for c in obs["face_up"]) or "none left"
    lines = _wrap(f"Face-up Cards (3rd {face}):", cards, 2)
    tiles = [
        tile_name(DATA.tiles[[x.id for x in DATA.tiles].index(t)])
        for t in obs["scoring_tiles"]
        if t is not None
    ]
    where = mineral_name(markers[1]) if markers[1] else "?"
    lines.append(_fit(f"Scoring Tiles (5th {where}):", ", ".join(tiles) or "all claimed"))
    invasion = mineral_name(markers[2]) if markers[2] else "?"
    dice = [
        f"{p.name} {n}"
        for p in DATA.provinces
        if (n := sum(1 for r in p.regions if obs["regions"][r]["die"] is not None))
        and not p.central
    ]
    lines.append(
        _fit(
            "Dice (3 invade):",
            (", ".join(dice) or "none") + f" (most {invasion} moves a Soldier)",
        )
    )
    lines.append(
        _fit(
            "Allied Ships:",
            f"{obs['allies']} of {len(DATA.game['ally_spaces'])} placed; Bag "
            f"{plural(obs['bag'], 'Ship')}; Draw Pile {plural(obs['deck'], 'Card')}",
        )
    )
    return lines


def glance(state: SifnosState, seat: int | None) -> str:
    """What matters now, in at most 12 lines of 80 columns: the round and whose turn, what is
    being decided, the seat's holdings, what the Main Board offers and the scores."""
    game = state.game
    obs = state.observation(seat)
    turn = obs["turn"]
    head = f"Round {obs['round']}" if obs["round"] else "Setting up"
    lines = [_fit(f"{head}:", f"{plain_side(game, turn)}'s turn")]
    lines += _wrap("Now:", pending_words(game, obs), 2)
    me = seat if seat is not None else turn
    if 0 <= me < len(obs["sides"]):
        lines += holdings(game, obs, me, seat)
    lines += offer_lines(game, obs)
    if game.has_opponent:
        revealed = (obs.get("solo") or {}).get("revealed") or []
        last = f"last Scheme {revealed[-1]}" if revealed else "no Scheme revealed yet"
        marker = (obs.get("solo") or {}).get("marker")
        where = (
            f"; Solo Marker on space {int(marker) + 1}" if game.solo and marker is not None else ""
        )
        lines.append(_fit("The Schemes:", f"{last}{where}"))
    lines.append(_fit("Scores:", score_line(game, obs)))
    return "\n".join(lines[:12])


SCORE_PARTS = {
    "majority": "Allied Ship majority",
    "influence": "Influence",
    "emptied rows": "Emptied rows",
    "tents": "Tents",
    "scoring tile": "Scoring Tile",
    "sets of 4": "Sets of 4",
    "soldiers": "Soldiers on the map",
}
"""The final scoring's parts (:func:`towers.games.sifnos.scoring.breakdown`) as printed."""


def score_lines(state: SifnosState) -> list[str]:
    """Each side's VP by the final scoring's parts, as they stand now."""
    from towers.games.sifnos.scoring import breakdown

    game = state.game
    out = ["[bold]Scores[/] (as they stand; the Allied Ship majority counts once it is placed)"]
    for s in range(game.sides):
        parts = breakdown(state, s)
        words = ", ".join(f"{SCORE_PARTS.get(k, k)} {v}" for k, v in parts.items())
        out.append(f"  {side_label(game, s)}: {sum(parts.values())} VP ({words})")
    return out


def sections(state: SifnosState, seat: int | None) -> dict[str, str]:
    """The rest on demand: the island and every side's board (``board``), the seat's own side
    (``me``), the Main Board (``supply``) and the scores by part (``scores``)."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["sides"])
    order = range(n) if seat is None else [(seat + k) % n for k in range(1, n)]
    board = _island(game, obs) + ["", "[bold]Players[/]"]
    for s in order:
        board += _side_lines(game, obs, s, seat)
    board += solo_lines(game, obs)
    out = {"board": "\n".join(board)}
    if seat is not None and 0 <= seat < n:
        out["me"] = "\n".join(_side_lines(game, obs, seat, seat))
    out["supply"] = "\n".join(_main_board(game, obs))
    out["scores"] = "\n".join(score_lines(state))
    return out
