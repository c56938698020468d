r"""One reader for every game's data files: a TOML file checked against one schema.

A game describes each of its data files (``towers/games/<game>/data/*.toml``) as a
:class:`Schema`, a pydantic model of the file as written (its tables, keys and the types and
values each may take), and reads it with :func:`read`. What the rest of the game uses (its
frozen dataclasses, indexes and derived tables) is then built from the checked model, so a
game's loader holds only its schema and what it derives.

Why pydantic models rather than dataclasses with a loader of our own: pydantic comes with the
server's FastAPI already, checks nested tables, lists and literal choices from the type hints
alone, and reports every fault with its path in the file, which is what a person editing a
data file needs; a loader of our own would have to re-implement those three things.

The schemas are strict: a key the schema does not know is an error (a misspelt key would
otherwise be read as missing and fall back to a default), and a value of the wrong type is not
converted (``"3"`` is not the number 3). A fault raises :class:`DataFileError` naming the file,
the key path (``phases[2].rounds``) and what is allowed there.

>>> class Turn(Schema):
...     action_points: int
...     name: str = "turn"
>>> read_text('action_points = "five"', Turn, "game.toml")
Traceback (most recent call last):
...
towers.core.datafile.DataFileError: game.toml: action_points: should be a whole number, not 'five'
>>> read_text('nmae = "round"', Turn, "game.toml")
Traceback (most recent call last):
...
towers.core.datafile.DataFileError: game.toml: action_points: missing (a required key); nmae: unknown key; the keys allowed here are action_points, name
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

__all__ = ["DataFileError", "Schema", "Source", "Text", "read", "read_raw", "read_text"]


class DataFileError(ValueError):
    """A data file that is not valid TOML or does not match its schema; the message names
    the file, each faulty key's path and what is allowed there."""


class Schema(BaseModel):
    """A table of a data file: its keys are the model's fields, no other key is allowed, and
    values are taken as written (no conversion between types)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _check_source(text: str) -> str:
    section = text.removeprefix("rulebook: ") if text.startswith("rulebook: ") else ""
    reason = text.removeprefix("designed").removeprefix(":").strip()
    if section.strip() or (text.startswith("designed") and (reason or text == "designed")):
        return text
    raise ValueError("should be 'rulebook: <section>' or 'designed: <reason>'")


Source = Annotated[str, AfterValidator(_check_source)]
"""An item's provenance: ``"rulebook: <section>"`` for what the rulebook states, ``"designed"``
or ``"designed: <reason>"`` for what it does not (see the house style's data provenance)."""


def _words(text: str) -> str:
    if not text.strip():
        raise ValueError("should not be empty")
    return text


Text = Annotated[str, AfterValidator(_words)]
"""Words players read: a string that is not empty."""


def rule(check: Callable[[Any], bool], says: str) -> AfterValidator:
    """A validator for ``Annotated[type, rule(...)]`` that refuses a value for which ``check``
    is false, saying ``says`` (a count the rulebook gives, a value of a fixed set)."""

    def validate(value: Any) -> Any:
        if not check(value):
            raise ValueError(says)
        return value

    return AfterValidator(validate)


S = TypeVar("S", bound=Schema)


def read(path: Path, schema: type[S], error: type[DataFileError] = DataFileError) -> S:
    """The file at ``path``, checked against ``schema``; ``error`` (a subclass of
    :class:`DataFileError`, such as a game's own) is raised for a fault."""
    return read_text(path.read_text(), schema, path.name, error)


def read_raw(
    path: Path, schema: type[S], error: type[DataFileError] = DataFileError
) -> tuple[S, dict[str, Any]]:
    """The file at ``path`` checked against ``schema``, and its tables as read, keys in the
    file's order (for a game that keeps a table whole after checking it)."""
    text = path.read_text()
    return read_text(text, schema, path.name, error), tomllib.loads(text)


def read_text(
    text: str, schema: type[S], name: str, error: type[DataFileError] = DataFileError
) -> S:
    """``text``, the contents of the data file ``name``, checked against ``schema``."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{name}: not valid TOML: {exc}") from None
    try:
        # as JSON: TOML's arrays then fill tuples too, strict mode converting nothing else
        return schema.model_validate_json(json.dumps(raw))
    except ValidationError as exc:
        faults = [describe(fault, schema) for fault in exc.errors(include_url=False)]
        raise error(f"{name}: " + "; ".join(faults)) from None


def key_path(loc: tuple[int | str, ...]) -> str:
    """A fault's location as a person reads it in the file: ``phases[2].rounds``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "the file"


def describe(fault: ErrorDetails, schema: type[Schema]) -> str:
    """One fault of a validation, in words: where it is and what is allowed there."""
    loc = tuple(part for part in fault["loc"] if not _is_union_tag(part))
    where = key_path(loc)
    kind = fault["type"]
    if kind == "missing":
        return f"{where}: missing (a required key)"
    if kind == "extra_forbidden":
        allowed = _keys_at(schema, loc[:-1])
        listed = ", ".join(allowed) if allowed else "none"
        return f"{where}: unknown key; the keys allowed here are {listed}"
    given = fault.get("input")
    wanted = _WANTED.get(kind)
    if wanted is None and kind == "literal_error":
        expected = fault.get("ctx", {}).get("expected", "")
        wanted = f"be {expected}"
    if wanted is None:
        message = fault["msg"]
        wanted = message[0].lower() + message[1:] if message else kind
        wanted = wanted.removeprefix("value error, ")
        if isinstance(given, dict):  # a whole table: its path already says which
            return f"{where}: {wanted}"
        return f"{where}: {wanted} (given {given!r})"
    return f"{where}: should {wanted}, not {given!r}"


_WANTED = {
    "int_type": "be a whole number",
    "float_type": "be a number",
    "string_type": "be a string",
    "bool_type": "be true or false",
    "list_type": "be a list",
    "dict_type": "be a table",
    "model_type": "be a table",
    "model_attributes_type": "be a table",
}


def _is_union_tag(part: int | str) -> bool:
    # pydantic names the branch of a union it tried (``int``, ``list[int]``): not a key
    return isinstance(part, str) and ("[" in part or part in {"int", "str", "float", "bool"})


def _keys_at(schema: type[Schema], loc: tuple[int | str, ...]) -> list[str]:
    """The keys the schema allows in the table at ``loc`` (empty if it cannot tell)."""
    model: Any = schema
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part) if _is_schema(model) else None
        if field is None:
            return []
        model = _schema_in(field.annotation)
    if not _is_schema(model):
        return []
    # a field kept out of dumps is filled by the schema itself, not written in the file
    fields = model.model_fields.items()
    return [field.alias or name for name, field in fields if not field.exclude]


def _is_schema(value: object) -> bool:
    return isinstance(value, type) and issubclass(value, BaseModel)


def _schema_in(annotation: Any) -> Any:
    """The model a field holds, directly or as the items of a list or table."""
    if _is_schema(annotation):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _schema_in(arg)
        if found is not None:
            return found
    return None
