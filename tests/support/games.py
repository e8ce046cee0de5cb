"""The shipped games, loaded once per test run.

Tests only read a GameSpec (it is frozen; tests that vary one build a copy with
``dataclasses.replace``), so one load serves every test module.
"""

from __future__ import annotations

from functools import cache

from rules.data.loader import load_game
from rules.hexes import Hex
from rules.model import GameSpec


@cache
def shipped_game(name: str) -> GameSpec:
    """The shipped game ``name`` (tps, dos or rks)."""
    return load_game(name)


def hex_of(spec: GameSpec, name: str) -> Hex:
    """The hex a printed number names; a test data slip fails with the number."""
    found = spec.parse_hex(name)
    assert found is not None, f"{name} is not a hex of {spec.id}"
    return found[1]
