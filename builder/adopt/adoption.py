"""``stavka adopt``: what a module someone else made says of its game, read whole before
anything is written.

The steps, each in a module of its own: open the module as hostile input
(:mod:`~builder.adopt.archive`), read its build file (:mod:`~builder.adopt.buildfile`),
choose its hex map and read the grid VASSAL names hexes with
(:mod:`~builder.adopt.grids`), draft the terrain from the board's picture
(:mod:`~builder.adopt.colours`), read its pieces as units (:mod:`~builder.adopt.pieces`)
and its set-ups as scenarios (:mod:`~builder.adopt.setups`). :mod:`~builder.adopt.draft`
writes the result as a game folder.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from builder.adopt import limits
from builder.adopt.archive import ModuleArchive
from builder.adopt.buildfile import MapElement, ModuleDefinition, SlotElement, read_definition
from builder.adopt.colours import TerrainDraft, draft_terrain
from builder.adopt.grids import HexBoard, choose_map, hex_board
from builder.adopt.pictures import Picture, read_picture
from builder.adopt.pieces import PieceDraft, draft_pieces
from builder.adopt.setups import SetupDraft, at_start_setup, predefined_setup
from builder.vassal.metadata import Metadata
from rules.errors import SaveError
from rules.hexgrid import HexMap

PICTURE_FOLDER = "images"
DEAD_PILE = re.compile(r"dead|elim|destroy|casualt|killed|removed|graveyard", re.IGNORECASE)
"""A map named for eliminated units ("DeadPile", "Eliminated", "Casualties")."""
"""Where the game folder keeps the module's pictures it uses."""


@dataclass(frozen=True)
class UnitDraft:
    """One unit: a piece of the module (one of the pieces of its name)."""

    id: str
    name: str
    side_id: str
    piece: PieceDraft
    number: int
    """Which of the pieces of its name it is, from 1 (0 when its name has one piece)."""


@dataclass(frozen=True)
class Adoption:
    """Everything a module gives of its game, ready to be written as a game folder."""

    game_id: str
    file: Path
    metadata: Metadata
    definition: ModuleDefinition
    board: HexBoard
    hex_map: HexMap
    board_picture: str | None
    """The board's picture in the game folder (None: the module draws a plain board)."""
    terrain: TerrainDraft
    sides: tuple[tuple[str, str], ...]
    """(id, name) of each side, as the player roster names them."""
    units: tuple[UnitDraft, ...]
    unit_pieces: tuple[PieceDraft, ...]
    markers: tuple[PieceDraft, ...]
    setups: tuple[SetupDraft, ...]
    pictures: dict[str, bytes]
    """Each picture to write, by its path in the game folder."""
    piece_pictures: dict[str, str]
    """Each unit piece's picture in the game folder, by piece name."""
    side_colours: dict[str, tuple[int, int, int]]
    dead_piles: tuple[str, ...]
    """The module's other maps whose names say they hold eliminated units."""
    notes: tuple[str, ...]


