"""``stavka report``: the referee's verdicts on the map, as one HTML page to open and share."""

from __future__ import annotations

from pathlib import Path

import click

from builder.cli import main
from builder.cli.options import AS_SIDE, MODULE, POSITION, hex_argument, view_for
from builder.output import check_replaceable, write_own_output
from builder.report.drawing import Attack
from builder.report.page import REPORT_HEAD_BYTES, report_page, is_report
from builder.saves.load import load_position
from rules.errors import StavkaError


@main.command("report")
@POSITION
@click.option(
    "-o",
    "--output",
    "output_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.html",
    help="Where to write the page (default: POSITION's name with .html, beside it).",
)
@AS_SIDE
@click.option(
    "--attack",
    "defenders",
    multiple=True,
    metavar="HEX",
    help="A hex attacked; repeat for several attacks, each with its --from.",
)
@click.option(
    "--from",
    "attackers",
    multiple=True,
    metavar="HEX,HEX…",
    help="The hexes the attack of the --attack at the same place in the list comes from.",
)
@MODULE
def report(
    position_path: Path,
    output_path: Path | None,
    view_side: str | None,
    defenders: tuple[str, ...],
    attackers: tuple[str, ...],
    module_path: Path | None,
) -> None:
    """One self-contained HTML page of a position: the map with every counter, toggled
    layers (supply, ZOC, fronts, networks), the verdicts with their rules, and odds."""
    target = output_path or position_path.with_suffix(".html")
    check_replaceable(target, is_report, REPORT_HEAD_BYTES)
    if len(defenders) != len(attackers):
        raise StavkaError(
            None,
            "--attack",
            f"{len(defenders)} --attack but {len(attackers)} --from; give one --from each",
        )
    position = load_position(position_path, module_path)
    attacks = [
        Attack(
            hex_argument(position, defender),
            tuple(hex_argument(position, name) for name in group.split(",") if name.strip()),
        )
        for defender, group in zip(defenders, attackers, strict=True)
    ]
    page = report_page(position, view_for(position, view_side), attacks, position_path.name)
    write_own_output(target, page.encode("utf-8"), is_report, REPORT_HEAD_BYTES)
    click.echo(f"wrote {target}")
