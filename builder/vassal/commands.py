"""The command tree of a save or log: decoding VASSAL's command text and encoding it back.

A saved game is not a snapshot but a script: ``begin_save``, then commands that add
pieces and restore each component, then ``end_save``; a log appends ``LOG`` commands
that a player steps through. This module turns the text into typed, immutable commands
(and back) without interpreting them; :mod:`builder.vassal.replay` executes them.

Commands this toolkit does not interpret (chat, notes, version checks, custom module
commands) are kept verbatim as :class:`OtherCommand`, so re-encoding an unchanged tree
gives the engine the same text it wrote. A command that VASSAL would fail on while
decoding (an AddPiece without a state, a MovePiece with a non-numeric coordinate)
raises :class:`SaveError` naming its position in the tree.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.vassal.nesting import BEGIN_SAVE, CommandNode, command_node, command_tree
from builder.vassal.sequence import decode, encode, field, parse_int
from rules.errors import SaveError

COMMAND_SEPARATOR = "\x1b"
NULL_ID = "null"

END_SAVE = "end_save"
SETUP_STACK = "SETUP_STACK\t"
ADD_PREFIX = "+/"
REMOVE_PREFIX = "-/"
CHANGE_PREFIX = "D/"
MOVE_PREFIX = "M/"
GLOBAL_PROPERTY_PREFIX = "GlobalProperty\t"
CHANGE_PROPERTY_PREFIX = "MutableProperty\t"
TURN_PREFIX = "TURN"
PLAYER_PREFIX = "PLAYER\t"
BOARD_PICKER_SUFFIX = "BoardPicker"
LOG_PREFIX = "LOG\t"
UNDO_PREFIX = "UNDO\t"


@dataclass(frozen=True)
class NullCommand:
    """An empty command; VASSAL writes one where a component has nothing to restore."""


@dataclass(frozen=True)
class BeginSave:
    """``begin_save``: the engine resets the game before the commands that follow."""


@dataclass(frozen=True)
class EndSave:
    """``end_save``: the engine starts the game (and lays out at-start stacks if new)."""


@dataclass(frozen=True)
class SetupStacksPlaced:
    """``SETUP_STACK``: the save already holds the at-start pieces; do not add them again."""


@dataclass(frozen=True)
class AddPiece:
    """``+/id/type/state``: create a piece, stack or deck with this id, type and state.

    ``type`` and ``state`` are kept as the raw trait-chain strings so that an unchanged
    piece is written back exactly; :mod:`builder.vassal.traits` gives them meaning.
    """

    piece_id: str | None
    type: str
    state: str


@dataclass(frozen=True)
class RemovePiece:
    """``-/id``: delete a piece (or a whole stack)."""

    piece_id: str


@dataclass(frozen=True)
class ChangePiece:
    """``D/id/new[/old]``: set a piece's state; the old state lets traits merge."""

    piece_id: str
    new_state: str
    old_state: str | None


@dataclass(frozen=True)
class MovePiece:
    """``M/…``: move a piece to a map position, optionally onto another piece."""

    piece_id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under_id: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under_id: str | None
    player_id: str | None


@dataclass(frozen=True)
class SetGlobalProperty:
    """``GlobalProperty\\t;name;value;container``: a global property's current value.

    ``container`` is ``Module``, a map name, or ``map:zone``; empty in old saves.
    """

    name: str
    value: str
    container: str


@dataclass(frozen=True)
class ChangeProperty:
    """``MutableProperty\\tname\\told\\tnew\\tcontainer``: a property changed in play.

    A piece's Set Global Property trait (a VP marker's +5) logs its change this way,
    not as :class:`SetGlobalProperty`, which only restores values when a save loads.
    An empty ``container`` (older VASSAL) changes the first property of that name.
    """

    name: str
    old_value: str
    new_value: str
    container: str


@dataclass(frozen=True)
class SetTurn:
    """``TURN<trackerId>\\t<state>``: a turn tracker's position (tracker ids are TurnTracker0…)."""

    tracker_id: str
    state: str


@dataclass(frozen=True)
class BoardPlacement:
    """One board of a map's layout: its name, whether it is turned, its cell in the layout."""

    board: str
    reversed: bool
    column: int
    row: int


@dataclass(frozen=True)
class SetBoards:
    """``<map>BoardPicker\\tboard\\tcol\\trow…``: the boards a map is made of."""

    map_id: str
    boards: tuple[BoardPlacement, ...]


@dataclass(frozen=True)
class AddPlayer:
    """``PLAYER\\tid\\tname\\tside``: a player of the game (the id is their secret password)."""

    player_id: str
    name: str
    side: str


@dataclass(frozen=True)
class Logged:
    """``LOG\\t<command>``: a command a player steps through when replaying a log."""

    command: Command


@dataclass(frozen=True)
class Undo:
    """``UNDO\\ttrue|false``: marks an undo in progress; the undoing itself is logged commands."""

    in_progress: bool


@dataclass(frozen=True)
class OtherCommand:
    """A command this toolkit does not interpret, kept verbatim (chat, notes, checks…)."""

    text: str


