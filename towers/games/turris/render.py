"""Turris as text: effects in words, the pending decision in words, and the terminal view
(Rich console markup, no UI library imported here).

Everything is read from ``state.observation(seat)`` and the game's data, so a seat sees only
its own Tactics hand (the others' are counted, never named).

>>> from towers.games.turris.data import Effect, Bundle
>>> effect_words(Effect("gain", bundle=Bundle(I=1, any=1)))
'gain 1 Ichor and 1 of K/R/W'
>>> effect_words(Effect("move_beast", steps=1, flip=True, crossroads=False))
'move a Beast (not in a Crossroads) 1 step, then flip it'
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from towers.core.words import plural
from towers.games.turris.data import TOKENS, Bundle, Card, Effect, FactionSide, Ongoing, load

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisGame, TurrisState

SEAT_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
}
TOKEN_NAMES = {"I": "Ichor", "K": "Knowledge", "R": "Relics", "W": "Weaponry", "A": "Artifact"}
PHASE_WORDS = {
    "turns": "Player Turn Phase",
    "betrayers": "Betrayer Phase",
    "beasts": "Beast Phase",
    "over": "the game is over",
}
"""The observation's ``phase`` as the rulebook's Rounds name it (Setup is told by the round)."""
TRIGGER_WORDS = {
    "action": "as an action",
    "turn_start": "at the start of your turn",
    "place": "after you Place",
    "collect": "after you Collect",
    "gather_ichor": "after you Gather Ichor",
    "mission": "after you complete a Mission",
    "tower_room": "after you construct a Tower Room",
    "council": "after your Council token advances",
    "devoured": "after one of your Scouts is Devoured",
    "other_devoured": "after another player's Scout is Devoured",
    "sacrifice": "after you Sacrifice a Scout",
}
CHANCE_WORDS = {
    "tactics_draw": "drawing a Tactics card",
    "mission_draw": "drawing a Mission",
    "trionfi_draw": "drawing a Trionfi card",
    "site_draw": "drawing an Excavation Site",
    "first_player_draw": "drawing the First Player",
    "beast_start_draw": "drawing a Beast's starting Excavation spot",
    "beast_die": "rolling the d4",
    "movement_die": "rolling the d12",
}
"""The chance event under way, by the frame the observation names it with."""
WHERE_WORDS = {"excavation": "in an Excavation Site"}
"""Where an ongoing effect's trigger must happen, as the cards say it."""
BEAST_EFFECT_WORDS = {
    "devour": "Devours Scouts",
    "displace": "Displaces Scouts",
    "discard": "makes Scouts' owners discard",
}


def token_words(n: int, token: str) -> str:
    """``2 Ichor``, ``1 Artifact``, ``2 Artifacts``: the resources are counted as masses, the
    Artifacts as tokens."""
    if token == "A":
        return plural(n, TOKEN_NAMES[token])
    return f"{n} {TOKEN_NAMES[token]}"


def bundle_words(b: Bundle) -> str:
    parts = [token_words(b.count(t), t) for t in TOKENS if b.count(t)]
    if b.any:
        parts.append(f"{b.any} of {'/'.join(b.of)}")
    return " and ".join(parts) if parts else "nothing"


def bundle_short(b: Bundle) -> str:
    """``2K 1R`` style, for card faces."""
    parts = [f"{b.count(t)}{t}" for t in TOKENS if b.count(t)]
    if b.any:
        parts.append(f"{b.any}?{''.join(b.of)}")
    return " ".join(parts) if parts else "-"


