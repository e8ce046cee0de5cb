"""``stavka hex``: hex questions players ask, answered with the game's own numbering."""

from __future__ import annotations

import click

from builder.cli import main
from rules.data.loader import load_game
from rules.errors import HexError
from rules.hexes import Hex, distance, neighbours
from rules.model import GameMap, GameSpec


def _find(spec: GameSpec, name: str) -> tuple[GameMap, Hex]:
    found = spec.parse_hex(name)
    if found is None:
        raise HexError(spec.folder, None, f"unknown hex {name!r} (not a playable hex of {spec.id})")
    return found


@main.group("hex")
@click.argument("game")
@click.pass_context
def hex_group(context: click.Context, game: str) -> None:
    """Hex geometry queries for GAME (hex numbers as printed, e.g. N3635).

    GAME is a shipped game's name or the path of a game folder.
    """
    context.obj = load_game(game)


@hex_group.command("distance")
@click.argument("first")
@click.argument("second")
@click.pass_obj
def hex_distance(spec: GameSpec, first: str, second: str) -> None:
    """Hexes from FIRST to SECOND: FIRST not counted, SECOND counted (DoS 8.4, 12.3)."""
    first_map, first_hex = _find(spec, first)
    second_map, second_hex = _find(spec, second)
    if first_map is not second_map:
        raise HexError(spec.folder, None, f"{first} and {second} are on different maps")
    click.echo(distance(first_hex, second_hex))


@hex_group.command("neighbours")
@click.argument("hex_name", metavar="HEX")
@click.pass_obj
def hex_neighbours(spec: GameSpec, hex_name: str) -> None:
    """The playable hexes adjacent to HEX, with their terrain."""
    game_map, hex_ = _find(spec, hex_name)
    assert game_map.hex_map is not None
    for other in neighbours(hex_):
        if game_map.hex_map.to_board(other) is not None:
            click.echo(f"{game_map.label(other)} {game_map.terrain_of(other)}")
