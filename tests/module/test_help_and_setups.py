"""The parts of a module that need no engine: its About page and the set-up saves' state."""

from __future__ import annotations

from functools import cache

from builder.module.assemble import help_text
from builder.module.buildfile import turn_tracker_state
from builder.vassal.sequence import decode
from rules.data.loader import load_game
from rules.model import GameSpec


@cache
def spec(game: str) -> GameSpec:
    return load_game(game)


def test_about_page_lists_each_scenario_with_its_turns_and_the_reconstructed_units() -> None:
    text = help_text(spec("tps"))
    assert text.startswith("Turning Point: Stalingrad (SPI, 1972)\n")
    assert "  16 December: historical set-up (turns 15-21)\n" in text
    reconstructed = [unit for unit in spec("tps").units.values() if unit.provenance.reconstructed]
    assert f"Units with reconstructed values ({len(reconstructed)}):" in text
    assert "{{" not in text and "{%" not in text


def test_turn_tracker_state_is_encoded_as_vassal_reads_it() -> None:
    # TurnTracker: "level|counter"; CounterTurnLevel: "current;sub;loop;loopLimit;child";
    # ListTurnLevel (phases): "current;sub;first;active flags" (VASSAL's turn package).
    level, counter = decode(turn_tracker_state(spec("tps"), 15), "|")
    assert level == "0"
    current, sublevel, loop, limit, phases = decode(counter, ";")
    assert (current, sublevel, loop, limit) == ("15", "0", "false", "21")
    assert decode(phases, ";")[:3] == ["0", "0", "0"]
    assert decode(phases, ";")[3].split(",") == ["true"] * len(spec("tps").phases)
