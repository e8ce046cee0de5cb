"""An attack played in the real engine: the untried defender revealed through its menu,
the module's die button pressed, each step saved; the audit judges the engine's saves
with the engine's own roll report.

VASSAL writes a log only through a file chooser vcheck does not answer, so the trail is
put together from what the engine wrote: its saves before and after the reveal, and the
chat lines the die button added (a player's typed declaration before them)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path


from builder.audit_trail import read_trail, roll_in
from rules.referee.dos.results import EFFECTS
from rules.audit.ledger import audit
from rules.audit.trail import Said, Snapshot, Trail
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE


def test_engine_attack_rolled_with_the_die_button_is_judged_on_the_table(
    dist: Path, tmp_path: Path
) -> None:
    setup, revealed = dist / "setups" / "dos-blue.vsav", tmp_path / "revealed.vsav"
    steps = [
        {"menu": "Reveal", "select": {"property": {"UnitId": "b40a-rd5"}}},
        {"save": str(revealed)},
        {"button": "1d6"},
    ]
    actions = tmp_path / "steps.json"
    actions.write_text(json.dumps(steps))
    code, report = run_vcheck(dist / "dos.vmod", setup, "--no-state", "--actions", str(actions))
    assert code == 0, report.get("errors")
    performed = report["actions"]
    assert isinstance(performed, list)
    rolls = [roll_in(3, line) for line in performed[2]["chat"]]
    roll = next(roll for roll in rolls if roll is not None)
    assert 1 <= roll.value <= 6

    start = read_trail(setup).start
    after = read_trail(revealed).start
    trail = Trail(
        "engine",
        start,
        (Snapshot(2, replace(after.position, phase=start.position.phase), after.properties),),
        3,
        said=(Said(1, "<Axis> attack N1542 from N1443 at 3-1"),),
        rolls=(roll,),
    )
    entries = {(entry.step, entry.verdict.topic): entry.verdict for entry in audit(trail).entries}
    assert entries[(2, "reveal")].outcome == "legal"
    attack = entries[(3, "attack")]
    results = {1: "DE", 2: "EX", 3: "DR", 4: "DR", 5: "AS", 6: "AL1"}
    assert attack.outcome == "rolled"
    assert f"odds 3-1, die +0; rolled {roll.value}: {results[roll.value]}" in attack.explanation
    # Nothing was done after the roll, and the trail ends there: a stalled attack leaves
    # everything as it was; any other result is pending, for the next file to apply
    # (issue 38 item 4: the play-by-e-mail handover, never "misapplied").
    result = entries[(3, "combat result")]
    assert result.rules == EFFECTS[results[roll.value]].rules
    assert result.outcome == (
        "applied as the table allows"
        if results[roll.value] == "AS"
        else "pending when the file ends"
    )
