"""Request and response bodies of the HTTP API, as documented at ``/docs``."""

from __future__ import annotations

import math
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, model_validator

MAX_SEED = 2**63 - 1
"""Seeds are stored as signed 64-bit integers."""
MAX_INT = 2**31 - 1
"""The largest ply, action, step or seat number the API reads."""
MAX_SEATS = 64


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def whole(value: Any) -> Any:
    """A JSON integer, as JSON Schema counts them: a number with no fraction (``22`` or
    ``22.0``); strings, booleans and fractions are refused.

    >>> whole(22.0), whole(7)
    (22, 7)
    """
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"must be a whole number, not {value!r}")


Accepted = BeforeValidator(whole)
"""On an integer field: what the published schema calls an integer is accepted (after the
field's bounds, so that the schema states them)."""

Ply = Annotated[
    int,
    Field(ge=0, le=MAX_INT, description="the ply (log length) the action was chosen at"),
    Accepted,
]
ActionNumber = Annotated[int, Field(ge=0, le=MAX_INT, description="the action's number"), Accepted]
Players = Annotated[int, Field(ge=1, le=MAX_SEATS), Accepted]
Seed = Annotated[int, Field(ge=0, le=MAX_SEED), Accepted]

EXACTLY_ONE = {
    "oneOf": [
        {"required": ["action"], "properties": {"action": {"type": "integer"}}},
        {"required": ["text"], "properties": {"text": {"type": "string"}}},
    ]
}
"""The schema's way of saying: exactly one of ``action`` and ``text`` is given (not null)."""


class SeatSpec(Strict):
    kind: str = Field("human", description="'human' or a bot from the catalog")
    params: dict[str, Any] = Field(
        default_factory=dict, description="bot parameters, e.g. {'seconds': 1.0} for mcts"
    )
    name: str | None = Field(None, max_length=40, description="a name shown to the table")


class CreateGame(Strict):
    game: str = Field(description="a game from the catalog, e.g. 'torres'")
    players: Players | None = Field(None, description="default: one per seat, else the fewest")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seats: list[SeatSpec] | None = Field(
        None, max_length=MAX_SEATS, description="who plays each seat (default: humans)"
    )
    seed: Seed | None = Field(None, description="seed of chance and bots (default: random)")


