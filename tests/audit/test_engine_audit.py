"""The audit on saves the real engine wrote while played as a player would: moves
dragged, the VP marker's menu, the turn tracker's key, a save after each part.

Here the engine's play is audited as pairs of saves (BEFORE AFTER); the logs the engine
itself writes of such play are audited in :mod:`tests.audit.test_engine_logs`."""

from __future__ import annotations

import json
from pathlib import Path


from tests.cli.test_cli import run
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE


def _entries(*paths: Path) -> list[dict[str, object]]:
    code, output, error = run("audit", "--format", "json", *map(str, paths))
    assert (code, error) == (0, ""), error
    entries = json.loads(output)["entries"]
    assert isinstance(entries, list)
    return entries


def test_engine_play_audited_save_by_save(dist: Path, tmp_path: Path) -> None:
    setup = dist / "setups" / "tps-1.vsav"
    moved, advanced, combat = (
        tmp_path / "moved.vsav",
        tmp_path / "advanced.vsav",
        tmp_path / "combat.vsav",
    )
    steps = [
        {"move": {"property": {"UnitId": "su-1gdsa-rc1"}}, "to": "1103"},
        {"move": {"property": {"UnitId": "su-1gdsa-rc2"}}, "to": "1602"},
        {"save": str(moved)},
        {"menu": "+5 Axis VP", "select": {"name": "Axis VP"}},
        {"key": "ctrl shift RIGHT"},
        {"save": str(advanced)},
        {"move": {"property": {"UnitId": "su-1gdsa-rc1"}}, "to": "1203"},
        {"save": str(combat)},
    ]
    actions = tmp_path / "steps.json"
    actions.write_text(json.dumps(steps))
    code, report = run_vcheck(dist / "tps.vmod", setup, "--no-state", "--actions", str(actions))
    assert code == 0, report.get("errors")
    performed = report["actions"]
    assert isinstance(performed, list)
    chat = [line for action in performed for line in action["chat"]]
    assert "* 1st Guards Army rifle corps 2 moves 1304 → 1602" in chat

    first = {
        entry["subject"]: entry for entry in _entries(setup, moved) if entry["topic"] == "movement"
    }
    assert (first["su-1gdsa-rc1"]["outcome"], first["su-1gdsa-rc1"]["details"]) == (
        "legal",
        {"cost": "5", "allowance": "5"},
    )
    assert first["su-1gdsa-rc2"]["outcome"] == "illegal"
    assert "+2 leaving enemy ZOC" in str(first["su-1gdsa-rc2"]["explanation"])

    second = {(entry["topic"], entry["subject"]): entry for entry in _entries(moved, advanced)}
    vp = second[("bookkeeping", "AxisVP")]
    assert (vp["explanation"], vp["rules"]) == (
        "0 → 5; the award is not checked against the rules yet",
        ["VP schedule"],
    )
    stacking = second[("stacking", "stacking")]
    assert (stacking["outcome"], stacking["phase"]) == ("legal", "Soviet first movement")

    third = {(entry["topic"], entry["subject"]): entry for entry in _entries(advanced, combat)}
    wrong_phase = third[("movement", "su-1gdsa-rc1")]
    assert (wrong_phase["outcome"], wrong_phase["phase"], wrong_phase["rules"]) == (
        "illegal",
        "Soviet combat",
        ["Sequence of play"],
    )
    assert "Soviet combat is not a movement phase" in str(wrong_phase["explanation"])
