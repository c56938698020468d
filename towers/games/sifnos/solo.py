"""The Scheme-driven opponent (rulebook: Solo Setup to 2 Player vs Solo Rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from towers.core.frames import Frame
    from towers.games.sifnos.rules import SifnosState


def setup(state: SifnosState) -> None:
    raise NotImplementedError


def decisions(state: SifnosState, top: Frame) -> list[int]:
    raise AssertionError(f"no decision at {top}")


def apply_decision(state: SifnosState, top: Frame, value: Any) -> None:
    raise AssertionError(f"{value} at {top}")


def apply_chance(state: SifnosState, top: Frame, value: Any) -> None:
    raise AssertionError(f"{value} at {top}")


def settle(state: SifnosState, top: Frame) -> bool:
    return False


def gain_card(state: SifnosState, n: int) -> None:
    pass


def observe(state: SifnosState) -> dict[str, Any]:
    return {}
