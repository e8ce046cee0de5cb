"""How long the referee takes to check a position, and how that grows with its size.

Run ``.venv/bin/python -m bench.bench_referee [--repeats N]``. It reports, for each
predefined set-up, the median time of ``stavka check`` as a user runs it (a fresh process:
start-up, reading the game data, checking, printing) and of the check alone. Then it
checks the full Drive on Stalingrad Blue set-up cut to a quarter, half, three quarters and
all of its units, reporting each median and its ratio to the quarter: supply is one search
per side, so the time should grow far slower than the number of units. Timings vary by
machine; compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import replace
from pathlib import Path

from bench.timing import median_seconds, stavka_seconds
from rules.data.loader import load_game
from rules.referee.games import referee_for
from rules.referee.position import Position, setup_position

SETUPS = (("dos", "blue"), ("dos", "uranus"), ("tps", "1"), ("tps", "7"))
FRACTIONS = (0.25, 0.5, 0.75, 1.0)


def position_file(position: Position, folder: Path) -> Path:
    """The position written as a TOML position file, the input a user would give."""
    lines = [
        f'game = "{position.spec.id}"',
        f'scenario = "{position.scenario}"',
        f"turn = {position.turn}",
        "",
    ]
    for state in position.units:
        lines += [
            "[[unit]]",
            f'id = "{state.unit.id}"',
            f'at = "{state.location}"',
            f"steps = {state.steps}",
            "",
        ]
    path = folder / f"{position.spec.id}-{position.scenario}.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=5, help="timed runs per measure (median reported)"
    )
    arguments = parser.parse_args()
    print("| set-up | units | `stavka check` s (median, with start-up) | check alone s (median) |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for game, scenario in SETUPS:
            position = setup_position(load_game(game), scenario)
            command = stavka_seconds(
                ["check", str(position_file(position, Path(folder)))], arguments.repeats
            )
            alone = median_seconds(lambda: referee_for(position).check(), arguments.repeats)
            print(f"| {game} {scenario} | {len(position.units)} | {command:.2f} | {alone:.3f} |")
    full = setup_position(load_game("dos"), "blue")
    print("\n| DoS Blue units checked | check s (median) | time ratio to a quarter | units ratio |")
    print("|---:|---:|---:|---:|")
    baseline = 0.0
    for fraction in FRACTIONS:
        # Every fourth unit, every second, ...: each cut still spans the whole front.
        kept = tuple(state for index, state in enumerate(full.units) if index % 4 < fraction * 4)
        position = replace(full, units=kept)
        seconds = median_seconds(lambda: referee_for(position).check(), arguments.repeats)
        baseline = baseline or seconds
        print(
            f"| {len(kept)} | {seconds:.3f} | {seconds / baseline:.2f} | {fraction / FRACTIONS[0]:.1f} |"
        )


if __name__ == "__main__":
    main()
