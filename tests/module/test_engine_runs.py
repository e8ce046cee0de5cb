"""The engine runs the module tests make are repeatable on a loaded machine (issue 21,
item 18): a run in which vcheck read VASSAL's untitled "Start new Logfile?" question
before it was drawn (the warning ":") is made again; any other dialog still counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import engine

LOGFILE_QUESTION = {
    "title": "",
    "kind": "question",
    "text": "New Session Beginning. Start new Logfile?",
}
UNREAD = {"title": "", "kind": "dialog", "text": ""}


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