class ActionRequest(Strict):
    """Exactly one of ``action`` (its number) and ``text`` (its words)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=EXACTLY_ONE)

    ply: Ply
    action: ActionNumber | None = None
    text: str | None = Field(None, max_length=200, description="or the action in words")

    @model_validator(mode="after")
    def one_of(self) -> ActionRequest:
        if (self.action is None) == (self.text is None):
            raise ValueError("give exactly one of 'action' (a number) and 'text' (words)")
        return self


class UndoRequest(Strict):
    ply: Ply


class SeatRequest(Strict):
    kind: str = Field(description="a bot to take the seat over, or 'human' to take it back")
    params: dict[str, Any] = Field(default_factory=dict)


class Hello(Strict):
    """The first WebSocket message of a client."""

    type: str
    secret: str | None = None
    svg: StrictBool = False
    log: StrictBool = False


class WsAction(Strict):
    type: str
    ply: Ply
    action: ActionNumber | None = None
    text: str | None = Field(None, max_length=200)


class WsUndo(Strict):
    type: str
    ply: Ply


class Error(BaseModel):
    error: str = Field(description="a short code: malformed, unknown_game, wrong_secret, ...")
    message: str = Field(description="what was wrong, in words")


class SeatLink(BaseModel):
    seat: int
    seat_name: str = Field(description="the seat as every screen names it ('Blue')")
    kind: str
    name: str
    secret: str | None = Field(None, description="only for human seats; shown once")
    link: str | None = Field(None, description="the page of this seat (keeps the secret)")


class Created(BaseModel):
    id: str
    game: str
    players: int
    seats: list[SeatLink]
    spectator_link: str


class SeatInfo(BaseModel):
    seat: int
    kind: str
    name: str
    is_bot: bool
    present: bool
    params: dict[str, Any]


class LegalAction(BaseModel):
    action: int
    text: str
    targets: list[str] = Field(description="ids of SVG elements to click, in order")
    ends_turn: bool = Field(
        description="whether it is the last its actor may take back (the page confirms it)"
    )


class LogEntry(BaseModel):
    ply: int
    actor: int = Field(description="the seat, or -1 for chance")
    who: str
    text: str = Field(
        description="the action in the game's log words, or 'a hidden choice/outcome'"
    )
    chapter: str = Field(description="the part of the game it was taken in; empty in setup")


class Ending(BaseModel):
    verdict: str = Field(description="who won, in words")
    reason: str = Field(description="why the game ended")
    categories: list[str] = Field(description="the score's parts; the last is the total")
    rows: list[list[float | int | str]] = Field(description="per seat, a value per category")
    notes: list[str]


class GameView(BaseModel):
    id: str
    game: str
    title: str = Field(description="the game's printed title")
    players: int
    options: dict[str, Any]
    you: int | None = Field(description="your seat; null for a spectator")
    ply: int
    status: str = Field(description="playing or over")
    current_player: int = Field(description="the seat to move; -1 chance, -4 game over")
    to_move: int | None
    your_turn: bool
    observation: dict[str, Any] = Field(description="observation(your seat)")
    scores: list[float] | None
    winners: list[int]
    legal: list[LegalAction] = Field(description="only on your own turn")
    can_undo: bool
    ending: Ending | None = Field(description="how the game ended, by score category; null before")
    colours: list[str] | None = Field(description="each seat's colour as the board draws it")
    seat_names: list[str] = Field(
        description="each seat's name as every screen shows it ('Blue'); the seat number is an id"
    )
    seats: list[SeatInfo]
    svg: str | None = Field(None, description="with ?svg=true")
    log: list[LogEntry] | None = Field(None, description="with ?log=true")


class ReplayStep(BaseModel):
    id: str
    game: str
    you: int | None
    step: int
    total: int
    current_player: int
    observation: dict[str, Any]
    scores: list[float] | None
    winners: list[int]
    ending: Ending | None = None
    colours: list[str] | None = None
    seat_names: list[str] = Field(default_factory=list, description="as the game view's")
    log: list[LogEntry]
    svg: str | None = None


# ---- hints, what if and reviews (towers.server.learning) ------------------------------------
class HintRequest(Strict):
    ply: Ply
    iterations: Annotated[int, Field(ge=1, le=2000), Accepted] | None = Field(
        None, description="imagined games to search (default and most: the server's bound)"
    )
    seconds: float | None = Field(
        None, gt=0, le=10, description="a think time instead, or as well (whichever ends first)"
    )
    intended: ActionNumber | None = Field(
        None, description="the move you were about to make, compared with the one found"
    )


class WhatIfRequest(Strict):
    ply: Ply
    action: ActionNumber


class HintAgreement(Strict):
    agree: StrictBool = Field(description="your seat's yes (or no) to hints in this game")


class HintsPolicy(BaseModel):
    allowed: bool = Field(description="whether your seat may ask for a hint in this game")
    reason: str | None = Field(description="why not, in words; null when allowed")
    agreed: list[int] = Field(description="the human seats that agreed to hints")
    needs_agreement: bool = Field(
        description="true in a game between people, where hints need every human seat's yes"
    )


class HintAnswer(BaseModel):
    seat: int
    ply: int
    action: int = Field(description="the move found; one of the seat's legal actions")
    words: str
    log: str = Field(description="what it does, as the log says it")
    targets: list[str] = Field(description="its board targets, as the view's legal action")
    points_now: float
    lead: float | None = Field(description="the lead expected after it; null: nothing searched")
    other_action: int | None
    other_words: str
    iterations: int
    cut_short: bool
    lines: list[str] = Field(description="why, in words, a line each")


class WhatIfAnswer(BaseModel):
    seat: int
    ply: int
    action: int
    words: str
    points_now: float
    next_player: int
    lines: list[str]


class ReviewProgress(BaseModel):
    status: str = Field(description="'running' while the review is made")
    done: int = Field(description="decisions searched so far")
    total: int = Field(description="decisions to search")


class ReviewSwing(BaseModel):
    step: int = Field(description="the replay's step after the move")
    seat: int
    cost: float
    text: str = Field(description="in words; 'a hidden choice' for a move you may not read")


class ReviewRating(BaseModel):
    step: int
    seat: int
    words: str = Field(description="the move, or 'a hidden choice'")
    points_now: float
    choices: int
    cost: float


class ReviewAnswer(BaseModel):
    status: str = Field(description="'done'")
    game: str
    steps: int
    finished: bool
    you: int | None
    unit: str = Field(description="'points', or 'measure' for a game counted in a standing")
    scores: list[list[float]] = Field(description="scores[seat][step], step 0 the start")
    swings: list[ReviewSwing]
    ratings: list[ReviewRating]
    costs: list[float] = Field(description="what each seat's decisions cost in all")
    categories: list[str]
    rows: list[list[float | int | str]]
    verdict: str
    notes: list[str]
    colours: list[str] | None


# ---- tutorials (towers.server.lessons) ----------------------------------------------------------
class LessonEntry(BaseModel):
    key: str = Field(description="the lesson's key, as its page's address names it")
    title: str
    rule: str = Field(description="the rulebook section it teaches (empty: none)")
    bout: bool = Field(description="true for the last lesson: a game against the random bot")


class TutorialEntry(BaseModel):
    game: str
    title: str = Field(description="the game's printed title")
    players: int
    lessons: list[LessonEntry]


class Tutorials(BaseModel):
    tutorials: list[TutorialEntry]


class LessonMove(BaseModel):
    action: int
    text: str = Field(description="the move in words")
    targets: list[str] = Field(description="the board's elements to click for it, in order")


class LessonBout(BaseModel):
    game: str
    players: int
    seat: int = Field(description="the seat the player takes")
    seats: list[SeatSpec] = Field(description="the seats for POST /api/games")


class LessonView(BaseModel):
    game: str
    title: str = Field(description="the game's printed title")
    key: str
    lesson: str = Field(description="the lesson's title")
    number: int = Field(description="its place in the tutorial, from 1")
    total: int
    rule: str = Field(description="the rulebook section it teaches")
    rule_text: str = Field(description="that section in short (empty: none)")
    intro: str = Field(description="what to look at")
    ask: str = Field(description="the question: the move to make (empty for the last lesson)")
    seat: int = Field(description="the seat the player holds; the board is drawn for it")
    previous: str | None
    next: str | None
    svg: str | None
    legal: list[LessonMove] = Field(description="the seat's legal moves in the position")
    colours: list[str] | None = None
    bout: LessonBout | None = Field(
        description="for the last lesson: the game against the random bot to create"
    )


class LessonTry(Strict):
    """Exactly one of ``action`` (its number) and ``text`` (its words)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=EXACTLY_ONE)

    action: ActionNumber | None = None
    text: str | None = Field(None, max_length=200, description="or the move in words")

    @model_validator(mode="after")
    def one_of(self) -> LessonTry:
        if (self.action is None) == (self.text is None):
            raise ValueError("give exactly one of 'action' (a number) and 'text' (words)")
        return self


