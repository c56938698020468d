"""The lessons of each game's tutorial (see :mod:`towers.learn.tutorial`), and the registry
of the tutorials by game: the lesson modules import the tutorial's types, and only this
package knows every lesson module, so the two import each other in one direction only."""

from __future__ import annotations

from towers.learn.tutorial import LessonError, Tutorial


def tutorials() -> dict[str, Tutorial]:
    """Every game's tutorial, by the game's name."""
    from towers.learn.lessons import dark_tower, sifnos, tiletum, torres, turris

    every = (torres, tiletum, turris, sifnos, dark_tower)
    return {m.TUTORIAL.game: m.TUTORIAL for m in every}


def tutorial(game: str) -> Tutorial:
    """The tutorial of ``game`` (a registry name); a :class:`LessonError` naming the
    tutorials there are when it has none."""
    found = tutorials()
    if game not in found:
        raise LessonError(
            f"there is no tutorial for {game!r}; tutorials: {', '.join(sorted(found))}"
        )
    return found[game]
