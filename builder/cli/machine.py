"""The machine interface: what ``--format json`` adds for programs such as the module's
referee plugin, so that they show the referee's answer without interpreting any rule.

docs/machine-interface.md describes the whole JSON form. Every JSON answer of ``check``,
``odds``, ``duel`` and ``air`` carries ``version`` (:data:`INTERFACE_VERSION`); ``check``,
``odds`` and ``duel`` carry ``text``, the lines a player reads, rendered by the same code
as ``--format text``. ``check`` adds ``hidden`` (whether the answer shows what a player
may not see) and, on each verdict, ``places`` (where it is, as the module names
locations: printed hex numbers, area names) and ``mark`` (how the report page colours
it on the map, or null). ``odds`` and ``duel`` add ``declare``: the attack in one line,
for the log. Fields are only ever added, so a reader of an older version reads the same
values for the keys it knows.
"""

from __future__ import annotations

from builder.report.verdicts import (
    BREACH_COLOUR,
    BREACH_SYMBOL,
    SUPPLY_CLASSES,
    UnitPlace,
    places,
    supply_class,
)
from rules.referee.engine import Referee
from rules.referee.hidden import UNTRIED_FLAG, PlayerView
from rules.referee.position import Position
from rules.referee.verdict import Verdict

INTERFACE_VERSION = 2
"""Version 2 added ``state``, ``place`` and ``force`` to each verdict, and ``version`` to
``air``'s answer (docs/machine-interface.md)."""
MARKED_CLASSES = ("out", "isolated", "limited")
"""Supply states ringed on the map (a Rattenkrieg unit's isolation too); units in supply
get no mark."""


def mark(verdict: Verdict) -> dict[str, str] | None:
    """The colour, symbol and meaning of a verdict's mark, as on the report page."""
    if verdict.violation:
        return {"colour": BREACH_COLOUR, "symbol": BREACH_SYMBOL, "meaning": "breach"}
    state = supply_class(verdict)
    if state not in MARKED_CLASSES:
        return None
    colour, symbol, meaning = SUPPLY_CLASSES[state]
    return {"colour": colour, "symbol": symbol, "meaning": meaning}


def place_names(position: Position) -> dict[str, str]:
    """How the module names each place the referee names: an area game's areas by their
    names (its board's zones); hexes by their printed numbers, as they are."""
    return {area.id: area.name for game_map in position.spec.maps for area in game_map.areas}


def check_extras(
    position: Position, referee: Referee, view: PlayerView, verdicts: list[Verdict], text: list[str]
) -> tuple[list[dict[str, object]], dict[str, object]]:
    """Each verdict's JSON with its places and mark, and the answer's added fields."""
    units = {
        view.shown(state.unit.id): UnitPlace(state.location, state.side) for state in position.units
    }
    names = place_names(position)
    judged = [
        verdict.as_json()
        | {
            "places": [names.get(place, place) for place in places(verdict, units)],
            "mark": mark(verdict),
        }
        for verdict in verdicts
    ]
    # The referee's view shows every card, and untried DoS units, which no player may see (2.14).
    untried = any(UNTRIED_FLAG in state.flags for state in position.units)
    hidden = view.side is None and (referee.hidden_information or untried)
    return judged, {"version": INTERFACE_VERSION, "hidden": hidden, "text": text}


def answer_extras(text: str, declare: str | None) -> dict[str, object]:
    """The fields ``odds`` and ``duel`` add: the version, the lines a player reads and
    the one line that declares the attack (None when it may not be made)."""
    return {"version": INTERFACE_VERSION, "text": text.splitlines(), "declare": declare}
