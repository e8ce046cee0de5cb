"""``stavka check`` starts with only what checking needs (issue 16, item 3).

Start-up is most of what a player waits for, so each command imports only its own
modules: checking a position file loads no save reader, checking a save loads no module
builder, and neither loads the drawing, templating or PDF libraries.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main
from tests.support.games import shipped_game
from tests.support.saves import SavedUnit, stavka_save

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
NEVER_FOR_CHECK = (
    "builder.module",
    "builder.art",
    "builder.geography",
    "builder.pnp",
    "builder.build",
    "jinja2",
    "PIL",
    "shapely",
    "reportlab",
)

_PROBE = """
import json, sys
from builder.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _modules_loaded_by(*arguments: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, *arguments], capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(result.stderr.strip().splitlines()[-1])
    return loaded


def _matching(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [name for name in modules if name.startswith(prefixes)]


def test_checking_a_position_file_loads_no_save_reader_or_builder() -> None:
    loaded = _modules_loaded_by("check", str(POSITIONS / "dos" / "chain_supplied.toml"))
    assert _matching(loaded, (*NEVER_FOR_CHECK, "builder.vassal", "lxml")) == []
    assert "rules.referee.dos" in loaded


def test_a_second_check_of_a_hex_game_parses_no_data_and_loads_no_cards() -> None:
    position = str(POSITIONS / "tps" / "front_gaps.toml")
    _modules_loaded_by("check", position)  # fills the game data cache if it was empty
    second = _modules_loaded_by("check", position)
    assert (
        _matching(
            second,
            (
                "rules.data.parse",
                "rules.cards",
                "rules.areas",
                "rules.referee.card_places",
                "rules.referee.rks",
                "rules.referee.area_position_file",
                "difflib",
            ),
        )
        == []
    )
    assert "rules.referee.tps" in second


def test_checking_a_save_loads_no_module_builder(tmp_path: Path) -> None:
    spec = shipped_game("tps")
    save = tmp_path / "game.vsav"
    save.write_bytes(stavka_save(spec, [SavedUnit(next(iter(spec.units)), "2412")], turn="2"))
    loaded = _modules_loaded_by("check", str(save))
    assert _matching(loaded, NEVER_FOR_CHECK) == []
    assert "builder.vassal.reader" in loaded and "builder.vassal.writer" not in loaded


def test_dumping_command_lines_does_not_play_the_save_out(tmp_path: Path) -> None:
    spec = shipped_game("tps")
    save = tmp_path / "game.vsav"
    save.write_bytes(stavka_save(spec, [SavedUnit(next(iter(spec.units)), "2412")]))
    loaded = _modules_loaded_by("save", "dump", "--lines", str(save))
    assert (
        _matching(
            loaded,
            (*NEVER_FOR_CHECK, "builder.vassal.replay", "builder.vassal.commands", "rules.referee"),
        )
        == []
    )


_PROGRAM = """
import atexit, gc, sys
atexit.register(lambda: print(f"collector on: {gc.isenabled()}, frozen: {gc.get_freeze_count()}, "
                              f"young: {gc.get_threshold()[0]}", file=sys.stderr))
sys.argv = ["stavka", *sys.argv[1:]]
from builder.program import run
run()
"""


def test_the_program_answers_as_the_command_line_does_with_start_up_frozen_and_the_collector_on() -> (
    None
):
    position = POSITIONS / "tps" / "front_gaps.toml"
    program = subprocess.run(
        [sys.executable, "-c", _PROGRAM, "check", str(position)], capture_output=True, text=True
    )
    expected = CliRunner().invoke(main, ["check", str(position)])
    assert (program.returncode, program.stdout) == (0, expected.stdout)
    assert re.fullmatch(
        r"collector on: True, frozen: [1-9]\d{4,}, young: 7000",
        program.stderr.strip().splitlines()[-1],
    )
    bad = subprocess.run(
        [sys.executable, "-c", _PROGRAM, "check", "--format", "xml", str(position)],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and bad.stderr.splitlines()[0].startswith("stavka: ")
