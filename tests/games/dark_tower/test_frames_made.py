"""The frames made once (towers/games/dark_tower/frames.py) equal the frames they stand for."""

from __future__ import annotations

from towers.games.dark_tower import frames as F


def test_each_seat_frame_is_the_frame_of_its_seat() -> None:
    for s in F.SEATS:
        assert F.START_TURN[s] == F.StartTurn(seat=s)
        assert F.TURN[s] == F.Turn(seat=s)
        assert F.END_TURN[s] == F.EndTurn(seat=s)
        assert F.EVENT_DRAW[s] == F.EventDraw(seat=s)
        assert F.RELEASING[s] == F.Releasing(dropper=s)
        for k in F.SEATS:
            assert F.PLACE_SKULL[s * 4 + k] == F.PlaceSkull(seat=s, kingdom=k)
    assert F.QUEST_DRAW == (F.QuestDraw(kind=0), F.QuestDraw(kind=1))


def test_skull_drops_of_any_count() -> None:
    for s in F.SEATS:
        for n in range(F.DROPS_MADE + 3):
            assert F.skull_drops(s, n) == F.SkullDrops(dropper=s, n=n)


def test_effects_frames_kept_or_made() -> None:
    pairs = ((1, 2), (3, 4))
    assert F.effects_of(2, pairs) == F.Effects(seat=2, effects=(1, 2, 3, 4), corrupted=False)
    assert F.effects_of(2, pairs) is F.effects_of(2, pairs)
    assert F.effects_of(1, list(pairs)) == F.Effects(seat=1, effects=(1, 2, 3, 4), corrupted=False)
    assert F.effects_frame(0, (5, 1), True) == F.Effects(seat=0, effects=(5, 1), corrupted=True)
    assert F.effects_frame(0, (5, 1), True) is not F.effects_frame(0, (5, 1), False)
