"""``stavka check`` and ``stavka odds``: the referee on a saved game or a position file.

Exit 0 whenever the position was checked, whatever the verdicts; 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from builder.cli import main
from builder.positions import position_from_save, write_supply_copy
from rules.errors import HexError, SaveError
from rules.hexes import Hex
from rules.referee.engine import RefereeError
from rules.referee.hexgame import HexReferee
from rules.referee.odds import OddsReport
from rules.referee.games import referee_for
from rules.referee.position import Position
from rules.referee.position_file import read_position_file
from rules.referee.summary import CheckSummary, grouped, summarize
from rules.referee.tps import TurningPointReferee
from rules.referee.tps.air import AirMissions

SAVE_SUFFIXES = (".vsav", ".vlog", ".sav")


def load_position(path: Path) -> Position:
    """A position from a saved game or log of our modules, or from a TOML position file."""
    if path.suffix.lower() in SAVE_SUFFIXES:
        return position_from_save(path)
    return read_position_file(path)


def _hex(position: Position, name: str) -> Hex:
    found = position.spec.parse_hex(name.strip())
    if found is None:
        raise HexError(position.source, None, f"unknown hex {name.strip()!r}")
    return found[1]


@main.command("check")
@click.argument("position_path", metavar="POSITION", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--annotate", "annotated_path", type=click.Path(dir_okay=False, path_type=Path), metavar="NEW.vsav",
    help="Also write a copy of the save with each unit's supply state on its piece (a new file, never the input).",
)
def check(position_path: Path, output_format: str, annotated_path: Path | None) -> None:
    """Every unit's supply state with its traced path, zones of control, stacking and
    victory, each with the rule it rests on. POSITION is a .vsav/.vlog of a Stavka module
    or a TOML position file."""
    position = load_position(position_path)
    referee = referee_for(position)
    verdicts = referee.check()
    if annotated_path is not None:
        if position_path.suffix.lower() not in SAVE_SUFFIXES:
            raise SaveError(position_path, None, "--annotate needs a saved game or log, not a position file")
        marked = write_supply_copy(position_path, annotated_path, verdicts)
        click.echo(f"{annotated_path}: supply state on {marked} pieces", err=True)
    summary = summarize(referee, verdicts)
    if output_format == "json":
        click.echo(json.dumps({"game": position.spec.id, "turn": position.turn, "summary": summary.as_json(),
                               "verdicts": [verdict.as_json() for verdict in verdicts]}, indent=2, ensure_ascii=False))
        return
    click.echo(f"{position.spec.title}, turn {position.turn} — {len(verdicts)} verdicts")
    click.echo(_summary_text(summary))
    for title, section in grouped(referee, verdicts):
        click.echo(f"{title[0].upper()}{title[1:]}")
        for verdict in section:
            click.echo(verdict.as_text())


def _summary_text(summary: CheckSummary) -> str:
    """Supply by side, violations and the victory state, before any unit's verdict."""
    sides = "; ".join(
        f"{side} " + ", ".join(f"{count} {state}" for state, count in states.items()) if states else f"{side} none"
        for side, states in summary.supply.items()
    )
    lines = ["Summary", f"  supply: {sides}"]
    if summary.violations:
        lines.append(f"  violations: {len(summary.violations)} — " + "; ".join(
            f"{verdict.subject} {verdict.outcome}" for verdict in summary.violations))
    else:
        lines.append("  violations: none")
    lines += [f"  victory{'' if verdict.subject == 'game' else f' ({verdict.subject})'}: {verdict.outcome} — "
              f"{verdict.explanation}" for verdict in summary.victory]
    return "\n".join(lines)


@main.command("odds")
@click.argument("position_path", metavar="POSITION", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--attack", "defender", required=True, metavar="DEFENDER_HEX", help="The hex attacked.")
@click.option("--from", "attackers", required=True, metavar="HEX,HEX…", help="Hexes the attack comes from.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def odds(position_path: Path, defender: str, attackers: str, output_format: str) -> None:
    """Raw strengths, every modifier with its rule, the final column and the result of
    each die roll for one attack."""
    position = load_position(position_path)
    referee = referee_for(position)
    if not isinstance(referee, HexReferee):
        raise RefereeError(position.source, None, f"{position.spec.title} has no attacks on hexes to give odds for")
    report = referee.odds(
        _hex(position, defender), [_hex(position, name) for name in attackers.split(",") if name.strip()]
    )
    if output_format == "json":
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
        return
    click.echo(_odds_text(report))


@main.command("air")
@click.argument("position_path", metavar="POSITION", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def air(position_path: Path, output_format: str) -> None:
    """Turning Point air missions: each interception, each air superiority attack with its
    odds and the result of every roll on the Air Superiority Table, and which flights get
    to fly their missions."""
    position = load_position(position_path)
    referee = referee_for(position)
    if not isinstance(referee, TurningPointReferee):
        raise RefereeError(position.source, None, f"{position.spec.title} has no air missions to resolve "
                           "(Turning Point: Stalingrad has)")
    missions = referee.air
    if output_format == "json":
        click.echo(json.dumps({"game": position.spec.id, "turn": position.turn, **missions.as_json()},
                              indent=2, ensure_ascii=False))
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
        for attack, verdict in zip(missions.superiority, missions.superiority_verdicts()):
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
        return "\n".join([f"Attack on {report.defender_hex}: not allowed"]
                         + ["  " + verdict.as_text() for verdict in report.verdicts])
    lines = [f"Attack on {report.defender_hex}"]
    for title, items in (("attackers", report.attackers), ("defenders", report.defenders)):
        lines.append(f"  {title}:")
        lines += [f"    {item.unit} in {item.hex}: {item.strength}{'  (' + item.note + ')' if item.note else ''}"
                  for item in items]
    lines.append(f"  strength {report.attack} : {report.defence}")
    if report.base_column is not None:
        note = f" ({report.column_note})" if report.column_note else ""
        lines.append(f"  odds column {report.base_column}{note}")
    for modifier in report.modifiers:
        effects = []
        if modifier.column_shift:
            effects.append(f"{modifier.column_shift:+d} column{'s' if abs(modifier.column_shift) > 1 else ''}")
        if modifier.die_modifier:
            effects.append(f"{modifier.die_modifier:+d} to the die")
        lines.append(f"  {modifier.name}: {', '.join(effects) or 'no effect'} [rule {', '.join(modifier.rules)}]")
    if report.automatic is not None:
        lines.append(f"  result: {report.automatic} (no roll)")
    else:
        note = f" ({report.final_note})" if report.final_note else ""
        lines.append(f"  final column {report.final_column}{note}, die modifier {report.die_modifier:+d}")
        lines += [f"    roll {roll}: {code}" for roll, code in report.results]
    for verdict in report.verdicts:
        lines.append("  " + verdict.as_text())
    if report.table_note:
        lines.append(f"  table: {report.table_note}")
    return "\n".join(lines)