def slug(text: str) -> str:
    """``text`` as an id: lower case, words joined by ``_``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "x"


def _picture_name(image: str, suffix: str, taken: set[str]) -> str:
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(image).stem).strip("._") or "picture"
    name = f"{PICTURE_FOLDER}/{stem}{suffix}"
    number = 2
    while name in taken:
        name = f"{PICTURE_FOLDER}/{stem}-{number}{suffix}"
        number += 1
    taken.add(name)
    return name


def _sides(path: Path, definition: ModuleDefinition) -> list[str]:
    """The sides of the player roster: a game needs them, and a module names them there."""
    if definition.sides:
        return list(definition.sides)
    raise SaveError(
        path,
        "buildFile.xml",
        "the module has no player roster, so it names no sides: stavka adopt drafts a game "
        "of sides",
    )


def _board_picture(
    archive: ModuleArchive, map_element: MapElement
) -> tuple[Picture | None, tuple[int, int]]:
    """The map's board picture (checked before decoding) and its size; a board without a
    picture is a plain rectangle of its own size."""
    board = map_element.boards[0] if map_element.boards else None
    if board is None:
        raise SaveError(archive.path, "buildFile.xml", f"map {map_element.name!r} has no board")
    if not board.image:
        if board.size is None or min(board.size) < 1:
            raise SaveError(
                archive.path,
                "buildFile.xml",
                f"board {board.name!r} has neither a picture nor a size",
            )
        return None, board.size
    entry = archive.image_entry(board.image)
    if entry is None:
        raise SaveError(
            archive.path,
            f"board {board.name!r}",
            f"its picture {board.image!r} is missing from the module",
        )
    picture = read_picture(
        archive.read(entry, limits.MAX_IMAGE_BYTES),
        archive.path,
        f"entry {entry!r}",
        limits.MAX_IMAGE_SIDE,
        limits.MAX_IMAGE_PIXELS,
        SaveError,
    )
    return picture, picture.size


def _dominant(picture: Picture) -> tuple[int, int, int] | None:
    """The commonest colour of a counter's picture, its background colour."""
    image = picture.rgb()
    image.thumbnail((48, 48))
    data = image.tobytes()
    colours = Counter(
        (red >> 3 << 3, green >> 3 << 3, blue >> 3 << 3)
        for red, green, blue in zip(data[0::3], data[1::3], data[2::3], strict=True)
    )
    return colours.most_common(1)[0][0] if colours else None