def effect_words(e: Effect) -> str:
    match e.kind:
        case "gain":
            return f"gain {bundle_words(e.bundle)}"
        case "pay":
            return f"pay {bundle_words(e.bundle)}"
        case "trade":
            times = "" if e.n == 1 else f" (up to {e.n} times)"
            return f"may trade {bundle_words(e.give)} for {bundle_words(e.bundle)}{times}"
        case "steal":
            return f"steal {e.n} of {'/'.join(e.of)} from a player"
        case "prestige":
            return f"+{e.n} Prestige"
        case "council":
            return f"advance {plural(e.n, 'Council step')}"
        case "council_reward":
            return "repeat your Council spot's reward" + ("" if e.n == 1 else f" {e.n} times")
        case "tactics":
            drawn = f"draw {plural(e.n, 'Tactics card')}"
            return drawn + (" and you may play it at once" if e.play else "")
        case "play_tactics":
            return f"play up to {plural(e.n, 'Tactics card')}"
        case "reserve":
            return f"reserve {plural(e.n, 'Mission')}"
        case "action":
            return f"take {plural(e.n, 'additional action')}"
        case "action_token":
            return f"gain {plural(e.n, 'Additional Action token')}"
        case "place":
            return f"Place {plural(e.n, 'Scout')}"
        case "move_scout":
            return f"move up to {plural(e.n, 'Scout')} up to {plural(e.steps, 'step')}"
        case "move_beast":
            where = "" if e.crossroads else " (not in a Crossroads)"
            if e.steps == 0:
                return f"flip a Beast{where}"
            flip = ", then flip it" if e.flip else ""
            return f"move a Beast{where} {plural(e.steps, 'step')}{flip}"
        case "revive":
            each = f" for {bundle_words(e.bundle)} each" if e.bundle.total else ""
            return f"revive up to {plural(e.n, 'Scout')}{each}"
        case "sacrifice":
            return f"Sacrifice {plural(e.n, 'Scout')}"
        case "fruit":
            return "place the Fruit"
        case "first_player":
            return "take the Future First Player card"
        case "tower_room":
            when = " in the Trionfi Step" if e.at == "trionfi_step" else ""
            return f"construct a Tower Room for {e.n} Prestige{when}"
    return e.kind


def effects_words(effects: tuple[Effect, ...]) -> str:
    return "; ".join(effect_words(e) for e in effects) if effects else "no effect"


def _where_words(where: str) -> str:
    """Where an ongoing effect's trigger must happen: an Excavation Site, or a Location by
    its printed name."""
    if where in WHERE_WORDS:
        return WHERE_WORDS[where]
    d = load()
    return f"in the {d.location(where).name}" if where in d.index else where


def ongoing_words(o: Ongoing) -> str:
    when = TRIGGER_WORDS.get(o.on, o.on)
    if o.where:
        when += f" ({_where_words(o.where)})"
    if o.once_per_turn:
        when += ", once per turn"
    return f"{when}: {effects_words(o.effects)}"


def side_words(side: FactionSide) -> str:
    """A faction side's ability in words: what it gives when chosen, then its lasting
    ability (``as an action`` for a side B faction action)."""
    parts = []
    if side.effects:
        parts.append(f"when chosen, {effects_words(side.effects)}")
    parts += [ongoing_words(o) for o in side.ongoing]
    return "; ".join(parts)


def card_words(card: Card) -> str:
    """A card's effects in words: immediate ones, then ongoing ones."""
    parts = []
    if card.effects:
        parts.append(effects_words(card.effects))
    parts += [ongoing_words(o) for o in card.ongoing]
    return " | ".join(parts) if parts else "no effect"


# ---- the observation -----------------------------------------------------------------------


def seat_colour(game: TurrisGame, seat: int) -> str:
    return game.data.player_sets[seat].colour


def seat_name(game: TurrisGame, seat: int) -> str:
    """The seat as every screen names it: the colour of its player set, capitalised
    ("Blue")."""
    return seat_colour(game, seat).capitalize()


def seat_label(game: TurrisGame, seat: int) -> str:
    """:func:`seat_name` in the seat's colour."""
    colour = seat_colour(game, seat)
    return f"[{SEAT_STYLES.get(colour, 'bold')}]{seat_name(game, seat)}[/]"


def plain_seat(game: TurrisGame, seat: int) -> str:
    """:func:`seat_name`, for words without markup."""
    return seat_name(game, seat)


def node_name(game: TurrisGame, obs: dict[str, Any], node: int) -> str:
    """A node's name, with the Excavation Site standing on a spot."""
    d = game.data
    loc = d.locations[node]
    if loc.kind == "excavation":
        k = game.spots.index(node)
        site = obs["site_at"][k]
        if site >= 0:
            return f"{d.excavation_sites[site].name} ({loc.letter})"
        return loc.name
    return loc.name