@dataclass(frozen=True)
class CommandGroup:
    """Commands nested in one ESC-separated string, executed in order."""

    commands: tuple[Command, ...]


Command = (
    NullCommand
    | BeginSave
    | EndSave
    | SetupStacksPlaced
    | AddPiece
    | RemovePiece
    | ChangePiece
    | MovePiece
    | SetGlobalProperty
    | ChangeProperty
    | SetTurn
    | SetBoards
    | AddPlayer
    | Logged
    | Undo
    | OtherCommand
    | CommandGroup
)


_NULL, _BEGIN, _END, _SETUP_STACKS_PLACED = (
    NullCommand(),
    BeginSave(),
    EndSave(),
    SetupStacksPlaced(),
)
"""Commands without fields are equal whatever the instance; one of each serves every save."""


def _unwrap_null(text: str) -> str | None:
    return None if text == NULL_ID else text


def _wrap_null(text: str | None) -> str:
    return NULL_ID if text is None else text


def _integer(text: str, place: str) -> int:
    value = parse_int(text)
    if value is None:
        raise SaveError(None, place, f"expected a whole number, found {text[:40]!r}")
    return value


def _tokens(
    text: str, delimiter: str, count: int, place: str, what: str, prefixed: bool = False
) -> list[str]:
    # A prefix such as "+/" ends with the delimiter, so splitting the whole command and
    # dropping the first token gives the fields without copying the text once more.
    tokens = decode(text, delimiter)[1:] if prefixed else decode(text, delimiter)
    if len(tokens) < count:
        raise SaveError(None, place, f"{what} has {len(tokens)} fields, needs {count}")
    return tokens


def _decode_move(body: str, place: str) -> MovePiece:
    tokens = _tokens(body, "/", 9, place, "MovePiece")
    return MovePiece(
        piece_id=_unwrap_null(tokens[0]),
        new_map=_unwrap_null(tokens[1]),
        new_x=_integer(tokens[2], place),
        new_y=_integer(tokens[3], place),
        new_under_id=_unwrap_null(tokens[4]),
        old_map=_unwrap_null(tokens[5]),
        old_x=_integer(tokens[6], place),
        old_y=_integer(tokens[7], place),
        old_under_id=_unwrap_null(tokens[8]),
        player_id=tokens[9] if len(tokens) > 9 else None,
    )


def _integer_or_zero(text: str) -> int:
    # VASSAL reads board positions with nextInt(0): anything unparsable is 0.
    value = parse_int(text)
    return 0 if value is None else value


def _decode_boards(text: str) -> SetBoards | None:
    tokens = decode(text, "\t")
    if not tokens[0].endswith(BOARD_PICKER_SUFFIX):
        return None
    placements = []
    for index in range(1, len(tokens), 3):
        name_parts = decode(tokens[index], "/")
        placements.append(
            BoardPlacement(
                board=name_parts[0],
                reversed=len(name_parts) > 1 and name_parts[1] == "rev",
                column=_integer_or_zero(tokens[index + 1]) if index + 1 < len(tokens) else 0,
                row=_integer_or_zero(tokens[index + 2]) if index + 2 < len(tokens) else 0,
            )
        )
    return SetBoards(map_id=tokens[0][: -len(BOARD_PICKER_SUFFIX)], boards=tuple(placements))


def decode_leaf(text: str, place: str, depth: int = 1) -> Command:
    """One command string (no unescaped ESC) as a typed command."""
    if not text:
        return _NULL
    if text == BEGIN_SAVE:
        return _BEGIN
    if text == END_SAVE:
        return _END
    if text == SETUP_STACK:
        return _SETUP_STACKS_PLACED
    if text.startswith(ADD_PREFIX):
        tokens = _tokens(text, "/", 3, place, "AddPiece", prefixed=True)
        return AddPiece(piece_id=_unwrap_null(tokens[0]), type=tokens[1], state=tokens[2])
    if text.startswith(REMOVE_PREFIX):
        return RemovePiece(piece_id=text[len(REMOVE_PREFIX) :])
    if text.startswith(CHANGE_PREFIX):
        tokens = _tokens(text, "/", 2, place, "ChangePiece", prefixed=True)
        return ChangePiece(
            piece_id=tokens[0],
            new_state=tokens[1],
            old_state=tokens[2] if len(tokens) > 2 else None,
        )
    if text.startswith(MOVE_PREFIX):
        return _decode_move(text[len(MOVE_PREFIX) :], place)
    if text.startswith(GLOBAL_PROPERTY_PREFIX):
        tokens = decode(text, ";")
        if tokens[0] == GLOBAL_PROPERTY_PREFIX and len(tokens) >= 3:
            return SetGlobalProperty(
                name=tokens[1], value=tokens[2], container=tokens[3] if len(tokens) > 3 else ""
            )
        return OtherCommand(text)
    if text.startswith(CHANGE_PROPERTY_PREFIX):
        tokens = decode(text[len(CHANGE_PROPERTY_PREFIX) :], "\t")
        if len(tokens) < 3:
            return OtherCommand(text)
        return ChangeProperty(
            name=tokens[0], old_value=tokens[1], new_value=tokens[2], container=field(tokens, 3)
        )
    if text.startswith(PLAYER_PREFIX):
        tokens = _tokens(text, "\t", 4, place, "PLAYER")
        return AddPlayer(player_id=tokens[1], name=tokens[2], side=tokens[3])
    if text.startswith(LOG_PREFIX):
        return Logged(decode_command(text[len(LOG_PREFIX) :], f"{place}/LOG", depth + 1))
    if text.startswith(UNDO_PREFIX):
        return Undo(in_progress=text[len(UNDO_PREFIX) :] == "true")
    if text.startswith(TURN_PREFIX) and "\t" in text:
        tokens = decode(text, "\t")
        return SetTurn(tracker_id=tokens[0][len(TURN_PREFIX) :], state=field(tokens, 1))
    if "\t" in text:
        boards = _decode_boards(text)
        if boards is not None:
            return boards
    return OtherCommand(text)


