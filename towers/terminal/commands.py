"""The commands that show the rest of a game on request, in play and in replay: the game's
sections (``board``, ``me``, ``supply``, ``scores``), the ``log`` by chapter, ``help NAME``
on a component, ``rules`` and ``howto``. Output longer than the screen is paged on a
terminal, else printed whole; then the screen is shown again.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from towers.core.game import State
from towers.core.registry import views_of
from towers.core.views import Views, find_topics
from towers.core.words import and_list, plural
from towers.terminal.views import board_text
from towers.terminal.visibility import Seen, move_line

SECTIONS = ("board", "me", "supply", "scores")
"""The sections a game's views may give, each typed as a command."""

SECTION_WORDS = {
    "board": "the board",
    "me": "what you hold",
    "supply": "what is on offer",
    "scores": "the scores",
}


@dataclass
class LogEntry:
    """One action of the log: its ply, who took it, its words (as :meth:`Views.log_words`
    says it), who may read them and the chapter it was taken in."""

    ply: int
    actor: int
    who: str
    words: str
    seen: Seen
    chapter: str
    names: Sequence[str] = ()
    """Every seat's name (:meth:`Views.seat_names`), for who saw a hidden action."""

    def line(self, seat: int | None) -> str:
        """The entry as ``seat`` (None: the spectator) may read it."""
        return move_line(self.actor, self.who, self.words, self.seen, [seat], self.names)


def log_entry(state: State, action: int, who: str, seen: Seen) -> LogEntry:
    """The log's entry for ``action``, with ``state`` the state before it."""
    views = views_of(state.game)
    return LogEntry(
        ply=len(state.history()),
        actor=state.current_player(),
        who=who,
        words=views.log_words(state, action),
        seen=seen,
        chapter=views.chapter(state),
        names=views.seat_names(),
    )


def log_text(entries: Sequence[LogEntry], seat: int | None, before: int = 0) -> Text:
    """The log grouped by chapter, as ``seat`` may read it; ``before`` actions taken before
    the entries are counted first."""
    out = Text()
    if before:
        out.append(
            f"({plural(before, 'earlier action')}: towers replay shows them)\n",
            style="dim",
        )
    if not entries:
        out.append("Nothing has happened yet.")
        return out
    chapter: str | None = None
    for entry in entries:
        if entry.chapter != chapter:
            chapter = entry.chapter
            if len(out):
                out.append("\n")
            out.append(f"{chapter or 'Set-up'}\n", style="bold")
        out.append(f"  {entry.line(seat)}\n")
    out.rstrip()
    return out


def page(console: Console, body: RenderableType, redraw: Callable[[], None], height: int) -> None:
    """Print ``body``; when it is longer than the screen, page it on a terminal (else print
    it whole) and then show the screen again."""
    lines = console.render_lines(body, console.options, pad=False)
    if len(lines) <= height - 2:
        console.print(body)
        return
    if console.is_terminal:
        with console.pager(styles=False):
            console.print(body)
    else:
        console.print(body)
    redraw()


class Explainer:
    """What a seat may read of a game on request; ``last_rule`` is the rulebook section the
    last refusal cited."""

    def __init__(self, views: Views, game_name: str) -> None:
        self.views = views
        self.game_name = game_name
        self.last_rule = ""

    def section(self, state: State, seat: int | None, name: str) -> RenderableType:
        sections = self.views.sections(state, seat)
        body = sections.get(name)
        if body is None or not body.strip():
            have = [s for s in SECTIONS if (sections.get(s) or "").strip()]
            have += [s for s in sections if s not in SECTIONS and s not in have]
            return Text(
                f"{self.game_name} has no {name} section; it has "
                f"{and_list(repr(s) for s in have) or 'none'}."
            )
        return Group(
            Text(SECTION_WORDS.get(name, name).capitalize(), style="bold"), board_text(body)
        )

    def topic(self, query: str, commands: dict[str, str]) -> RenderableType:
        """``help NAME``: a command's use, or what a component does."""
        word = query.strip().lower()
        if word in commands:
            return Text(f"{word}: {commands[word]}")
        topics = find_topics(self.views, query)
        if len(topics) == 1:
            t = topics[0]
            return Group(
                Text.assemble((t.name, "bold"), f" ({t.kind})"), board_text(escape(t.text))
            )
        if topics:
            names = sorted(dict.fromkeys(t.name for t in topics))
            shown = names[:30]
            more = f" and {len(names) - 30} more" if len(names) > 30 else ""
            return Text(
                f"{query.strip()!r} could be any of: {', '.join(shown)}{more}. "
                "Type help and one of these names."
            )
        names = sorted({t.name for t in self.views.glossary()})
        if not names:
            return Text(
                f"{self.game_name} has no descriptions of its components here; "
                "'help' lists the commands."
            )
        by_lower = {n.lower(): n for n in names}
        close = difflib.get_close_matches(word, list(by_lower), n=5, cutoff=0.6)
        words = [w for w in word.split() if len(w) > 2]
        close += [n for n in by_lower if any(w in n for w in words) and n not in close][:5]
        hint = (
            f" Did you mean {and_list([by_lower[c] for c in close[:5]], 'or')}?"
            if close
            else f" Type help and the start of a name, for example: help {names[0]}"
        )
        return Text(f"Nothing in {self.game_name} is called {query.strip()!r}.{hint}")

    def rules(self, query: str) -> RenderableType:
        """``rules SECTION``: the section named (by the start of its name, case aside);
        ``rules`` alone: the section the last refusal cited, then the list of sections."""
        sections = self.views.rule_sections()
        want = " ".join(query.lower().split())
        if not want:
            parts: list[RenderableType] = []
            if self.last_rule:
                parts.append(self._section(self.last_rule))
            if sections:
                parts.append(
                    Text(
                        "Rule sections (type rules and the start of one):\n"
                        + "\n".join(f"  {s}" for s in sections)
                    )
                )
            elif not parts:
                parts.append(Text(f"{self.game_name} has no rule summaries here."))
            return Group(*parts)

        def names(section: str) -> list[str]:
            """The section's name and its name after the book's ("Torres, Move a knight")."""
            low = section.lower()
            return [low] + [low.split(sep, 1)[1].strip() for sep in (", ", ": ") if sep in low]

        exact = [s for s in sections if want in names(s)]
        found = exact or [s for s in sections if any(n.startswith(want) for n in names(s))]
        if len(found) == 1:
            return self._section(found[0])
        if found:
            return Text(f"{query.strip()!r} could be any of: {'; '.join(found)}.")
        listed = "; ".join(sections) if sections else "none"
        return Text(f"No rule section starts with {query.strip()!r}. The sections: {listed}.")

    def _section(self, section: str) -> RenderableType:
        text = self.views.rules_section(section)
        if not text:
            return Text(f"{section}: no summary of this section here.")
        return Group(Text(section, style="bold"), Text(text))

    def howto(self) -> RenderableType:
        text = self.views.howto().strip()
        if not text:
            return Text(
                f"{self.game_name} has no summary of its play here; 'rules' lists its rules."
            )
        return Group(Text(f"How {self.game_name} goes", style="bold"), Text(text))