def source_name(game: TurrisGame, src: int) -> str:
    """The name of an effect source (the rules key them ``"<kind> <id>..."``) as printed."""
    d = game.data
    kind, _, rest = game.sources[src][0].partition(" ")
    key = rest.split(" ")[0]
    tables: dict[str, Any] = {
        "location": d.locations,
        "upgrade": d.locations,
        "site": d.excavation_sites,
        "tactics": d.tactics,
        "mission": d.missions,
        "trionfi": d.trionfi,
        "council": d.council,
        "faction": d.factions,
    }
    for item in tables.get(kind, ()):
        if item.id == key:
            name = getattr(item, "name", item.id)
            if kind == "upgrade":
                return f"{name} Upgrade"
            if kind == "council":
                return f"Council spot {name.capitalize()}"
            return str(name)
    return game.sources[src][0]


def upgraded_name(game: TurrisGame, card: Card) -> str:
    """The Location a Trionfi card upgrades, as the board prints it."""
    return game.data.location(card.location).name


def round_words(obs: dict[str, Any]) -> str:
    """``round 3``, or ``set-up`` before the first round: the observation counts the
    rulebook's Rounds from 1, and is 0 during Setup."""
    return f"round {obs['round']}" if obs["round"] else "set-up"


def pending_words(game: TurrisGame, obs: dict[str, Any]) -> str:
    """The decision on top of the stack, in words."""
    d = game.data
    if obs["game_over"]:
        return "the game is over"
    if obs["chance"]:
        event = obs["chance"][0]["frame"]
        return CHANCE_WORDS.get(event, f"drawing ({event.replace('_', ' ')})")
    if not obs["stack"]:
        return "nothing pending"
    top = obs["stack"][-1]
    kind = top["frame"]
    who = plain_seat(game, top["seat"]) if "seat" in top else "the First Player"

    def node(n: int) -> str:
        return node_name(game, obs, n)

    match kind:
        case "faction_choice":
            return f"{who} chooses a faction and a side"
        case "turn":
            left = obs["actions_left"]
            if left <= 0:
                return f"{who}: no action left; play a Tactics card or pass"
            return f"{who}: Action Step, {plural(left, 'action')} left"
        case "collect_pick":
            chosen = ", ".join(node(n) for n in top["chosen"]) or "none yet"
            return f"{who} chooses Scouts to Collect (chosen: {chosen}); pass to pay and recall"
        case "rewards":
            names = [source_name(game, s) for s in top["packets"]]
            opt = " (the rest may be declined)" if top["optional"] else ""
            return f"{who} resolves a reward: {', '.join(names)}{opt}"
        case "gain_choice":
            return f"{who} gains {top['n']} of {'/'.join(top['of'])}"
        case "pay_choice":
            # the letters still owed (``IW``), then any of the letters ``of``
            fixed = top["fixed"]
            parts = [token_words(fixed.count(t), t) for t in TOKENS if fixed.count(t)]
            if top["any_n"]:
                parts.append(f"{top['any_n']} of {'/'.join(top['of'])}")
            owed = " and ".join(parts) or "nothing more"
            return f"{who} pays {owed} (an Artifact may stand for one)"
        case "trade_offer":
            e = game.sources[top["source"]][1][top["index"]]
            return f"{who} may trade {bundle_words(e.give)} for {bundle_words(e.bundle)}"
        case "steal_choice":
            return f"{who} steals {top['n']} of {'/'.join(top['of'])} from a player"
        case "council_step":
            return f"{who} chooses the next Council spot"
        case "council_return":
            return f"{who} may return the Council token to the start"
        case "play_tactics_choice":
            return f"{who} may play up to {plural(top['n'], 'Tactics card')}"
        case "reserve_choice":
            return f"{who} may reserve {plural(top['n'], 'Mission')}"
        case "place_free":
            return f"{who} may Place {plural(top['n'], 'Scout')}"
        case "move_scout_choice":
            if top["origin"] < 0:
                return f"{who} may choose a Scout to move"
            return f"{who} moves the Scout from {node(top['origin'])} up to {top['steps']} steps"
        case "move_beast_choice":
            if top["beast"] < 0:
                return f"{who} may choose a Beast to move"
            name = d.beasts[top["beast"]].name
            return f"{who} moves the {name} ({plural(top['steps'], 'step')} left)"
        case "revive_choice":
            return f"{who} may revive a Scout ({top['done']} revived of up to {top['n']})"
        case "fruit_choice":
            return f"{who} places the Fruit"
        case "trionfi_choice":
            opt = " (optional)" if top["optional"] else ""
            return f"{who} takes a Trionfi card for {top['prestige']} Prestige{opt}"
        case "mission_step":
            return f"{who}: Complete Mission Step (choose a Mission or pass)"
        case "ongoing_choice":
            name = d.missions[top["mission"]].name
            return f"{who} may put {name} in an Ongoing slot"
        case "discard_down":
            return f"{who} discards down to 4 Tactics cards"
        case "target_choice":
            name = d.beasts[top["beast"]].name
            options = ", ".join(node(n) for n in top["options"])
            return f"{who} chooses the {name}'s target among {options}"
        case "beast_path":
            name = d.beasts[top["beast"]].name
            return f"{who} plots the {name}'s path to {node(top['target'])}"
        case "beast_effect":
            name = d.beasts[top["beast"]].name
            return f"{who} may Shield a Scout from the {name} with an Artifact"
        case "displace_choice":
            return f"{who} chooses where the Scout displaced from {node(top['node'])} goes"
        case "despair_choice":
            return f"{who} discards one of K/R/W to the Despair"
        case "betrayer_push":
            at = obs["betrayer_at"][top["scout"]]
            return f"{who} moves the Betrayers' Scout from {node(at)} to an adjacent Location"
        case "repair_choice":
            return f"{who} may remove a Damaged token from a Tower Room"
    return f"{who}: {kind.replace('_', ' ')}"


