"""Reading a save or log of one of Stavka's games as the audit's :class:`Trail`.

The I/O edge of ``stavka audit``: the file's commands are played step by step
(:func:`builder.vassal.replay.replay_steps`) and each position is read the way ``stavka
check`` reads a save's (:mod:`builder.saves.hex_positions`; Rattenkrieg's areas and cards
by :mod:`builder.saves.area_positions`), with the phase the turn tracker
shows. The record tracks' properties (VP) are read as each step leaves them; a property
no step has set yet has the value the module starts it with, its track's first box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from builder.saves.adopted_positions import adopted_position
from builder.saves.area_positions import area_position_from_save
from builder.saves.hex_positions import PieceReading, hex_position
from builder.saves.names import DIE_BUTTON
from builder.saves.reading import adopted_save, piece_properties, spec_of_save
from builder.vassal.commands import Command, CommandGroup, Logged, OtherCommand, decode_saved_game
from builder.vassal.model import MODULE_CONTAINER, Piece, SavedGame, TurnState
from builder.vassal.replay import logged_steps, replay_steps
from builder.vassal.savefile import decode_save_bytes, read_bytes, with_path
from builder.vassal.sequence import decode, parse_int
from rules.audit.trail import Roll, Said, Snapshot, Trail
from rules.errors import SaveError
from rules.model import GameSpec

TURN_PROPERTY = "Turn"
"""The turn track follows the turn tracker; the ledger reports the tracker's own turn."""
CHAT_PREFIX = "CHAT"
"""How VASSAL encodes a line shown in the chat window (``Chatter.DisplayText``)."""
ROLL = re.compile(rf"^\*+ ?{re.escape(DIE_BUTTON)} = (\d+)\b")
"""The die button's report (``DIE_REPORT``, one "*" more before it, as VASSAL shows it)."""


def _phase(spec: GameSpec, turns: tuple[TurnState, ...]) -> str | None:
    """The phase the module's turn tracker shows: its counter level's child, a list of
    the game's phases (``builder.module.turns``), at its current index."""
    for tracker in turns:
        if not tracker.level_states or not spec.phases:
            continue
        counter = decode(tracker.level_states[0], ";")
        if len(counter) < 5:
            return None
        index = parse_int(decode(counter[4], ";")[0])
        return spec.phases[index] if index is not None and 0 <= index < len(spec.phases) else None
    return None


def _properties(spec: GameSpec, saved: SavedGame) -> dict[str, str]:
    """The record tracks' values (VP), as the module keeps them."""
    tracked = {
        track.property: str(track.first) for track in spec.tracks if track.property != TURN_PROPERTY
    }
    for value in saved.global_properties:
        if value.name in tracked and value.container in ("", MODULE_CONTAINER):
            tracked[value.name] = value.value
    return tracked


MarkerReading = tuple[Piece, tuple[str, str] | None]
"""A piece as :func:`_markers` read it: the marker it is and its hex, None for no marker
of the game on its hex map."""


def _markers(
    spec: GameSpec, saved: SavedGame, readings: dict[str, MarkerReading]
) -> dict[str, tuple[str, str]]:
    """The markers on the game's hex map, each piece's id with its marker id and hex;
    ``readings`` keeps each piece as read, so a log's next step reads only those a step
    replaced (as :func:`hex_position` does)."""
    game_map = next(game_map for game_map in spec.maps if game_map.hex_map is not None)
    assert game_map.hex_map is not None
    found = {}
    for piece in saved.pieces:
        known = readings.get(piece.id)
        if known is None or known[0] is not piece:
            properties = piece_properties(piece)
            marker = properties.get("MarkerId")
            hex_ = (
                game_map.hex_map.hex_at_pixel(piece.x, piece.y)
                if properties.get("Game") == spec.id
                and marker in spec.markers
                and piece.map == game_map.name
                else None
            )
            known = (
                piece,
                None if marker is None or hex_ is None else (marker, game_map.label(hex_)),
            )
            readings[piece.id] = known
        if known[1] is not None:
            found[piece.id] = known[1]
    return found


def _snapshot(
    path: Path,
    step: int,
    saved: SavedGame,
    spec: GameSpec,
    readings: dict[str, PieceReading],
    markers: dict[str, MarkerReading],
) -> Snapshot:
    if spec.cards is not None:
        return Snapshot(step, area_position_from_save(path, saved, spec), _properties(spec, saved))
    if adopted_save(spec, saved.module, saved.pieces):
        position = adopted_position(path, saved, spec)
    else:
        position = hex_position(path, saved, spec, readings)
    return Snapshot(
        step,
        replace(position, phase=_phase(spec, saved.turns)),
        _properties(spec, saved),
        _markers(spec, saved, markers),
    )


def _chat_lines(command: Command) -> Iterator[str]:
    match command:
        case OtherCommand(text) if text.startswith(CHAT_PREFIX):
            yield text[len(CHAT_PREFIX) :]
        case CommandGroup(commands):
            for inner in commands:
                yield from _chat_lines(inner)
        case Logged(inner):
            yield from _chat_lines(inner)


def roll_in(step: int, line: str) -> Roll | None:
    """The roll a chat line at ``step`` reports, if it is the die button's report."""
    rolled = ROLL.match(line)
    return None if rolled is None else Roll(step, int(rolled.group(1)), line)


def _talk(commands: CommandGroup) -> tuple[tuple[Said, ...], tuple[Roll, ...]]:
    """Each logged step's chat lines, the die button's reports apart."""
    said: list[Said] = []
    rolls: list[Roll] = []
    for step, command in enumerate(logged_steps(commands)[1], start=1):
        for line in _chat_lines(command):
            roll = roll_in(step, line)
            if roll is not None:
                rolls.append(roll)
            else:
                said.append(Said(step, line))
    return tuple(said), tuple(rolls)


def read_trail(path: Path, module: Path | None = None) -> Trail:
    """The start of ``path`` and the position after each logged step that changed it,
    judged with ``module``'s data when given (as ``stavka check --module`` judges a save).

    A save with no logged steps is a trail of its start alone. Raises
    :class:`SaveError` (one line, naming the file) for a file that is no save of one of
    Stavka's modules.
    """
    try:
        save_file = decode_save_bytes(read_bytes(path))
        commands = decode_saved_game(save_file.text)
    except SaveError as error:
        raise error if error.path is not None else with_path(error, path) from error
    steps = iter(replay_steps(commands, save_file.module, save_file.save))
    _, first = next(steps)
    readings: dict[str, PieceReading] = {}
    markers: dict[str, MarkerReading] = {}

    def snapshots(spec: GameSpec) -> tuple[Snapshot, ...]:
        start = _snapshot(path, 0, first, spec, readings, markers)
        return (
            start,
            *(_snapshot(path, step, saved, spec, readings, markers) for step, saved in steps),
        )

    start, *later = spec_of_save(path, first, module).read(snapshots)
    said, rolls = _talk(commands)
    return Trail(str(path), start, tuple(later), len(logged_steps(commands)[1]), said, rolls)
