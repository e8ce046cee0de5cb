"""``stavka duel``: a Rattenkrieg combat judged step by step, with each card's exact chances.

Exit 0 whenever the duel could be judged, whatever the result; 2 on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import click

from builder.cli import main
from builder.cli.machine import answer_extras
from builder.cli.options import (
    MODULE,
    OUTPUT_FORMAT,
    POSITION,
    UNIT_NAMES,
    namer_for,
    unit_ids,
    view_for,
)
from builder.saves.load import load_position
from rules.referee.engine import RefereeError
from rules.referee.games import referee_for
from rules.referee.rks import RattenkriegReferee
from rules.referee.rks.combat import DuelReport, strike_json
from rules.referee.rks.strength import describe_terms
from rules.referee.prose import named
from rules.referee.rks.strikes import AIR, ARTILLERY, Strike


def _cards(text: str | None) -> list[str] | None:
    return None if text is None else [name.strip() for name in text.split(",") if name.strip()]


@main.command("duel")
@POSITION
@click.argument("attacker", required=False)
@click.argument("defender", required=False)
@click.option(
    "--units",
    "unit_list",
    metavar="UNIT,UNIT…",
    help="Instead of ATTACKER and DEFENDER: the units a player selected in one area; the "
    "referee says which attacks (the phasing player's, or the one that moved in) and which "
    "defends (8.1, 8.2).",
)
@click.option("--area", help="The area fought in (default: the defender's).")
@click.option(
    "--event",
    "events",
    multiple=True,
    metavar="NAME",
    help="An event in force for the attacker besides the position's: assault_guns, combat_engineers, "
    "molotov_cocktail, general_chuikov.",
)
@click.option("--t34", is_flag=True, help="The T-34 joins the Soviet unit (8.12).")
@click.option(
    "--attacker-cards",
    metavar="CARD,CARD…",
    help="Cards the attacker played, raises in order (8.6): 5s,qh.",
)
@click.option(
    "--defender-cards", metavar="CARD,CARD…", help="Cards the defender played, raises in order."
)
@click.option("--declines", is_flag=True, help="The defender plays no card and takes a loss (8.5).")
@click.option(
    "--strike",
    type=click.Choice([ARTILLERY, AIR]),
    help="Judge a strike by ATTACKER's side on DEFENDER instead (9.2, 9.3).",
)
@click.option(
    "--as",
    "view_side",
    metavar="SIDE",
    help="Show only what SIDE's player may see, and its chances.",
)
@OUTPUT_FORMAT
@MODULE
@UNIT_NAMES
def duel(
    position_path: Path,
    attacker: str | None,
    defender: str | None,
    unit_list: str | None,
    area: str | None,
    events: tuple[str, ...],
    t34: bool,
    attacker_cards: str | None,
    defender_cards: str | None,
    declines: bool,
    strike: str | None,
    view_side: str | None,
    output_format: str,
    module_path: Path | None,
    unit_names: str,
) -> None:
    """A Rattenkrieg combat of ATTACKER on DEFENDER (unit ids) in POSITION: who may
    fight with which cards, each strength with its modifiers, the winner by 8.7 and what
    the loser may do; and for each player its cards' exact chances against the cards it
    has not seen, and its strike cards' chance to hit."""
    position = load_position(position_path, module_path)
    referee = referee_for(position)
    if not isinstance(referee, RattenkriegReferee):
        raise RefereeError(position.source, None, f"{position.spec.title} has no card duels")
    side = view_for(position, view_side, referee.hidden_information).side
    namer = namer_for(position, unit_names)
    if unit_list is not None:
        if attacker is not None:
            raise click.UsageError("give ATTACKER and DEFENDER, or --units, not both")
        attacker, defender = referee.combat.fighters(unit_ids(unit_list))
    if attacker is None or defender is None:
        raise click.UsageError("give ATTACKER and DEFENDER (unit ids), or --units")
    if strike is not None:
        judged = referee.combat.strike(strike, attacker, defender, side)
        if output_format == "json":
            click.echo(json.dumps(strike_json(judged), indent=2, ensure_ascii=False))
        else:
            click.echo("\n".join(_strike_lines(judged, "", namer)))
        return
    if declines and defender_cards:
        raise RefereeError(
            position.source, None, "--declines: a defender who plays a card does not decline"
        )
    report = referee.combat.duel(
        attacker,
        defender,
        area,
        events,
        t34,
        _cards(attacker_cards),
        [] if declines else _cards(defender_cards),
        side,
    )
    text = duel_text(report, referee, namer)
    if output_format == "json":
        declaration = (
            f"{namer(report.attacker)} attacks {namer(report.defender)} in "
            f"{referee.board.name(report.area)}"
        )
        # The referee's view shows both sides' cards.
        extras = answer_extras(text, declaration, position, referee, side, side is None)
        click.echo(json.dumps(report.as_json() | extras, indent=2, ensure_ascii=False))
        return
    click.echo(text)