def _location_line(game: TurrisGame, obs: dict[str, Any], i: int) -> str:
    d = game.data
    loc = d.locations[i]
    n = len(obs["prestige"])
    if loc.kind == "crossroads":
        head = f"   [dim]+[/] {loc.name}"
        limit = immediate = False
        effects: tuple[Effect, ...] = ()
    elif loc.kind == "excavation":
        k = game.spots.index(i)
        site = obs["site_at"][k]
        if site < 0:
            closed = "" if obs["spot_open"][k] else " (closed)"
            head = f"  {loc.letter} {loc.name}{closed}"
            limit = immediate = False
            effects = ()
        else:
            s = d.excavation_sites[site]
            head = f"  {loc.letter} [bold]{s.name}[/]"
            limit, immediate, effects = bool(s.limit), s.immediate, s.effects
    else:
        head = f"{loc.number:>3} [bold]{loc.name}[/]"
        limit, immediate, effects = bool(loc.limit), loc.immediate, loc.effects
        if obs["upgraded"][i]:
            up = next(u for u in d.upgrades if u.location == loc.id)
            head += " [cyan](upgraded)[/]"
            effects = up.effects
    marks = ("[dim]limit 1[/] " if limit else "") + ("[yellow]immediate[/] " if immediate else "")
    parts = [head]
    if marks:
        parts.append(marks.strip())
    if effects:
        parts.append(f"[dim]{effects_words(effects)}[/]")
    scouts = [
        f"{seat_label(game, s)} x{obs['scouts'][i][s]}" for s in range(n) if obs["scouts"][i][s]
    ]
    if scouts:
        parts.append("scouts " + ", ".join(scouts))
    for b, at in enumerate(obs["beast_at"]):
        if at == i:
            flipped = " (flipped)" if obs["flipped"][b] else ""
            parts.append(f"[bold red]{d.beasts[b].name}{flipped}[/]")
    betrayers = obs.get("betrayer_at", []).count(i)
    if betrayers:
        parts.append(f"[bold]Betrayers x{betrayers}[/]")
    if obs["fruit"] == i:
        parts.append("[green]Fruit[/]")
    near = ", ".join(d.locations[a].name for a in game.adjacent[i])
    return " - ".join(parts) + f"\n      [dim]next to {near}[/]"


def _head_lines(game: TurrisGame, obs: dict[str, Any]) -> list[str]:
    head = f"[bold]Turris[/] - {round_words(obs)}"
    if obs["phase"] in PHASE_WORDS:
        head += f" - {PHASE_WORDS[obs['phase']]}"
    if obs["first_player"] >= 0:
        head += f" - First Player {seat_label(game, obs['first_player'])}"
    if obs["future_first"] >= 0:
        head += f" (next: {seat_label(game, obs['future_first'])})"
    lines = [head, f"  [bold]Now:[/] {pending_words(game, obs)}"]
    if obs["endgame"]:
        lines.append("  [bold red]Endgame: the Beasts are being removed[/]")
    return lines + _faction_lines(game, obs)


