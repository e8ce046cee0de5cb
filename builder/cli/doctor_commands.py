"""``stavka doctor``: what is wrong with this install, and the one command that fixes it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from builder.cli import main


@main.command("doctor")
@click.argument(
    "module",
    required=False,
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="[MODULE.vmod]",
)
def doctor(module: Path | None) -> None:
    """Check this install as a player needs it: Python, Stavka's version and files, which
    stavka a module's referee would run, the games' data, MODULE's referee plugin (when
    given), the cache folder, and Java and VASSAL where found. Prints one line for each,
    and under each thing wrong the one command that fixes it; exits 0 when all is well,
    1 when something needs fixing."""
    from builder.doctor import examine, report_lines

    findings = examine(module)
    click.echo("\n".join(report_lines(findings)))
    if any(finding.wrong for finding in findings):
        sys.exit(1)
