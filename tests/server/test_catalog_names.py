"""The catalog and the game view name games and option values as printed, beside the ids
that requests use."""

from __future__ import annotations

from tests.server.live import Live

TITLES = {
    "torres": "Torres",
    "tiletum": "Tiletum",
    "turris": "Turris",
    "sifnos": "Towers of Sifnos",
    "dark_tower": "Return to Dark Tower",
}


def test_every_game_has_a_printed_title(live: Live) -> None:
    games = {g["name"]: g for g in live.http.get("/api/catalog").json()["games"]}
    assert {name: games[name]["title"] for name in TITLES} == TITLES
    assert all(g["title"].strip() for g in games.values())
    assert games["toy"]["title"] == "Toy"  # a game that declares none: its name in words


def test_every_text_choice_of_torres_and_dark_tower_has_a_printed_name(live: Live) -> None:
    games = {g["name"]: g for g in live.http.get("/api/catalog").json()["games"]}
    for name in ("torres", "dark_tower"):
        for opt in games[name]["options"]:
            texts = [c for c in opt["choices"] if isinstance(c, str)]
            assert set(texts) <= set(opt["names"]), (name, opt["name"])
            assert all(opt["names"][c] != c for c in texts), (name, opt["name"])
    options = {o["name"]: o for o in games["dark_tower"]["options"]}
    assert options["goal"]["default"] == "recover-azkols-treasures"
    assert options["goal"]["names"]["recover-azkols-treasures"] == "Recover Azkol's Treasures"
    assert options["heroes"]["names"]["brutal-warlord"] == "Brutal Warlord"
    variant = next(o for o in games["torres"]["options"] if o["name"] == "variant")
    assert variant["names"] == {
        "basic": "Basic game",
        "common_deck": "Common action deck",
        "master": "Master version",
    }
    # a yes or no has no names: it reads as its help text
    tiles = next(o for o in games["tiletum"]["options"] if o["name"] == "action_tiles")
    assert tiles["names"] == {} and tiles["choices"] == [False, True]


def test_a_game_is_made_by_ids_and_its_view_gives_its_title(live: Live) -> None:
    g = live.create("dark_tower", players=2, options={"goal": "raise-an-outlaw-army"}, seed=4)
    view = live.view(g["id"])
    assert (view["game"], view["title"]) == ("dark_tower", "Return to Dark Tower")
    assert view["options"]["goal"] == "raise-an-outlaw-army"
