"""``stavka coverage``: which rules of each game the referee judges, and how it reads them."""

from __future__ import annotations

import json

import click

from builder.cli import main
from rules.coverage import (
    STATUSES,
    Coverage,
    has_matrix,
    load_coverage,
    render_markdown,
    render_text,
)
from rules.data.loader import load_game, shipped_games
from rules.data_coverage import game_coverage
from rules.errors import DataError


def coverage_of(game: str) -> Coverage:
    """The coverage of GAME: a shipped game's name, or the path of a game folder refereed
    from its ``[referee]`` data."""
    if has_matrix(game):
        return load_coverage(game)
    if "/" not in game and game not in shipped_games():
        raise DataError(
            game,
            None,
            f"no coverage matrix for game {game!r} (games: {', '.join(shipped_games())}; "
            "give your own game folder as a path)",
        )
    spec = load_game(game)
    found = game_coverage(spec)
    if found is None:
        raise DataError(
            f"{spec.folder}/game.toml",
            None,
            f"no coverage matrix for game {game!r}: its game.toml has no [referee] table",
        )
    return found


def shipped_coverages() -> list[Coverage]:
    """Every shipped game the referee judges, oldest first."""
    specs = sorted((load_game(name) for name in shipped_games()), key=lambda spec: spec.year)
    return [found for spec in specs if (found := game_coverage(spec)) is not None]


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
    """Show, rule by rule, what the referee judges (all games, or the GAMES named: a
    shipped game's name, or the path of your own game folder).

    Every numbered rule of the rules text is judged in a position, judged in a log, not
    observable in a saved game, open, or descriptive; text lists the counts and every
    rule not judged, with why; markdown is the compliance statement in docs/coverage.md.
    A game refereed from its data has a row for each section its [referee] table names,
    with the engine's code that judges it.
    """
    coverages = [coverage_of(game) for game in games] if games else shipped_coverages()
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
