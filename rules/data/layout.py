"""The files a game folder holds: one list that the loader, the parsers, the cache and a
module's carried copy of the data all read, so none of them misses a file."""

from __future__ import annotations

GAME_FILES = (
    "game.toml",
    "map.toml",
    "units.toml",
    "scenarios.toml",
    "tables.toml",
    "cards.toml",
    "module.toml",
)
REQUIRED_FILES = ("game.toml", "map.toml", "units.toml", "scenarios.toml")
"""Without any of these a game has no board, no pieces or nothing to set up; only the
tables and cards (a game may have none), the generated map and ``module.toml`` (a game
adopted from a module someone else made, :mod:`rules.adopted`) are optional."""
GENERATED_MAP_FILE = "terrain.toml"
"""Map data generated from the theatre (``stavka map project``); ``map.toml`` wins over it."""
