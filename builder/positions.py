"""Positions from saved games of Stavka's modules, for the referee.

Every unit piece our modules make carries its game and unit id as Marker properties
(:mod:`builder.module.pieces`), so a save needs no module to be refereed: pieces on a hex
map are placed in the hex under them by our own geometry, a "Step" Layer at its second
level means a lost step, an "Untried" Layer still showing means untried, and pieces on a
side's dead-pile map are eliminated. The module's Scenario global property, set by each
predefined set-up and kept in every later save, names the scenario.
"""

from __future__ import annotations

from pathlib import Path

from builder.module.assemble import identity_of
from builder.module.buildfile import SCENARIO_PROPERTY, dead_pile_name
from builder.module.pieces import verdict_layer
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, Piece, TurnState
from builder.vassal.reader import read_saved_game
from builder.vassal.sequence import decode
from builder.vassal.traits import Decorator, Layer, Marker
from builder.vassal.writer import write_annotated_copy
from rules.data.loader import load_game
from rules.errors import SaveError
from rules.model import GameSpec, Unit
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

SUPPLY_PROPERTY = "Supply"
SUPPLY_RULES_PROPERTY = "SupplyRules"


def _properties(piece: Piece) -> dict[str, str]:
    values: dict[str, str] = {}
    for trait in piece.traits:
        if isinstance(trait, Marker):
            for key, value in zip(trait.keys, trait.values):
                values.setdefault(key, value)
    return values


def _layer(piece: Piece, name: str) -> Layer | None:
    for trait in piece.traits:
        if isinstance(trait, Layer) and trait.name == name:
            return trait
    return None


def _game_of(path: Path, pieces: tuple[Piece, ...]) -> str:
    games = {_properties(piece).get("Game") for piece in pieces} - {None}
    if len(games) != 1:
        raise SaveError(path, None, "not a saved game of a Stavka module (its pieces name no single game)")
    (game,) = games
    assert game is not None
    return game


def position_from_save(path: Path, game: str | None = None) -> Position:
    """The position at the end of a save or log made with one of Stavka's modules."""
    saved = read_saved_game(path)
    spec = load_game(game or _game_of(path, saved.pieces))
    expected = identity_of(spec).name
    if saved.module is not None and saved.module.name != expected:
        raise SaveError(path, "moduledata", f"save of module {saved.module.name!r}, not {expected!r}")
    game_map = next(game_map for game_map in spec.maps if game_map.hex_map is not None)
    assert game_map.hex_map is not None
    dead_piles = {dead_pile_name(side.name) for side in spec.sides}
    units: list[UnitState] = []
    eliminated: list[Unit] = []
    for piece in saved.pieces:
        unit = _unit_of(spec, piece)
        if unit is None:
            continue
        if piece.map in dead_piles:
            eliminated.append(unit)
            continue
        if piece.map != game_map.name:
            continue
        hex_ = game_map.hex_map.hex_at_pixel(piece.x, piece.y)
        if hex_ is None:
            raise SaveError(path, f"piece {piece.id}", f"{unit.name} stands off the playable map at ({piece.x},{piece.y})")
        step_layer = _layer(piece, "Step")
        steps = len(unit.steps) - (1 if step_layer is not None and step_layer.level == 2 else 0)
        untried_layer = _layer(piece, "Untried")
        flags = frozenset({"untried"}) if untried_layer is not None and untried_layer.level == 1 else frozenset()
        units.append(UnitState(unit, game_map.label(hex_), hex_, steps, flags))
    turn = _turn(saved.turns)
    return Position(
        spec=spec,
        scenario=_scenario(path, spec, saved.global_properties),
        turn=turn,
        phase=None,
        weather=None,
        units=tuple(units),
        eliminated=tuple(eliminated),
        source=str(path),
    )


def _unit_of(spec: GameSpec, piece: Piece) -> Unit | None:
    properties = _properties(piece)
    if properties.get("Game") != spec.id or "UnitId" not in properties:
        return None
    return spec.units.get(properties["UnitId"])


def _scenario(path: Path, spec: GameSpec, properties: tuple[GlobalPropertyValue, ...]) -> str | None:
    """The scenario a predefined set-up named in the module's Scenario property, if any."""
    for value in properties:
        if value.name == SCENARIO_PROPERTY and value.container in ("", MODULE_CONTAINER) and value.value:
            if value.value not in spec.scenarios:
                raise SaveError(path, SCENARIO_PROPERTY, f"unknown {spec.id} scenario {value.value!r}")
            return value.value
    return None


def _turn(turns: tuple[TurnState, ...]) -> int:
    """The game turn shown by the module's turn tracker (its first, counting level)."""
    for tracker in turns:
        if tracker.level_states:
            current = decode(tracker.level_states[0], ";")[0]
            if current.lstrip("-").isdigit():
                return int(current)
    return 1


def verdict_overlay_kind(outcome: str) -> str | None:
    """The overlay a supply verdict shows on its unit: out of supply or isolated."""
    for kind in ("out of supply", "isolated"):
        if outcome.startswith(kind):
            return kind.replace(" ", "-")
    return None


def write_supply_copy(source: Path, target: Path, verdicts: list[Verdict]) -> int:
    """Copy the save ``source`` to the new file ``target`` with each judged unit's supply
    state on its piece, as Marker properties ``Supply`` and ``SupplyRules``; returns how
    many pieces were marked.

    Units out of supply or isolated also get a layer with the module's overlay picture
    (every Stavka module ships them) and the verdict after their name, so a player
    opening the copy sees at a glance who is cut off, and why on pointing at them.
    VASSAL's stack viewer, Find and reports read the properties, and so does the referee.
    """
    saved = read_saved_game(source)
    piece_of_unit = {
        properties["UnitId"]: piece.id
        for piece in saved.pieces
        if "UnitId" in (properties := _properties(piece))
    }
    annotations: dict[str, list[Decorator]] = {}
    for verdict in verdicts:
        if verdict.topic != "supply" or verdict.unit not in piece_of_unit:
            continue
        rules = ", ".join(verdict.rules)
        added: list[Decorator] = [Marker((SUPPLY_PROPERTY, SUPPLY_RULES_PROPERTY), (verdict.outcome, rules))]
        kind = verdict_overlay_kind(verdict.outcome)
        if kind is not None:
            added.insert(0, verdict_layer(kind, f"{verdict.outcome} [rule {rules}]"))
        annotations[piece_of_unit[verdict.unit]] = added
    write_annotated_copy(source, target, annotations)
    return len(annotations)
