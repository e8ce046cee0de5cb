"""The machine interface: what ``--format json`` adds for programs such as the module's
referee plugin, so that they show the referee's answer without interpreting any rule.

docs/machine-interface.md describes the whole JSON form. Every JSON answer of ``check``,
``odds``, ``duel`` and ``air`` carries ``version`` (:data:`INTERFACE_VERSION`), ``text``
(the lines a player reads, rendered by the same code as ``--format text``), ``hidden``
(whether the answer shows what some player may not see) and ``hides`` (what it keeps
back from the player it answers). ``check`` adds, on each verdict, ``places`` (where it
is, as the module names locations: printed hex numbers, area names), ``mark`` (how the
report page colours it on the map, or null) and ``line`` (the verdict as a player reads
it with its rule), and with ``--units`` ``selected`` (which verdicts are on each unit
named). ``odds`` and ``duel`` add ``declare``: the attack in one line, for the log.
``check --layers`` adds ``layers`` (each map layer the game's rules give a player to
toggle: ZOC, front gaps) and ``layers_text``. A save of a module someone else made (an
adopted game) adds to each verdict ``piece``, the piece id in the save of the unit it
names, and ``points``, where each of its places is on the module's map, and to each layer
its ``points``: that module's pieces carry no unit ids and its map may print no hex
numbers, so the plugin points at its own pieces and pixels. Fields are only ever added,
so a reader of an older version reads the same values for the keys it knows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from builder.report.verdicts import (
    BREACH_COLOUR,
    BREACH_SYMBOL,
    SUPPLY_CLASSES,
    UnitPlace,
    places,
    supply_class,
)
from rules.referee.engine import Referee
from rules.referee.hidden import PlayerView, hides_information, kept_back
from rules.referee.position import Position
from rules.referee.verdict import Verdict

if TYPE_CHECKING:
    from builder.report.overlays import Overlay

INTERFACE_VERSION = 3
"""Version 2 added ``state``, ``place`` and ``force`` to each verdict, and ``version`` to
``air``'s answer; version 3 ``hidden`` and ``hides`` to every answer and ``selected``
to ``check``'s (docs/machine-interface.md)."""
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


def points(position: Position, labels: Sequence[str]) -> list[dict[str, object] | None]:
    """Where each hex ``labels`` names is on the module's map, as map pixels (None for a
    place that is no hex), one for each label."""
    game_map = position.game_map
    assert game_map.hex_map is not None
    found: list[dict[str, object] | None] = []
    for label in labels:
        hex_ = game_map.hex_map.parse(label)
        if hex_ is None:
            found.append(None)
            continue
        x, y = game_map.hex_map.pixel_centre(hex_)
        found.append({"map": game_map.name, "x": x, "y": y})
    return found


def privacy(
    position: Position, referee: Referee, side: str | None, hidden: bool
) -> dict[str, object]:
    """``hidden`` (the answer shows what some player may not see) and ``hides`` (what
    it keeps back from the player of ``side``), the two fields every answer carries."""
    return {
        "hidden": hidden,
        "hides": list(kept_back(position, referee.hidden_information, side)),
    }


def check_extras(
    position: Position,
    referee: Referee,
    view: PlayerView,
    verdicts: list[Verdict],
    text: list[str],
    namer: Callable[[str], str],
    selected: Sequence[Sequence[int]] | None = None,
) -> tuple[list[dict[str, object]], dict[str, object]]:
    """Each verdict's JSON with its places, mark and line (units named by ``namer``),
    and the answer's added fields; ``selected`` lists, for each unit of ``--units``, the
    indexes of the verdicts on it."""
    units = {
        view.shown(state.unit.id): UnitPlace(state.location, state.side) for state in position.units
    }
    names = place_names(position)
    pieces = {unit: piece for unit, piece in position.pieces.items() if view.shown(unit) == unit}
    judged = []
    for verdict in verdicts:
        placed = places(verdict, units)
        judged.append(
            verdict.as_json()
            | {
                "places": [names.get(place, place) for place in placed],
                "mark": mark(verdict),
                "line": verdict.named(namer).as_text(),
            }
            | (
                {"piece": pieces.get(verdict.unit or ""), "points": points(position, placed)}
                if position.pieces
                else {}
            )
        )
    # The referee's view shows every card, and untried DoS units, which no player may see (2.14).
    hidden = view.side is None and hides_information(position, referee.hidden_information)
    return judged, {
        "version": INTERFACE_VERSION,
        "hidden": hidden,
        "text": text,
        "hides": list(kept_back(position, referee.hidden_information, view.side)),
        **({} if selected is None else {"selected": [list(indexes) for indexes in selected]}),
    }


def text_extras(
    text: str, position: Position, referee: Referee, side: str | None, hidden: bool
) -> dict[str, object]:
    """The fields every answer but ``check`` adds: the version, the lines a player reads,
    and what the answer shows or keeps back."""
    return {"version": INTERFACE_VERSION, "text": text.splitlines()} | privacy(
        position, referee, side, hidden
    )


def answer_extras(
    text: str,
    declare: str | None,
    position: Position,
    referee: Referee,
    side: str | None,
    hidden: bool,
) -> dict[str, object]:
    """The fields ``odds`` and ``duel`` add: those of every answer, and the one line
    that declares the attack (None when it may not be made)."""
    return text_extras(text, position, referee, side, hidden) | {"declare": declare}


def _layer_json(overlay: Overlay, position: Position) -> dict[str, object]:
    return {
        "name": overlay.name,
        "meaning": overlay.meaning,
        "colour": overlay.colour,
        "style": overlay.style,
        "places": list(overlay.places),
        "rules": list(overlay.rules),
    } | ({"points": points(position, overlay.places)} if position.pieces else {})


def layer_extras(position: Position, referee: Referee) -> dict[str, object]:
    """What ``check --layers`` adds: the hex layers of the report page (a game without
    ZOC or a continuous front has none) and the lines that say what they show."""
    # The report's layers pull in every hex game's referee: loaded only when asked for.
    from builder.report.overlays import toggled_layers

    layers = toggled_layers(referee)
    text = [
        f"{overlay.name}: {len(overlay.places)} hexes [rule {', '.join(overlay.rules)}]"
        for overlay in layers
    ] or [f"{position.spec.title} has no zones of control or front gaps to draw."]
    return {
        "layers": [_layer_json(overlay, position) for overlay in layers],
        "layers_text": text,
    }
