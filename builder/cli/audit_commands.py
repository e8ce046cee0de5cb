"""``stavka audit``: the ledger of a game log, or of two saves, each act judged.

Exit 0 whenever the files were audited, whatever the verdicts; 2 on bad input (a file
that is no save or log of a Stavka game, two files of different games). ``--format html``
writes the ledger as a page, a timeline beside the map (:mod:`builder.report.timeline`).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from builder.cli import main
from builder.cli.options import AS_SIDE, MODULE, side_id
from builder.output import check_replaceable, write_own_output
from rules.audit.continuity import order_problem
from rules.audit.ledger import Ledger, audit, log_audit
from rules.audit.trail import Trail, pair
from rules.referee.games import referee_class
from rules.errors import SaveError
from rules.referee.hidden import player_view


def _audited(paths: tuple[Path, ...], module: Path | None = None) -> tuple[Ledger, Trail]:
    """The ledger of the files, judged with ``module``'s data when given, and the trail
    it was judged on (whose snapshots the timeline page shows)."""
    from builder.audit_trail import read_trail  # the save reader is loaded only to audit

    if not 1 <= len(paths) <= 2:
        raise click.UsageError(
            "give one log or save, or two files: PREVIOUS.vsav GAME.vlog or BEFORE.vsav AFTER.vsav"
        )
    trails = [read_trail(path, module) for path in paths]
    games = {trail.start.position.spec.id for trail in trails}
    if len(games) > 1:
        raise SaveError(
            paths[1],
            None,
            f"a file of {trails[1].start.position.spec.id}, "
            f"but {paths[0]} is of {trails[0].start.position.spec.id}",
        )
    spec = trails[0].start.position.spec
    judge = log_audit(spec)
    if len(trails) == 1:
        return judge(trails[0]), trails[0]
    previous, current = trails
    problem = order_problem(
        previous.start.position,
        previous.end.position,
        current.start.position,
        current.end.position,
        referee_class(spec).phase_rank,
    )
    if problem is not None:
        raise SaveError(paths[1], None, problem)
    if current.steps and judge is audit:
        # A result the previous log left pending is applied, and judged, in this one.
        return audit(current, previous.end, audit(previous).pending), current
    if current.steps:
        return judge(current, previous.end), current
    paired = pair(previous, current)
    return judge(paired), paired


def timeline_path(paths: tuple[Path, ...]) -> Path:
    """Where the page goes by default: beside the last file, ``game.vlog`` → ``game-audit.html``."""
    last = paths[-1]
    return last.with_name(f"{last.stem}-audit.html")


@main.command("audit")
@click.argument(
    "paths",
    metavar="[PREVIOUS|BEFORE] FILE",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "html"]),
    default="text",
    show_default=True,
    help="Text for people, JSON for programs, or a page: the ledger as a timeline beside the map.",
)
@click.option(
    "-o",
    "--output",
    "output_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.html",
    help="Where --format html writes the page (default: beside FILE, game.vlog → game-audit.html).",
)
@AS_SIDE
@MODULE
def audit_command(
    paths: tuple[Path, ...],
    output_format: str,
    output_path: Path | None,
    view_side: str | None,
    module_path: Path | None,
) -> None:
    """The ledger of a game: turn by turn and phase by phase, what each side did, each
    act with its verdict and rule. FILE is a .vlog (every logged step) or a .vsav; before
    a log, PREVIOUS is the file sent before it, whose end the log must start from; before
    a save, BEFORE is an earlier save of the same game, and the moves between are judged."""
    if output_path is not None and output_format != "html":
        raise click.UsageError("-o is for --format html, which writes a page")
    target = output_path or timeline_path(paths)
    if output_format == "html":
        # The page's drawing is loaded only for a page: the text audit stays quick.
        from builder.report.page import REPORT_HEAD_BYTES, is_report
        from builder.report.timeline import timeline_page

        check_replaceable(target, is_report, REPORT_HEAD_BYTES)
    ledger, trail = _audited(paths, module_path)
    if view_side is not None:
        view_side = side_id(ledger.start, view_side)
        player_view(ledger.start, view_side)  # an unknown side is bad input
    if output_format == "json":
        # The machine interface's version: loaded only for JSON, the text audit stays quick.
        from builder.cli.machine import INTERFACE_VERSION

        answer = ledger.as_json(view_side) | {"version": INTERFACE_VERSION}
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
        return
    if output_format == "html":
        page = timeline_page(trail, ledger, view_side)
        write_own_output(target, page.encode("utf-8"), is_report, REPORT_HEAD_BYTES)
        click.echo(f"wrote {target}")
        return
    click.echo("\n".join(ledger_text(ledger, view_side)))


def ledger_text(ledger: Ledger, side: str | None) -> list[str]:
    """The ledger for people: a heading for each turn and phase, a line for each entry."""
    spec = ledger.start.spec
    lines = [
        f"Audit of {ledger.source}: {spec.title}, {ledger.steps} logged step{'s' if ledger.steps != 1 else ''}"
        + ledger.view_note(side),
        "Position digests: "
        + ", ".join(f"{name} {value}" for name, value in ledger.digests_for(side)),
    ]
    heading = None
    for entry in ledger.seen_by(side):
        current = (entry.turn, entry.phase)
        if current != heading:
            lines.append(f"Turn {entry.turn} — {entry.phase or 'no phase shown'}")
            heading = current
        who = f" {entry.side}" if entry.side else ""
        text = entry.verdict.as_text().replace("\n", "\n    ")
        lines.append(f"  [{entry.step}]{who} {entry.verdict.topic}: {text}")
    properties = ", ".join(f"{name} {value}" for name, value in ledger.properties)
    lines.append(
        f"End: turn {ledger.turn}, {ledger.phase or 'no phase shown'}"
        + (f"; {properties}" if properties else "")
    )
    return lines
