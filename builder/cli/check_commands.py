"""``stavka check``, ``stavka odds`` and ``stavka air``: the referee on a saved game or a position file.

Exit 0 whenever the position was checked, whatever the verdicts; 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from builder.cli import main
from builder.cli.machine import answer_extras, check_extras
from rules.errors import HexError, SaveError
from rules.hexes import Hex
from rules.referee.engine import Referee, RefereeError
from rules.referee.hexgame import HexReferee
from rules.referee.odds import OddsReport
from rules.referee.games import referee_for
from rules.referee.hidden import PlayerView, WithheldOdds, player_view, referee_view
from rules.referee.position import Position
from rules.referee.position_file import read_position_file
from rules.referee.settings import with_settings
from rules.referee.summary import CheckSummary, grouped, headline, summarize

if TYPE_CHECKING:
    from rules.referee.tps.air import AirMissions

SAVE_SUFFIXES = (".vsav", ".vlog", ".sav")
POSITION_SUFFIX = ".toml"
SAVE_MAGIC = (b"PK\x03\x04", b"!VCSK", b"VOBS", b"!VOXZ", b"\xfd7zXZ\x00", b"begin_save")
"""How a save starts: a zip, one of the payload formats, or plain command text."""


def _looks_like_save(path: Path) -> bool:
    try:
        with path.open("rb") as stream:
            return stream.read(10).startswith(SAVE_MAGIC)
    except OSError:
        return False


def is_save(path: Path) -> bool:
    """Whether ``path`` is read as a save: by its suffix, or, without a known one, by its
    first bytes. Anything else not named ``.toml`` is refused, not read as TOML."""
    suffix = path.suffix.lower()
    if suffix in SAVE_SUFFIXES:
        return True
    if suffix != POSITION_SUFFIX and not _looks_like_save(path):
        raise SaveError(
            path, None, "neither a saved game or log (.vsav, .vlog) nor a position file (.toml)"
        )
    return suffix != POSITION_SUFFIX


def load_position(
    path: Path, module: Path | None = None, settings: tuple[str, ...] = ()
) -> Position:
    """A position from a saved game or log of our modules, judged with ``module``'s data
    when given, or from a TOML position file; ``settings`` (``NAME=VALUE``) replace its own."""
    if is_save(path):
        # The save reader is loaded only for saves: a position file needs none of it.
        from builder.positions import position_from_save

        return with_settings(position_from_save(path, module), settings)
    if module is not None:
        raise SaveError(
            path,
            None,
            "--module judges a saved game or log with its module's data; "
            "a position file names its game itself",
        )
    return with_settings(read_position_file(path), settings)


def view_for(position: Position, side: str | None) -> PlayerView:
    """The referee's view, or with ``--as SIDE`` what that player may see. SIDE is a
    side's id or, as the module's player roster names it, its name."""
    if side is None:
        return referee_view()
    named = {item.name.casefold(): item.id for item in position.spec.sides}
    return player_view(position, named.get(side.casefold(), side))


def seen_by(referee: Referee, side: str | None) -> dict[str, str]:
    """Whose view the JSON output is: the player's with ``--as``; in a game with hidden
    information (Rattenkrieg's cards) the referee's view says it shows both sides."""
    if side is not None:
        return {"as": side}
    return {"shows": "both sides"} if referee.hidden_information else {}


POSITION = click.argument(
    "position_path",
    metavar="POSITION",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
"""A saved game, log or position file to judge: every referee command's first argument."""

OUTPUT_FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
"""Text for people, JSON for programs (the plugin's machine interface)."""

AS_SIDE = click.option(
    "--as",
    "view_side",
    metavar="SIDE",
    help="Show only what SIDE's player may see: untried DoS units (rule 2.14) by their untried face; "
    "Rattenkrieg's own steps and hand, and the other side's counts.",
)


MODULE = click.option(
    "--module",
    "module_path",
    metavar="MODULE.vmod",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Judge the save with the game data this module was built from (a module built from your own copy); "
    "without it, a save of a shipped module is judged with the shipped data.",
)


SETTINGS = click.option(
    "--setting",
    "settings",
    metavar="NAME=VALUE",
    multiple=True,
    help="A setting the position cannot show, e.g. an optional rule the players chose "
    "(army_organisation=yes) or another reading of an unclear rule (east_of_don=literal; "
    "`stavka coverage` lists them); repeatable, and it replaces a position file's own.",
)
"""How a save, which has no [settings] table, gets its players' optional rules and readings."""


def hex_argument(position: Position, name: str) -> Hex:
    """The hex a printed number on the command line names; an unknown one is bad input."""
    found = position.spec.parse_hex(name.strip())
    if found is None:
        raise HexError(position.source, None, f"unknown hex {name.strip()!r}")
    return found[1]


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
@SETTINGS
def check(
    position_path: Path,
    output_format: str,
    annotated_path: Path | None,
    view_side: str | None,
    module_path: Path | None,
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
        from builder.positions import read_annotation, write_supply_copy

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
        _summary_text(summary, view),
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


def _summary_text(summary: CheckSummary, view: PlayerView) -> str:
    """Supply by side, violations and the victory state, before any unit's verdict, each
    as ``view``'s player may read it."""
    sides = "; ".join(
        f"{side} " + ", ".join(f"{count} {state}" for state, count in states.items())
        if states
        else f"{side} none"
        for side, states in summary.supply.items()
    )
    lines = ["Summary"] + ([f"  supply: {sides}"] if summary.supply else [])
    if summary.violations:
        lines.append(
            f"  violations: {len(summary.violations)} — "
            + "; ".join(
                f"{shown.subject} {shown.outcome}" for shown in view.verdicts(summary.violations)
            )
        )
    else:
        lines.append("  violations: none")
    lines += [
        f"  victory{'' if verdict.subject == 'game' else f' ({verdict.subject})'}: {verdict.outcome} — "
        f"{verdict.explanation}"
        for verdict in view.verdicts(summary.victory)
    ]
    return "\n".join(lines)


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
    text = _withheld_text(report) if isinstance(report, WithheldOdds) else _odds_text(report)
    if output_format == "json":
        click.echo(
            json.dumps(
                report.as_json() | answer_extras(text, _declaration(report)),
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(text)


def _declaration(report: OddsReport | WithheldOdds) -> str | None:
    """The attack in one line for the log, as its player may know it; None if not allowed."""
    if isinstance(report, WithheldOdds):
        return (
            f"{', '.join(report.attackers)} on {', '.join(report.defenders)} in {report.defender_hex} "
            f"(odds not known: {report.reason})"
        )
    if not report.allowed:
        return None
    odds = report.automatic or f"odds {report.final_column}, die {report.die_modifier:+d}"
    return (
        f"{', '.join(item.unit for item in report.attackers)} on "
        f"{', '.join(item.unit for item in report.defenders)} in {report.defender_hex} ({odds})"
    )


def _withheld_text(report: WithheldOdds) -> str:
    return "\n".join(
        [
            f"Attack on {report.defender_hex}",
            f"  attackers: {', '.join(report.attackers)}",
            f"  defenders: {', '.join(report.defenders)}",
            f"  odds not known: {report.reason} [rule {', '.join(report.rules)}]",
        ]
    )


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
                {"game": position.spec.id, "turn": position.turn, **missions.as_json()},
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    click.echo(_air_text(position, missions))


def _air_text(position: Position, missions: AirMissions) -> str:
    lines = [f"{position.spec.title}, turn {position.turn} — air missions"]
    if not missions.flights:
        lines.append("No flight is flying a stated mission.")
    interceptions = missions.interception_verdicts()
    if interceptions:
        lines.append("Interception")
        lines += ["  " + verdict.as_text() for verdict in interceptions]
    if missions.superiority:
        lines.append("Air superiority")
        codes = missions.table.codes
        for attack, verdict in zip(
            missions.superiority, missions.superiority_verdicts(), strict=True
        ):
            lines.append("  " + verdict.as_text())
            for roll, code in attack.results:
                chosen = "  <- rolled" if roll == attack.roll else ""
                lines.append(f"    roll {roll}: {code} ({codes.get(code, '')}){chosen}")
    flights = missions.flight_verdicts()
    if flights:
        lines.append("Flights")
        lines += ["  " + verdict.as_text() for verdict in flights]
    return "\n".join(lines)


def _odds_text(report: OddsReport) -> str:
    if not report.allowed:
        return "\n".join(
            [f"Attack on {report.defender_hex}: not allowed"]
            + ["  " + verdict.as_text() for verdict in report.verdicts]
        )
    lines = [f"Attack on {report.defender_hex}"]
    for title, items in (("attackers", report.attackers), ("defenders", report.defenders)):
        lines.append(f"  {title}:")
        lines += [
            f"    {item.unit} in {item.hex}: {item.strength}{'  (' + item.note + ')' if item.note else ''}"
            for item in items
        ]
    lines.append(f"  strength {report.attack} : {report.defence}")
    if report.base_column is not None:
        note = f" ({report.column_note})" if report.column_note else ""
        lines.append(f"  odds column {report.base_column}{note}")
    for modifier in report.modifiers:
        effects = []
        if modifier.column_shift:
            effects.append(
                f"{modifier.column_shift:+d} column{'s' if abs(modifier.column_shift) > 1 else ''}"
            )
        if modifier.die_modifier:
            effects.append(f"{modifier.die_modifier:+d} to the die")
        lines.append(
            f"  {modifier.name}: {', '.join(effects) or 'no effect'} [rule {', '.join(modifier.rules)}]"
        )
    if report.automatic is not None:
        lines.append(f"  result: {report.automatic} (no roll)")
    else:
        note = f" ({report.final_note})" if report.final_note else ""
        lines.append(
            f"  final column {report.final_column}{note}, die modifier {report.die_modifier:+d}"
        )
        lines += [f"    roll {roll}: {code}" for roll, code in report.results]
    for verdict in report.verdicts:
        lines.append("  " + verdict.as_text())
    if report.table_note:
        lines.append(f"  table: {report.table_note}")
    return "\n".join(lines)
