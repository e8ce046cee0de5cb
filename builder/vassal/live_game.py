"""A game as VASSAL holds it while a save's commands run: pieces, stacks, decks,
properties, turn trackers, boards and players, changed command by command.

Only the effects on the model are reproduced. Where the engine consults a module to
decide (whether two pieces may stack after a move), the simple rule "pieces at the same
spot of the same map share a stack" stands in; it is what happens for ordinary counters.
:func:`snapshot` turns the live game into the immutable :class:`SavedGame`;
:mod:`builder.vassal.replay` runs a save's commands through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.vassal.commands import (
    AddPiece,
    AddPlayer,
    ChangePiece,
    ChangeProperty,
    Command,
    CommandGroup,
    Logged,
    MovePiece,
    RemovePiece,
    SetBoards,
    SetGlobalProperty,
    SetTurn,
    SetupStacksPlaced,
)
from builder.vassal.metadata import Metadata
from builder.vassal.model import (
    Deck,
    GlobalPropertyValue,
    LocationHook,
    MapBoards,
    Piece,
    Player,
    SavedGame,
    Stack,
    TurnState,
)
from builder.vassal.sequence import decode, parse_int
from builder.vassal.sequence import field as token
from builder.vassal.traits import BasicPiece, parse_basic

STACK_TYPE = "stack"
DECK_PREFIX = "deck;"
LAYER_MARKER = "@@"
MOVED_PREFIX = "moved:"

Spot = tuple[str, int, int]


@dataclass
class _PieceRecord:
    type: str
    state: str
    basic: BasicPiece
    map: str | None
    x: int
    y: int


@dataclass
class _GroupRecord:
    """A stack or a deck: something that holds pieces at one spot.

    Its members form a doubly linked list through :class:`LiveGame`'s ``above`` and
    ``below`` maps, so that taking a piece out, putting one on top, at the bottom or
    right above another all cost the same however tall the stack.
    """

    map: str | None
    x: int
    y: int
    layer: int | None = None
    deck_type: str | None = None
    face_down: bool = False
    bottom: str | None = None
    top: str | None = None
    size: int = 0

    @property
    def spot(self) -> Spot | None:
        """Where a non-empty stack stands, for finding it by place (decks are not found)."""
        return (
            None if self.map is None or self.deck_type is not None else (self.map, self.x, self.y)
        )


def _coordinate(text: str) -> int:
    value = parse_int(text)
    return 0 if value is None else value


@dataclass
class LiveGame:
    """The mutable game while commands run; :func:`snapshot` turns it into a SavedGame.

    Every command costs time independent of how many pieces and stacks there are: the
    non-empty stacks are indexed by spot, and ``parent``/``above``/``below`` are kept
    consistent by :meth:`attach` and :meth:`detach` alone.
    """

    pieces: dict[str, _PieceRecord] = field(default_factory=dict)
    groups: dict[str, _GroupRecord] = field(default_factory=dict)
    parent: dict[str, str] = field(default_factory=dict)
    above: dict[str, str | None] = field(default_factory=dict)
    below: dict[str, str | None] = field(default_factory=dict)
    stacks_at: dict[Spot, dict[str, None]] = field(default_factory=dict)
    decks: dict[str, None] = field(default_factory=dict)
    touched: set[str] = field(default_factory=set)
    touched_groups: set[str] = field(default_factory=set)
    stack_cache: dict[str, Stack] = field(default_factory=dict)
    properties: dict[tuple[str, str], str] = field(default_factory=dict)
    turns: dict[str, str] = field(default_factory=dict)
    boards: dict[str, SetBoards] = field(default_factory=dict)
    players: dict[str, Player] = field(default_factory=dict)
    setup_stacks_placed: bool = False
    logged_commands: int = 0

    def _index(self, group_id: str, group: _GroupRecord) -> None:
        spot = group.spot
        if spot is not None and group.size:
            self.stacks_at.setdefault(spot, {})[group_id] = None

    def _unindex(self, group_id: str, group: _GroupRecord) -> None:
        spot = group.spot
        if spot is None or spot not in self.stacks_at:
            return
        at_spot = self.stacks_at[spot]
        at_spot.pop(group_id, None)
        if not at_spot:
            del self.stacks_at[spot]

    def members(self, group: _GroupRecord) -> list[str]:
        """The group's pieces, bottom to top."""
        result = []
        member = group.bottom
        while member is not None:
            result.append(member)
            member = self.above[member]
        return result

    def detach(self, piece_id: str) -> None:
        self.touched.add(piece_id)
        group_id = self.parent.pop(piece_id, None)
        if group_id is None:
            return
        self.touched_groups.add(group_id)
        group = self.groups[group_id]
        below, above = self.below.pop(piece_id), self.above.pop(piece_id)
        if below is None:
            group.bottom = above
        else:
            self.above[below] = above
        if above is None:
            group.top = below
        else:
            self.below[above] = below
        group.size -= 1
        if not group.size:
            self._unindex(group_id, group)
            if group_id.startswith(MOVED_PREFIX):
                del self.groups[group_id]

    def attach(
        self, piece_id: str, group_id: str, under: str | None = None, bottom: bool = False
    ) -> None:
        """Put a piece into a group: right above ``under``, at the bottom, or on top."""
        self.detach(piece_id)
        group = self.groups[group_id]
        if under is not None:
            below, above = under, self.above[under]
        elif bottom:
            below, above = None, group.bottom
        else:
            below, above = group.top, None
        self.below[piece_id], self.above[piece_id] = below, above
        if below is None:
            group.bottom = piece_id
        else:
            self.above[below] = piece_id
        if above is None:
            group.top = piece_id
        else:
            self.below[above] = piece_id
        self.parent[piece_id] = group_id
        self.touched_groups.add(group_id)
        group.size += 1
        if group.size == 1:
            self._index(group_id, group)

    def empty(self, group_id: str, group: _GroupRecord) -> None:
        for member in self.members(group):
            self.detach(member)

    def set_group_state(self, group_id: str, group: _GroupRecord, state: str) -> None:
        """A stack's or deck's state: where it is and which pieces it holds, in order."""
        old = self.groups.get(group_id)
        if old is not None:
            self.empty(group_id, old)
            self._unindex(group_id, old)
        tokens = decode(state, ";")
        map_id = tokens[0]
        self.groups[group_id] = group
        self.touched_groups.add(group_id)
        if group.deck_type is not None:
            self.decks[group_id] = None
            group.map = None if map_id == "null" else map_id
            group.x, group.y = _coordinate(token(tokens, 1)), _coordinate(token(tokens, 2))
            group.face_down = token(tokens, 3) == "true"
            member_ids = decode(tokens[4], ",") if len(tokens) > 4 else []
        elif map_id == "null":
            # VASSAL writes no position for an off-map stack: the rest are piece ids.
            group.map, group.x, group.y = None, 0, 0
            member_ids = tokens[1:]
        else:
            group.map = map_id
            group.x, group.y = _coordinate(token(tokens, 1)), _coordinate(token(tokens, 2))
            member_ids = tokens[3:]
        for member in member_ids:
            if member in self.pieces:
                self.attach(member, group_id)
            elif member.startswith(LAYER_MARKER):
                group.layer = parse_int(member[len(LAYER_MARKER) :])

    def set_piece_state(self, piece_id: str, record: _PieceRecord, state: str) -> bool:
        """Apply a piece's state; ``False`` if the engine could not build the piece."""
        basic = parse_basic(record.type, state)
        if basic is None:
            return False
        self.touched.add(piece_id)
        if basic.map != record.map:
            # Moving to another map takes a piece out of its stack, as Map.addPiece does.
            self.detach(piece_id)
        record.state, record.basic = state, basic
        record.map, record.x, record.y = basic.map, basic.x, basic.y
        return True

    def add(self, command: AddPiece) -> None:
        piece_id = command.piece_id
        if piece_id is None:
            return
        if command.type == STACK_TYPE:
            self.set_group_state(piece_id, _GroupRecord(map=None, x=0, y=0), command.state)
        elif command.type.startswith(DECK_PREFIX):
            self.set_group_state(
                piece_id, _GroupRecord(map=None, x=0, y=0, deck_type=command.type), command.state
            )
        else:
            basic = parse_basic(command.type, command.state)
            if basic is not None:
                self.detach(piece_id)
                self.pieces[piece_id] = _PieceRecord(
                    command.type, command.state, basic, basic.map, basic.x, basic.y
                )

    def change(self, command: ChangePiece) -> None:
        if command.piece_id in self.pieces:
            self.set_piece_state(command.piece_id, self.pieces[command.piece_id], command.new_state)
        elif command.piece_id in self.groups:
            self.set_group_state(command.piece_id, self.groups[command.piece_id], command.new_state)

    def remove(self, piece_id: str) -> None:
        if piece_id in self.pieces:
            self.detach(piece_id)
            del self.pieces[piece_id]
        elif piece_id in self.groups:
            # A removed stack takes its pieces off the board with it.
            group = self.groups[piece_id]
            for member in self.members(group):
                self.detach(member)
                del self.pieces[member]
            self._unindex(piece_id, group)
            self.groups.pop(piece_id, None)

    def new_stack(self, base: str, spot: Spot) -> str:
        """A stack the engine makes on the fly for a move; it never writes its id down."""
        group_id = f"{MOVED_PREFIX}{base}"
        serial = 1
        while group_id in self.groups:
            serial += 1
            group_id = f"{MOVED_PREFIX}{base}#{serial}"
        self.groups[group_id] = _GroupRecord(*spot)
        return group_id

    def move(self, command: MovePiece) -> None:
        piece_id = command.piece_id
        if piece_id is None or piece_id not in self.pieces:
            return
        record = self.pieces[piece_id]
        self.detach(piece_id)
        record.map, record.x, record.y = command.new_map, command.new_x, command.new_y
        if command.new_map is None:
            return
        spot = (command.new_map, command.new_x, command.new_y)
        under = command.new_under_id
        if (
            under is not None
            and under != piece_id
            and under in self.pieces
            and self.position(under) == spot
        ):
            under_group = self.parent.get(under)
            if under_group is None:
                under_group = self.new_stack(under, spot)
                self.attach(under, under_group)
            self.attach(piece_id, under_group, under=under)
            return
        # The engine's MovePiece merges a piece dropped at a Deck's very position into it.
        deck = next((deck_id for deck_id in self.decks if self._deck_spot(deck_id) == spot), None)
        if deck is not None:
            self.attach(piece_id, deck)
            return
        at_spot = self.stacks_at.get(spot)
        target = next(iter(at_spot)) if at_spot else self.new_stack(piece_id, spot)
        # Without a piece underneath, the engine puts the moved piece at the bottom.
        self.attach(piece_id, target, bottom=under is None)

    def _deck_spot(self, deck_id: str) -> Spot | None:
        deck = self.groups.get(deck_id)
        return None if deck is None or deck.map is None else (deck.map, deck.x, deck.y)

    def change_property(self, command: ChangeProperty) -> None:
        """A change made in play; without a container, the first property of that name,
        as the engine's legacy rule has it."""
        key = (command.name, command.container)
        if not command.container:
            key = next((known for known in self.properties if known[0] == command.name), key)
        self.properties[key] = command.new_value

    def position(self, piece_id: str) -> tuple[str | None, int, int]:
        group_id = self.parent.get(piece_id)
        if group_id is not None:
            group = self.groups[group_id]
            return group.map, group.x, group.y
        record = self.pieces[piece_id]
        return record.map, record.x, record.y

    def run(self, command: Command) -> None:
        match command:
            case CommandGroup(commands):
                for inner in commands:
                    self.run(inner)
            case Logged(inner):
                self.logged_commands += 1
                self.run(inner)
            case AddPiece():
                self.add(command)
            case ChangePiece():
                self.change(command)
            case MovePiece():
                self.move(command)
            case RemovePiece(piece_id):
                self.remove(piece_id)
            case SetGlobalProperty(name, value, container):
                self.properties[(name, container)] = value
            case ChangeProperty():
                self.change_property(command)
            case SetTurn(tracker_id, state):
                self.turns[tracker_id] = state
            case SetBoards(map_id):
                self.boards[map_id] = command
            case AddPlayer(player_id, name, side):
                self.players[player_id] = Player(id=player_id, name=name, side=side)
            case SetupStacksPlaced():
                self.setup_stacks_placed = True
            case _:
                # begin/end markers, undo markers and commands for the user interface
                # (chat, notes, version checks) leave the position as it is.
                pass


