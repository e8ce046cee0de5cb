"""The engine runs the module tests make are repeatable on a loaded machine (issue 21,
item 18): a run in which vcheck read VASSAL's untitled "Start new Logfile?" question
before it was drawn (the warning ":") is made again; any other dialog still counts."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.support import engine, engine_slots
from tests.support.engine_slots import RUN_FOLDER, UNREAD_DIALOG

LOGFILE_QUESTION = {
    "title": "",
    "kind": "question",
    "text": "New Session Beginning. Start new Logfile?",
}
UNREAD = {"title": "", "kind": "dialog", "text": ""}


@pytest.fixture(autouse=True)
def _outside_the_ledger(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in is no engine: its runs take none of the run's engine slots and are
    not counted among the JVMs or the runs made again."""
    monkeypatch.delenv(RUN_FOLDER, raising=False)


def _stub(tmp_path: Path, reports: list[dict[str, object]]) -> Path:
    """A stand-in for vcheck printing ``reports`` one per call, the last one for good."""
    for index, report in enumerate(reports):
        (tmp_path / f"report{index}.json").write_text(json.dumps(report), encoding="utf-8")
    script = tmp_path / "vcheck"
    script.write_text(
        "#!/bin/sh\n"
        f'cd "{tmp_path}"\n'
        "n=$(cat calls 2>/dev/null || echo 0)\n"
        "echo $((n + 1)) > calls\n"
        f"[ $n -ge {len(reports) - 1} ] && n={len(reports) - 1}\n"
        'cat "report$n.json"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    return script


def test_a_run_with_a_dialog_read_before_it_was_drawn_is_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    early = {"ok": False, "dialogs": [UNREAD], "warnings": [{"source": "dialog", "message": ":"}]}
    clean = {"ok": True, "dialogs": [LOGFILE_QUESTION], "warnings": []}
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [early, clean]))
    code, report = engine.run_vcheck(tmp_path / "some.vmod")
    assert report == clean and code == 0
    assert (tmp_path / "calls").read_text().strip() == "2"


def test_a_real_dialog_is_never_run_away_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warned = {
        "ok": False,
        "dialogs": [{"title": "Error", "kind": "error", "text": "Bad data"}],
        "warnings": [],
    }
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [warned]))
    assert engine.run_vcheck(tmp_path / "some.vmod")[1] == warned
    assert (tmp_path / "calls").read_text().strip() == "1"
    assert not engine.unread_dialogs({"dialogs": [LOGFILE_QUESTION]})
    assert engine.unread_dialogs({"dialogs": [UNREAD]})


def test_a_run_that_never_reads_its_dialogs_still_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    early = {"ok": False, "dialogs": [UNREAD], "warnings": [{"source": "dialog", "message": ":"}]}
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [early]))
    assert engine.run_vcheck(tmp_path / "some.vmod")[1] == early
    assert (tmp_path / "calls").read_text().strip() == str(engine.ENGINE_ATTEMPTS)


