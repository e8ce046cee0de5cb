"""What every save of a Stavka module tells the referee, hex game or area game.

Every piece our modules make carries its game and id as Marker properties
(:mod:`builder.module.pieces`), so a save needs no module to be refereed. The module's
Scenario global property, set by each predefined set-up and kept in every later save,
names the scenario; its turn tracker the turn and phase. Which data judges the save is
the module's: the digest its ``moduledata`` carries must be the shipped game's, or the
user gives the module itself (:func:`judging_data`). The hex and area readers
(:mod:`builder.saves.hex_positions`, :mod:`builder.saves.area_positions`) build on these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from builder.carried_data import read_module_game
from builder.notes import note
from builder.printable import printable
from builder.saves.names import (
    OPTION_OFF,
    OPTION_ON,
    SCENARIO_PROPERTY,
    module_name,
    unit_printed_values,
)
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, Piece, SavedGame, TurnState
from builder.vassal.sequence import decode, parse_int
from builder.vassal.traits import Layer, Marker
from rules.coverage import optional_rules
from rules.data.loader import data_origin, digest_of, load_game, shipped_games
from rules.errors import SaveError
from rules.model import GameSpec, Unit
from rules.referee.position_file import MAX_TURN

T = TypeVar("T")


def piece_properties(piece: Piece) -> dict[str, str]:
    """A piece's Marker properties, the outermost value of a key winning."""
    values: dict[str, str] = {}
    for trait in piece.traits:
        if isinstance(trait, Marker):
            for key, value in zip(trait.keys, trait.values, strict=False):
                values.setdefault(key, value)
    return values


def piece_layer(piece: Piece, name: str) -> Layer | None:
    """The piece's Layer trait named ``name``, if it has one."""
    for trait in piece.traits:
        if isinstance(trait, Layer) and trait.name == name:
            return trait
    return None


def _games_of(pieces: tuple[Piece, ...]) -> set[str]:
    """The games the save's pieces name (their ``Game`` marker): one in a save of ours."""
    return {game for piece in pieces if (game := piece_properties(piece).get("Game")) is not None}


def unit_rank(spec: GameSpec) -> dict[str, int]:
    """Each unit id's place in the game's data: the order a position from a save lists
    its units in.

    VASSAL writes a game's pieces in an order of its own, which differs between engines
    (3.7 groups them otherwise than 3.6 or our set-up saves), so the save's order would
    make the same position's verdicts come out in another order.
    """
    return {unit_id: index for index, unit_id in enumerate(spec.units)}


@dataclass(frozen=True)
class JudgingData:
    """The data a save is judged by (:func:`judging_data`); when they are a module's
    other than the save's own (an earlier build of the module), ``other_data`` says which
    data the save was made with and which judge it."""

    spec: GameSpec
    source: str = ""
    other_data: str | None = None

    def read(self, reader: Callable[[GameSpec], T]) -> T:
        """What ``reader`` reads of the save with this data, then, with other data than
        the save's, a note that they differ; a piece the other data cannot match (a unit
        they lack, a hex off their map) is refused in one line that says why it may be."""
        try:
            result = reader(self.spec)
        except SaveError as error:
            if self.other_data is None:
                raise
            raise SaveError(
                error.path, error.place, f"{error.message}; {self.other_data}"
            ) from error
        if self.other_data is not None:
            note(self.source, f"{self.other_data}: the data differ")
        return result


def spec_of_save(path: Path, saved: SavedGame, module: Path | None = None) -> JudgingData:
    """The game data a save is judged by (see :func:`judging_data`)."""
    return judging_data(path, saved.module, saved.pieces, module)


