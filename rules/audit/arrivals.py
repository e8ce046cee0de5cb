"""Reinforcements in a log: on their turn, and at a place the rules allow.

A unit that enters the map is judged by its game's referee where the game's data says
where and when reinforcements enter (:meth:`HexReferee.judge_arrival`: each arrival's
entry hexes, its turn, the phase). Otherwise it is held against its arrivals in the game's
data (each unit's ``[[unit.arrival]]``: scenario, turn, where) and its game's arrival rules
(:class:`~rules.referee.arrivals.ArrivalRules`, from the referee). The places are the
rules' words; those the audit can read as hexes it judges — a named map edge, printed
hex numbers and ranges (DoS N4227-N4243), the rail entries the referee names (the TPS
rail hexes with the German cross) — and a place it cannot (a supply-network town the
side controls, a supplied hex) is said, not guessed.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from rules.hexes import Hex
from rules.model import Arrival, GameMap
from rules.referee.arrivals import ArrivalRules
from rules.referee.games import hex_referee_for
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.wording import count
from rules.referee.verdict import Verdict

EDGE = re.compile(r"\b(north|east|south|west) edge\b")
HEX_RANGE = re.compile(r"\b([A-Z]?)(\d{4})-\1(\d{4})\b")
HEX_NUMBER = re.compile(r"\b[A-Z]\d{4}\b")
RULE_NUMBERS = re.compile(r"rules? (\d+\.\d+(?:, \d+\.\d+)*)")


@dataclass(frozen=True)
class Places:
    """The hexes an arrival's words allow; ``exact`` when the words name no other place;
    ``conditions`` when they restrict those hexes further (a supplied hex)."""

    hexes: frozenset[Hex]
    exact: bool
    conditions: bool


def _any(words: Collection[str], text: str) -> bool:
    return any(word in text for word in words)


def places(
    where: str, game_map: GameMap, arriving: ArrivalRules, rail_entries: frozenset[Hex]
) -> Places:
    """The hexes ``where`` names on ``game_map``, read with the game's ``arriving`` rules
    (the ``rail_entries`` when its words name them)."""
    hexes: set[Hex] = set()
    for name in EDGE.findall(where):
        hexes |= set(game_map.edge(name).hexes)
    if arriving.rail_words and arriving.rail_words in where:
        hexes |= rail_entries
    assert game_map.hex_map is not None
    for prefix, first, last in HEX_RANGE.findall(where):
        # A range along one column of printed numbers (N4227-N4243: column 42, rows 27-43).
        for row in range(int(first[2:]), int(last[2:]) + 1):
            found = game_map.hex_map.parse(f"{prefix}{first[:2]}{row:02d}")
            if found is not None:
                hexes.add(found)
    ranged = {name for match in HEX_RANGE.finditer(where) for name in match.group(0).split("-")}
    for name in HEX_NUMBER.findall(where):
        if name not in ranged:
            found = game_map.hex_map.parse(name)
            if found is not None:
                hexes.add(found)
    return Places(
        frozenset(hexes),
        bool(hexes) and not _any(arriving.unread, where),
        _any(arriving.conditions, where),
    )


def _rules(base: tuple[str, ...], arrival: Arrival) -> tuple[str, ...]:
    named = tuple(
        rule for group in RULE_NUMBERS.findall(arrival.where) for rule in group.split(", ")
    )
    return base + tuple(rule for rule in named if rule not in base)


def judge_arrival(position: Position, state: UnitState) -> Verdict:
    """Whether ``state``'s unit, just come onto the map in ``position``, came on its
    turn and at a place its arrival allows."""
    unit = state.unit
    referee = hex_referee_for(position)
    judged = None if state.hex is None else referee.judge_arrival(unit, state.hex)
    if judged is not None:
        return judged
    arriving = referee.arrival_rules()
    scheduled = [arrival for arrival in unit.arrivals if arrival.scenario == position.scenario]
    base = arriving.rules
    if not scheduled:
        return Verdict(
            unit_ref(unit.id),
            "arrival",
            "recorded, not judged",
            base,
            f"entered the map at {state.location}; it is no reinforcement of scenario "
            f"{position.scenario} (a replacement or a unit returned is not audited)",
            unit=unit.id,
        )
    arrival = min(scheduled, key=lambda item: item.turn)
    rules = _rules(base, arrival)
    if position.turn < arrival.turn:
        return Verdict(
            unit_ref(unit.id),
            "arrival",
            "illegal",
            rules,
            f"entered at {state.location} on turn {position.turn}, "
            f"{count(arrival.turn - position.turn, 'turn')} before its turn {arrival.turn}",
            unit=unit.id,
            violation=True,
            state="illegal",
        )
    entry_phase = arriving.phase
    if entry_phase is not None and position.phase is not None:
        lowered = position.phase.lower()
        side_name = next(side.name for side in position.spec.sides if side.id == unit.side)
        if entry_phase not in lowered or not lowered.startswith(side_name.lower()):
            return Verdict(
                unit_ref(unit.id),
                "arrival",
                "illegal",
                rules,
                f"entered at {state.location} in the {position.phase} phase; it enters in "
                f"its side's {entry_phase} phase",
                unit=unit.id,
                violation=True,
                state="illegal",
            )
    when = (
        f"on its turn {arrival.turn}"
        if position.turn == arrival.turn
        else f"on turn {position.turn}, after its turn {arrival.turn}"
    )
    rail_entries = referee.rail_entries()
    allowed = places(arrival.where, position.game_map, arriving, rail_entries)
    if state.hex is not None and state.hex in allowed.hexes:
        return Verdict(
            unit_ref(unit.id),
            "arrival",
            "legal",
            rules,
            f"entered at {state.location} {when}, a place “{arrival.where}” allows"
            + ("; its conditions are not judged" if allowed.conditions else ""),
            unit=unit.id,
            state="legal",
        )
    by_rail = (
        referee.rail_move(unit, rail_entries, state.hex)
        if arriving.rail_words and arriving.rail_words in arrival.where and state.hex is not None
        else None
    )
    if by_rail is not None:
        return Verdict(
            unit_ref(unit.id),
            "arrival",
            by_rail.outcome,
            rules + by_rail.rules,
            f"entered at {state.location} {when}, by rail from {arriving.rail_name} at "
            f"{by_rail.path[0]} as “{arrival.where}” allows: {by_rail.explanation}"
            + ("; its conditions are not judged" if allowed.conditions else ""),
            by_rail.path,
            by_rail.details,
            unit=unit.id,
            violation=by_rail.state == "illegal",
            state=by_rail.state,
        )
    if allowed.exact:
        return Verdict(
            unit_ref(unit.id),
            "arrival",
            "illegal",
            rules,
            f"entered at {state.location} {when}, but it enters at “{arrival.where}”",
            unit=unit.id,
            violation=True,
            state="illegal",
        )
    return Verdict(
        unit_ref(unit.id),
        "arrival",
        "place not judged",
        rules,
        f"entered at {state.location} {when}; whether that is “{arrival.where}” "
        "the audit cannot tell from the map alone",
        unit=unit.id,
    )
