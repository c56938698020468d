"""Test-wide set-up: the toy game is registered for the tests that exercise the core, and
Hypothesis is told that no property test is a timing test."""

from hypothesis import HealthCheck, settings

from towers.core.registry import register_game

register_game("toy", "tests.toy_game:PLUGIN")

# property tests check behaviour, never speed: no deadline on an example and no complaint
# that generating data is slow, which only a busy machine would trip
settings.register_profile("towers", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("towers")

# the plugin package is installed by its test, not imported from here
collect_ignore = ["plugin/towers-pillars"]
