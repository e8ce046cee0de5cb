"""The audit on logs the real engine wrote: vcheck plays each game's module as a player
would (drags, menus, the turn tracker's key) while VASSAL's own logger records the
steps to a .vlog (:mod:`tests.support.engine_log`), and ``stavka audit`` judges them.
One short log per game, to keep the engine's time in CI small, played side by side as
the run's engine slots allow."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest


from rules.data.loader import load_game
from tests.cli.test_cli import run
from tests.support.engine import IN_ENGINE, at_once
from tests.audit.timeline_pages import assert_matches_the_trail, write_page
from tests.support.engine_log import engine_log

pytestmark = IN_ENGINE


TPS_STEPS: list[dict[str, object]] = [
    {"move": {"property": {"UnitId": "su-1gdsa-rc1"}}, "to": "1103"},
    {"move": {"property": {"UnitId": "su-1gdsa-rc2"}}, "to": "1602"},
    {"menu": "+5 Axis VP", "select": {"name": "Axis VP"}},
    {"key": "ctrl shift RIGHT"},
]
FORD_STEPS: list[dict[str, object]] = [
    {"move": {"property": {"UnitId": "v1"}}, "to": "0302"},
    {"move": {"property": {"UnitId": "v1"}}, "to": "0402"},
    {"move": {"property": {"UnitId": "v4"}}, "to": "0402"},
]
RKS_STEPS: list[dict[str, object]] = [
    {"side": "German"},
    {"key": "ctrl shift RIGHT"},
    {"move": {"property": {"UnitId": "14pz"}}, "to": "Orlovka"},
    {"move": {"deck": "Draw deck"}, "to": {"map": "German hand", "x": 150, "y": 150}},
    {"menu": "Play face down", "select": {"map": "German hand", "limit": 1}},
    {"side": "Soviet"},
    {"menu": "Play face down", "select": {"map": "Soviet hand", "limit": 1}},
    {"menu": "Reveal", "select": {"map": "Stalingrad", "location": "Soviet duel card"}},
    {"side": "German"},
    {"menu": "Reveal", "select": {"map": "Stalingrad", "location": "German duel card"}},
]


def _played(module: Path, save: Path, steps: list[dict[str, object]], log: Path) -> Path:
    code, report = engine_log(module, save, steps, log)
    assert code == 0, report.get("errors")
    assert log.is_file(), "the engine's logger wrote no log"
    return log


@pytest.fixture(scope="module")
def logs(dist: Path, rks_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's log, played in the engine side by side as the run's engine slots
    allow, by game."""
    folder = tmp_path_factory.mktemp("engine-logs")
    dos_steps: list[dict[str, object]] = [
        {"move": {"property": {"UnitId": "de-9pd"}}, "to": _hex_spot("dos", "N2042")},
    ]
    plays = {
        "tps": (dist / "tps.vmod", dist / "setups" / "tps-1.vsav", TPS_STEPS),
        "dos": (dist / "dos.vmod", dist / "setups" / "dos-blue.vsav", dos_steps),
        "rks": (rks_dist / "rks.vmod", rks_dist / "setups" / "rks-dealt.vsav", RKS_STEPS),
        "ford": (dist / "ford.vmod", dist / "setups" / "ford-ford.vsav", FORD_STEPS),
    }
    played = at_once(
        [
            partial(_played, module, save, steps, folder / f"{game}.vlog")
            for game, (module, save, steps) in plays.items()
        ]
    )
    return dict(zip(plays, played, strict=True))


def _ledger(*arguments: str) -> dict[str, Any]:
    code, output, error = run("audit", "--format", "json", *arguments)
    assert (code, error) == (0, ""), error
    ledger = json.loads(output)
    assert isinstance(ledger, dict)
    return ledger


