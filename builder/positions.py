"""Positions from saved games of Stavka's modules, for the referee.

Every unit piece our modules make carries its game and unit id as Marker properties
(:mod:`builder.module.pieces`), so a save needs no module to be refereed: pieces on a hex
map are placed in the hex under them by our own geometry, a "Step" Layer at its second
level means a lost step, an "Untried" Layer still showing means untried, and pieces on a
side's dead-pile map are eliminated. The module's Scenario global property, set by each
predefined set-up and kept in every later save, names the scenario. Which data judges
the save is the module's: the digest its ``moduledata`` carries must be the shipped
game's, or the user gives the module itself (:func:`judging_data`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.carried_data import read_module_game
from builder.conventions import (
    OPTION_OFF,
    OPTION_ON,
    SCENARIO_PROPERTY,
    dead_pile_name,
    module_name,
    unit_printed_values,
)
from builder.printable import printable
from builder.vassal.commands import CommandGroup
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, Piece, SavedGame, TurnState
from builder.vassal.reader import read_saved_game
from builder.vassal.savefile import SaveFile
from builder.vassal.sequence import decode, parse_int
from builder.vassal.traits import Decorator, Layer, Marker
from rules.coverage import optional_rules
from rules.data.loader import data_origin, load_game, shipped_digest, shipped_games
from rules.errors import SaveError
from rules.model import GameMap, GameSpec, Unit
from rules.referee.position import Position, UnitState
from rules.referee.position_file import MAX_TURN
from rules.referee.verdict import Verdict

SUPPLY_PROPERTY = "Supply"
SUPPLY_RULES_PROPERTY = "SupplyRules"


def _properties(piece: Piece) -> dict[str, str]:
    values: dict[str, str] = {}
    for trait in piece.traits:
        if isinstance(trait, Marker):
            for key, value in zip(trait.keys, trait.values, strict=False):
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
        raise SaveError(
            path, None, "not a saved game of a Stavka module (its pieces name no single game)"
        )
    (game,) = games
    assert game is not None
    if game not in shipped_games():
        raise SaveError(
            path, "Game", f"the pieces name {game!r}, which is not a game shipped with Stavka"
        )
    return game


def unit_rank(spec: GameSpec) -> dict[str, int]:
    """Each unit id's place in the game's data: the order a position from a save lists
    its units in.

    VASSAL writes a game's pieces in an order of its own, which differs between engines
    (3.7 groups them otherwise than 3.6 or our set-up saves), so the save's order would
    make the same position's verdicts come out in another order.
    """
    return {unit_id: index for index, unit_id in enumerate(spec.units)}


def position_from_save(path: Path, module: Path | None = None) -> Position:
    """The position at the end of a save or log made with one of Stavka's modules.

    ``module`` is the ``.vmod`` the user named, whose data judges the save; without it,
    the shipped game the save's pieces name, when the save's data digest is its own.
    """
    return position_from_saved(path, read_saved_game(path), module)


def position_from_saved(path: Path, saved: SavedGame, module: Path | None = None) -> Position:
    """The position of a save already read from ``path`` (see :func:`position_from_save`)."""
    spec = spec_of_save(path, saved, module)
    if spec.cards is not None:
        from builder.area_positions import area_position_from_save  # it reads this module's helpers

        return area_position_from_save(path, saved, spec)
    return hex_position(path, saved, spec)


def spec_of_save(path: Path, saved: SavedGame, module: Path | None = None) -> GameSpec:
    """The game data a save is judged by (see :func:`judging_data`)."""
    return judging_data(path, saved.module, saved.pieces, module)


PieceReading = tuple[Piece, Unit | None, UnitState | None]
"""A piece as :func:`hex_position` read it: the unit it stands for (None: no unit of the
game) and its state on the map (None: eliminated or off the map)."""


def hex_position(
    path: Path, saved: SavedGame, spec: GameSpec, readings: dict[str, PieceReading] | None = None
) -> Position:
    """The position of a hex game's save as it stands (a log: at its end).

    ``readings`` keeps each piece as read, for the next call: a log's next step reads
    again only the pieces that are new objects, those that changed
    (:func:`builder.vassal.replay.replay_steps` keeps the others).
    """
    game_map = next((game_map for game_map in spec.maps if game_map.hex_map is not None), None)
    if game_map is None or game_map.hex_map is None:
        raise SaveError(
            path, "Game", f"Stavka cannot referee saves of {spec.id!r} yet: the game has no hex map"
        )
    dead_piles = {dead_pile_name(side.name) for side in spec.sides}
    rank = unit_rank(spec)
    units: list[UnitState] = []
    eliminated: list[Unit] = []
    seen: dict[str, str] = {}
    for piece in saved.pieces:
        known = None if readings is None else readings.get(piece.id)
        if known is not None and known[0] is piece:
            _, unit, state = known
        else:
            unit, state = _read_piece(path, spec, game_map, dead_piles, piece)
            if readings is not None:
                readings[piece.id] = (piece, unit, state)
        if unit is None:
            continue
        if unit.id in seen:
            raise SaveError(
                path,
                f"piece {piece.id}",
                f"unit {unit.id!r} appears twice (also piece {seen[unit.id]})",
            )
        seen[unit.id] = piece.id
        if state is not None:
            units.append(state)
        elif piece.map in dead_piles:
            eliminated.append(unit)
    return Position(
        spec=spec,
        scenario=_scenario(path, spec, saved.global_properties),
        turn=turn_and_phase(path, spec, saved.turns)[0],
        phase=None,
        weather=None,
        units=tuple(sorted(units, key=lambda state: rank[state.unit.id])),
        eliminated=tuple(sorted(eliminated, key=lambda unit: rank[unit.id])),
        settings=optional_rule_settings(path, spec, saved.global_properties),
        source=str(path),
    )


def _read_piece(
    path: Path, spec: GameSpec, game_map: GameMap, dead_piles: set[str], piece: Piece
) -> tuple[Unit | None, UnitState | None]:
    """The unit a piece stands for, and its state if it stands on the hex map."""
    unit = unit_of(path, spec, piece)
    if unit is None or piece.map in dead_piles or piece.map != game_map.name:
        return unit, None
    assert game_map.hex_map is not None
    hex_ = game_map.hex_map.hex_at_pixel(piece.x, piece.y)
    if hex_ is None:
        raise SaveError(
            path,
            f"piece {piece.id}",
            f"{unit.name} stands off the playable map at ({piece.x},{piece.y})",
        )
    step_layer = _layer(piece, "Step")
    steps = len(unit.steps) - (1 if step_layer is not None and step_layer.level == 2 else 0)
    untried_layer = _layer(piece, "Untried")
    flags = (
        frozenset({"untried"})
        if untried_layer is not None and untried_layer.level == 1
        else frozenset()
    )
    return unit, UnitState(unit, game_map.label(hex_), hex_, steps, flags)


def judging_data(
    path: Path, saved_module: Metadata | None, pieces: tuple[Piece, ...], module: Path | None
) -> GameSpec:
    """The game data a save is judged by: ``module``'s own copy when given, else the
    shipped game its pieces name. A save whose ``moduledata`` names other data than the
    one at hand (another module, or the same module built from a changed copy) is
    refused, saying which module it needs: judging it with other data would be wrong
    with no word of warning."""
    if module is not None:
        metadata, spec = read_module_game(module)
        if saved_module is not None and saved_module.name != metadata.name:
            raise SaveError(
                path,
                "moduledata",
                f"save of module {saved_module.name!r}, not of {module}'s {metadata.name!r}",
            )
        if (
            saved_module is not None
            and saved_module.extra1
            and saved_module.extra1 != metadata.extra1
        ):
            raise SaveError(
                path,
                "moduledata",
                f"made with {_data_named(saved_module)}, but {module} holds "
                f"{_data_named(metadata)}",
            )
        return spec
    game = _game_of(path, pieces)
    spec = load_game(game)
    expected = module_name(spec)
    if saved_module is not None and saved_module.name != expected:
        raise SaveError(
            path,
            "moduledata",
            f"save of module {saved_module.name!r}, not {expected!r}: "
            "give its module with --module MODULE.vmod",
        )
    if (
        saved_module is not None
        and saved_module.extra1
        and saved_module.extra1 != shipped_digest(game)
    ):
        raise SaveError(
            path,
            "moduledata",
            f"made with the module {saved_module.name!r} of {_data_named(saved_module)}, "
            f"not the shipped {game} data: give that module with --module MODULE.vmod",
        )
    return spec


def _data_named(metadata: Metadata) -> str:
    """A module's data as a user can recognise it: its folder and the digest's start."""
    digest = metadata.extra1.removeprefix("sha256:")[:12]
    return f"the data of {printable(metadata.extra2) or 'an unnamed folder'} (digest {printable(digest)})"


def unit_of(path: Path, spec: GameSpec, piece: Piece) -> Unit | None:
    """The unit a piece of this game stands for; an id the game lacks is refused, and so
    is a piece whose printed values the data contradicts (a save of a module built from
    other data, which only the module's own data can judge)."""
    properties = _properties(piece)
    if properties.get("Game") != spec.id or "UnitId" not in properties:
        return None
    unit = spec.units.get(properties["UnitId"])
    if unit is None:
        raise SaveError(
            path, f"piece {piece.id}", f"unknown {spec.id} unit {properties['UnitId']!r}"
        )
    for key, value in unit_printed_values(unit.steps):
        if key in properties and properties[key] != value:
            raise SaveError(
                path,
                f"piece {piece.id}",
                f"{unit.name}'s {key} is {printable(properties[key])} on its "
                f"piece but {value} in the data of {data_origin(spec.folder)}: "
                "judge it with its module (--module MODULE.vmod)",
            )
    return unit


def optional_rule_settings(
    path: Path, spec: GameSpec, properties: tuple[GlobalPropertyValue, ...]
) -> dict[str, str]:
    """The optional rules the players put in play in the module (its global property of
    each rule's setting name, 1 or 0), as the settings "yes" or "no"."""
    settings = {}
    named = {row.setting for row in optional_rules(spec.id)}
    for value in properties:
        if value.name in named and value.container in ("", MODULE_CONTAINER):
            if value.value not in (OPTION_ON, OPTION_OFF):
                raise SaveError(
                    path, value.name, f"{printable(value.value)} is not {OPTION_ON} or {OPTION_OFF}"
                )
            settings[value.name] = "yes" if value.value == OPTION_ON else "no"
    return settings


def _scenario(
    path: Path, spec: GameSpec, properties: tuple[GlobalPropertyValue, ...]
) -> str | None:
    """The scenario a predefined set-up named in the module's Scenario property, if any."""
    for value in properties:
        if (
            value.name == SCENARIO_PROPERTY
            and value.container in ("", MODULE_CONTAINER)
            and value.value
        ):
            if value.value not in spec.scenarios:
                raise SaveError(
                    path, SCENARIO_PROPERTY, f"unknown {spec.id} scenario {value.value!r}"
                )
            return value.value
    return None


def turn_and_phase(
    path: Path, spec: GameSpec, turns: tuple[TurnState, ...]
) -> tuple[int, str | None]:
    """The turn and phase the module's tracker shows, for every game: a counting level
    (the turn) whose child is the list of phases (``current;sublevel;loop;limit;child``).

    Checked as a position file's turn is, a whole number from 0 to 99; the phase is an
    index into the game's phases. Both are read as Java's ``Integer.parseInt`` reads
    them, so ``²``, ``٣`` or five thousand digits are refused before any arithmetic.
    """
    for tracker in turns:
        if not tracker.level_states:
            continue
        counter = decode(tracker.level_states[0], ";")
        turn = parse_int(counter[0])
        if turn is None or not 0 <= turn <= MAX_TURN:
            raise SaveError(
                path,
                tracker.tracker_id,
                f"turn {counter[0][:20]!r} is not a whole number from 0 to {MAX_TURN}",
            )
        if len(counter) < 5 or not spec.phases:
            return turn, None
        written = decode(counter[4], ";")[0]
        index = parse_int(written)
        if index is None or not 0 <= index < len(spec.phases):
            raise SaveError(
                path,
                tracker.tracker_id,
                f"phase {written[:20]!r} is not a whole number from 0 to {len(spec.phases) - 1}",
            )
        return turn, spec.phases[index]
    return 1, None


def verdict_overlay_kind(outcome: str) -> str | None:
    """The overlay a supply verdict shows on its unit: out of supply or isolated."""
    for kind in ("out of supply", "isolated"):
        if outcome.startswith(kind):
            return kind.replace(" ", "-")
    return None


@dataclass(frozen=True)
class Annotation:
    """A save read once for ``check --annotate``: its file and commands, the game they
    play out to, and the position the referee judges."""

    target: Path
    read: tuple[SaveFile, CommandGroup]
    saved: SavedGame
    position: Position


def read_annotation(source: Path, target: Path, module: Path | None = None) -> Annotation:
    """Read the save ``source`` once for its position and its annotated copy ``target``
    (refused first if it exists or is the source)."""
    from builder.vassal.replay import replay
    from builder.vassal.writer import read_for_annotation

    read = read_for_annotation(source, target)
    save_file, commands = read
    saved = replay(commands, save_file.module, save_file.save)
    return Annotation(target, read, saved, position_from_saved(source, saved, module))


def write_supply_copy(source: Path, annotation: Annotation, verdicts: list[Verdict]) -> int:
    """Copy the save ``source``, as ``annotation`` read it, to its new file ``annotation.target``
    with each judged unit's supply state on its piece, as Marker properties ``Supply``
    and ``SupplyRules``; returns how many pieces were marked.

    A unit is the piece whose ``Game`` and ``UnitId`` are both the unit's, as the
    referee read it (:func:`_unit_of`): a piece of another game with the same id is not
    it.

    Units out of supply or isolated also get a layer with the module's overlay picture
    (every Stavka module ships them) and the verdict after their name, so a player
    opening the copy sees at a glance who is cut off, and why on pointing at them.
    VASSAL's stack viewer, Find and reports read the properties, and so does the referee.
    """
    from builder.module.pieces import verdict_layer  # only --annotate writes
    from builder.vassal.writer import write_annotated

    game = annotation.position.spec.id
    saved = annotation.saved
    piece_of_unit = {
        properties["UnitId"]: piece.id
        for piece in saved.pieces
        if (properties := _properties(piece)).get("Game") == game and "UnitId" in properties
    }
    annotations: dict[str, list[Decorator]] = {}
    for verdict in verdicts:
        if verdict.topic != "supply" or verdict.unit not in piece_of_unit:
            continue
        rules = ", ".join(verdict.rules)
        added: list[Decorator] = [
            Marker((SUPPLY_PROPERTY, SUPPLY_RULES_PROPERTY), (verdict.outcome, rules))
        ]
        kind = verdict_overlay_kind(verdict.outcome)
        if kind is not None:
            added.insert(0, verdict_layer(kind, f"{verdict.outcome} [rule {rules}]"))
        annotations[piece_of_unit[verdict.unit]] = added
    write_annotated(source, annotation.target, annotation.read, annotations)
    return len(annotations)