def _faction_lines(game: TurrisGame, obs: dict[str, Any]) -> list[str]:
    """While a faction is chosen (Setup step 9): each faction still free, each side's
    ability beside it."""
    stack = obs["stack"]
    if obs["chance"] or not stack or stack[-1]["frame"] != "faction_choice":
        return []
    d = game.data
    lines = ["  [bold]Factions[/] (choose one and a side)"]
    for f in game.factions_offered:
        if f in obs["faction"]:
            continue
        faction = d.factions[f]
        for side in faction.sides:
            lines.append(f"    {faction.name} {side.side}, {side.name}: {side_words(side)}")
    return lines


def _board_lines(game: TurrisGame, obs: dict[str, Any]) -> list[str]:
    """The Main Board, the Graveyard and the Beasts."""
    d = game.data
    n = len(obs["prestige"])
    lines = ["[bold]Board[/] (number, name, marks, reward, Scouts, Beasts, Fruit)"]
    for i in range(len(d.locations)):
        lines.append(_location_line(game, obs, i))
    graves = ", ".join(
        f"{seat_label(game, s)} x{obs['graveyard'][s]}" for s in range(n) if obs["graveyard"][s]
    )
    lines.append(f"  Graveyard: {graves or 'empty'}")
    lines.append("")
    altar = d.altar[obs["altar"]]
    lines.append(
        f"[bold]Beasts[/] (altar on {altar.label}: the {d.beasts[game.altar_beast[obs['altar']]].name}"
        f" moves {altar.speed})"
    )
    for b, beast in enumerate(d.beasts):
        at = obs["beast_at"][b]
        where = node_name(game, obs, at) if at >= 0 else "removed"
        flipped = ", flipped" if obs["flipped"][b] else ""
        # the Beast under the Altar token moves at the Altar's speed, the others 1 (Cleanup)
        speed = game.altar_speed[obs["altar"]] if game.altar_beast[obs["altar"]] == b else 1
        lines.append(
            f"  {beast.number} {beast.name}: {where}{flipped}; {BEAST_EFFECT_WORDS[beast.effect]}"
            f"; speed {speed}"
        )
    return lines


def _track_lines(game: TurrisGame, obs: dict[str, Any]) -> list[str]:
    """The Prestige, Council and Tower tracks."""
    d = game.data
    n = len(obs["prestige"])
    lines = ["[bold]Tracks[/]"]
    lines.append(
        "  Prestige: " + ", ".join(f"{seat_label(game, s)} {obs['prestige'][s]}" for s in range(n))
    )
    lines.append(
        "  Council: "
        + ", ".join(
            f"{seat_label(game, s)} {d.council[obs['council'][s]].id.capitalize()}"
            f" (level {d.council[obs['council'][s]].level})"
            for s in range(n)
        )
    )
    lines.append(
        "  Council spots: "
        + "; ".join(f"{c.level}:{c.id.capitalize()} {effects_words(c.effects)}" for c in d.council)
    )
    lines.append(
        "  Tower: "
        + ", ".join(
            f"{seat_label(game, s)} {plural(obs['rooms'][s], 'Tower Room')} "
            f"({_tower_need(game, obs['rooms'][s])})"
            for s in range(n)
        )
    )
    return lines


def _tableau_lines(game: TurrisGame, obs: dict[str, Any]) -> list[str]:
    """The Missions and the Trionfi cards on offer."""
    d = game.data
    lines = ["[bold]Missions[/] (cost -> Prestige: effect)"]
    for m in obs["missions"]:
        lines.append("  " + mission_line(d.missions[m]))
    lines.append(f"  [dim]{_deck_size(obs['mission_deck'])} in the deck[/]")
    lines.append("[bold]Trionfi[/] (the Tower Rooms)")
    damaged = obs.get("damaged") or []
    for k, t in enumerate(obs["trionfi_tableau"]):
        mark = " [bold red](Damaged)[/]" if k < len(damaged) and damaged[k] else ""
        if t >= 0:
            c = d.trionfi[t]
            lines.append(f"  {k + 1} {c.name} ({upgraded_name(game, c)}): {card_words(c)}{mark}")
        else:
            lines.append(f"  {k + 1} [dim](empty)[/]{mark}")
    return lines


