"""The parts of a module that need no engine: its About page, the set-up saves' turn
state, and the same bytes from the same data."""

from __future__ import annotations

from pathlib import Path

from builder.build import build_game
from builder.module.assemble import help_text
from builder.module.buildfile import turn_tracker_state
from builder.vassal.sequence import decode
from tests.support.games import shipped_game


def test_about_page_lists_each_scenario_with_its_turns_and_the_reconstructed_units() -> None:
    text = help_text(shipped_game("tps"))
    assert text.startswith("Turning Point: Stalingrad (SPI, 1972)\n")
    assert "  16 December: historical set-up (turns 15-21)\n" in text
    reconstructed = [unit for unit in shipped_game("tps").units.values() if unit.provenance.reconstructed]
    assert f"Units with reconstructed values ({len(reconstructed)}):" in text
    assert "{{" not in text and "{%" not in text


def test_turn_tracker_state_is_encoded_as_vassal_reads_it() -> None:
    # TurnTracker: "level|counter"; CounterTurnLevel: "current;sub;loop;loopLimit;child";
    # ListTurnLevel (phases): "current;sub;first;active flags" (VASSAL's turn package).
    level, counter = decode(turn_tracker_state(shipped_game("tps"), 15), "|")
    assert level == "0"
    current, sublevel, loop, limit, phases = decode(counter, ";")
    assert (current, sublevel, loop, limit) == ("15", "0", "false", "21")
    assert decode(phases, ";")[:3] == ["0", "0", "0"]
    assert decode(phases, ";")[3].split(",") == ["true"] * len(shipped_game("tps").phases)


def test_same_input_builds_the_same_module_bytes(tmp_path: Path) -> None:
    # Issue 4: "byte-identical output for identical input" (zip dates, piece ids, PNGs).
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    built = [build_game(shipped_game("tps"), folder, lambda _step: None).path for folder in (first, second)]
    assert built[0].read_bytes() == built[1].read_bytes()
