"""Test-wide fixtures: the toy game is registered for the tests that exercise the core."""

from towers.core.registry import register_game

register_game("toy", "tests.toy_game:PLUGIN")

# the plugin package is installed by its test, not imported from here
collect_ignore = ["plugin/towers-pillars"]
