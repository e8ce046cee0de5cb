"""The audit on logs the real engine wrote (VASSAL 3.7) for the games refereed from their
data alone: a legal and an illegal move, an arrival (The Lanner Bridges; The Ford has no
reinforcements), an attack asked about with the plugin's Odds, declared with its button,
rolled with the module's die and its result judged — each by the game's own rules.

The die is the engine's: which result comes is not known beforehand, so the result is
judged against the roll the log shows (nothing is done after the roll: only a result
that asks nothing, NE, is then applied as the table allows). Both logs start from the
run's ``dist`` and are played side by side as the run's engine slots allow.
"""

from __future__ import annotations

import json
import os
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.audit.logs import LogWriter
from tests.support.answer_waits import ANSWER, FIRST_ANSWER
from tests.cli.test_cli import run
from tests.support.engine import IN_ENGINE, at_once
from tests.support.engine_log import engine_log
from tests.support.plugin import STAVKA

pytestmark = IN_ENGINE

NEXT_PHASE: dict[str, object] = {"key": "ctrl shift RIGHT"}


def _unit(unit: str) -> dict[str, object]:
    return {"property": {"UnitId": unit}}


def _declared(attackers: str, defender: str) -> list[dict[str, object]]:
    """Odds asked for as a player does (attackers, then the defender), then declared."""
    return [
        {"select": _unit(attackers)},
        {"button": "Odds"},
        ANSWER,
        {"select": _unit(defender)},
        {"button": "Odds"},
        FIRST_ANSWER,
        {"button": "Declare attack"},
        {"button": "1d6"},
    ]


def _ledger(log: Path) -> dict[str, Any]:
    code, output, error = run("audit", "--format", "json", str(log))
    assert (code, error) == (0, ""), error
    ledger: dict[str, Any] = json.loads(output)
    return ledger


def _played(module: Path, save: Path, steps: list[dict[str, object]], log: Path) -> Path:
    code, report = engine_log(module, save, steps, log)
    assert code == 0, report.get("errors")
    assert log.is_file(), "the engine's logger wrote no log"
    return log


def _by(ledger: dict[str, Any], topic: str, subject: str) -> dict[str, Any]:
    found = [e for e in ledger["entries"] if e["topic"] == topic and e["subject"] == subject]
    assert found, f"no {topic} entry on {subject}: {ledger['entries']}"
    entry: dict[str, Any] = found[0]
    return entry


def _rolled(ledger: dict[str, Any], subject: str) -> tuple[dict[str, Any], dict[str, Any]]:
    attack = _by(ledger, "attack", subject)
    return attack, _by(ledger, "combat result", subject)


LANNER_STEPS: list[dict[str, object]] = [
    {"side": "Aster"},
    {"move": _unit("a4"), "to": "0504"},
    {"move": _unit("b3"), "to": "0803"},
    {"move": _unit("a7"), "to": {"map": "The Lanner", "location": "0104"}},
    NEXT_PHASE,
    *_declared("a4", "b1"),
    NEXT_PHASE,
]
FORD_STEPS: list[dict[str, object]] = [
    {"side": "Vale"},
    {"move": _unit("v1"), "to": "0402"},
    {"move": _unit("c4"), "to": "0703"},
    NEXT_PHASE,
    NEXT_PHASE,
    {"side": "Crag"},
    {"move": _unit("c1"), "to": "0502"},
    NEXT_PHASE,
    *_declared("c1", "v1"),
    NEXT_PHASE,
]


@pytest.fixture(scope="module")
def ledgers(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each game's log played in VASSAL 3.7 (the plugin's Odds and Declare attack asking
    the worktree's ``stavka``), side by side as the run's engine slots allow, and audited."""
    folder = tmp_path_factory.mktemp("data-engine-logs")
    # Turn 3, Aster movement; the heavy tanks wait off the board (on their side's
    # eliminated map, the only place a piece may lie off the hex map in a save).
    lanner_start = (
        LogWriter.on(dist, "lanner-lanner")
        .phase(3, "Aster movement")
        .enter("a7", "0104")
        .eliminate("a7")
        .write(folder / "lanner-start.vsav", logged=False)
    )
    plays = {
        "lanner": (dist / "lanner.vmod", lanner_start, LANNER_STEPS),
        "ford": (dist / "ford.vmod", dist / "setups" / "ford-ford.vsav", FORD_STEPS),
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", f"{STAVKA.parent}:{os.environ.get('PATH', '')}")
        played = at_once(
            [
                partial(_played, module, save, steps, folder / f"{game}.vlog")
                for game, (module, save, steps) in plays.items()
            ]
        )
    # Audited one after another: the command runs in this process.
    return {game: _ledger(log) for game, log in zip(plays, played, strict=True)}


def test_the_lanner_engine_log_audited(ledgers: dict[str, dict[str, Any]]) -> None:
    ledger = ledgers["lanner"]
    # 0304-0404-0504 along the road, ½ + ½, into b1's ZOC (4.4, 6.2).
    a4 = _by(ledger, "movement", "a4")
    assert (a4["outcome"], a4["rules"], a4["details"]["cost"]) == ("legal", ["4", "4.4", "6"], "1")
    b3 = _by(ledger, "movement", "b3")
    assert (b3["outcome"], b3["rules"]) == ("illegal", ["3.1"])
    a7 = _by(ledger, "arrival", "a7")
    assert (a7["outcome"], a7["rules"]) == ("legal", ["9"])
    # a4 (8) on b1 (6) over the bridge: +2, the river one left, armour in the open one right.
    attack, result = _rolled(ledger, "attack on 0604")
    assert attack["outcome"] == "rolled" and "odds +2, die +0" in attack["explanation"]
    code = attack["details"]["result"]
    assert code in ("NE", "EX", "DR", "D1")
    assert result["outcome"] == ("applied as the table allows" if code == "NE" else "misapplied")
    assert result["rules"][0] == "7.7"
    assert all(
        "sequence of play" not in [rule.lower() for rule in entry["rules"]]
        for entry in ledger["entries"]
    )


def test_the_ford_engine_log_audited(ledgers: dict[str, dict[str, Any]]) -> None:
    ledger = ledgers["ford"]
    # v1 0202-0302 (woods 2) -0402 (1): 3 of 4. c4 moved in Vale's phase (3.1).
    v1 = _by(ledger, "movement", "v1")
    assert (v1["outcome"], v1["rules"], v1["details"]["cost"]) == ("legal", ["4"], "3")
    c4 = _by(ledger, "movement", "c4")
    assert (c4["outcome"], c4["rules"]) == ("illegal", ["3.1"])
    # c1 0702-0602 (1) -0502 (hill 2, v1's ZOC +1): 4 of 4.
    c1 = _by(ledger, "movement", "c1")
    assert (c1["outcome"], c1["rules"], c1["details"]["cost"]) == ("legal", ["4", "6"], "4")
    # c1 on v1 across the river: 4 to 4, 1-1, die -1 (7.3, 7.4).
    attack, result = _rolled(ledger, "attack on 0402")
    assert attack["outcome"] == "rolled" and "odds 1-1, die -1" in attack["explanation"]
    code = attack["details"]["result"]
    assert code in ("AE", "AR", "NE", "DR")
    assert result["outcome"] == ("applied as the table allows" if code == "NE" else "misapplied")
    assert result["rules"][0] == "7.6"
    assert not any(entry["topic"] == "arrival" for entry in ledger["entries"])
    assert all(
        "sequence of play" not in [rule.lower() for rule in entry["rules"]]
        for entry in ledger["entries"]
    )
