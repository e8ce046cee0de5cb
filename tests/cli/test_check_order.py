"""``stavka check`` of a save answers for the position, whatever order the file lists it in.

VASSAL writes a game's pieces in an order of its own: 3.7 lists the pieces of a set-up
it loaded in another order than 3.6 or our set-up saves do (tests/module/
test_engine_versions.py has the engines' own saves). The same units written in the
opposite order must give the same report, text and JSON.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_cli import run
from tests.support.games import shipped_game
from tests.support.saves import SavedUnit, stavka_save


@pytest.mark.parametrize(("game", "scenario"), [("tps", "1"), ("dos", "blue")])
def test_the_order_of_the_pieces_in_a_save_does_not_change_the_report(
    tmp_path: Path, game: str, scenario: str
) -> None:
    spec = shipped_game(game)
    units = [
        SavedUnit(placement.unit, placement.location)
        for placement in spec.scenarios[scenario].setup
    ]
    forward, backward = tmp_path / "forward.vsav", tmp_path / "backward.vsav"
    forward.write_bytes(stavka_save(spec, units, turn="1", scenario=scenario))
    backward.write_bytes(stavka_save(spec, units[::-1], turn="1", scenario=scenario))
    for options in ((), ("--format", "json")):
        (code, text, error), again = (
            run("check", str(forward), *options),
            run("check", str(backward), *options),
        )
        assert (code, error) == (0, "")
        assert again == (code, text, error)
