"""What every referee command takes alike: the POSITION argument, ``--format``, ``--as``
and ``--module``, and how ``--as`` and a hex on the command line are read.

A library for the command modules, which import it and never each other.
"""

from __future__ import annotations

from pathlib import Path

import click

from rules.errors import HexError
from rules.hexes import Hex
from rules.referee.engine import Referee
from rules.referee.hidden import PlayerView, player_view, referee_view
from rules.referee.position import Position

POSITION = click.argument(
    "position_path",
    metavar="POSITION",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
"""A saved game, log or position file to judge: every referee command's first argument."""

OUTPUT_FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
"""Text for people, JSON for programs (the plugin's machine interface)."""

AS_SIDE = click.option(
    "--as",
    "view_side",
    metavar="SIDE",
    help="Show only what SIDE's player may see: untried DoS units (rule 2.14) by their untried face; "
    "Rattenkrieg's own steps and hand, and the other side's counts.",
)


MODULE = click.option(
    "--module",
    "module_path",
    metavar="MODULE.vmod",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Judge the save with the game data this module was built from (a module built from your own copy); "
    "without it, a save of a shipped module is judged with the shipped data.",
)


def view_for(position: Position, side: str | None) -> PlayerView:
    """The referee's view, or with ``--as SIDE`` what that player may see."""
    if side is None:
        return referee_view()
    return player_view(position, side_id(position, side))


def side_id(position: Position, side: str) -> str:
    """The id of the side ``--as SIDE`` names: a side's id or, as the module's player
    roster names it, its name, in any case. An unknown side is left as given, for the
    player's view to refuse it in one line."""
    named = {item.name.casefold(): item.id for item in position.spec.sides}
    named |= {item.id.casefold(): item.id for item in position.spec.sides}
    return named.get(side.casefold(), side)


def seen_by(referee: Referee, side: str | None) -> dict[str, str]:
    """Whose view the JSON output is: the player's with ``--as``; in a game with hidden
    information (Rattenkrieg's cards) the referee's view says it shows both sides."""
    if side is not None:
        return {"as": side}
    return {"shows": "both sides"} if referee.hidden_information else {}


def hex_argument(position: Position, name: str) -> Hex:
    """The hex a printed number on the command line names; an unknown one is bad input."""
    found = position.spec.parse_hex(name.strip())
    if found is None:
        raise HexError(position.source, None, f"unknown hex {name.strip()!r}")
    return found[1]


SETTINGS = click.option(
    "--setting",
    "settings",
    metavar="NAME=VALUE",
    multiple=True,
    help="A setting the position cannot show, e.g. an optional rule the players chose "
    "(army_organisation=yes) or another reading of an unclear rule (east_of_don=literal; "
    "`stavka coverage` lists them); repeatable, and it replaces a position file's own.",
)
"""How a save, which has no [settings] table, gets its players' optional rules and readings."""