def _typed(node: CommandNode, place: str, depth: int) -> Command:
    if isinstance(node, str):
        return decode_leaf(node, place, depth)
    # Children are decoded with an empty place, and only an error learns where it is:
    # a million commands then cost no million place strings.
    children = []
    for index, child in enumerate(node):
        try:
            children.append(_typed(child, "", depth + 1))
        except SaveError as error:
            raise SaveError(None, f"{place}/{index}{error.place or ''}", error.message) from None
    return CommandGroup(tuple(children))


def decode_command(text: str, place: str = "command", depth: int = 1) -> Command:
    """Decode command text as ``GameModule.decode`` does: a leaf, or a group of them.

    ``place`` is the path of indices (``command/3/12``) used in error messages.
    """
    return _typed(command_node(text, place, depth), place, depth)


def decode_saved_game(text: str) -> CommandGroup:
    """The top-level command group of a ``savedGame`` text.

    The whole text is always a group, even if it holds a single command, so that the
    tree's shape matches the ``.lines.txt`` flattening.
    """
    group = _typed(command_tree(text), "command", 0)
    assert isinstance(group, CommandGroup)
    return group


def _encode_boards(command: SetBoards) -> str:
    items = [command.map_id + BOARD_PICKER_SUFFIX]
    for placement in command.boards:
        name = (
            encode([placement.board, "rev"], "/")
            if placement.reversed
            else encode([placement.board], "/")
        )
        items += [name, str(placement.column), str(placement.row)]
    return encode(items, "\t")


def encode_command(command: Command) -> str:
    """The text VASSAL would write for ``command`` (groups nested with escaped ESCs)."""
    match command:
        case NullCommand():
            return ""
        case BeginSave():
            return BEGIN_SAVE
        case EndSave():
            return END_SAVE
        case SetupStacksPlaced():
            return SETUP_STACK
        case AddPiece(piece_id, piece_type, state):
            return ADD_PREFIX + encode([_wrap_null(piece_id), piece_type, state], "/")
        case RemovePiece(piece_id):
            return REMOVE_PREFIX + piece_id
        case ChangePiece(piece_id, new_state, old_state):
            items = [piece_id, new_state] if old_state is None else [piece_id, new_state, old_state]
            return CHANGE_PREFIX + encode(items, "/")
        case MovePiece():
            items = [
                _wrap_null(command.piece_id),
                _wrap_null(command.new_map),
                str(command.new_x),
                str(command.new_y),
                _wrap_null(command.new_under_id),
                _wrap_null(command.old_map),
                str(command.old_x),
                str(command.old_y),
                _wrap_null(command.old_under_id),
            ]
            if command.player_id is not None:
                items.append(command.player_id)
            return MOVE_PREFIX + encode(items, "/")
        case SetGlobalProperty(name, value, container):
            return encode([GLOBAL_PROPERTY_PREFIX, name, value, container], ";")
        case ChangeProperty(name, old_value, new_value, container):
            return CHANGE_PROPERTY_PREFIX + encode([name, old_value, new_value, container], "\t")
        case SetTurn(tracker_id, state):
            return encode([TURN_PREFIX + tracker_id, state], "\t")
        case SetBoards():
            return _encode_boards(command)
        case AddPlayer(player_id, name, side):
            return PLAYER_PREFIX + encode([player_id, name, side], "\t")
        case Logged(inner):
            return LOG_PREFIX + encode_command(inner)
        case Undo(in_progress):
            return UNDO_PREFIX + ("true" if in_progress else "false")
        case OtherCommand(text):
            return text
        case CommandGroup(commands):
            return encode([encode_command(inner) for inner in commands], COMMAND_SEPARATOR)
    raise TypeError(f"not a command: {command!r}")


def encode_saved_game(tree: CommandGroup) -> str:
    """The ``savedGame`` text of a top-level group (the inverse of :func:`decode_saved_game`)."""
    return encode([encode_command(command) for command in tree.commands], COMMAND_SEPARATOR)
