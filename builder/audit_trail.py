"""Reading a save or log of a Stavka hex game as the audit's :class:`Trail`.

The I/O edge of ``stavka audit``: the file's commands are played step by step
(:func:`builder.vassal.replay.replay_steps`) and each position is read the way ``stavka
check`` reads a save's (:mod:`builder.saves.hex_positions`), with the phase the turn tracker
shows. The record tracks' properties (VP) are read as each step leaves them; a property
no step has set yet has the value the module starts it with, its track's first box.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.saves.hex_positions import PieceReading, hex_position
from builder.saves.reading import spec_of_save
from builder.vassal.commands import Logged, decode_saved_game
from builder.vassal.model import MODULE_CONTAINER, SavedGame, TurnState
from builder.vassal.replay import replay_steps
from builder.vassal.savefile import decode_save_bytes, read_bytes, with_path
from builder.vassal.sequence import decode, parse_int
from rules.audit.trail import Snapshot, Trail
from rules.errors import SaveError
from rules.model import GameSpec

TURN_PROPERTY = "Turn"
"""The turn track follows the turn tracker; the ledger reports the tracker's own turn."""


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


def _snapshot(
    path: Path, step: int, saved: SavedGame, spec: GameSpec, readings: dict[str, PieceReading]
) -> Snapshot:
    position = hex_position(path, saved, spec, readings)
    return Snapshot(
        step, replace(position, phase=_phase(spec, saved.turns)), _properties(spec, saved)
    )


def read_trail(path: Path) -> Trail:
    """The start of ``path`` and the position after each logged step that changed it.

    A save with no logged steps is a trail of its start alone. Raises
    :class:`SaveError` (one line, naming the file) for a file that is no save of one of
    Stavka's hex-game modules.
    """
    try:
        save_file = decode_save_bytes(read_bytes(path))
        commands = decode_saved_game(save_file.text)
    except SaveError as error:
        raise error if error.path is not None else with_path(error, path) from error
    steps = iter(replay_steps(commands, save_file.module, save_file.save))
    _, first = next(steps)
    spec = spec_of_save(path, first)
    if spec.cards is not None:
        raise SaveError(
            path, None, f"stavka audit judges the hex games' files so far, not {spec.title}'s"
        )
    readings: dict[str, PieceReading] = {}
    start = _snapshot(path, 0, first, spec, readings)
    snapshots = tuple(_snapshot(path, step, saved, spec, readings) for step, saved in steps)
    logged = sum(isinstance(command, Logged) for command in commands.commands)
    return Trail(str(path), start, snapshots, logged)