def test_several_saves_are_reported_each_as_if_loaded_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One JVM for several saves (vcheck's ``saved_games``): each save's report has the
    module's own findings and its own, its pieces as ``saved_game`` and its view; its
    exit status is its own."""
    module_warning = {"source": "java_stderr", "message": "engine printed exceptions"}
    clean = {"file": "a.vsav", "pieces": [1], "view": {"maps": []}, "dialogs": [LOGFILE_QUESTION]}
    linted = {"file": "b.vsav", "pieces": [2], "view": {"maps": []}, "dialogs": []}
    finding = {"source": "vcheck: view map", "message": "no map showing"}
    several = {
        "ok": False,
        "engine": {"vassal_version": "3.7.26"},
        "module": {"name": "m"},
        "saved_games": [
            {**clean, "errors": [], "warnings": [], "info": [], "lint": [], "ok": True},
            {**linted, "errors": [], "warnings": [], "info": [], "lint": [finding], "ok": False},
        ],
        "errors": [],
        "warnings": [],
        "info": [],
        "lint": [{**finding, "source": f"b.vsav: {finding['source']}"}],
    }
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [several]))
    (first, second) = engine.run_vcheck_saves(
        tmp_path / "m.vmod", [tmp_path / "a.vsav", tmp_path / "b.vsav"], "--strict"
    )
    assert first == (
        0,
        {
            "engine": several["engine"],
            "module": several["module"],
            "saved_game": {"file": "a.vsav", "pieces": [1]},
            "view": {"maps": []},
            "dialogs": [LOGFILE_QUESTION],
            "errors": [],
            "warnings": [],
            "info": [],
            "lint": [],
            "ok": True,
        },
    )
    assert second[0] == 1 and second[1]["lint"] == [finding] and not second[1]["ok"]
    assert (tmp_path / "calls").read_text().strip() == "1"
    # A warning of the module's own is in every save's report.
    several["warnings"] = [module_warning]
    (tmp_path / "calls").unlink()
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [several]))
    reports = engine.run_vcheck_saves(
        tmp_path / "m.vmod", [tmp_path / "a.vsav", tmp_path / "b.vsav"], "--strict"
    )
    assert [(code, report["warnings"]) for code, report in reports] == [
        (1, [module_warning]),
        (1, [module_warning]),
    ]


def test_several_saves_with_one_read_too_early_are_loaded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def several(dialogs: list[dict[str, str]]) -> dict[str, object]:
        entries = [
            {"file": name, "dialogs": shown, "errors": [], "warnings": [], "info": [], "lint": []}
            for name, shown in (("a.vsav", [LOGFILE_QUESTION]), ("b.vsav", dialogs))
        ]
        return {"ok": True, "saved_games": [{**entry, "ok": True} for entry in entries]} | {
            key: [] for key in ("errors", "warnings", "info", "lint")
        }

    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [several([UNREAD]), several([])]))
    reports = engine.run_vcheck_saves(
        tmp_path / "m.vmod", [tmp_path / "a.vsav", tmp_path / "b.vsav"]
    )
    assert [report["dialogs"] for _, report in reports] == [[LOGFILE_QUESTION], []]
    assert (tmp_path / "calls").read_text().strip() == "2"


def test_a_run_that_lost_a_save_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hung = {"ok": False, "saved_games": [], "errors": [{"source": "engine", "message": "hang"}]}
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [hung]))
    with pytest.raises(AssertionError, match="reported 0 of 2 saves"):
        engine.run_vcheck_saves(tmp_path / "m.vmod", [tmp_path / "a.vsav", tmp_path / "b.vsav"])


def test_no_more_engines_run_at_once_than_the_run_has_slots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six starts from six threads (as from several pytest-xdist workers) with two
    slots: never more than two at once, every one counted."""
    monkeypatch.setenv(RUN_FOLDER, str(tmp_path))
    monkeypatch.setattr(engine_slots, "engine_slots", lambda: 2)
    with ThreadPoolExecutor(max_workers=6) as pool:
        done = list(
            pool.map(lambda _: engine_slots.start_engine(["sleep", "0.3"], "3.7", 1), range(6))
        )
    assert [completed.returncode for completed in done] == [0] * 6
    ledger = engine_slots.tally(tmp_path)
    assert (ledger.jvms, ledger.most_at_once, ledger.by_engine) == (6, 2, {"3.7": 6})
    assert ledger.engine_seconds >= 6 * 0.3


def test_each_run_made_again_is_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    early = {"ok": False, "dialogs": [UNREAD], "warnings": [{"source": "dialog", "message": ":"}]}
    clean = {"ok": True, "dialogs": [LOGFILE_QUESTION], "warnings": []}
    ledger = tmp_path / "ledger"
    ledger.mkdir()
    monkeypatch.setenv(RUN_FOLDER, str(ledger))
    monkeypatch.setattr(engine, "VCHECK", _stub(tmp_path, [early, clean]))
    engine.run_vcheck(tmp_path / "some.vmod", None, engine="3.8")
    counted = engine_slots.tally(ledger)
    assert (counted.jvms, counted.by_engine) == (2, {"3.8": 2})
    assert counted.retried == {
        UNREAD_DIALOG: ("tests/module/test_engine_runs.py::test_each_run_made_again_is_counted",)
    }
