"""The saved-game model: what is on the table once a save or log has been played out.

Plain frozen dataclasses, so the referee can hold, compare and hash positions without
caring that VASSAL stored them as a script of commands. Everything the engine needs to
rebuild a piece (its raw type and state) stays on :class:`Piece` so a writer can put it
back unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from builder.vassal.commands import BoardPlacement, CommandGroup
from builder.vassal.metadata import Metadata
from builder.vassal.traits import BasicPiece, Trait, parse_chain

LocationHook = Callable[[str, int, int], "str | None"]
"""Names the place of a map pixel: ``(map name, x, y) -> "0405"`` (or ``None``).

The reader calls it for every piece on a map; the lead's ``rules.hexgrid`` boards
provide one for our games, a foreign module's grid for its saves.
"""


@dataclass(frozen=True)
class Piece:
    """A game piece: what it is, and where it stands (a stacked piece stands with its stack).

    ``type`` and ``state`` are the raw trait chains the engine wrote, for lossless
    rewriting; ``basic`` is their innermost BasicPiece, holding the name, image and
    palette id. The decorators in :attr:`traits` are parsed on first use, so reading a
    save of thousands of pieces does not parse tens of thousands of traits nobody asks
    for. Chains the engine cannot build are skipped by it and are not pieces here either.
    """

    id: str
    type: str
    state: str
    basic: BasicPiece
    map: str | None
    x: int
    y: int
    stack_id: str | None
    location: str | None

    @cached_property
    def traits(self) -> tuple[Trait, ...]:
        """The trait chain, outermost first, ending with :attr:`basic`."""
        traits = parse_chain(self.type, self.state)
        assert traits is not None, "a Piece is only made of a chain the engine can build"
        return traits

    @property
    def name(self) -> str:
        return self.basic.name


@dataclass(frozen=True)
class Stack:
    """Pieces sharing one spot; ``piece_ids`` runs bottom to top.

    ``layer`` is VASSAL's ``@@`` visual-layer index (``None`` in saves before 3.5).
    Stacks formed by a logged move have an id of the form ``moved:<piece id>``, since
    the engine makes up their ids on the fly and never writes them down.
    """

    id: str
    map: str | None
    x: int
    y: int
    piece_ids: tuple[str, ...]
    layer: int | None


@dataclass(frozen=True)
class Deck:
    """A deck of cards (a DrawPile); its type is kept raw, as decks carry ~50 settings."""

    id: str
    type: str
    map: str | None
    x: int
    y: int
    face_down: bool
    piece_ids: tuple[str, ...]


MODULE_CONTAINER = "Module"
"""The container id VASSAL gives the module's own global properties."""


@dataclass(frozen=True)
class GlobalPropertyValue:
    """The value of a global property; ``container`` is ``Module``, a map, or ``map:zone``."""

    name: str
    value: str
    container: str


@dataclass(frozen=True)
class TurnState:
    """A turn tracker's position: the current level index and each level's own state.

    Level states are VASSAL's ``;``-lists (for a counter level ``current;sub;loop;…``);
    what a level means depends on the module's TurnTracker definition.
    """

    tracker_id: str
    current_level: int
    level_states: tuple[str, ...]


@dataclass(frozen=True)
class MapBoards:
    """The boards one map is laid out with."""

    map: str
    boards: tuple[BoardPlacement, ...]


@dataclass(frozen=True)
class Player:
    """A player seat; ``id`` is the player's secret password, as VASSAL stores it."""

    id: str
    name: str
    side: str


@dataclass(frozen=True)
class SavedGame:
    """A save or log, played to its final position.

    ``module`` comes from ``moduledata`` and ``save`` from ``savedata`` (both absent in
    VASSAL 2.x files). ``logged_commands`` counts the ``LOG`` steps a log file replays.
    ``commands`` is the decoded tree, kept for lossless rewriting.
    """

    module: Metadata | None
    save: Metadata | None
    pieces: tuple[Piece, ...]
    stacks: tuple[Stack, ...]
    decks: tuple[Deck, ...]
    global_properties: tuple[GlobalPropertyValue, ...]
    turns: tuple[TurnState, ...]
    boards: tuple[MapBoards, ...]
    players: tuple[Player, ...]
    setup_stacks_placed: bool
    logged_commands: int
    commands: CommandGroup

    @cached_property
    def _pieces_by_id(self) -> dict[str, Piece]:
        return {piece.id: piece for piece in self.pieces}

    def piece(self, piece_id: str) -> Piece:
        """The piece with ``piece_id``; ``KeyError`` if there is none."""
        return self._pieces_by_id[piece_id]
