"""``stavka coverage``: which rules of each game the referee judges, and how it reads them."""

from __future__ import annotations

import json

import click

from builder.cli import main
from rules.coverage import COVERED_GAMES, STATUSES, load_coverage, render_markdown, render_text


@main.command("coverage")
@click.argument("games", nargs=-1)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="text for a terminal, markdown for docs/coverage.md, json for programs",
)
def coverage(games: tuple[str, ...], output_format: str) -> None:
    """Show, rule by rule, what the referee judges (all games, or the GAMES named).

    Every numbered rule of the rules text is judged in a position, judged in a log, not
    observable in a saved game, open, or descriptive; text lists the counts and every
    rule not judged, with why; markdown is the compliance statement in docs/coverage.md.
    """
    coverages = [load_coverage(game) for game in games or COVERED_GAMES]
    if output_format == "markdown":
        click.echo(render_markdown(coverages), nl=False)
    elif output_format == "json":
        click.echo(
            json.dumps(
                {
                    "statuses": dict(STATUSES),
                    "games": [
                        {
                            "game": item.game,
                            "title": item.title,
                            "rules_text": item.rules_text,
                            "counts": item.counts(),
                            "rules": [
                                {
                                    "number": row.number,
                                    "title": row.title,
                                    "status": row.status,
                                    "code": list(row.code),
                                    "tests": list(row.tests),
                                    "note": row.note,
                                    "letters": list(row.letters),
                                }
                                for row in item.rows
                            ],
                            "readings": [
                                {
                                    "rule": reading.rule,
                                    "question": reading.question,
                                    "options": dict(reading.options),
                                    "default": reading.default,
                                    "setting": reading.setting,
                                    "values": dict(reading.values),
                                    "note": reading.note,
                                }
                                for reading in item.readings
                            ],
                        }
                        for item in coverages
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        click.echo("\n\n".join(render_text(item) for item in coverages))
