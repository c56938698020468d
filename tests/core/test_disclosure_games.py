"""Each game's ``State.disclosure`` on the actions that hide or reveal something: a card drawn,
kept or given, a card played from a hidden hand, a heroic test dealt or completed. Each is
found in random games and held to the answer of many re-dealt worlds."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import towers
from towers.core import conformance, knowledge
from towers.core.chance import random_action
from towers.core.game import PUBLIC, Disclosure, State

WORLDS = 64


def find(
    name: str, players: int, wanted: Callable[[State, str], bool], **options: str
) -> tuple[State, int]:
    """The first (state, action) of random games whose action's name ``wanted`` accepts."""
    game = towers.make(name, players=players, **options)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            for action in state.legal_actions():
                if wanted(state, state.action_to_string(action)):
                    return state, action
            state.apply_action(random_action(state, rng))
    raise AssertionError(f"no such action in 40 random games of {name}")


def sampled(state: State, action: int) -> Disclosure:
    rng = random.Random(5)
    seen = knowledge.sampled_seen_by(state, action, rng, WORLDS)
    reveals = not state.is_chance_node() and knowledge.sampled_reveals(state, action, rng, WORLDS)
    return Disclosure(seen, reveals)


def mover(state: State) -> int:
    turn = getattr(state, "turn")  # noqa: B009 - Torres names the drawing seat so
    assert isinstance(turn, int)
    return turn


def test_torres_a_card_drawn_is_read_by_its_drawer_alone() -> None:
    state, action = find("torres", 3, lambda s, a: a.startswith("draw") and s.is_chance_node())
    assert state.disclosure(action) == Disclosure(frozenset({mover(state)}))
    assert sampled(state, action) == state.disclosure(action)


def test_torres_keeping_a_drawn_card_is_private_and_reveals_nothing() -> None:
    def keep(s: State, a: str) -> bool:
        return a.startswith("keep") and len(set(getattr(s, "drawn_cards"))) > 1  # noqa: B009

    state, action = find("torres", 2, keep)
    assert state.disclosure(action) == Disclosure(frozenset({mover(state)}), False)
    assert sampled(state, action) == state.disclosure(action)


def test_torres_playing_an_action_card_is_public_and_reveals_it() -> None:
    state, action = find("torres", 2, lambda s, a: a.startswith("play"))
    assert state.disclosure(action) == Disclosure(None, True)
    assert sampled(state, action) == state.disclosure(action)


def test_torres_moving_a_knight_is_public() -> None:
    state, action = find("torres", 2, lambda s, a: a.startswith("move"))
    assert state.disclosure(action) == PUBLIC
    assert sampled(state, action) == PUBLIC


def test_turris_a_tactics_card_drawn_is_its_drawers() -> None:
    state, action = find("turris", 3, lambda s, a: a.startswith("draw tactics"))
    seat = getattr(state, "chance")[0].seat  # noqa: B009
    assert state.disclosure(action) == Disclosure(frozenset({seat}))
    assert sampled(state, action) == state.disclosure(action)


def test_turris_a_tactics_card_played_reveals_it() -> None:
    state, action = find("turris", 2, lambda s, a: a.startswith("play "))
    assert state.disclosure(action) == Disclosure(None, True)
    assert sampled(state, action) == state.disclosure(action)


def test_turris_a_tactics_card_drawn_alone_is_read_by_the_player_not_the_spectator() -> None:
    state, action = find(
        "turris", 1, lambda s, a: a.startswith("draw tactics") and len(s.legal_actions()) > 1
    )
    assert state.disclosure(action) == Disclosure(frozenset({0}))
    assert sampled(state, action) == state.disclosure(action)


def stroboscope(state: State) -> bool:
    """Whether the chance node is the last card the Stroboscope draws to be played at once."""
    top = getattr(state, "stack").top if getattr(state, "stack") else None  # noqa: B009
    return (
        state.is_chance_node()
        and len(getattr(state, "chance")) == 1  # noqa: B009
        and type(top).__name__ == "PlayTacticsChoice"
        and top.drawn > 0
    )


