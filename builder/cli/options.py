"""What every referee command takes alike: the POSITION argument, ``--format``, ``--as``
and ``--module``, and how ``--as`` and a hex on the command line are read.

A library for the command modules, which import it and never each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import click

from rules.errors import HexError
from rules.hexes import Hex
from rules.referee.engine import Referee, RefereeError
from rules.referee.hidden import PlayerView, hides_information, player_view, referee_view
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
    type=click.Path(exists=True, path_type=Path),
    help="Judge the save with the game data this module carries (your own copy of a game, or a game of "
    "your own); a save of an earlier build of the module is judged too, with a note that the data "
    "differ. Without it, a save of a shipped module is judged with the shipped data. A save of a "
    "module someone else made is judged with its adopted game: the extension (.vmdx) or the game folder.",
)


_SERVED: ContextVar[bool] = ContextVar("served", default=False)


@contextmanager
def serving() -> Iterator[None]:
    """Commands run inside this answer a player's plugin (``stavka machine --serve``):
    there the referee's view of a game with hidden information is refused."""
    token = _SERVED.set(True)
    try:
        yield
    finally:
        _SERVED.reset(token)


def view_for(position: Position, side: str | None, cards_hidden: bool = False) -> PlayerView:
    """The referee's view, or with ``--as SIDE`` what that player may see. SIDE is a
    side's id or, as the module's player roster names it, its name. Served to a
    plugin, a position with hidden information (``cards_hidden``: the referee's
    ``hidden_information``; untried units) is answered only as a side sees it."""
    if side is None:
        if _SERVED.get() and hides_information(position, cards_hidden):
            raise RefereeError(
                position.source,
                None,
                f"{position.spec.title} hides information from its players: the service "
                "answers only as a side sees it (--as SIDE)",
            )
        return referee_view()
    return player_view(position, side_id(position, side))


def side_id(position: Position, side: str) -> str:
    """The id of the side ``--as SIDE`` names: a side's id or, as the module's player
    roster names it, its name, in any case. An unknown side is left as given, for the
    player's view to refuse it in one line."""
    named = {item.name.casefold(): item.id for item in position.spec.sides}
    named |= {item.id.casefold(): item.id for item in position.spec.sides}
    return named.get(side.casefold(), side)


UNIT_NAMES = click.option(
    "--names",
    "unit_names",
    type=click.Choice(["id", "counter"]),
    default="id",
    show_default=True,
    help="How the lines for people name units: by id, or by their counters' names (the "
    "module's plugin asks for these); JSON fields keep ids, and a unit a player may not "
    "know keeps its alias.",
)

UNITS = click.option(
    "--units",
    "unit_list",
    metavar="UNIT,UNIT…",
    help="Unit ids, comma-separated: the units a player selected.",
)


def unit_ids(unit_list: str | None) -> list[str]:
    """The ids of ``--units``, in order, without blanks."""
    return (
        [] if unit_list is None else [item.strip() for item in unit_list.split(",") if item.strip()]
    )


def namer_for(position: Position, unit_names: str) -> Callable[[str], str]:
    """How the lines for people name a unit: its id, or its counter's name (what the
    module shows on the piece). An alias (an untried unit, 2.14) is no unit id and
    stays as it is."""
    if unit_names == "id":
        return _as_it_is
    units = position.spec.units
    return lambda unit_id: units[unit_id].name if unit_id in units else unit_id


def _as_it_is(unit_id: str) -> str:
    return unit_id


def seen_by(referee: Referee, side: str | None) -> dict[str, str]:
    """Whose view the JSON output is: the player's with ``--as``; in a game with hidden
    information (Rattenkrieg's cards) the referee's view says it shows both sides."""
    if side is not None:
        return {"as": side}
    return {"shows": "both sides"} if referee.hidden_information else {}


PIECE_PREFIX = "piece:"
"""A hex named by the piece in it (``piece:ID``, its id in the save): how the plugin names
a hex of a module whose map prints no numbers Stavka knows (an adopted game)."""


def hex_argument(position: Position, name: str) -> Hex:
    """The hex a printed number on the command line names, or the hex of the unit whose
    piece ``piece:ID`` names; an unknown one is bad input."""
    if name.strip().startswith(PIECE_PREFIX):
        piece_id = name.strip().removeprefix(PIECE_PREFIX)
        unit_ids = {piece: unit for unit, piece in position.pieces.items()}
        standing = {state.unit.id: state.hex for state in position.units}
        hex_ = standing.get(unit_ids.get(piece_id, ""))
        if hex_ is None:
            raise HexError(
                position.source, None, f"no unit's piece {piece_id[:40]!r} stands in a hex"
            )
        return hex_
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
