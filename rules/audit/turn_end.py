"""The state a turn leaves: supply, VP and victory as the referee judges them then.

When the turn tracker moves on to a new turn, the position the old turn ended with is
checked by the game's referee, as ``stavka check`` would check a save made at that
moment; the ledger states each side's supply, the VP totals the record tracks show and
the victory level the referee reads from them.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.referee.games import referee_for
from rules.referee.prose import Prose
from rules.referee.position import Position
from rules.referee.summary import summarize
from rules.referee.verdict import Verdict


def turn_end(
    position: Position, properties: Mapping[str, str], vp_rules: tuple[str, ...]
) -> Verdict:
    """What ``position``, the last of its turn, comes to, with the module's
    ``properties`` (the VP totals) as they stood."""
    referee = referee_for(position)
    verdicts = referee.check()
    summary = summarize(referee, verdicts)
    names = {side.id: side.name for side in position.spec.sides}
    supply = "; ".join(
        f"{names.get(side, side)} "
        + (", ".join(f"{count} {state}" for state, count in states.items()) or "none")
        for side, states in summary.supply.items()
    )
    victory = Prose("; ").join(
        f"{verdict.outcome} (" + verdict.explanation + ")" for verdict in summary.victory
    )
    vp = ", ".join(f"{name} {value}" for name, value in sorted(properties.items()))
    rules = (
        tuple(
            dict.fromkeys(
                rule
                for verdict in verdicts
                if verdict.topic in ("supply", "victory")
                for rule in verdict.rules
            )
        )
        or vp_rules
    )
    return Verdict(
        f"turn {position.turn}",
        "end of turn",
        summary.victory[0].outcome if summary.victory else "judged",
        tuple(dict.fromkeys(rules + vp_rules)),
        Prose("; ").join(
            (
                part
                for part in (
                    f"supply: {supply}" if supply else "",
                    f"VP: {vp}" if vp else "",
                    "victory: " + victory if victory else "",
                    f"{len(summary.violations)} breaches standing" if summary.violations else "",
                )
                if part
            ),
        ),
        details={"vp": vp, "supply": supply},
    )