def test_turris_a_card_drawn_to_be_played_is_read_by_its_drawer() -> None:
    """Whether the card may be played shows as the choice stays or goes, but other cards of
    the pool would show the same."""

    def drawn(s: State, a: str) -> bool:
        return a.startswith("draw tactics") and stroboscope(s)

    state, action = find("turris", 3, drawn)
    seat = getattr(state, "chance")[0].seat  # noqa: B009
    assert state.disclosure(action) == Disclosure(frozenset({seat}))
    assert sampled(state, action) == state.disclosure(action)


def test_turris_a_card_drawn_to_be_played_is_told_by_a_seat_holding_its_twins() -> None:
    """A seat that holds every other card the draw could show alike, or knows the rest
    would show otherwise, tells the card drawn."""

    def told(s: State, a: str) -> bool:
        if not (a.startswith("draw tactics") and stroboscope(s)):
            return False
        readers = s.disclosure(action_named(s, a)).readers  # type: ignore[union-attr]
        return readers is None or len(readers) > 1

    state, action = find("turris", 4, told)
    assert sampled(state, action) == state.disclosure(action)


def test_turris_a_card_played_among_those_just_drawn_reveals_it() -> None:
    def play(s: State, a: str) -> bool:
        top = getattr(s, "stack").top if getattr(s, "stack") else None  # noqa: B009
        return a.startswith("play ") and type(top).__name__ == "PlayTacticsChoice" and top.drawn

    state, action = find("turris", 3, play)
    assert state.disclosure(action) == Disclosure(None, True)
    assert sampled(state, action) == state.disclosure(action)


def test_sifnos_a_card_drawn_into_a_hand_is_its_owners() -> None:
    def drawn(s: State, a: str) -> bool:
        top = getattr(s, "pending")[-1]  # noqa: B009
        return type(top).__name__ == "Draw" and top.seat >= 0

    state, action = find("sifnos", 3, drawn)
    seat = getattr(state, "pending")[-1].seat  # noqa: B009
    assert state.disclosure(action) == Disclosure(frozenset({seat}))
    assert sampled(state, action) == state.disclosure(action)


def test_sifnos_a_card_given_is_read_by_giver_and_receiver() -> None:
    def give(s: State, a: str) -> bool:
        return a.startswith("give ") and len(set(getattr(s, "hands")[s.current_player()])) > 1  # noqa: B009

    state, action = find("sifnos", 3, give)
    frame = getattr(state, "pending")[-1]  # noqa: B009
    assert state.disclosure(action) == Disclosure(frozenset({frame.seat, frame.to}))
    assert sampled(state, action) == state.disclosure(action)


def test_sifnos_a_card_drawn_alone_is_read_by_the_player_not_the_spectator() -> None:
    """Solo: the player is every seat, yet the spectator sees no hand, so any other card of
    the deck would have left it seeing the same."""

    def drawn(s: State, a: str) -> bool:
        top = getattr(s, "pending")[-1]  # noqa: B009
        return type(top).__name__ == "Draw" and top.seat >= 0 and len(s.legal_actions()) > 1

    state, action = find("sifnos", 1, drawn)
    assert state.disclosure(action) == Disclosure(frozenset({0}))
    assert sampled(state, action) == state.disclosure(action)


def test_sifnos_a_card_given_between_two_players_is_theirs_alone() -> None:
    def give(s: State, a: str) -> bool:
        return a.startswith("give ") and len(getattr(s, "hands")[s.current_player()]) > 1  # noqa: B009

    state, action = find("sifnos", 2, give)
    assert state.disclosure(action) == Disclosure(frozenset({0, 1}))
    assert sampled(state, action) == state.disclosure(action)


def test_sifnos_the_last_card_in_hand_given_is_read_by_everybody() -> None:
    def give(s: State, a: str) -> bool:
        return a.startswith("give ") and len(getattr(s, "hands")[s.current_player()]) == 1  # noqa: B009

    state, action = find("sifnos", 3, give)
    assert state.disclosure(action) == PUBLIC
    assert sampled(state, action) == PUBLIC


def sifnos_effect(state: State, name: str) -> tuple[str, int | None] | None:
    """The kind and price of the effect the action ``name`` uses from a column, if it is
    one."""
    from towers.games.sifnos import frames
    from towers.games.sifnos.actions import DATA, SPACE, UseCard, UsePrinted

    top = getattr(state, "pending")[-1]  # noqa: B009
    if not name.startswith("use ") or not isinstance(top, frames.Prepare | frames.Column):
        return None
    match SPACE.decode(action_named(state, name)):
        case UseCard(card=c):
            return DATA.cards[c].kind, DATA.cards[c].discard
        case UsePrinted(effect=e):
            return DATA.printed[e].id, DATA.printed[e].discard
    return None


