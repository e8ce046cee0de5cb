"""A module's ``buildFile.xml`` read into what adopting needs, as typed records.

Only the components a game's data can come from are read: the player roster (the
sides), each map with its boards, grids and at-start stacks, the prototypes, every piece
slot with the folders it sits in (palette tabs, map sub-folders, decks), and the
predefined set-ups. Everything else in the file (windows, buttons, charts) stays the
module's own business. The XML is untrusted: no DTD, no entities, no network, no huge
trees.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from builder.adopt import limits
from rules.errors import SaveError

_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True
)
_BOARD = "VASSAL.build.module.map.boardPicker.Board"
_GRID_PACKAGE = "VASSAL.build.module.map.boardPicker.board."
_NUMBERING_PACKAGE = _GRID_PACKAGE + "mapgrid."
_MAPS = (
    "VASSAL.build.module.Map",
    "VASSAL.build.module.PrivateMap",
    "VASSAL.build.module.PlayerHand",
)
_SLOTS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
_NAMED = ("entryName", "name", "mapName", "text", "buttonText")
"""The attributes a component is called by, in the order a folder takes its name from."""


@dataclass(frozen=True)
class GridElement:
    """A grid as the build file gives it: its kind (``HexGrid``, ``SquareGrid``,
    ``RegionGrid``, ``ZonedGrid`` or another class's short name), its attributes and its
    numbering's; a zoned grid has zones and perhaps a background grid."""

    kind: str
    attributes: Mapping[str, str]
    numbering: Mapping[str, str] | None
    zones: tuple[ZoneElement, ...] = ()
    background: GridElement | None = None


@dataclass(frozen=True)
class ZoneElement:
    """A zone of a zoned grid: its outline (board pixels), its location format, and a
    grid of its own unless it uses the background grid."""

    name: str
    outline: tuple[tuple[int, int], ...]
    location_format: str
    grid: GridElement | None
    uses_parent_grid: bool


@dataclass(frozen=True)
class BoardElement:
    """A board: its picture (empty for a plain rectangle of ``size``) and its grid."""

    name: str
    image: str
    size: tuple[int, int] | None
    grid: GridElement | None


@dataclass(frozen=True)
class SlotElement:
    """A piece as a slot defines it: its name, palette id and its AddPiece text, and the
    folders it sits in, outermost first (a palette's tabs, a map's sub-folders)."""

    entry_name: str
    gpid: str
    text: str
    folders: tuple[str, ...]


@dataclass(frozen=True)
class SetupStackElement:
    """An at-start stack: pieces placed on a map when a game starts."""

    name: str
    board: str
    x: int
    y: int
    location: str | None
    """A grid location, when the stack is placed by one rather than by pixels."""
    slots: tuple[SlotElement, ...]


@dataclass(frozen=True)
class MapElement:
    """A map window: its boards, its edge margins and what starts on it."""

    name: str
    kind: str
    edge: tuple[int, int]
    boards: tuple[BoardElement, ...]
    setup_stacks: tuple[SetupStackElement, ...]
    decks: tuple[str, ...]
    deck_slots: tuple[SlotElement, ...] = ()
    """The cards of its decks, each in the folder of its deck."""


@dataclass(frozen=True)
class PredefinedSetup:
    """A File > Scenarios entry: a save inside the module (``file``), or a menu."""

    name: str
    file: str
    uses_file: bool
    is_menu: bool


@dataclass(frozen=True)
class ModuleDefinition:
    """What the build file says that a game's data can be drafted from."""

    name: str
    version: str
    vassal_version: str
    description: str
    sides: tuple[str, ...]
    maps: tuple[MapElement, ...]
    prototypes: Mapping[str, str]
    palette: tuple[SlotElement, ...]
    setups: tuple[PredefinedSetup, ...]
    classes: frozenset[str] = field(default_factory=frozenset)
    """Every component class the build file names, to say what was left out."""

    def slots(self) -> Iterator[SlotElement]:
        """Every piece slot: the palette's, then each map's at-start stacks'."""
        yield from self.palette
        for map_element in self.maps:
            for stack in map_element.setup_stacks:
                yield from stack.slots
            yield from map_element.deck_slots


def read_definition(path: Path, data: bytes) -> ModuleDefinition:
    """The build file of the module at ``path``; anything unreadable is one line."""
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else "unreadable"
        raise SaveError(path, "buildFile.xml", f"not well-formed XML ({reason})") from error
    if root.getroottree().docinfo.internalDTD is not None or any(
        isinstance(node, etree._Entity) for node in root.iter()
    ):
        raise SaveError(
            path,
            "buildFile.xml",
            "the build file declares a DTD or uses XML entities, which VASSAL never writes",
        )
    if root.tag not in ("VASSAL.build.GameModule", "VASSAL.launch.BasicModule"):
        raise SaveError(
            path, "buildFile.xml", f"the build file's root is <{root.tag}>, not a VASSAL module"
        )
    classes = frozenset(str(element.tag) for element in root.iter() if isinstance(element.tag, str))
    palette: list[SlotElement] = []
    maps: list[MapElement] = []
    prototypes: dict[str, str] = {}
    sides: list[str] = []
    setups: list[PredefinedSetup] = []
    count = 0
    for element, folders in _walk(root, ()):
        tag = element.tag
        if tag in _MAPS:
            maps.append(_map(path, element))
            count += sum(len(stack.slots) for stack in maps[-1].setup_stacks)
            count += len(maps[-1].deck_slots)
        elif tag in _SLOTS:
            palette.append(_slot(element, folders))
            count += 1
        elif tag == "VASSAL.build.module.PrototypeDefinition":
            prototypes[element.get("name", "")] = element.text or ""
        elif tag == "VASSAL.build.module.PlayerRoster":
            sides = [(entry.text or "").strip() for entry in element.iter("entry")]
        elif tag == "VASSAL.build.module.PredefinedSetup":
            setups.append(
                PredefinedSetup(
                    name=element.get("name", ""),
                    file=element.get("file", ""),
                    uses_file=element.get("useFile", "true") == "true",
                    is_menu=element.get("isMenu", "false") == "true",
                )
            )
        if count > limits.MAX_PIECES:
            raise SaveError(
                path,
                "buildFile.xml",
                f"the module defines more than {limits.MAX_PIECES:,} pieces, the most "
                "stavka adopt drafts a game from",
            )
    return ModuleDefinition(
        name=root.get("name", ""),
        version=root.get("version", ""),
        vassal_version=root.get("VassalVersion", ""),
        description=root.get("description", ""),
        sides=tuple(side for side in sides if side),
        maps=tuple(maps),
        prototypes=prototypes,
        palette=tuple(palette),
        setups=tuple(setups),
        classes=classes,
    )


def _name_of(element: etree._Element) -> str | None:
    for key in _NAMED:
        value = element.get(key)
        if value:
            return value
    return None


def _walk(
    element: etree._Element, folders: tuple[str, ...]
) -> Iterator[tuple[etree._Element, tuple[str, ...]]]:
    """Every component outside the maps with the folders above it; a map is yielded
    whole (its own reader walks it), and so is a prototype."""
    for child in element:
        if not isinstance(child.tag, str):
            continue
        yield child, folders
        if child.tag in _MAPS or child.tag in _SLOTS:
            continue
        name = _name_of(child)
        yield from _walk(child, folders + ((name,) if name else ()))


def _integer(path: Path, element: etree._Element, key: str, default: int = 0) -> int:
    text = element.get(key)
    if text is None or not text.strip():
        return default
    try:
        return int(text.strip())
    except ValueError:
        try:
            return int(float(text.strip()))
        except ValueError:
            raise SaveError(
                path,
                "buildFile.xml",
                f"{element.tag.rsplit('.', 1)[-1]} {_name_of(element) or ''}: {key}="
                f"{text[:20]!r} is not a number",
            ) from None


def _map(path: Path, element: etree._Element) -> MapElement:
    name = element.get("mapName", "")
    boards: list[BoardElement] = []
    stacks: list[SetupStackElement] = []
    decks: list[str] = []
    deck_slots: list[SlotElement] = []
    for child, folders in _walk(element, ()):
        parent = child.getparent()
        if child.tag in _SLOTS and (
            parent is None or parent.tag != "VASSAL.build.module.map.SetupStack"
        ):
            deck_slots.append(_slot(child, (name, *folders)))
        elif child.tag == _BOARD:
            boards.append(_board(path, child))
        elif child.tag == "VASSAL.build.module.map.SetupStack":
            stacks.append(
                SetupStackElement(
                    name=child.get("name", ""),
                    board=child.get("owningBoard", ""),
                    x=_integer(path, child, "x"),
                    y=_integer(path, child, "y"),
                    location=child.get("location")
                    if child.get("useGridLocation") == "true"
                    else None,
                    slots=tuple(
                        _slot(slot, (name, *folders, child.get("name", "")))
                        for slot in child
                        if slot.tag in _SLOTS
                    ),
                )
            )
        elif child.tag == "VASSAL.build.module.map.DrawPile":
            decks.append(child.get("name", ""))
    return MapElement(
        name=name,
        kind=str(element.tag).rsplit(".", 1)[-1],
        edge=(_integer(path, element, "edgeWidth"), _integer(path, element, "edgeHeight")),
        boards=tuple(boards),
        setup_stacks=tuple(stacks),
        decks=tuple(decks),
        deck_slots=tuple(deck_slots),
    )


def _board(path: Path, element: etree._Element) -> BoardElement:
    grids = [child for child in element if str(child.tag).startswith(_GRID_PACKAGE)]
    width, height = element.get("width"), element.get("height")
    return BoardElement(
        name=element.get("name", ""),
        image=element.get("image", "") or "",
        size=(_integer(path, element, "width"), _integer(path, element, "height"))
        if width and height and not element.get("image")
        else None,
        grid=_grid(grids[0]) if grids else None,
    )


def _grid(element: etree._Element) -> GridElement:
    kind = str(element.tag).rsplit(".", 1)[-1]
    numbering = next(
        (
            _attributes(child)
            for child in element
            if str(child.tag).startswith(_NUMBERING_PACKAGE)
            and str(child.tag).endswith("Numbering")
        ),
        None,
    )
    zones: list[ZoneElement] = []
    background = None
    for child in element:
        tag = str(child.tag)
        if tag == _NUMBERING_PACKAGE + "Zone":
            inner = [item for item in child if str(item.tag).startswith(_GRID_PACKAGE)]
            zones.append(
                ZoneElement(
                    name=child.get("name", ""),
                    outline=_outline(child.get("path", "")),
                    location_format=child.get("locationFormat", "$gridLocation$"),
                    grid=_grid(inner[0]) if inner else None,
                    uses_parent_grid=child.get("useParentGrid", "false") == "true",
                )
            )
        elif tag.startswith(_GRID_PACKAGE) and tag.rsplit(".", 1)[-1].endswith("Grid"):
            background = _grid(child)
    return GridElement(
        kind=kind,
        attributes=_attributes(element),
        numbering=numbering,
        zones=tuple(zones),
        background=background,
    )


def _attributes(element: etree._Element) -> dict[str, str]:
    return {str(key): str(value) for key, value in element.attrib.items()}


def _outline(text: str) -> tuple[tuple[int, int], ...]:
    """A zone's ``path`` (``x,y;x,y;…``) as points; unreadable points are dropped."""
    points = []
    for pair in text.split(";"):
        parts = pair.split(",")
        if len(parts) == 2 and all(part.strip().lstrip("-").isdigit() for part in parts):
            points.append((int(parts[0]), int(parts[1])))
    return tuple(points)


def _slot(element: etree._Element, folders: tuple[str, ...]) -> SlotElement:
    return SlotElement(
        entry_name=element.get("entryName", ""),
        gpid=element.get("gpid", ""),
        text=element.text or "",
        folders=folders,
    )
