"""A result applied in the log of a game refereed from its data: what became of the
attack's units held to what its ``[[referee.combat.result]]`` says
(:func:`rules.referee.mechanisms.results.misapplied`), as :func:`rules.audit.combat.applied`
holds the Stalingrad games' results to their tables' explanations."""

from __future__ import annotations

from rules.audit.combat import UNKNOWN_FROM_LOG, Attack, Fate, fates_of
from rules.hexes import distance
from rules.model import GameSpec
from rules.referee.mechanisms.results import Fate as DataFate
from rules.referee.mechanisms.results import meaning as result_meaning
from rules.referee.mechanisms.results import misapplied
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.verdict import Verdict


def says_its_results(spec: GameSpec) -> bool:
    """Whether the game's data says what each result does."""
    return spec.referee is not None and bool(spec.referee.combat.results)


def applied_as_data_says(attack: Attack, after: Position) -> Verdict | None:
    """A data game's result held to what its ``[[referee.combat.result]]`` says
    (:func:`rules.referee.mechanisms.results.misapplied`)."""
    if attack.at_roll is None or attack.result is None or attack.report is None:
        return None
    rules = after.spec.referee
    assert rules is not None
    effect = rules.combat.results[attack.result]
    target = attack.declaration.defender_hex
    fates = fates_of(attack, attack.at_roll, after)

    def data_fate(fate: Fate) -> DataFate:
        return DataFate(
            fate.unit,
            fate.moved,
            fate.steps_lost,
            fate.eliminated,
            fate.hex == target,
            distance(target, fate.hex) if fate.hex is not None else 0,
        )

    emptied = not any(state.hex == target and state.side != attack.side for state in after.units)
    bombardment = rules.bombardment
    attacker_results = (
        attack.report.kind != "bombardment" or bombardment is None or bombardment.attacker_results
    )
    wrong = misapplied(
        effect,
        rules.combat.retreat,
        [data_fate(fates[unit]) for unit in attack.defenders if unit in fates],
        [data_fate(fates[unit]) for unit in attack.attackers if unit in fates],
        emptied,
        attacker_results,
    )
    meaning = result_meaning(effect, rules.combat.retreat, None, after.label, attacker_results)
    demanded = f"{attack.result}: {meaning.text}"
    done = Prose(", ").join(
        unit_ref(fate.unit)
        + " "
        + (
            "eliminated"
            if fate.eliminated
            else f"{fate.location}" + (f" (-{fate.steps_lost} step)" if fate.steps_lost else "")
        )
        for fate in fates.values()
    )
    subject = f"attack on {after.label(target)}"
    details = {"units": unit_refs(attack.units, ","), "result": attack.result}
    cited = meaning.rules
    if wrong:
        return Verdict(
            subject,
            "combat result",
            "misapplied",
            cited,
            f"{demanded}; but " + Prose("; ").join(wrong) + f" ({UNKNOWN_FROM_LOG})",
            details=details,
            violation=True,
        )
    return Verdict(
        subject,
        "combat result",
        "applied as the table allows",
        cited,
        f"{demanded}; " + (done or "no unit changed") + f" ({UNKNOWN_FROM_LOG})",
        details=details,
    )