def action_named(state: State, name: str) -> int:
    return next(a for a in state.legal_actions() if state.action_to_string(a) == name)


def held(state: State) -> int:
    return len(getattr(state, "hands")[state.current_player()])  # noqa: B009


def test_sifnos_paying_a_price_with_a_lone_card_reveals_its_mineral() -> None:
    """One card pays a lead price only if it is lead: the others held other minerals
    possible (any two cards pay any price, so a hand of two reveals nothing)."""
    from towers.games.sifnos.data import ANY

    def lone(s: State, a: str) -> bool:
        effect = sifnos_effect(s, a)
        return effect is not None and effect[1] not in (None, ANY) and held(s) == 1

    state, action = find("sifnos", 3, lone)
    declared = state.disclosure(action)
    assert declared is not None and declared.reveals
    assert sampled(state, action) == declared


def test_sifnos_an_effect_without_a_price_reveals_nothing_of_a_lone_card() -> None:
    def free(s: State, a: str) -> bool:
        effect = sifnos_effect(s, a)
        return (
            effect is not None and effect[1] is None and effect[0] != "place_card" and held(s) == 1
        )

    state, action = find("sifnos", 2, free)
    declared = state.disclosure(action)
    assert declared is not None and not declared.reveals
    assert sampled(state, action) == declared


def test_sifnos_placing_a_card_from_a_small_hand_reveals_one_could_be_placed() -> None:
    """Three cards of three minerals, each costing 2, place none: placing a card rules
    such hands out."""

    def place(s: State, a: str) -> bool:
        return a == "use Place a Card" and 2 <= held(s) <= 3

    state, action = find("sifnos", 3, place)
    declared = state.disclosure(action)
    assert declared is not None and declared.reveals
    assert sampled(state, action) == declared


def test_sifnos_placing_a_card_from_a_big_hand_reveals_a_rare_hand_ruled_out() -> None:
    """Five cards place none only when all cost 3 and no three share a mineral: too rare for
    a sample of worlds to show, so the game gives the conformance check such a world."""

    def place(s: State, a: str) -> bool:
        return a == "use Place a Card" and held(s) == 5

    state, action = find("sifnos", 3, place)
    declared = state.disclosure(action)
    assert declared is not None and declared.reveals
    witness = state.reveal_witness(action, random.Random(2))
    assert witness is not None
    conformance._check_witness(state, action, *witness, "a hand of five")


def test_sifnos_two_faces_of_the_opponents_fort_doing_the_same_are_read_by_nobody() -> None:
    """Solo: a face-down Fort that draws a card and one that moves a Soldier both move the
    opponent's marker one space, and its Forts are shown only by their count."""

    def fort(s: State, a: str) -> bool:
        top = getattr(s, "pending")[-1]  # noqa: B009
        faces = {s.action_to_string(x) for x in s.legal_actions()}
        return type(top).__name__ == "SoloFort" and a.endswith("draw 1 Card") and len(faces) == 3

    state, action = find("sifnos", 1, fort)
    assert state.disclosure(action) == Disclosure(frozenset())
    assert sampled(state, action) == Disclosure(frozenset())


def test_dark_tower_a_heroic_test_dealt_is_its_heros() -> None:
    state, action = find(
        "dark_tower", 3, lambda s, a: a.startswith("heroic test dealt"), mode="competitive"
    )
    seat = getattr(state, "pending")[-1].seat  # noqa: B009
    assert state.disclosure(action) == Disclosure(frozenset({seat}))
    assert sampled(state, action) == state.disclosure(action)


def test_dark_tower_completing_a_heroic_test_reveals_it() -> None:
    state, action = find(
        "dark_tower",
        2,
        lambda s, a: a.startswith("complete the heroic test"),
        mode="competitive",
    )
    assert state.disclosure(action) == Disclosure(None, True)
    assert sampled(state, action) == state.disclosure(action)


