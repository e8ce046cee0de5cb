"""Writing saves VASSAL loads: set-up saves from pieces, annotated copies of players' saves.

Both writers produce the same container — an obfuscated ``!VCSK`` ``savedGame`` (UTF-8,
VASSAL's escaping), ``savedata`` and ``moduledata``, in a zip with fixed timestamps —
so identical input gives identical bytes, and a seed fixes the piece ids and the
obfuscation key that VASSAL would draw at random. Output always goes to a new file,
written atomically; a player's save is never touched.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from builder.output import write_new_file
from builder.vassal.archive import SAVE_DATA, SAVED_GAME, MODULE_DATA, zip_archive
from builder.vassal.commands import (
    COMMAND_SEPARATOR,
    AddPiece,
    BeginSave,
    ChangePiece,
    Command,
    CommandGroup,
    EndSave,
    Logged,
    NullCommand,
    SetBoards,
    SetGlobalProperty,
    SetTurn,
    SetupStacksPlaced,
    decode_saved_game,
    encode_saved_game,
)
from builder.vassal.decks import deck_state
from builder.vassal.metadata import Metadata, render_module_data, render_save_data
from builder.vassal.model import GlobalPropertyValue, MapBoards
from builder.vassal.obfuscation import obfuscate
from builder.vassal.savefile import SaveFile, read_save_file
from builder.vassal.sequence import encode
from builder.vassal.traits import BasicPiece, Decorator, Trait, chain_texts, join_chain
from rules.errors import SaveError

FIRST_PIECE_ID = 1_600_000_000_000
"""Piece ids look like VASSAL's (milliseconds since 1970) and stay clear of real ones."""


@dataclass(frozen=True)
class SetupPiece:
    """A piece to place in a set-up save.

    ``traits`` run outermost first and end with the BasicPiece, expanded (no
    prototypes), as VASSAL keeps pieces in games; the BasicPiece's own map and position
    are replaced by ``map``/``x``/``y``. Pieces at the same spot form one stack, the
    first given at the bottom.
    """

    traits: tuple[Trait, ...]
    map: str
    x: int
    y: int


@dataclass(frozen=True)
class SetupDeck:
    """A DrawPile's deck to restore with its cards (:mod:`builder.vassal.decks`).

    ``type`` is the pile's ``deck;`` type; ``cards`` lie in the deck bottom first, placed
    at the deck's spot whatever their own ``map``/``x``/``y`` say.
    """

    type: str
    map: str
    x: int
    y: int
    face_down: bool
    cards: tuple[SetupPiece, ...]


@dataclass(frozen=True)
class TurnPosition:
    """A turn tracker's state to restore, as VASSAL encodes it (see ``TurnState``)."""

    tracker_id: str
    state: str


def _check_storable(traits: Sequence[Trait], what: str) -> None:
    """Refuse text VASSAL would misread: ESC splits commands at any depth, and the
    innermost BasicPiece is not escaped in its chain, so a TAB there splits the chain."""
    for trait in traits:
        if COMMAND_SEPARATOR in trait.type_text() + trait.state_text():
            raise ValueError(f"{what}: a VASSAL save cannot hold the ESC character")
    if (
        traits
        and isinstance(traits[-1], BasicPiece)
        and "\t" in traits[-1].type_text() + traits[-1].state_text()
    ):
        raise ValueError(f"{what}: a BasicPiece field cannot hold a TAB")


def _piece_ids(seed: int, count: int) -> list[str]:
    """``count`` consecutive ids from a seeded start, as VASSAL's clock-based ids are."""
    start = FIRST_PIECE_ID + random.Random(seed).randrange(10**11)
    return [str(start + offset) for offset in range(count)]


def _obfuscation_key(seed: int) -> int:
    return random.Random(f"key:{seed}").randrange(256)


def _container(text: str, seed: int, module_data: bytes | None, save_data: bytes | None) -> bytes:
    entries = [(SAVED_GAME, obfuscate(text, _obfuscation_key(seed)))]
    if save_data is not None:
        entries.append((SAVE_DATA, save_data))
    if module_data is not None:
        entries.append((MODULE_DATA, module_data))
    return zip_archive(entries)


