"""``stavka check``, ``stavka odds`` and ``stavka air``: the referee on a saved game or a position file.

Exit 0 whenever the position was checked, whatever the verdicts; 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from builder.cli import main
from builder.cli.machine import (
    answer_extras,
    check_extras,
    layer_extras,
    text_extras,
)
from builder.cli.options import (
    AS_SIDE,
    MODULE,
    OUTPUT_FORMAT,
    POSITION,
    SETTINGS,
    UNIT_NAMES,
    UNITS,
    hex_argument,
    namer_for,
    seen_by,
    unit_ids,
    view_for,
)
from builder.saves.load import is_save, load_position
from rules.errors import SaveError
from rules.referee.engine import RefereeError
from rules.referee.games import referee_for
from rules.referee.hexgame import HexReferee
from rules.referee.hidden import WithheldOdds, untried_units
from rules.referee.position import Position
from rules.hexes import Hex
from rules.referee.summary import grouped, headline, summarize
from rules.referee.settings import with_settings


@main.command("check")
@POSITION
@OUTPUT_FORMAT
@click.option(
    "--annotate",
    "annotated_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="NEW.vsav",
    help="Also write a copy of the save with each unit's supply state on its piece (a new file, never the input).",
)
@AS_SIDE
@MODULE
@click.option(
    "--layers",
    "with_layers",
    is_flag=True,
    help="With --format json, add the map layers a player may toggle: zones of control and front gaps.",
)
@SETTINGS
@UNIT_NAMES
@UNITS
def check(
    position_path: Path,
    output_format: str,
    annotated_path: Path | None,
    view_side: str | None,
    module_path: Path | None,
    with_layers: bool,
    settings: tuple[str, ...],
    unit_names: str,
    unit_list: str | None,
) -> None:
    """Every unit's supply state with its traced path, zones of control, stacking and
    victory (Rattenkrieg: control, isolation, steps, hands, the T-34, victory), each with
    the rule it rests on. POSITION is a .vsav/.vlog of a Stavka module or a TOML position
    file. With --units, the JSON says which verdicts are on each unit named (the verdicts
    on a unit a player points at)."""
    annotation = None
    if annotated_path is not None:
        if not is_save(position_path):
            raise SaveError(
                position_path, None, "--annotate needs a saved game or log, not a position file"
            )
        if view_side is not None:
            raise SaveError(
                position_path,
                None,
                "--annotate writes the referee's view; it cannot be combined with --as",
            )
        from builder.saves.annotate import read_annotation, write_supply_copy

        annotation = read_annotation(position_path, annotated_path, module_path)
    position = (
        load_position(position_path, module_path, settings)
        if annotation is None
        else with_settings(annotation.position, settings)
    )
    referee = referee_for(position)
    view = view_for(position, view_side, referee.hidden_information)
    judged = referee.check_as(view.side)
    verdicts = view.verdicts(judged)
    namer = namer_for(position, unit_names)
    if annotation is not None:
        marked = write_supply_copy(position_path, annotation, verdicts)
        click.echo(f"{annotation.target}: supply state on {marked} pieces", err=True)
    # Counted before untried units take their aliases (2.14): their sides and states are
    # no secret, and the counts name no unit.
    summary = summarize(referee, judged)
    lines = [
        headline(position, verdicts, view.side, referee.hidden_information),
        summary.as_text(view),
    ]
    if output_format == "json":
        selected = (
            None
            if unit_list is None
            else [
                [index for index, verdict in enumerate(judged) if verdict.names(unit)]
                for unit in unit_ids(unit_list)
            ]
        )
        shown, extras = check_extras(
            position, referee, view, verdicts, "\n".join(lines).splitlines(), namer, selected
        )
        click.echo(
            json.dumps(
                {
                    "game": position.spec.id,
                    "turn": position.turn,
                    **seen_by(referee, view.side),
                    "summary": summary.as_json(),
                    "verdicts": shown,
                    **extras,
                    **(layer_extras(position, referee) if with_layers else {}),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    for title, section in grouped(referee, verdicts):
        lines.append(f"{title[0].upper()}{title[1:]}")
        lines += [verdict.named(namer).as_text() for verdict in section]
    # One write: a check prints hundreds of lines, and each echo asks the terminal again.
    click.echo("\n".join(lines))


@main.command("odds")
@POSITION
@click.option(
    "--attack", "defender", required=True, metavar="DEFENDER_HEX", help="The hex attacked."
)
@click.option(
    "--from",
    "attackers",
    metavar="HEX,HEX…",
    help="Hexes the attack comes from (default: the hexes of --units).",
)
@OUTPUT_FORMAT
@AS_SIDE
@MODULE
@SETTINGS
@UNIT_NAMES
@click.option(
    "--units",
    "unit_list",
    metavar="UNIT,UNIT…",
    help="Only these units attack (a player's selection); the others of their side in the "
    "hexes they attack from are named as left out.",
)
def odds(
    position_path: Path,
    defender: str,
    attackers: str | None,
    output_format: str,
    view_side: str | None,
    module_path: Path | None,
    settings: tuple[str, ...],
    unit_names: str,
    unit_list: str | None,
) -> None:
    """Raw strengths, every modifier with its rule, the final column and the result of
    each die roll for one attack; a strength the rules leave to a roll made when the
    combat is fought (DoS "?") gives each outcome of the roll with its chance."""
    position = load_position(position_path, module_path, settings)
    referee = referee_for(position)
    view = view_for(position, view_side, referee.hidden_information)
    if not isinstance(referee, HexReferee):
        raise RefereeError(
            position.source, None, f"{position.spec.title} has no attacks on hexes to give odds for"
        )
    chosen = None if unit_list is None else unit_ids(unit_list)
    if attackers is not None:
        sources = [hex_argument(position, name) for name in attackers.split(",") if name.strip()]
    elif chosen:
        sources = _hexes_of(position, chosen)
    else:
        raise click.UsageError("give the attackers' hexes (--from) or units (--units)")
    report = view.odds(
        referee.odds_before_rolls(hex_argument(position, defender), sources, attacking_units=chosen)
    )
    namer = namer_for(position, unit_names)
    text = report.as_text(namer)
    if output_format == "json":
        # The referee's view names untried strengths (2.14) a player may not see.
        hidden = not isinstance(report, WithheldOdds) and bool(
            untried_units(position) & {item.unit for item in (*report.attackers, *report.defenders)}
        )
        click.echo(
            json.dumps(
                report.as_json()
                | answer_extras(
                    text, report.declaration(namer), position, referee, view.side, hidden
                ),
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(text)


def _hexes_of(position: Position, units: list[str]) -> list[Hex]:
    """The hexes ``units`` stand in, for an attack by them; a unit not on the map is bad input."""
    hexes = []
    for unit in units:
        state = next((item for item in position.units if item.unit.id == unit), None)
        if state is None or state.hex is None:
            raise RefereeError(position.source, None, f"{unit!r} is no unit on the map")
        if state.hex not in hexes:
            hexes.append(state.hex)
    return hexes


@main.command("air")
@POSITION
@OUTPUT_FORMAT
@MODULE
@UNIT_NAMES
def air(position_path: Path, output_format: str, module_path: Path | None, unit_names: str) -> None:
    """Turning Point air missions: each interception, each air superiority attack with its
    odds and the result of every roll on the Air Superiority Table, and which flights get
    to fly their missions."""
    # The Turning Point referee is loaded only for this command: check and odds need none of it.
    from rules.referee.tps import TurningPointReferee
    from rules.referee.tps.air_report import air_text

    position = load_position(position_path, module_path)
    referee = referee_for(position)
    if not isinstance(referee, TurningPointReferee):
        raise RefereeError(
            position.source,
            None,
            f"{position.spec.title} has no air missions to resolve (Turning Point: Stalingrad has)",
        )
    missions = referee.air
    text = air_text(position, missions, namer_for(position, unit_names))
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "game": position.spec.id,
                    "turn": position.turn,
                    **missions.as_json(),
                    # Air missions are flown in the open: nothing to hide or keep back.
                    **text_extras(text, position, referee, None, False),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(text)
