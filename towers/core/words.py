"""Counts and lists in English, written one way for every game's views, log and refusals.

>>> plural(1, "point"), plural(2, "point"), plural(0, "space")
('1 point', '2 points', '0 spaces')
>>> plural(1, "Gold Card"), plural(3, "Gold Card")
('1 Gold Card', '3 Gold Cards')
>>> plural(2, "cross"), plural(2, "ally"), plural(2, "day"), plural(2, "thief", "thieves")
('2 crosses', '2 allies', '2 days', '2 thieves')
>>> and_list(["a", "b", "c"]), and_list(["a", "b"]), and_list(["a"]), and_list([])
('a, b and c', 'a and b', 'a', '')
>>> and_list(["Lead", "Silver"], "or")
'Lead or Silver'
"""

from __future__ import annotations

from collections.abc import Iterable

_HISSING = ("s", "x", "z", "ch", "sh")


def plural_of(word: str) -> str:
    """The plural of a noun (of its last word, for a phrase): the regular English endings.

    >>> plural_of("Battle advantage"), plural_of("box"), plural_of("Treasury")
    ('Battle advantages', 'boxes', 'Treasuries')
    """
    if word.endswith(_HISSING):
        return word + "es"
    if len(word) > 1 and word[-1] == "y" and word[-2].lower() not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one; ``many`` spells an irregular plural."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many if many is not None else plural_of(word)}"


def and_list(items: Iterable[str], last: str = "and") -> str:
    """The items as a sentence lists them: commas, and ``last`` before the final one."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