def _hex_spot(game: str, label: str) -> dict[str, object]:
    spec = load_game(game)
    found = spec.parse_hex(label)
    assert found is not None and found[0].hex_map is not None
    x, y = found[0].hex_map.pixel_centre(found[1])
    return {"map": found[0].name, "x": round(x), "y": round(y)}


def test_tps_engine_log_audited(logs: dict[str, Path], tmp_path: Path) -> None:
    log = logs["tps"]
    ledger = _ledger(str(log))
    entries = {(entry["topic"], entry["subject"]): entry for entry in ledger["entries"]}
    assert entries[("movement", "su-1gdsa-rc1")]["outcome"] == "legal"
    assert entries[("movement", "su-1gdsa-rc2")]["outcome"] == "illegal"
    assert entries[("bookkeeping", "AxisVP")]["explanation"].startswith("0 → 5")
    assert ledger["end"] == {
        "turn": 1,
        "phase": "Soviet combat",
        "properties": {"AxisVP": "5", "SovietVP": "0"},
    }
    assert_matches_the_trail(write_page(tmp_path / "tps.html", str(log)), log)


def test_dos_engine_log_audited(logs: dict[str, Path]) -> None:
    log = logs["dos"]
    moves = [entry for entry in _ledger(str(log))["entries"] if entry["topic"] == "movement"]
    assert [(entry["subject"], entry["outcome"]) for entry in moves] == [("de-9pd", "illegal")]
    assert "11 MP against an allowance of 10" in moves[0]["explanation"]


def test_ford_engine_log_audited(logs: dict[str, Path], tmp_path: Path) -> None:
    """The Ford, refereed from its data alone: a move in two drags is one move (0202 to
    0402 through the woods of 0302, 3 MP of 4, RULES.md 4.2) and the artillery's 4 MP to
    0402 is one over its 3; both judged with The Ford's own rules, none of another game."""
    log = logs["ford"]
    ledger = _ledger(str(log))
    moves = [
        (entry["subject"], entry["outcome"], entry["rules"], entry["details"].get("cost"))
        for entry in ledger["entries"]
        if entry["topic"] == "movement"
    ]
    assert moves == [
        ("v1", "legal", ["4"], "2"),
        ("v1", "legal", ["4"], "3"),
        ("v4", "illegal", ["4"], "4"),
    ]
    sections = {"4", "4.2", "4.3", "5", "6", "7", "7.3", "7.4", "7.5", "8"}
    assert {rule for entry in ledger["entries"] for rule in entry["rules"]} <= sections
    assert_matches_the_trail(write_page(tmp_path / "ford.html", str(log)), log)


def test_rks_engine_log_audited(logs: dict[str, Path], tmp_path: Path) -> None:
    log = logs["rks"]
    ledger = _ledger(str(log))
    entries = {(entry["topic"], entry["subject"]): entry for entry in ledger["entries"]}
    move = entries[("movement", "14pz")]
    assert (move["outcome"], move["phase"], move["rules"]) == (
        "legal",
        "German operations",
        ["7.2", "7.3", "8.1"],
    )
    draw = entries[("draw", "German hand")]
    assert (draw["outcome"], draw["rules"]) == ("illegal", ["10.1"])
    duel = entries[("duel", "14pz on rifle2")]
    assert duel["rules"][-1] == "8.7" and duel["outcome"] in (
        "attacker",
        "defender",
        "fought again",
    )
    assert "not shown" not in duel["explanation"]
    drawn = draw["explanation"].removeprefix("drew ").split(":")[0]
    soviet = _ledger("--as", "soviet", str(log))
    assert drawn not in json.dumps(soviet["entries"], ensure_ascii=False)
    assert drawn in json.dumps(_ledger("--as", "german", str(log))["entries"], ensure_ascii=False)
    assert_matches_the_trail(write_page(tmp_path / "rks.html", str(log)), log)
    page = write_page(tmp_path / "rks-soviet.html", "--as", "soviet", str(log)).read_text("utf-8")
    assert drawn not in page and json.dumps(drawn)[1:-1] not in page