def setup_commands(
    pieces: Sequence[SetupPiece],
    seed: int,
    boards: Sequence[MapBoards] = (),
    global_properties: Sequence[GlobalPropertyValue] = (),
    turns: Sequence[TurnPosition] = (),
    at_start_stacks: bool = True,
    decks: Sequence[SetupDeck] = (),
) -> CommandGroup:
    """The command tree of a save holding ``pieces`` and ``decks`` and nothing of
    earlier games.

    Shaped as ``GameState`` writes it: ``begin_save``, a null command, all pieces with
    each stack after its pieces and each deck after its cards, board layouts,
    properties, turn trackers, ``SETUP_STACK`` (the save already holds the at-start
    pieces) and ``end_save``. Only a module with at-start stacks or decks can read
    ``SETUP_STACK``; for one without, pass ``at_start_stacks=False``. A save that
    restores a module's decks must say ``SETUP_STACK``, or the engine adds them again.
    """
    spots: dict[tuple[str, int, int], list[str]] = {}
    in_decks = sum(len(deck.cards) + 1 for deck in decks)
    ids = _piece_ids(seed, len(pieces) * 2 + in_decks)
    piece_commands: list[Command] = [NullCommand()]

    def add(index: int, piece: SetupPiece, map_id: str, x: int, y: int) -> None:
        basic = piece.traits[-1]
        if not isinstance(basic, BasicPiece):
            raise ValueError(f"set-up piece {index} does not end with a BasicPiece")
        placed = (*piece.traits[:-1], replace(basic, map=map_id, x=x, y=y))
        _check_storable(placed, f"set-up piece {index}")
        piece_type, state = chain_texts(placed)
        piece_commands.append(AddPiece(piece_id=ids[index], type=piece_type, state=state))

    for index, piece in enumerate(pieces):
        add(index, piece, piece.map, piece.x, piece.y)
        spots.setdefault((piece.map, piece.x, piece.y), []).append(ids[index])
    next_id = len(pieces) * 2
    for deck in decks:
        members = []
        for card in deck.cards:
            add(next_id, card, deck.map, deck.x, deck.y)
            members.append(ids[next_id])
            next_id += 1
        state = deck_state(deck.map, deck.x, deck.y, deck.face_down, members)
        piece_commands.append(AddPiece(piece_id=ids[next_id], type=deck.type, state=state))
        next_id += 1
    for offset, ((map_id, x, y), members) in enumerate(spots.items()):
        state = encode([map_id, str(x), str(y), *members], ";")
        piece_commands.append(
            AddPiece(piece_id=ids[len(pieces) + offset], type="stack", state=state)
        )
    commands: list[Command] = [BeginSave(), NullCommand(), CommandGroup(tuple(piece_commands))]
    commands += [SetBoards(map_id=layout.map, boards=layout.boards) for layout in boards]
    commands += [
        SetGlobalProperty(name=value.name, value=value.value, container=value.container)
        for value in global_properties
    ]
    commands += [SetTurn(tracker_id=turn.tracker_id, state=turn.state) for turn in turns]
    if at_start_stacks:
        commands.append(SetupStacksPlaced())
    commands.append(EndSave())
    return CommandGroup(tuple(commands))


def setup_save_bytes(
    pieces: Sequence[SetupPiece],
    module: Metadata,
    seed: int,
    boards: Sequence[MapBoards] = (),
    global_properties: Sequence[GlobalPropertyValue] = (),
    turns: Sequence[TurnPosition] = (),
    description: str = "",
    at_start_stacks: bool = True,
    decks: Sequence[SetupDeck] = (),
) -> bytes:
    """The bytes of a set-up save for ``module`` (see :func:`setup_commands`).

    ``module`` must be the module's own metadata: VASSAL compares its name with the
    running module's. ``savedata`` takes its version and date from it, so the output
    depends on nothing but the arguments.
    """
    text = encode_saved_game(
        setup_commands(pieces, seed, boards, global_properties, turns, at_start_stacks, decks)
    )
    save = replace(module, name="", description=description)
    return _container(text, seed, render_module_data(module), render_save_data(save))