def judging_data(
    path: Path, saved_module: Metadata | None, pieces: tuple[Piece, ...], module: Path | None
) -> JudgingData:
    """The game data a save is judged by: ``module``'s own copy when given, else the
    shipped game its pieces name.

    Without ``module``, a save whose ``moduledata`` names other data than the shipped
    game's (another module, a copy's, a game of one's own) is refused, saying which
    module to give: judging it with other data would be wrong with no word of warning.
    With ``module``, a save of the same module made from other data (an earlier build of
    a game being written, or of another copy) is judged with the module's data, and the
    reader notes that the data differ (:meth:`JudgingData.read`); a save of another
    module, or of another game, is refused. A save is data, not instructions: its
    ``Game`` marker may only name a shipped game, never a folder to load data from.

    A game adopted from a module someone else made judges that module's own saves:
    ``module`` is then the extension ``stavka extension`` wrote, or the game folder."""
    if module is not None and module.is_dir():
        return JudgingData(_adopted_folder(path, saved_module, pieces, module))
    games = _games_of(pieces)
    if len(games) > 1 or (module is None and not games):
        raise SaveError(
            path,
            None,
            "not a saved game of a Stavka module (its pieces name no single game); a save "
            "of a module Stavka adopted is judged with --module and its extension or game folder",
        )
    if module is not None:
        metadata, spec = read_module_game(module)
        if adopted_save(spec, saved_module, pieces):
            return JudgingData(spec)
        if saved_module is not None and saved_module.name != metadata.name:
            raise SaveError(
                path,
                "moduledata",
                f"save of module {printable(saved_module.name)!r}, not of {module}'s "
                f"{printable(metadata.name)!r}",
            )
        if games - {spec.id}:
            raise SaveError(
                path,
                "Game",
                f"its pieces are of the game {printable(min(games))!r}, but {module} holds "
                f"{spec.id!r}",
            )
        if (
            saved_module is not None
            and saved_module.extra1
            and saved_module.extra1 != metadata.extra1
        ):
            return JudgingData(
                spec,
                f"{path}:moduledata",
                f"made with {_data_named(saved_module)}, judged with {_data_named(metadata)} "
                f"that {module} carries",
            )
        return JudgingData(spec)
    (game,) = games
    if game not in shipped_games():
        module_named = (
            f", {printable(saved_module.name)!r} of {_data_named(saved_module)},"
            if saved_module is not None and saved_module.extra1
            else ""
        )
        raise SaveError(
            path,
            "Game",
            f"the pieces name {printable(game)!r}, which is not a game shipped with Stavka: "
            f"give the module it was made with{module_named} as --module MODULE.vmod",
        )
    spec = load_game(game)
    expected = module_name(spec)
    if saved_module is not None and saved_module.name != expected:
        raise SaveError(
            path,
            "moduledata",
            f"save of module {printable(saved_module.name)!r}, not {expected!r}: "
            "give its module with --module MODULE.vmod",
        )
    if saved_module is not None and saved_module.extra1 and saved_module.extra1 != digest_of(spec):
        raise SaveError(
            path,
            "moduledata",
            f"made with the module {printable(saved_module.name)!r} of {_data_named(saved_module)}, "
            f"not the shipped {game} data: give that module with --module MODULE.vmod",
        )
    return JudgingData(spec)


def carries_digest(saved: SavedGame) -> bool:
    """Whether the save names the data it was made with (the digest in its
    ``moduledata``, which every save of a module that carries its data copies)."""
    return saved.module is not None and bool(saved.module.extra1)


def adopted_save(spec: GameSpec, saved_module: Metadata | None, pieces: tuple[Piece, ...]) -> bool:
    """Whether a save is one of the module ``spec`` was adopted from: its ``moduledata``
    names that module, or, in a save without one (the temporary save the plugin writes),
    no piece carries a unit id, as every piece of a module Stavka builds does."""
    if spec.adopted is None:
        return False
    if saved_module is not None:
        return saved_module.name == spec.adopted.name
    return not any("UnitId" in piece_properties(piece) for piece in pieces)


def _adopted_folder(
    path: Path, saved_module: Metadata | None, pieces: tuple[Piece, ...], folder: Path
) -> GameSpec:
    """The game in ``folder`` for a save of the module it was adopted from."""
    spec = load_game(str(folder.resolve()))
    if spec.adopted is None:
        raise SaveError(
            path,
            "--module",
            f"{folder} is a game folder Stavka builds modules from: judge a save of its "
            "module with that module (--module MODULE.vmod)",
        )
    if not adopted_save(spec, saved_module, pieces):
        named = "no module" if saved_module is None else repr(printable(saved_module.name))
        raise SaveError(
            path,
            "moduledata",
            f"save of {named}, not of {spec.adopted.name!r}, the module {folder} was adopted from",
        )
    return spec


def _data_named(metadata: Metadata) -> str:
    """A module's data as a user can recognise it: its folder and the digest's start."""
    digest = metadata.extra1.removeprefix("sha256:")[:12]
    return f"the data of {printable(metadata.extra2) or 'an unnamed folder'} (digest {printable(digest)})"


def unit_of(path: Path, spec: GameSpec, piece: Piece, printed: bool = True) -> Unit | None:
    """The unit a piece of this game stands for; an id the game lacks is refused.

    With ``printed`` (a save that names no data: :func:`carries_digest`), so is a piece
    whose printed values the data contradicts: a save of a module built from other data,
    which only the module's own data can judge. A save that names its data was judged by
    :func:`judging_data` with the data it asked for, or knowingly with a rebuilt
    module's, whose values may differ from the pieces' (the note says so)."""
    properties = piece_properties(piece)
    if properties.get("Game") != spec.id or "UnitId" not in properties:
        return None
    unit = spec.units.get(properties["UnitId"])
    if unit is None:
        raise SaveError(
            path,
            f"piece {piece.id}",
            f"unknown {spec.id} unit {printable(properties['UnitId'])!r}",
        )
    if not printed:
        return unit
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


def scenario_of(
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
