"""Playing a command tree out to the position it describes.

A save is a script and a log is a save plus the steps a player replays; the position a
referee must judge is where the script ends. This module executes the commands the way
the engine does, in tree order, stepping every ``LOG`` command, through a
:class:`~builder.vassal.live_game.LiveGame`, and returns the immutable
:class:`SavedGame`.
"""

from __future__ import annotations

from collections.abc import Iterator

from builder.vassal.commands import (
    AddPiece,
    ChangePiece,
    ChangeProperty,
    Command,
    CommandGroup,
    Logged,
    MovePiece,
    RemovePiece,
    SetGlobalProperty,
    SetTurn,
)
from builder.vassal.live_game import LiveGame, snapshot
from builder.vassal.metadata import Metadata
from builder.vassal.model import LocationHook, Piece, SavedGame


def replay(
    commands: CommandGroup,
    module: Metadata | None,
    save: Metadata | None,
    locate: LocationHook | None = None,
) -> SavedGame:
    """Execute ``commands`` and describe the final position.

    ``locate`` names the spot of every piece on a map (for example its hex); without it
    pieces have only pixels.
    """
    game = LiveGame()
    game.run(commands)
    return snapshot(game, commands, module, save, locate)


def logged_steps(commands: Command) -> tuple[list[Command], list[Logged]]:
    """What loading a log executes at once, and the logged steps a player then steps
    through, in tree order.

    VASSAL's logger writes a log as the game's restore command with every logged command
    appended (``BasicLogger.write``), so in a log the engine wrote the ``LOG`` commands
    lie inside the restore command's group, not after it. Loading executes everything
    but them, and each ``LOG`` command only queues itself for the Step button
    (``LogCommand``), wherever it lies in the tree.
    """
    loaded: list[Command] = []
    steps: list[Logged] = []
    match commands:
        case Logged():
            steps.append(commands)
        case CommandGroup(inner):
            for command in inner:
                now, later = logged_steps(command)
                loaded += now
                steps += later
        case _:
            loaded.append(commands)
    return loaded, steps


def replay_steps(
    commands: CommandGroup,
    module: Metadata | None,
    save: Metadata | None,
) -> Iterator[tuple[int, SavedGame]]:
    """The position before the first logged step (numbered 0), then after each logged
    step that changed the position (numbered from 1, counting every step).

    What a player sees stepping through a log; the audit judges each step's changes.
    Steps that change nothing (chat, dice, notes) give no position, which keeps a long
    log of talk cheap.
    """
    game = LiveGame()
    known: dict[str, Piece] = {}
    loaded, steps = logged_steps(commands)
    for command in loaded:
        game.run(command)
    yield 0, snapshot(game, commands, module, save, None, known)
    for step, command in enumerate(steps, 1):
        game.run(command)
        if _changes_position(command):
            yield step, snapshot(game, commands, module, save, None, known)


def _changes_position(command: Command) -> bool:
    """Whether a command may change pieces, properties or turns (chat and notes do not)."""
    match command:
        case CommandGroup(commands):
            return any(_changes_position(inner) for inner in commands)
        case Logged(inner):
            return _changes_position(inner)
        case (
            AddPiece()
            | ChangePiece()
            | MovePiece()
            | RemovePiece()
            | SetGlobalProperty()
            | ChangeProperty()
            | SetTurn()
        ):
            return True
    return False