def write_setup_save(
    path: Path,
    pieces: Sequence[SetupPiece],
    module: Metadata,
    seed: int,
    boards: Sequence[MapBoards] = (),
    global_properties: Sequence[GlobalPropertyValue] = (),
    turns: Sequence[TurnPosition] = (),
    description: str = "",
) -> None:
    """Write a set-up save to ``path``, which must not exist yet."""
    write_new_file(
        path, setup_save_bytes(pieces, module, seed, boards, global_properties, turns, description)
    )


def _wrap(added: Sequence[Decorator], chain: str, kind: str) -> str:
    texts = [trait.type_text() if kind == "type" else trait.state_text() for trait in added]
    return join_chain([*texts, chain])


def annotate_commands(
    tree: CommandGroup, annotations: Mapping[str, Sequence[Decorator]]
) -> CommandGroup:
    """``tree`` with extra outermost traits on the pieces named in ``annotations``.

    The existing chains are wrapped, not re-encoded, so everything else stays exactly as
    the engine wrote it. Later state changes of an annotated piece (in a log) get the new
    traits' states too, because VASSAL refuses a state with fewer elements than traits.
    """

    def rewrite(command: Command) -> Command:
        match command:
            case CommandGroup(commands):
                return CommandGroup(tuple(rewrite(inner) for inner in commands))
            case Logged(inner):
                return Logged(rewrite(inner))
            case AddPiece(str(piece_id), piece_type, state) if (
                piece_id in annotations and piece_type != "stack"
            ):
                added = annotations[piece_id]
                return AddPiece(
                    piece_id, _wrap(added, piece_type, "type"), _wrap(added, state, "state")
                )
            case ChangePiece(piece_id, new_state, old_state) if piece_id in annotations:
                added = annotations[piece_id]
                return ChangePiece(
                    piece_id,
                    _wrap(added, new_state, "state"),
                    None if old_state is None else _wrap(added, old_state, "state"),
                )
        return command

    return CommandGroup(tuple(rewrite(command) for command in tree.commands))


def _added_piece_ids(command: Command) -> set[str]:
    match command:
        case CommandGroup(commands):
            return set().union(*(_added_piece_ids(inner) for inner in commands))
        case Logged(inner):
            return _added_piece_ids(inner)
        case AddPiece(piece_id, piece_type) if piece_id is not None and piece_type != "stack":
            return {piece_id}
    return set()


def read_for_annotation(
    source: Path, target: Path, expected_module: str | None = None
) -> tuple[SaveFile, CommandGroup]:
    """The save at ``source``, read once, with its command tree, after refusing a
    ``target`` that is the source or exists: what an annotated copy is made from."""
    if target.resolve() == source.resolve():
        raise SaveError(target, None, "output would overwrite the input save")
    if target.exists() or target.is_symlink():
        raise SaveError(target, None, "output file already exists; refusing to overwrite it")
    save_file = read_save_file(source, expected_module)
    try:
        return save_file, decode_saved_game(save_file.text)
    except SaveError as error:
        raise SaveError(source, error.place, error.message) from error


def write_annotated(
    source: Path,
    target: Path,
    read: tuple[SaveFile, CommandGroup],
    annotations: Mapping[str, Sequence[Decorator]],
    seed: int = 0,
) -> None:
    """Write the save ``read`` from ``source`` to the new file ``target``, adding traits.

    ``annotations`` maps piece ids to decorators (e.g. a Marker or Layer) placed
    outermost on that piece; an empty mapping gives a plain copy that loads exactly as
    the original. ``moduledata``/``savedata`` are carried over byte for byte.
    """
    save_file, original = read
    for piece_id, added in annotations.items():
        _check_storable(added, f"annotation of piece {piece_id}")
    missing = sorted(set(annotations) - _added_piece_ids(original))
    if missing:
        raise SaveError(source, None, f"no piece with id {missing[0]!r} to annotate")
    tree = annotate_commands(original, annotations)
    write_new_file(
        target,
        _container(encode_saved_game(tree), seed, save_file.module_data, save_file.save_data),
    )


def write_annotated_copy(
    source: Path,
    target: Path,
    annotations: Mapping[str, Sequence[Decorator]],
    seed: int = 0,
    expected_module: str | None = None,
) -> None:
    """Copy the save or log at ``source`` to the new file ``target``, adding traits
    (see :func:`write_annotated`)."""
    write_annotated(
        source, target, read_for_annotation(source, target, expected_module), annotations, seed
    )