def _turn_state(tracker_id: str, state: str) -> TurnState:
    levels = decode(state, "|")
    current = parse_int(levels[0])
    return TurnState(
        tracker_id=tracker_id,
        current_level=0 if current is None else current,
        level_states=tuple(levels[1:]),
    )


def _stack(game: LiveGame, group_id: str, group: _GroupRecord, cached: bool) -> Stack:
    """A stack as it stands; with ``cached``, the one built before unless it was touched."""
    if cached and group_id not in game.touched_groups and group_id in game.stack_cache:
        return game.stack_cache[group_id]
    stack = Stack(
        id=group_id,
        map=group.map,
        x=group.x,
        y=group.y,
        piece_ids=tuple(game.members(group)),
        layer=group.layer,
    )
    game.stack_cache[group_id] = stack
    return stack


def snapshot(
    game: LiveGame,
    commands: CommandGroup,
    module: Metadata | None,
    save: Metadata | None,
    locate: LocationHook | None,
    known: dict[str, Piece] | None = None,
) -> SavedGame:
    """The live game as it stands, as an immutable saved game.

    ``known`` holds the pieces of the previous snapshot, updated here: a piece that has
    not changed since is the same object, whose traits are already parsed. Only the
    pieces the game marked touched since are built again, so a step costs what it moved,
    not what the map holds.
    """
    pieces = []
    for piece_id, record in game.pieces.items():
        if known is not None and piece_id not in game.touched and piece_id in known:
            pieces.append(known[piece_id])
            continue
        map_id, x, y = game.position(piece_id)
        location = locate(map_id, x, y) if locate is not None and map_id is not None else None
        group_id = game.parent.get(piece_id)
        piece = Piece(
            id=piece_id,
            type=record.type,
            state=record.state,
            basic=record.basic,
            map=map_id,
            x=x,
            y=y,
            stack_id=group_id
            if group_id is not None and game.groups[group_id].deck_type is None
            else None,
            location=location,
        )
        if known is not None:
            previous = known.get(piece_id)
            if previous is not None and previous == piece:
                piece = previous
            else:
                known[piece_id] = piece
        pieces.append(piece)
    if known is not None:
        game.touched.clear()
    stacks = tuple(
        _stack(game, group_id, group, known is not None)
        for group_id, group in game.groups.items()
        if group.deck_type is None and group.size
    )
    if known is not None:
        game.touched_groups.clear()
    decks = tuple(
        Deck(
            id=group_id,
            type=group.deck_type,
            map=group.map,
            x=group.x,
            y=group.y,
            face_down=group.face_down,
            piece_ids=tuple(game.members(group)),
        )
        for group_id, group in game.groups.items()
        if group.deck_type is not None
    )
    return SavedGame(
        module=module,
        save=save,
        pieces=tuple(pieces),
        stacks=stacks,
        decks=decks,
        global_properties=tuple(
            GlobalPropertyValue(name=name, value=value, container=container)
            for (name, container), value in game.properties.items()
        ),
        turns=tuple(_turn_state(tracker_id, state) for tracker_id, state in game.turns.items()),
        boards=tuple(
            MapBoards(map=map_id, boards=command.boards) for map_id, command in game.boards.items()
        ),
        players=tuple(game.players.values()),
        setup_stacks_placed=game.setup_stacks_placed,
        logged_commands=game.logged_commands,
        commands=commands,
    )