def _betrayer_line(game: TurrisGame, obs: dict[str, Any]) -> str:
    # Solo Setup 7: the Betrayers always count as having 1 of each I/K/R/W
    d = game.data
    die = obs["beast_die"]
    rolled = f"; the d4 named the {d.beasts[die].name}" if die >= 0 else ""
    card = obs["movement_card"]
    rolled += f"; Beast Movement card {card}" if card else ""
    return (
        f"  [bold]Betrayers[/]: {obs['betrayer_prestige']} Prestige; I1 K1 R1 W1 (always); "
        f"Scouts in {', '.join(node_name(game, obs, b) for b in obs['betrayer_at'])}{rolled}"
    )


def text(state: TurrisState, seat: int | None) -> str:
    """The board, tracks, tableaux and players as ``seat`` sees it."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["prestige"])
    lines = _head_lines(game, obs)
    lines.append("")
    lines += _board_lines(game, obs)
    lines.append("")
    lines += _track_lines(game, obs)
    lines.append("")
    lines += _tableau_lines(game, obs)
    lines.append("")
    lines.append("[bold]Players[/]")
    for s in range(n):
        lines += _player_lines(game, obs, s, seat)
    if game.solo:
        lines.append(_betrayer_line(game, obs))
    return "\n".join(lines)


def _deck_size(deck: Any) -> int:
    """A Deck's JSON is ``[top, counts, bottom]``."""
    top, counts, bottom = deck
    return int(len(top) + sum(counts) + len(bottom))


def _tower_need(game: TurrisGame, rooms: int) -> str:
    """What the next Tower Room needs, from the Tower track's next space."""
    track = game.tower_need
    if rooms + 1 < len(track):
        return f"the next needs {plural(track[rooms + 1], 'completed Mission')}"
    return "no Tower Room is left to construct"


def mission_line(c: Card) -> str:
    return f"{c.name}: {bundle_short(c.cost)} -> {c.prestige} Prestige: {card_words(c)}"


def _player_lines(game: TurrisGame, obs: dict[str, Any], s: int, seat: int | None) -> list[str]:
    d = game.data
    res = obs["resources"][s]
    faction = "no faction yet"
    ability = ""
    if obs["faction"][s] >= 0:
        f = d.factions[obs["faction"][s]]
        side = f.sides[obs["side"][s]]
        faction = f"{f.name} {side.side} ({side.name})"
        ability = side_words(side)
    you = " [bold](you)[/]" if s == seat else ""
    out = [
        f"  {seat_label(game, s)}{you} {faction}: {obs['prestige'][s]} Prestige; "
        + " ".join(f"{t}{res[k]}" for k, t in enumerate(TOKENS))
        + f"; Scouts: {obs['reserve'][s]} reserve, "
        f"{sum(row[s] for row in obs['scouts'])} on the board, {obs['graveyard'][s]} graveyard"
        + f"; {plural(obs['action_tokens'][s], 'Additional Action token')}"
        + f"; {plural(obs['hand_sizes'][s], 'Tactics card')} in hand"
    ]
    if ability:
        out.append(f"    ability: {ability}")
    if obs["completed"][s]:
        out.append(
            f"    completed ({len(obs['completed'][s])}): "
            + ", ".join(d.missions[m].name for m in obs["completed"][s])
        )
    for m in obs["ongoing"][s]:
        out.append(f"    ongoing: {mission_line(d.missions[m])}")
    for m in obs["reserved"][s]:
        out.append(f"    reserved: {mission_line(d.missions[m])}")
    for t in obs["trionfi_owned"][s]:
        out.append(f"    Trionfi: {d.trionfi[t].name}: {card_words(d.trionfi[t])}")
    if s == seat and "hand" in obs:
        for c in obs["hand"]:
            out.append(f"    [cyan]Tactics[/] {d.tactics[c].name}: {card_words(d.tactics[c])}")
    return out


# ---- the terminal's glance and sections ---------------------------------------------------

GLANCE_WIDTH = 80


def _fit(text: str, most: int = 1, width: int = GLANCE_WIDTH) -> list[str]:
    """``text`` wrapped to ``width`` columns, at most ``most`` lines, the last cut with an
    ellipsis if the rest does not fit."""
    rows = textwrap.wrap(text, width, subsequent_indent="  ", break_long_words=True) or [""]
    if len(rows) > most:
        rows = rows[:most]
        rows[-1] = rows[-1][: width - 1].rstrip() + "…"
    return rows


def holdings(game: TurrisGame, obs: dict[str, Any], s: int) -> str:
    """``I3 K0 R1 W0, 1 Artifact``: a seat's resources and Artifacts."""
    res = obs["resources"][s]
    tokens = " ".join(f"{t}{res[k]}" for k, t in enumerate(TOKENS[:4]))
    return f"{tokens}, {plural(res[4], 'Artifact')}"


