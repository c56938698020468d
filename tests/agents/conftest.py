"""Registers Nim, a small game with no hidden information and no chance."""

import tests.agents.nim  # noqa: F401
