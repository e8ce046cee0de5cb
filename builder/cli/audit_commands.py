"""``stavka audit``: the ledger of a game log, or of two saves, each act judged.

Exit 0 whenever the files were audited, whatever the verdicts; 2 on bad input (a file
that is no save or log of a Stavka game, two files of different games).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from builder.cli import main
from builder.cli.options import AS_SIDE, OUTPUT_FORMAT
from rules.audit.ledger import Ledger, audit
from rules.audit.rks import audit_areas
from rules.audit.trail import pair
from rules.errors import SaveError
from rules.referee.hidden import player_view


def _ledger(paths: tuple[Path, ...]) -> Ledger:
    from builder.audit_trail import read_trail  # the save reader is loaded only to audit

    if not 1 <= len(paths) <= 2:
        raise click.UsageError(
            "give one log or save, or two files: PREVIOUS.vsav GAME.vlog or BEFORE.vsav AFTER.vsav"
        )
    trails = [read_trail(path) for path in paths]
    games = {trail.start.position.spec.id for trail in trails}
    if len(games) > 1:
        raise SaveError(
            paths[1],
            None,
            f"a file of {trails[1].start.position.spec.id}, "
            f"but {paths[0]} is of {trails[0].start.position.spec.id}",
        )
    judge = audit_areas if trails[0].start.position.spec.cards is not None else audit
    if len(trails) == 1:
        return judge(trails[0])
    previous, current = trails
    if current.steps:
        return judge(current, previous.end)
    return judge(pair(previous, current))


@main.command("audit")
@click.argument(
    "paths",
    metavar="[PREVIOUS|BEFORE] FILE",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
@OUTPUT_FORMAT
@AS_SIDE
def audit_command(paths: tuple[Path, ...], output_format: str, view_side: str | None) -> None:
    """The ledger of a game: turn by turn and phase by phase, what each side did, each
    act with its verdict and rule. FILE is a .vlog (every logged step) or a .vsav; before
    a log, PREVIOUS is the file sent before it, whose end the log must start from; before
    a save, BEFORE is an earlier save of the same game, and the moves between are judged."""
    ledger = _ledger(paths)
    if view_side is not None:
        player_view(ledger.start, view_side)  # an unknown side is bad input
    if output_format == "json":
        click.echo(json.dumps(ledger.as_json(view_side), indent=2, ensure_ascii=False))
        return
    click.echo("\n".join(ledger_text(ledger, view_side)))


def ledger_text(ledger: Ledger, side: str | None) -> list[str]:
    """The ledger for people: a heading for each turn and phase, a line for each entry."""
    spec = ledger.start.spec
    lines = [
        f"Audit of {ledger.source}: {spec.title}, {ledger.steps} logged step{'s' if ledger.steps != 1 else ''}"
        + (f", as {side} sees it" if side else ""),
        "Position digests: " + ", ".join(f"{name} {value}" for name, value in ledger.digests),
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