def glance(state: TurrisState, seat: int | None) -> str:
    """What matters now, in at most 12 lines of 80 columns: the round, phase and First
    Player; the decision pending; the seat's resources, Scouts, hand and Missions; the
    Missions and Trionfi on offer; the Beasts; every Prestige in one line."""
    game = state.game
    d = game.data
    obs = state.observation(seat)
    n = len(obs["prestige"])
    lines: list[str] = []
    phase = PHASE_WORDS.get(obs["phase"], "Setup") if obs["round"] else "Setup"
    head = f"Turris, {round_words(obs)}, {phase}"
    if obs["first_player"] >= 0:
        head += f"; First Player {plain_seat(game, obs['first_player'])}"
    lines.append(f"[bold]{_fit(head)[0]}[/]")
    lines += _fit(f"Now: {pending_words(game, obs)}", 2)
    scores = [f"{seat_name(game, s)} {obs['prestige'][s]}" for s in range(n)]
    if game.solo:
        scores.append(f"Betrayers {obs['betrayer_prestige']}")
    lines += _fit("Prestige: " + ", ".join(scores))
    if seat is not None and 0 <= seat < n:
        lines += _fit(
            f"You, {plain_seat(game, seat)}: {holdings(game, obs, seat)}, "
            f"{plural(obs['action_tokens'][seat], 'Additional Action token')}"
        )
        on_board = sum(row[seat] for row in obs["scouts"])
        lines += _fit(
            f"Scouts: {obs['reserve'][seat]} in reserve, {on_board} on the board, "
            f"{obs['graveyard'][seat]} in the Graveyard; "
            f"{plural(len(obs['completed'][seat]), 'Mission')} completed"
        )
        spot = d.council[obs["council"][seat]]
        council = "start" if spot.level == 0 else spot.id.capitalize()
        lines += _fit(
            f"{plural(obs['rooms'][seat], 'Tower Room')}, {_tower_need(game, obs['rooms'][seat])}"
            f"; Council: {council}"
        )
        hand = [d.tactics[c].name for c in obs.get("hand", [])]
        lines += _fit(f"Your Tactics: {', '.join(hand) if hand else 'none'}")
    offers = [
        f"{d.missions[m].name} {bundle_short(d.missions[m].cost)}→{d.missions[m].prestige}"
        for m in obs["missions"]
    ]
    lines += _fit(f"Missions (cost→Prestige): {', '.join(offers) or 'none'}", 2)
    trionfi = [d.trionfi[t].name for t in obs["trionfi_tableau"] if t >= 0]
    lines += _fit(f"Trionfi: {', '.join(trionfi) or 'none left'}")
    beasts = [
        f"{b.name} {node_name(game, obs, obs['beast_at'][k])}"
        for k, b in enumerate(d.beasts)
        if obs["beast_at"][k] >= 0
    ]
    k = game.altar_beast[obs["altar"]]
    fast = f"the {d.beasts[k].name} moves {plural(game.altar_speed[obs['altar']], 'step')}"
    where = ", ".join(beasts).replace("Excavation spot ", "spot ") or "none left"
    lines += _fit(f"Beasts ({fast}): {where}")
    return "\n".join(lines[:12])


def sections(state: TurrisState, seat: int | None) -> dict[str, str]:
    """The rest on demand: the board and Beasts, the seat's own holdings, the Missions and
    Trionfi on offer with the decks, and the tracks with every player."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["prestige"])
    out = {"board": "\n".join(_head_lines(game, obs) + [""] + _board_lines(game, obs))}
    if seat is not None and 0 <= seat < n:
        out["me"] = "\n".join(_player_lines(game, obs, seat, seat))
    supply = _tableau_lines(game, obs)
    supply.append(
        f"[bold]Tactics[/]: {obs['tactics_deck_size']} in the deck, "
        f"{len(obs['tactics_discard'])} discarded"
    )
    out["supply"] = "\n".join(supply)
    scores = _track_lines(game, obs) + ["", "[bold]Players[/]"]
    for s in range(n):
        scores += _player_lines(game, obs, s, seat)
    if game.solo:
        scores.append(_betrayer_line(game, obs))
    out["scores"] = "\n".join(scores)
    return out
