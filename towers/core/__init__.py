"""The engine core: the Game/State contract, chance, errors, registry and records."""
