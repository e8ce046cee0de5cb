"""The games refereed from their data alone in the real engine, VASSAL 3.7: The Lanner
Bridges' module loads without a warning and shows its own map (roads, the river and its
bridges); in it and in The Ford's, the plugin's Referee, Verdicts and Odds answer as
``stavka`` does on the same save — with the module's own rules (its sections cited), not
"a game not shipped with Stavka".

As a player does: a side taken, units dragged into a position with breaches and units out
of supply, the Referee pressed, a unit's menu item "Referee: verdicts" on each side's
unit, the attackers then the defender selected with Odds, the attack declared.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from builder.art.board_view import BoardView
from builder.art.look import rgb
from builder.art.map_symbols import ROAD_FILL
from builder.build import build_game
from rules.data.loader import load_game
from tests.support.engine import IN_ENGINE, engine_option, run_vcheck
from tests.support.games import shipped_game
from tests.support.once import computed_once
from tests.support.plugin import (
    drawn_marks,
    expected_marks,
    play,
    plugin_lines,
    referee,
    saved_game,
)
from tests.support.plugin_scenes import ANSWER_WAIT, SERVED_WAIT, move_step, unit_selector

pytestmark = IN_ENGINE

ENGINE = "3.7"
VERDICTS_MENU = "Referee: verdicts"
NEXT_PHASE: dict[str, object] = {"key": "ctrl shift RIGHT"}
"""The turn tracker's key: the next phase (the set-up starts in the first)."""
SCENES: dict[str, dict[str, Any]] = {
    # a1 crosses at the ford to 0602 (out of supply, 8.2), a2 and a3 join a4 in 0304 (three
    # units, 5.1); a1 then attacks the anti-tank unit in 0703.
    "lanner": {
        "side": "Aster",
        "moves": [
            NEXT_PHASE,
            move_step("a1", "0602"),
            move_step("a2", "0304"),
            move_step("a3", "0304"),
        ],
        "pointed": ("a1", "b3"),
        "attackers": "a1",
        "defender": "b3",
        "odds": ("--attack", "0703", "--from", "0602"),
    },
    # v1 to 0604 beside c2 (out of supply, 8.1); v2 and v3 join v1's old neighbours in
    # 0203 with v4: three units (5.1).
    "ford": {
        "side": "Vale",
        "moves": [
            move_step("v1", "0604"),
            move_step("v2", "0203"),
            move_step("v3", "0203"),
            move_step("v4", "0203"),
        ],
        "pointed": ("v1", "c2"),
        "attackers": "v1",
        "defender": "c2",
        "odds": ("--attack", "0704", "--from", "0604"),
    },
}


