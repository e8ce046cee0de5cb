"""Ranged attacks: units of some arms bombard an enemy hex within a range."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BombardmentRule:
    """Units of ``arms`` bombard alone (they never take part in an ordinary attack) a hex
    at most ``range`` hexes away: their attack strengths against the target's defence on
    ``table``, at ``column`` when the game fixes one, else at the odds as for an attack,
    shifted ``column_shift``; the target's terrain counts, its hexsides do not. Not on
    a night turn unless ``at_night``; with ``attacker_results`` False, results against
    the attackers do not apply."""

    section: str
    arms: frozenset[str]
    range: int
    table: str
    column: str | None
    column_shift: int
    at_night: bool
    attacker_results: bool
