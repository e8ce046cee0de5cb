"""A saved game as text for people: who plays, which turn, and what stands where.

The ``--lines`` view shows the engine's commands; this one shows the position they
produce, grouped the way a player reads a board: by map, then by spot, bottom to top.
"""

from __future__ import annotations

from datetime import UTC, datetime

from builder.vassal.metadata import Metadata
from builder.printable import printable
from builder.vassal.model import Piece, SavedGame, Stack
from builder.vassal.sequence import parse_int


def _date(milliseconds: str) -> str:
    value = parse_int(milliseconds) if len(milliseconds) <= 10 else None
    if (
        value is None
        and milliseconds.isascii()
        and milliseconds.isdigit()
        and len(milliseconds) <= 15
    ):
        value = int(milliseconds)
    if value is None:
        return milliseconds
    try:
        return datetime.fromtimestamp(value / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (ValueError, OverflowError, OSError):
        return milliseconds  # a date no calendar holds (year 33658): shown as written


def _metadata_lines(module: Metadata | None, save: Metadata | None) -> list[str]:
    lines = []
    if module is None:
        lines.append("Module: unknown (no moduledata; written before VASSAL 3)")
    else:
        lines.append(f"Module: {module.name} {module.version}".rstrip())
    if save is not None:
        saved = f"Saved by VASSAL {save.vassal_version} on {_date(save.date_saved)}"
        lines.append(saved + (f": {save.description}" if save.description else ""))
    return lines


def _spot(piece: Piece) -> str:
    where = f"({piece.x}, {piece.y})"
    return f"{piece.location} {where}" if piece.location else where


def summarise(game: SavedGame) -> str:
    """A readable, deterministic summary of ``game``."""
    lines = _metadata_lines(game.module, game.save)
    if game.logged_commands:
        lines.append(f"Log: {game.logged_commands} logged commands, stepped to the end")
    for player in game.players:
        lines.append(f"Player: {player.name} ({player.side})")
    for layout in game.boards:
        placed = ", ".join(
            f"{board.board}{' (reversed)' if board.reversed else ''} at ({board.column}, {board.row})"
            for board in layout.boards
        )
        lines.append(f"Boards of {layout.map}: {placed}")
    for turn in game.turns:
        lines.append(
            f"Turn {turn.tracker_id}: level {turn.current_level}, states {' | '.join(turn.level_states)}"
        )
    for value in game.global_properties:
        container = f" [{value.container}]" if value.container else ""
        lines.append(f"Property {value.name}{container} = {value.value}")
    by_map: dict[str, list[Piece]] = {}
    off_map = []
    for piece in game.pieces:
        if piece.map is None:
            off_map.append(piece)
        else:
            by_map.setdefault(piece.map, []).append(piece)
    lines.append(f"Pieces: {len(game.pieces)} on {len(by_map)} map(s), {len(off_map)} off any map")
    by_id = {piece.id: piece for piece in game.pieces}
    stacks_by_map: dict[str | None, list[Stack]] = {}
    for stack in game.stacks:
        stacks_by_map.setdefault(stack.map, []).append(stack)
    for map_id in sorted(by_map):
        lines.append(f"{map_id}:")
        spots: dict[tuple[str, int, int], list[Piece]] = {}
        for piece in by_map[map_id]:
            if piece.stack_id is None:
                spots.setdefault((piece.location or "", piece.y, piece.x), []).append(piece)
        for stack in stacks_by_map.get(map_id, []):
            members = [by_id[piece_id] for piece_id in stack.piece_ids]
            first = members[0]
            spots.setdefault((first.location or "", first.y, first.x), []).extend(members)
        for key in sorted(spots):
            members = spots[key]
            lines.append(f"  {_spot(members[0])}: {', '.join(piece.name for piece in members)}")
    if off_map:
        lines.append("Off any map:")
        lines.extend(f"  {piece.name}" for piece in off_map)
    for deck in game.decks:
        lines.append(
            f"Deck {deck.id} on {deck.map}: {len(deck.piece_ids)} cards{' face down' if deck.face_down else ''}"
        )
    # Every line holds names from the save; none may act on the terminal.
    return "\n".join(printable(line) for line in lines) + "\n"
