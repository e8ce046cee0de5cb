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

from builder.conventions import SCENARIO_PROPERTY, dead_pile_name, module_name
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, Piece, TurnState
from builder.vassal.reader import read_saved_game
from builder.vassal.sequence import decode, parse_int
from builder.vassal.traits import Decorator, Layer, Marker
from rules.data.loader import load_game, shipped_games
from rules.errors import SaveError
from rules.model import GameSpec, Unit
from rules.referee.position import Position, UnitState
from rules.referee.position_file import MAX_TURN
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
    """The shipped game the save's pieces name.

    A save is data, not instructions: the ``Game`` marker may only name a game shipped
    with Stavka, never a folder to load data from.
    """
    games = {_properties(piece).get("Game") for piece in pieces} - {None}
    if len(games) != 1:
        raise SaveError(path, None, "not a saved game of a Stavka module (its pieces name no single game)")
    (game,) = games
    assert game is not None
    if game not in shipped_games():
        raise SaveError(path, "Game", f"the pieces name {game!r}, which is not a game shipped with Stavka")
    return game


def unit_rank(spec: GameSpec) -> dict[str, int]:
    """Each unit id's place in the game's data: the order a position from a save lists
    its units in.

    VASSAL writes a game's pieces in an order of its own, which differs between engines
    (3.7 groups them otherwise than 3.6 or our set-up saves), so the save's order would
    make the same position's verdicts come out in another order.
    """
    return {unit_id: index for index, unit_id in enumerate(spec.units)}


def position_from_save(path: Path, game: str | None = None) -> Position:
    """The position at the end of a save or log made with one of Stavka's modules.

    ``game`` is the game the user named (a shipped game or a folder); without it, the
    game the save's pieces name, which must be a shipped one.
    """
    saved = read_saved_game(path)
    spec = load_game(game or _game_of(path, saved.pieces))
    expected = module_name(spec)
    if saved.module is not None and saved.module.name != expected:
        raise SaveError(path, "moduledata", f"save of module {saved.module.name!r}, not {expected!r}")
    if spec.cards is not None:
        from builder.area_positions import area_position_from_save  # it reads this module's helpers

        return area_position_from_save(path, saved, spec)
    game_map = next((game_map for game_map in spec.maps if game_map.hex_map is not None), None)
    if game_map is None or game_map.hex_map is None:
        raise SaveError(path, "Game", f"Stavka cannot referee saves of {spec.id!r} yet: the game has no hex map")
    dead_piles = {dead_pile_name(side.name) for side in spec.sides}
    rank = unit_rank(spec)
    units: list[UnitState] = []
    eliminated: list[Unit] = []
    seen: dict[str, str] = {}
    for piece in saved.pieces:
        unit = _unit_of(path, spec, piece)
        if unit is None:
            continue
        if unit.id in seen:
            raise SaveError(path, f"piece {piece.id}", f"unit {unit.id!r} appears twice (also piece {seen[unit.id]})")
        seen[unit.id] = piece.id
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
    return Position(
        spec=spec,
        scenario=_scenario(path, spec, saved.global_properties),
        turn=_turn(path, saved.turns),
        phase=None,
        weather=None,
        units=tuple(sorted(units, key=lambda state: rank[state.unit.id])),
        eliminated=tuple(sorted(eliminated, key=lambda unit: rank[unit.id])),
        source=str(path),
    )


def _unit_of(path: Path, spec: GameSpec, piece: Piece) -> Unit | None:
    """The unit a piece of this game stands for; an id the game lacks is refused."""
    properties = _properties(piece)
    if properties.get("Game") != spec.id or "UnitId" not in properties:
        return None
    unit = spec.units.get(properties["UnitId"])
    if unit is None:
        raise SaveError(path, f"piece {piece.id}", f"unknown {spec.id} unit {properties['UnitId']!r}")
    return unit


def _scenario(path: Path, spec: GameSpec, properties: tuple[GlobalPropertyValue, ...]) -> str | None:
    """The scenario a predefined set-up named in the module's Scenario property, if any."""
    for value in properties:
        if value.name == SCENARIO_PROPERTY and value.container in ("", MODULE_CONTAINER) and value.value:
            if value.value not in spec.scenarios:
                raise SaveError(path, SCENARIO_PROPERTY, f"unknown {spec.id} scenario {value.value!r}")
            return value.value
    return None


def _turn(path: Path, turns: tuple[TurnState, ...]) -> int:
    """The game turn shown by the module's turn tracker (its first, counting level).

    Checked as a position file's turn is: a whole number from 0 to 99.
    """
    for tracker in turns:
        if tracker.level_states:
            current = decode(tracker.level_states[0], ";")[0]
            turn = parse_int(current)
            if turn is None or not 0 <= turn <= MAX_TURN:
                raise SaveError(path, tracker.tracker_id, f"turn {current[:20]!r} is not a whole number from 0 to {MAX_TURN}")
            return turn
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
    from builder.module.pieces import verdict_layer  # only --annotate writes
    from builder.vassal.writer import write_annotated_copy

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