def adopt_module(path: Path, game_id: str, wanted_map: str | None = None) -> Adoption:
    """Read the module at ``path`` into an :class:`Adoption` of game ``game_id``; bad
    input raises :class:`SaveError` naming the module and the place."""
    notes: list[str] = []
    with ModuleArchive(path) as archive:
        module_file = archive.module_file()
        definition = read_definition(path, module_file.build_file)
        map_element = choose_map(path, definition.maps, wanted_map)
        picture, size = _board_picture(archive, map_element)
        board = hex_board(path, map_element, size)
        hex_map = HexMap(map_element.name, (board.board,))
        image = picture.rgb() if picture is not None else None
        terrain = (
            draft_terrain(image, board.board, board.in_play)
            if image is not None
            else TerrainDraft((), {}, (), {})
        )
        slots: list[SlotElement] = list(definition.slots())
        drafts = draft_pieces(
            path,
            slots,
            definition.prototypes,
            definition.sides,
            lambda image: archive.image_entry(image) is not None,
        )
        sides = _sides(path, definition)
        step_traits = {
            draft.name: (draft.step_trait[0], draft.step_trait[1])
            for draft in drafts
            if draft.step_trait is not None
        }
        setups: list[SetupDraft] = []
        for setup in definition.setups:
            if not setup.uses_file or setup.is_menu:
                notes.append(
                    f"The module's set-up {setup.name!r} is a new game with nothing placed "
                    "in it (no saved file): it is not a scenario here."
                )
                continue
            if not archive.has(setup.file):
                raise SaveError(
                    path,
                    f"set-up {setup.name!r}",
                    f"its file {setup.file!r} is missing from the module",
                )
            setups.append(
                predefined_setup(path, archive, setup, map_element.name, hex_map, step_traits)
            )
        names = {
            (slot.entry_name, slot.text): draft.name for draft in drafts for slot in draft.slots
        }
        at_start = at_start_setup(map_element, hex_map, names)
        if at_start is not None:
            if any(setup.pieces == at_start.pieces for setup in setups):
                notes.append(
                    "The map's at-start stacks place what the predefined set-up "
                    f"{next(setup.name for setup in setups if setup.pieces == at_start.pieces)!r} "
                    "holds: they are that scenario."
                )
            else:
                setups.append(at_start)
        known = {draft.name for draft in drafts}
        missing = sorted({piece.name for setup in setups for piece in setup.pieces} - known)
        if missing:
            notes.append(
                "Pieces of the set-ups that no palette or stack defines, left out: "
                + ", ".join(missing)
            )
        unit_pieces = [draft for draft in drafts if draft.is_unit and draft.side is not None]
        markers = [draft for draft in drafts if not draft.is_unit]
        for draft in markers:
            reason = (
                "no side"
                if draft.side is None and draft.factors_source is not None
                else "no factors"
                if draft.side is not None
                else "neither a side nor factors"
            )
            notes.append(f"Piece {draft.name!r} is not drafted as a unit: it has {reason}.")
        side_ids = {side: slug(side) for side in sides}
        counts = [setup.counts() for setup in setups]
        units: list[UnitDraft] = []
        taken_ids: set[str] = set()
        for draft in unit_pieces:
            count = max([counted[draft.name] for counted in counts] + [1])
            base = slug(draft.name)
            for number in range(1, count + 1):
                unit_id = base if count == 1 else f"{base}_{number}"
                while unit_id in taken_ids:
                    unit_id += "_x"
                taken_ids.add(unit_id)
                readable = draft.name.replace("_", " ")
                units.append(
                    UnitDraft(
                        id=unit_id,
                        name=readable if count == 1 else f"{readable} ({number})",
                        side_id=side_ids[draft.side.value] if draft.side else "",
                        piece=draft,
                        number=0 if count == 1 else number,
                    )
                )
        pictures: dict[str, bytes] = {}
        taken: set[str] = set()
        board_picture = None
        if picture is not None:
            board_picture = _picture_name(map_element.boards[0].image, picture.suffix, taken)
            pictures[board_picture] = picture.data
        piece_pictures: dict[str, str] = {}
        side_colours: dict[str, tuple[int, int, int]] = {}
        copied: dict[str, str] = {}
        for draft in unit_pieces:
            if draft.image in copied:
                piece_pictures[draft.name] = copied[draft.image]
                continue
            entry = archive.image_entry(draft.image) if draft.image else None
            if entry is None:
                notes.append(
                    f"Piece {draft.name!r}: its picture {draft.image!r} is not in the module; "
                    "a module Stavka builds draws the unit's counter instead."
                )
                continue
            counter = read_picture(
                archive.read(entry, limits.MAX_IMAGE_BYTES),
                path,
                f"entry {entry!r}",
                limits.MAX_IMAGE_SIDE,
                limits.MAX_PIECE_IMAGE_PIXELS,
                SaveError,
            )
            name = _picture_name(draft.image, counter.suffix, taken)
            pictures[name] = counter.data
            piece_pictures[draft.name] = copied[draft.image] = name
            if draft.side is not None and draft.side.value not in side_colours:
                colour = _dominant(counter)
                if colour is not None:
                    side_colours[draft.side.value] = colour
    dead_piles: list[str] = []
    for map_item in definition.maps:
        if map_item is map_element:
            continue
        kinds = sorted({board.grid.kind for board in map_item.boards if board.grid})
        what = (
            f"The module's map {map_item.name!r} ({', '.join(kinds) or 'no grid'}"
            f"{', decks ' + ', '.join(map_item.decks) if map_item.decks else ''}) is not the "
            "game's hex map"
        )
        if DEAD_PILE.search(map_item.name):
            dead_piles.append(map_item.name)
            notes.append(
                f"{what}; its name says it holds eliminated units, so module.toml lists it "
                "in dead_piles."
            )
        else:
            notes.append(
                f"{what}; if its pieces are eliminated units, list it in module.toml's dead_piles."
            )
    return Adoption(
        game_id=game_id,
        file=path,
        metadata=module_file.metadata,
        definition=definition,
        board=board,
        hex_map=hex_map,
        board_picture=board_picture,
        terrain=terrain,
        sides=tuple((side_ids[side], side) for side in sides),
        units=tuple(units),
        unit_pieces=tuple(unit_pieces),
        markers=tuple(markers),
        setups=tuple(setups),
        pictures=pictures,
        piece_pictures=piece_pictures,
        side_colours=side_colours,
        dead_piles=tuple(dead_piles),
        notes=tuple(notes),
    )