def released(state: State, action: str) -> str | None:
    """The outcome's name when ``action`` is one of the tower's release outcomes."""
    return action.removeprefix("tower: ") if action.startswith("tower: ") else None


def test_dark_tower_a_skull_landing_as_no_other_could_is_read_by_everybody() -> None:
    state, action = find(
        "dark_tower",
        2,
        lambda s, a: released(s, a) not in (None, "still") and not lands_alike(s, a),
    )
    assert state.disclosure(action) == PUBLIC
    assert sampled(state, action) == PUBLIC


def test_dark_tower_a_skull_out_of_an_opening_above_its_door_is_read_by_everybody() -> None:
    """The top north opening and the north door both land a skull in Durnin, but everybody
    sees which one it left by; were it unseen, the two would leave different skulls loose,
    and what came out next would tell them apart."""
    state, action = find(
        "dark_tower", 2, lambda s, a: released(s, a) not in (None, "still") and lands_alike(s, a)
    )
    assert state.disclosure(action) == PUBLIC
    assert sampled(state, action) == PUBLIC
    after = state.clone()
    after.apply_action(action)
    from towers.games.dark_tower.actions import SPACE
    from towers.games.dark_tower.tower import outcome_name

    out = outcome_name(getattr(SPACE.decode(action), "what"))  # noqa: B009
    assert after.observation(None)["tower"]["last_out"] == out


def test_dark_tower_the_tower_going_still_is_read_by_everybody() -> None:
    state, action = find("dark_tower", 3, lambda s, a: released(s, a) == "still")
    assert state.disclosure(action) == PUBLIC
    assert sampled(state, action) == PUBLIC


def lands_alike(state: State, action: str) -> bool:
    """Whether another outcome offered lands a skull on the side where ``action`` does."""
    from towers.games.dark_tower.actions import SPACE
    from towers.games.dark_tower.tower import side_of

    def side(a: int) -> int | None:
        return side_of(getattr(SPACE.decode(a), "what", -1))

    chosen = state.string_to_action(action)
    return any(a != chosen and side(a) == side(chosen) for a in state.legal_actions())


def test_dark_tower_the_last_heroic_test_of_a_type_is_read_by_its_hero_alone() -> None:
    """Four heroes share the four tests of a type: the last one dealt is the only card left,
    yet the other heroes cannot tell it from the two they have not seen."""

    def last(s: State, a: str) -> bool:
        top = getattr(s, "pending")[-1]  # noqa: B009
        return a.startswith("heroic test dealt") and len(s.legal_actions()) == 1 and top.seat == 3

    state, action = find("dark_tower", 4, last, mode="competitive")
    assert state.disclosure(action) == Disclosure(frozenset({3}))
    assert sampled(state, action) == state.disclosure(action)


@pytest.mark.parametrize("name", ["torres", "turris", "sifnos", "dark_tower"])
def test_a_declaring_game_leaves_no_action_to_sampling(name: str) -> None:
    """The declaration answers for every action of a random game: none falls back to
    sampling."""
    game = towers.make(name, players=2)
    rng = random.Random(1)
    state = game.new_initial_state()
    asked = undeclared = 0
    while not state.is_terminal():
        action = random_action(state, rng)
        asked += 1
        undeclared += state.disclosure(action) is None
        state.apply_action(action)
    assert undeclared == 0, f"{undeclared} of {asked} actions left to sampling"


@pytest.mark.parametrize(("name", "players"), [("sifnos", 1), ("turris", 1), ("turris", 5)])
def test_solo_and_crowded_tables_leave_no_action_to_sampling(name: str, players: int) -> None:
    """One seat reading a card drawn is every seat, and the spectator's answer is declared
    too; five Turris seats meet the Stroboscope's draw more often."""
    game = towers.make(name, players=players)
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = random_action(state, rng)
        assert state.disclosure(action) is not None, state.action_to_string(action)
        state.apply_action(action)


@pytest.mark.parametrize(
    ("players", "mode"),
    [(1, "cooperative"), (4, "cooperative"), (2, "competitive"), (4, "competitive")],
)
def test_dark_tower_leaves_no_action_to_sampling(players: int, mode: str) -> None:
    game = towers.make("dark_tower", players=players, mode=mode)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            action = random_action(state, rng)
            assert state.disclosure(action) is not None, state.action_to_string(action)
            state.apply_action(action)
