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
    hex_argument,
    seen_by,
    view_for,
)
from builder.saves.load import is_save, load_position
from rules.errors import SaveError
from rules.referee.engine import RefereeError
from rules.referee.games import referee_for
from rules.referee.hexgame import HexReferee
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
def check(
    position_path: Path,
    output_format: str,
    annotated_path: Path | None,
    view_side: str | None,
    module_path: Path | None,
    with_layers: bool,
    settings: tuple[str, ...],
) -> None:
    """Every unit's supply state with its traced path, zones of control, stacking and
    victory (Rattenkrieg: control, isolation, steps, hands, the T-34, victory), each with
    the rule it rests on. POSITION is a .vsav/.vlog of a Stavka module or a TOML position
    file."""
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
    view = view_for(position, view_side)
    judged = referee.check_as(view.side)
    verdicts = view.verdicts(judged)
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
        shown, extras = check_extras(
            position, referee, view, verdicts, "\n".join(lines).splitlines()
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
        lines += [verdict.as_text() for verdict in section]
    # One write: a check prints hundreds of lines, and each echo asks the terminal again.
    click.echo("\n".join(lines))


@main.command("odds")
@POSITION
@click.option(
    "--attack", "defender", required=True, metavar="DEFENDER_HEX", help="The hex attacked."
)
@click.option(
    "--from", "attackers", required=True, metavar="HEX,HEX…", help="Hexes the attack comes from."
)
@OUTPUT_FORMAT
@AS_SIDE
@MODULE
@SETTINGS
def odds(
    position_path: Path,
    defender: str,
    attackers: str,
    output_format: str,
    view_side: str | None,
    module_path: Path | None,
    settings: tuple[str, ...],
) -> None:
    """Raw strengths, every modifier with its rule, the final column and the result of
    each die roll for one attack."""
    position = load_position(position_path, module_path, settings)
    view = view_for(position, view_side)
    referee = referee_for(position)
    if not isinstance(referee, HexReferee):
        raise RefereeError(
            position.source, None, f"{position.spec.title} has no attacks on hexes to give odds for"
        )
    report = view.odds(
        referee.odds(
            hex_argument(position, defender),
            [hex_argument(position, name) for name in attackers.split(",") if name.strip()],
        )
    )
    text = report.as_text()
    if output_format == "json":
        click.echo(
            json.dumps(
                report.as_json() | answer_extras(text, report.declaration()),
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(text)


@main.command("air")
@POSITION
@OUTPUT_FORMAT
@MODULE
def air(position_path: Path, output_format: str, module_path: Path | None) -> None:
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
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "game": position.spec.id,
                    "turn": position.turn,
                    **missions.as_json(),
                    **text_extras(air_text(position, missions)),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(air_text(position, missions))