@pytest.fixture(scope="module")
def data_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ford.vmod and lanner.vmod with their set-ups, as ``stavka build`` writes them."""

    def build(folder: Path) -> str:
        for game in ("ford", "lanner"):
            build_game(shipped_game(game), folder, lambda _step: None)
        return str(folder)

    return Path(computed_once(tmp_path_factory, "audit-data-dist", build))


def _steps(scene: dict[str, Any]) -> list[dict[str, object]]:
    own, other = scene["pointed"]
    return [
        {"button": "Referee"},
        ANSWER_WAIT,
        {"side": scene["side"]},
        *scene["moves"],
        {"save": "before.vsav"},
        {"button": "Referee"},
        SERVED_WAIT,
        {"save": "after.vsav"},
        {"screenshot": "referee"},
        {"menu": VERDICTS_MENU, "select": unit_selector(own)},
        SERVED_WAIT,
        {"menu": VERDICTS_MENU, "select": unit_selector(other)},
        SERVED_WAIT,
        # On to the combat phase, where the attack may be made (3.1).
        NEXT_PHASE,
        {"save": "combat.vsav"},
        {"select": unit_selector(scene["attackers"])},
        {"button": "Odds"},
        SERVED_WAIT,
        {"select": unit_selector(scene["defender"])},
        {"button": "Odds"},
        SERVED_WAIT,
        {"button": "Declare attack"},
        {"button": "Clear referee"},
    ]


@pytest.fixture(scope="module")
def played(
    data_dist: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, tuple[dict[str, Any], Path]]:
    """Each game's scene played once on VASSAL 3.7: vcheck's report and its folder."""
    runs = {}
    for game, scene in SCENES.items():
        folder = tmp_path_factory.mktemp(f"data-plugin-{game}")
        save = data_dist / "setups" / f"{game}-{game}.vsav"
        runs[game] = (
            play(
                data_dist / f"{game}.vmod",
                save,
                _steps(scene),
                folder,
                *engine_option(ENGINE),
                "--screenshot",
                str(folder / "shots"),
            ),
            folder,
        )
    return runs


def _index(actions: list[dict[str, Any]], step: dict[str, object], after: int = 0) -> int:
    return next(
        number
        for number, action in enumerate(actions)
        if number >= after and action["step"] == step
    )


@pytest.mark.parametrize("game", sorted(SCENES))
def test_referee_verdicts_and_odds_answer_with_the_games_own_rules(
    played: dict[str, tuple[dict[str, Any], Path]], game: str
) -> None:
    report, folder = played[game]
    scene = SCENES[game]
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions), [a["errors"] for a in actions]
    everything = " ".join(line for action in actions for line in action["chat"])
    assert "not a game shipped" not in everything and "stavka:" not in everything
    # Referee: the marks are what stavka check --as SIDE reports on the save from before.
    pressed = _index(actions, {"save": "before.vsav"})
    lines = plugin_lines(actions[pressed : pressed + 3])
    check = referee("check", str(folder / "before.vsav"), "--as", scene["side"])
    expected = expected_marks(check, set(load_game(game).units))
    assert {"breach 0304" if game == "lanner" else "breach 0203"} <= expected
    assert f"out of supply {scene['pointed'][0]}" in expected
    assert drawn_marks(lines) == expected
    for line in check["text"]:
        assert line.strip() in lines
    assert saved_game(folder / "after.vsav") == saved_game(folder / "before.vsav")
    # Verdicts: each unit's lines, each with a section of the game's own rules.
    for unit in scene["pointed"]:
        at = _index(actions, {"menu": VERDICTS_MENU, "select": unit_selector(unit)})
        shown = [line.strip() for line in plugin_lines(actions[at : at + 2])]
        wanted = [
            line.strip()
            for verdict in check["verdicts"]
            if verdict["unit"] == unit
            for line in verdict["line"].splitlines()
        ]
        assert wanted and shown == wanted
        assert any("[rule 8]" in line for line in shown)
    # Odds: what stavka odds says, then declared in the log.
    start = _index(actions, {"select": unit_selector(scene["attackers"])})
    declared = _index(actions, {"button": "Declare attack"}, start)
    answer = referee("odds", str(folder / "combat.vsav"), *scene["odds"], "--as", scene["side"])
    odds_lines = [
        line
        for line in plugin_lines(actions[start:declared])
        if not line.startswith("attackers noted")
    ]
    # The chat shows a line as HTML does: runs of spaces as one.
    assert [" ".join(line.split()) for line in answer["text"]] == [
        " ".join(line.split()) for line in odds_lines
    ]
    assert odds_lines[0] == f"Attack on {scene['odds'][1]}" and any(
        "[rule 7" in line for line in odds_lines
    )
    assert any(
        answer["declare"] in line and "Attack declared" in line
        for line in actions[declared]["chat"]
    )


def test_the_lanner_loads_strictly_and_shows_its_map(data_dist: Path, tmp_path: Path) -> None:
    spec = load_game("lanner")
    module, save = data_dist / "lanner.vmod", data_dist / "setups" / "lanner-lanner.vsav"
    shots = tmp_path / "shots"
    status, report = run_vcheck(
        module, save, "--strict", "--view", "--screenshot", str(shots), engine=ENGINE
    )
    assert status == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = report["saved_game"]
    assert isinstance(saved, dict) and saved["piece_count"] == 10
    picture = Image.open(shots / "map-The_Lanner.png").convert("RGB")
    game_map = spec.maps[0]
    assert game_map.hex_map is not None
    view = BoardView(game_map, 0)

    def centre(label: str) -> tuple[float, float]:
        found = game_map.hex_map.parse(label) if game_map.hex_map else None
        assert found is not None
        return view.centre(found)

    # Midway between 0303 and 0304 (no road there): the woods' fill... and between 0304 and
    # 0404, along the Marrow road, the road's light band; across 0503/0603 the river's blue.
    (x1, y1), (x2, y2) = centre("0304"), centre("0404")
    assert picture.getpixel((round((x1 + x2) / 2), round((y1 + y2) / 2))) == ROAD_FILL
    (x1, y1), (x2, y2) = centre("0503"), centre("0603")
    assert picture.getpixel((round((x1 + x2) / 2), round((y1 + y2) / 2))) == rgb("#2a70c8")
    x, y = centre("0901")
    assert picture.getpixel(
        (round(x - view.hex_size * 0.3), round(y + view.hex_size * 0.25))
    ) == rgb("#6f9f5a")
    with zipfile.ZipFile(module) as archive:
        assert "setups/lanner-lanner.vsav" in archive.namelist()
