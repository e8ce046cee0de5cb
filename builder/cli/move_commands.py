"""``stavka move``: may this unit move from where it stands to that hex, now?

The answer is the referee's: the cheapest legal path and what each hex costs, judged
against the unit's allowance (halved out of supply), enemy units, zones of control and
the position's phase — or why no path is legal: the game's referee's own judge, the one
the log audit asks of a logged move. A game refereed from its ``[referee]`` data judges a
given path too (``--path``); Turning Point and Drive on Stalingrad answer with the
cheapest path by their own rules.

Exit 0 whenever the move could be judged, whatever the verdict; 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from builder.cli import main
from builder.cli.machine import text_extras
from builder.cli.options import AS_SIDE, MODULE, OUTPUT_FORMAT, POSITION, hex_argument, view_for
from builder.saves.load import load_position
from rules.errors import HexError
from rules.referee.engine import RefereeError
from rules.referee.games import hex_referee_for
from rules.referee.hidden import hides_information
from rules.referee.position import Position, UnitState


@main.command("move")
@POSITION
@click.argument("unit", metavar="UNIT")
@click.argument("goal", metavar="HEX")
@click.option(
    "--path",
    "path",
    metavar="HEX,HEX…",
    help="Judge this path to HEX (the hexes entered, or the unit's own hex first), not the cheapest.",
)
@OUTPUT_FORMAT
@AS_SIDE
@MODULE
def move(
    position_path: Path,
    unit: str,
    goal: str,
    path: str | None,
    output_format: str,
    view_side: str | None,
    module_path: Path | None,
) -> None:
    """Whether UNIT (its id, or the hex it stands in alone) may move to HEX in the
    position's phase: the cheapest legal path with each hex's cost and the rule each
    verdict rests on, or why it may not."""
    position = load_position(position_path, module_path)
    referee = hex_referee_for(position)
    view = view_for(position, view_side, referee.hidden_information)
    state = _unit(position, unit)
    assert state.hex is not None
    target = hex_argument(position, goal)
    hexes = None
    if path is not None:
        hexes = [hex_argument(position, name) for name in path.split(",") if name.strip()]
        if not hexes or hexes[-1] != target:
            hexes.append(target)
        if hexes[0] != state.hex:
            hexes.insert(0, state.hex)
    verdict = view.verdict(referee.judge_move(state, target, hexes))
    text = verdict.as_text()
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "game": position.spec.id,
                    "turn": position.turn,
                    "phase": position.phase,
                    "verdict": verdict.as_json(),
                    # The referee's view names untried units a player may not see (2.14).
                    **text_extras(
                        text,
                        position,
                        referee,
                        view.side,
                        view.side is None
                        and hides_information(position, referee.hidden_information),
                    ),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(text)


def _unit(position: Position, name: str) -> UnitState:
    """The unit on the map an id names, or the one unit standing in a hex."""
    for state in position.units:
        if state.unit.id == name:
            if state.hex is None:
                raise RefereeError(position.source, None, f"unit {name!r} is not on the hex map")
            return state
    found = position.spec.parse_hex(name)
    if found is None:
        raise HexError(
            position.source, None, f"no unit {name!r} on the map, nor a hex of that number"
        )
    standing = [state for state in position.units if state.hex == found[1]]
    if len(standing) != 1:
        names = ", ".join(state.unit.id for state in standing) or "none"
        raise RefereeError(
            position.source,
            None,
            f"{name} holds {len(standing)} units ({names}): name one by its id",
        )
    return standing[0]
