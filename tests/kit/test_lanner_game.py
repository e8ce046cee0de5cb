"""The Lanner Bridges (games/lanner), the second example game shipped with Stavka, through
every command a module maker and a player use: validate, build, pnp, check, odds, move
and report — refereed by its [referee] data alone."""

from __future__ import annotations

import zipfile
from pathlib import Path

from pypdf import PdfReader

from builder.art.counters import values_text
from rules.data.loader import load_game

from tests.cli.test_cli import run

POSITIONS = Path(__file__).parents[1] / "referee" / "positions" / "lanner"


def test_the_lanner_is_validated_built_printed_and_refereed(tmp_path: Path) -> None:
    code, output, error = run("validate", "lanner")
    assert (code, error) == (0, "")
    assert output.startswith("lanner: The Lanner Bridges — ok: 1 map(s), 80 hexes")

    code, _, error = run("build", "lanner", "--dist", str(tmp_path))
    assert code == 0, error
    save = tmp_path / "lanner.vsav"
    with zipfile.ZipFile(tmp_path / "lanner.vmod") as archive:
        save.write_bytes(archive.read("setups/lanner-lanner.vsav"))
    code, output, error = run("check", str(save))
    assert code == 0, error
    assert output.splitlines()[:5] == [
        "The Lanner Bridges, turn 1 — 11 verdicts",
        "Summary",
        "  supply: aster 6 in supply; brenn 4 in supply",
        "  violations: none",
        "  victory: Brenn victory if the game ended now — Aster 0 VP - Brenn 0 VP = 0",
    ]
    # The save's turn tracker names the phase: the first, Aster bombardment (3.1).
    code, output, _ = run("move", str(save), "a1", "0304")
    assert code == 0
    assert output.startswith("a1: not allowed — Aster bombardment is a bombardment phase")

    code, output, error = run(
        "odds",
        str(POSITIONS / "21-odds-night-shift-limit.toml"),
        "--attack",
        "0606",
        "--from",
        "0506,0507",
    )
    assert code == 0, error
    assert "  night: -1 column [rule 7.5]" in output
    assert "  shift limit (-3 held to -2): +1 column [rule 7]" in output
    assert "    DR: the defenders retreat 2 hexes; b1 can retreat" in output

    page = tmp_path / "report.html"
    code, _, error = run("report", str(POSITIONS / "02-road-wheeled.toml"), "-o", str(page))
    assert code == 0, error
    html = page.read_text(encoding="utf-8")
    assert 'id="roads"' in html and "Farm lane" in html and "The Lanner Bridges" in html

    code, _, error = run("pnp", "lanner", "--paper", "a4", "--output-dir", str(tmp_path))
    assert code == 0, error
    pdf = PdfReader(tmp_path / "lanner-pnp-a4.pdf")
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "The Lanner Bridges" in text and "Stalingrad" not in text
    assert "Reinforcement schedules" in text and "Turn 3" in text and "Turn 4" in text


def test_every_lanner_counter_prints_attack_defence_and_movement() -> None:
    """RULES.md 2.2: each counter shows attack, defence and movement allowance — the
    Pioneers' 3-3-4 too, which the builder's default would print as 3-4."""
    spec = load_game("lanner")
    printed = {
        unit.id: values_text(unit.steps[0], with_movement=True, template=spec.counter_values)
        for unit in spec.units.values()
    }
    assert printed["a3"] == "3-3-4"
    assert all(text.count("-") == 2 for text in printed.values()), printed
