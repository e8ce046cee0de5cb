"""Turning Point's air missions as ``stavka air`` prints them: each interception, each
air superiority attack with the result of every roll, and which flights fly."""

from __future__ import annotations

from collections.abc import Callable

from rules.referee.position import Position
from rules.referee.tps.air import AirMissions


def _by_id(unit_id: str) -> str:
    return unit_id


def air_text(
    position: Position, missions: AirMissions, namer: Callable[[str], str] = _by_id
) -> str:
    """The missions of ``position``'s turn, each verdict with its rule, units named by ``namer``."""
    lines = [f"{position.spec.title}, turn {position.turn} — air missions"]
    if not missions.flights:
        lines.append("No flight is flying a stated mission.")
    interceptions = missions.interception_verdicts()
    if interceptions:
        lines.append("Interception")
        lines += ["  " + verdict.named(namer).as_text() for verdict in interceptions]
    if missions.superiority:
        lines.append("Air superiority")
        codes = missions.table.codes
        for attack, verdict in zip(
            missions.superiority, missions.superiority_verdicts(), strict=True
        ):
            lines.append("  " + verdict.named(namer).as_text())
            for roll, code in attack.results:
                chosen = "  <- rolled" if roll == attack.roll else ""
                lines.append(f"    roll {roll}: {code} ({codes.get(code, '')}){chosen}")
    flights = missions.flight_verdicts()
    if flights:
        lines.append("Flights")
        lines += ["  " + verdict.named(namer).as_text() for verdict in flights]
    return "\n".join(lines)