def _percent(value: Fraction) -> str:
    return (
        f"{value} ({float(value):.1%})"
        if value.denominator != 1
        else f"{value} ({float(value):.0%})"
    )


def _by_id(unit_id: str) -> str:
    return unit_id


def _strike_lines(strike: Strike, indent: str, namer: Callable[[str], str] = _by_id) -> list[str]:
    lines = [
        f"{indent}{strike.kind} by {namer(strike.striker)}'s side on {namer(strike.target)} "
        f"[rule {strike.rule}]"
    ]
    lines += [f"{indent}  may not be made: {text} [rule {rule}]" for text, rule in strike.problems]
    terms = describe_terms(strike.terms)
    faces = "face cards hit (Mamayev Kurgan held)" if strike.face_cards_hit else "face cards miss"
    lines.append(f"{indent}  hits on a number of {strike.strength} or more ({terms}); {faces}")
    if strike.problems:
        # A strike that may not be made has no chance to hit.
        return lines
    lines.append(
        f"{indent}  {strike.hitting} of {strike.drawn_from} cards hit, drawn from {strike.pool}: "
        f"{_percent(strike.chance)}"
    )
    return lines


def duel_text(
    report: DuelReport, referee: RattenkriegReferee, namer: Callable[[str], str] = _by_id
) -> str:
    """The report for people: the steps, the result, each side's chances, units named by
    ``namer``."""
    board = referee.board
    view = (
        "the referee's view: both sides' cards"
        if report.viewer is None
        else f"as the {board.side_name(report.viewer)} player sees it"
    )
    lines = [
        f"Duel in {board.name(report.area)}: {namer(report.attacker)} attacks "
        f"{namer(report.defender)} ({view})"
    ]
    lines += [
        f"  {named(step.text, namer)} [rule {', '.join(step.rules)}]" for step in report.steps
    ]
    if report.refused:
        lines.append(
            f"  result: no combat — {namer(report.attacker)} cannot fight in "
            f"{board.name(report.area)}"
        )
        return "\n".join(lines)
    if report.result is None:
        played = "; ".join(
            f"{role}: {', '.join(cards) if cards else 'no card yet'}"
            for role, cards in report.played.items()
        )
        lines.append(f"  result: not known until both cards are shown ({played})")
    else:
        winner = report.result.winner or "nobody yet"
        lines.append(
            f"  result: {winner} wins — {report.result.reason} [rule {report.result.rule}]"
        )
    lines += [
        f"    {named(step.text, namer)} [rule {', '.join(step.rules)}]" for step in report.losses
    ]
    for chances in report.chances:
        lines.append(
            f"  {board.side_name(chances.side)} chances ({chances.role}), against {chances.against}:"
        )
        for chance in chances.cards:
            beaten = (
                ""
                if chance.beaten is None
                else f"; the other side holds a card beating it: {_percent(chance.beaten)}"
            )
            lines.append(
                f"    {chance.card.short_name} ({named(chance.source, namer)}): win {_percent(chance.win)}, "
                f"lose {_percent(chance.lose)}, fight again {_percent(chance.again)}{beaten}"
            )
        if not chances.cards:
            lines.append("    no card to play")
        for strike in chances.strikes:
            lines += _strike_lines(strike, "    ", namer)
    return "\n".join(lines)
