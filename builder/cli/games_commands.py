"""``stavka games`` and ``stavka validate``: what games there are, and whether data loads."""

from __future__ import annotations

from pathlib import Path

import click

from builder.cli import main
from rules.data.loader import games_directory, load_game, resolve_game, shipped_games
from rules.referee.games import check_game_data


@main.command("games")
def list_games() -> None:
    """List the games shipped under games/ (or $STAVKA_GAMES)."""
    names = shipped_games()
    if not names:
        click.echo(f"no games under {games_directory()}")
        return
    for name in names:
        spec = load_game(name)
        click.echo(f"{name:5} {spec.title} ({spec.publisher}, {spec.year})")


@main.command("validate")
@click.argument("game")
def validate(game: str) -> None:
    """Check a game's data: GAME is a shipped game's name or the path of a game folder.

    Prints a summary and exits 0, or prints the first problem as FILE:LINE: MESSAGE and
    exits 2: a value the data cannot hold, a counter that cannot be drawn, or a set-up
    the rules forbid. Warns (on stderr, still exiting 0) of what the map would draw as
    nothing or like something else.
    """
    # The drawing code is loaded only here: games and the referee need none of it.
    from builder.adopt.artwork import adopted_art
    from builder.art.look import look_problems
    from builder.validation import validate_for_build

    spec = load_game(game)
    check_game_data(spec)
    adopted_art(spec)  # an adopted game's own pictures, read as the build reads them
    validate_for_build(spec)
    for problem in look_problems(spec):
        click.echo(f"warning: {problem.where}: {problem.message}", err=True)
    hexes = sum(
        sum(1 for _ in game_map.hex_map.hexes())
        for game_map in spec.maps
        if game_map.hex_map is not None
    )
    areas = sum(len(game_map.areas) for game_map in spec.maps)
    reconstructed = sum(1 for unit in spec.units.values() if unit.provenance.reconstructed)
    click.echo(
        f"{spec.id}: {spec.title} — ok: {len(spec.maps)} map(s), {hexes} hexes, {areas} areas, "
        f"{len(spec.terrain_types)} terrain types, {len(spec.units)} units ({reconstructed} reconstructed), "
        f"{len(spec.markers)} markers, {len(spec.scenarios)} scenarios, "
        f"{len(spec.tables.odds_tables)} odds tables"
        + (f", {len(spec.cards.cards())} cards" if spec.cards is not None else "")
    )


@main.command("transcribe")
@click.argument("game")
@click.option(
    "--sheet",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="FILE.html",
    help="Also write a page with each listed unit's counter drawn beside its FILE:LINE (a new file).",
)
def transcribe(game: str, sheet: Path | None) -> None:
    """List every value of GAME (a shipped game or your copy's folder) still marked
    reconstructed, as FILE:LINE: what — why, so a transcriber sees what is left to check
    against the printed copy. Clear ``reconstructed`` (and its note) on a value once it
    is the printed one."""
    from rules.data.transcription import reconstructed_values

    spec = load_game(game)  # only checked data is worth transcribing against
    values = reconstructed_values(resolve_game(game))
    if sheet is not None:
        from builder.output import write_new_file
        from builder.transcription_sheet import transcription_sheet

        write_new_file(sheet, transcription_sheet(spec, values).encode("utf-8"))
    click.echo(
        "\n".join(
            [value.as_text() for value in values]
            + [f"{len(values)} values still reconstructed"]
            + ([f"wrote {sheet}"] if sheet is not None else [])
        )
    )