class LessonVerdict(BaseModel):
    ok: bool = Field(description="true when it is the move the lesson asks for")
    refused: bool = Field(description="true when the rules forbid it there")
    action: int
    words: str = Field(description="the move tried, in words")
    text: str = Field(description="why it is right, weaker or refused (with the rule)")
    after: str | None = Field(description="what follows, once the lesson's move is made")
    next: str | None = Field(description="the next lesson's key, once the lesson's move is made")
    svg: str | None = Field(description="the board after the lesson's move")


class HelpTopic(BaseModel):
    key: str = Field(description="the key a board's data-help attribute names")
    name: str = Field(description="its printed name")
    kind: str = Field(description="what kind of thing it is (card, space, track...)")
    text: str = Field(description="what it is and does, in the rulebook's meaning")


class HelpRule(BaseModel):
    section: str = Field(description="the rulebook section a refusal cites")
    text: str = Field(description="that rule in short")


class GameHelp(BaseModel):
    title: str = Field(description="the game's printed title")
    howto: str = Field(description="how this game goes, in short")
    topics: list[HelpTopic]
    rules: list[HelpRule]


class LessonHint(BaseModel):
    action: int = Field(description="the move the hint gives")
    words: str = Field(description="that move in words")
    targets: list[str] = Field(description="the board's places to choose for it")
    source: str = Field(description="'lesson': the lesson's one move; 'search': the best of its moves")
    lines: list[str] = Field(description="why, the lesson's own teaching first")
