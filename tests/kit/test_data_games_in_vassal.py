"""The games refereed from their data alone in the real engine, VASSAL 3.7: The Lanner
Bridges' module loads without a warning and shows its own map (roads, the river and its
bridges); in it and in The Ford's, the plugin's Referee, Verdicts and Odds answer as
``stavka`` does on the same save — with the module's own rules (its sections cited), not
"a game not shipped with Stavka".

As a player does: a side taken, units dragged into a position with breaches and units out
of supply, the Referee pressed (the overlay marks what ``stavka check --as SIDE`` reports,
the Referee panel lists it), a unit's menu item "Referee: verdicts" on each side's unit,
on to the combat phase (the sequence of play, 3.1), the attackers then the defender
selected with Odds, the attack declared. A ``stavka`` that records what the plugin asks
and is answered stands on the PATH (:func:`tests.support.plugin.recording_stavka`).
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from builder.art.board_view import BoardView
from builder.art.look import rgb
from builder.art.map_symbols import ROAD_FILL
from rules.data.loader import load_game
from tests.support.engine import IN_ENGINE, at_once, run_vcheck
from tests.support.plugin import (
    checked,
    expected_marks,
    play,
    plugin_lines,
    recording_stavka,
    referee,
    saved_game,
    served,
)
from tests.support.answer_waits import ANSWER, FIRST_ANSWER
from tests.support.plugin_scenes import (
    move_step,
    unit_selector,
    verdicts_menu,
)

pytestmark = IN_ENGINE

ENGINE = "3.7"
NEXT_PHASE: dict[str, object] = {"key": "ctrl shift RIGHT"}
"""The turn tracker's key: the next phase (the set-up starts in the first)."""


@dataclass(frozen=True)
class DataScene:
    """A data game's position for the referee: the side, the phases to go on by before
    moving, the moves, the units pointed at, the attack and ``stavka odds``' arguments
    for it, and the stack its moves over-stack."""

    side: str
    to_movement: tuple[dict[str, object], ...]
    moves: tuple[dict[str, object], ...]
    pointed: tuple[str, str]
    attacker: str
    defender: str
    odds: tuple[str, ...]
    stack: str


SCENES = {
    # The set-up starts in Aster bombardment: on to Aster movement. a1 crosses at the
    # ford to 0602 (out of supply, 8.2), a2 and a3 join a4 in 0304 (three units, 5.1); in
    # Aster combat a1 attacks the anti-tank unit in 0703.
    "lanner": DataScene(
        "Aster",
        (NEXT_PHASE,),
        (move_step("a1", "0602"), move_step("a2", "0304"), move_step("a3", "0304")),
        ("a1", "b3"),
        "a1",
        "b3",
        ("--attack", "0703", "--from", "0602"),
        "0304",
    ),
    # Vale movement: v1 to 0604 beside c2 (out of supply, 8.1); v2, v3 and v4 to 0203:
    # three units (5.1); in Vale combat v1 attacks c2 in 0704.
    "ford": DataScene(
        "Vale",
        (),
        (
            move_step("v1", "0604"),
            move_step("v2", "0203"),
            move_step("v3", "0203"),
            move_step("v4", "0203"),
        ),
        ("v1", "c2"),
        "v1",
        "c2",
        ("--attack", "0704", "--from", "0604"),
        "0203",
    ),
}

Played = dict[str, tuple[list[dict[str, Any]], Path, list[dict[str, Any]]]]
"""Each scene's actions, the folder of its saves, and what the recording stavka was asked
and answered, by game."""


def _steps(scene: DataScene) -> list[dict[str, object]]:
    return [
        {"button": "Referee"},
        FIRST_ANSWER,
        {"side": scene.side},
        *scene.to_movement,
        *scene.moves,
        {"save": "before.vsav"},
        {"button": "Referee"},
        ANSWER,
        {"save": "after.vsav"},
        verdicts_menu(scene.pointed[0]),
        ANSWER,
        verdicts_menu(scene.pointed[1]),
        ANSWER,
        # On to the combat phase, where the attack may be made (3.1).
        NEXT_PHASE,
        {"save": "combat.vsav"},
        {"select": unit_selector(scene.attacker)},
        {"button": "Odds"},
        ANSWER,
        {"select": unit_selector(scene.defender)},
        {"button": "Odds"},
        ANSWER,
        {"button": "Declare attack"},
        {"button": "Clear referee"},
    ]


def _played(
    dist: Path, factory: pytest.TempPathFactory, game: str
) -> tuple[list[dict[str, Any]], Path, list[dict[str, Any]]]:
    """``game``'s scene played in VASSAL 3.7."""
    folder = factory.mktemp(f"data-plugin-{game}")
    bin_folder, record = recording_stavka(folder)
    report = play(
        dist / f"{game}.vmod",
        dist / "setups" / f"{game}-{game}.vsav",
        _steps(SCENES[game]),
        folder,
        "--engine",
        ENGINE,
        "--timeout",
        "600",
        stavka_folder=bin_folder,
    )
    assert report["actions"], report.get("errors")
    return report["actions"], folder, served(record)


@pytest.fixture(scope="module")
def played(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Played:
    """Each game's scene played once on VASSAL 3.7, side by side as the run's engine
    slots allow."""
    games = sorted(SCENES)
    return dict(
        zip(
            games,
            at_once([partial(_played, dist, tmp_path_factory, game) for game in games]),
            strict=True,
        )
    )


def _index(actions: list[dict[str, Any]], step: dict[str, object], after: int = 0) -> int:
    return next(
        number
        for number, action in enumerate(actions)
        if number >= after and action["step"] == step
    )


def _option(request: dict[str, Any], name: str) -> str | None:
    found = [item.split("=", 1)[1] for item in request["args"] if item.startswith(f"--{name}=")]
    return found[0] if found else None


def _asked(records: list[dict[str, Any]], command: str, side: str) -> list[dict[str, Any]]:
    """The service's answers to ``command`` asked as ``side``, in the order asked."""
    return [
        record
        for record in records
        if record["request"]["args"][0] == command and _option(record["request"], "as") == side
    ]


def _said(verdict: dict[str, Any]) -> tuple[object, ...]:
    """What a verdict says, whatever names its lines give the units."""
    return (verdict["topic"], verdict["outcome"], verdict["unit"], tuple(verdict["rules"]))


@pytest.mark.parametrize("game", sorted(SCENES))
def test_no_step_fails_and_every_request_names_the_games_module(
    played: Played, dist: Path, game: str
) -> None:
    actions, _, records = played[game]
    assert [action["errors"] for action in actions if action["errors"]] == []
    assert records and all(record["answer"]["exit"] == 0 for record in records), records
    assert all(
        _option(record["request"], "module") == str(dist / f"{game}.vmod") for record in records
    )
    everything = " ".join(line for action in actions for line in action["chat"])
    assert "not a game shipped" not in everything and "stavka:" not in everything


@pytest.mark.parametrize("game", sorted(SCENES))
def test_the_referee_marks_and_lists_what_stavka_check_reports(played: Played, game: str) -> None:
    actions, folder, records = played[game]
    scene = SCENES[game]
    pressed = _index(actions, {"save": "before.vsav"})
    check = referee("check", str(folder / "before.vsav"), "--as", scene.side)
    # The position the moves made: the over-stacked hex and the pointed unit out of supply.
    assert any(
        verdict["topic"] == "stacking"
        and verdict["state"] == "illegal"
        and scene.stack in verdict["places"]
        for verdict in check["verdicts"]
    ), check["text"]
    assert any(
        verdict["unit"] == scene.pointed[0] and verdict["state"] == "out of supply"
        for verdict in check["verdicts"]
    ), check["text"]
    lines = plugin_lines(actions[pressed : pressed + 3])
    assert checked(lines) == (
        len(check["verdicts"]),
        expected_marks(check, set(load_game(game).units)),
    )
    # The panel lists what the service answered as this side: the same verdicts.
    answered = _asked(records, "check", scene.side)[0]["answer"]["answer"]
    assert [_said(verdict) for verdict in answered["verdicts"]] == [
        _said(verdict) for verdict in check["verdicts"]
    ]
    assert saved_game(folder / "after.vsav") == saved_game(folder / "before.vsav")


@pytest.mark.parametrize("game", sorted(SCENES))
def test_a_units_verdicts_cite_the_games_own_rules(played: Played, game: str) -> None:
    _, folder, records = played[game]
    scene = SCENES[game]
    explained = [record for record in records if _option(record["request"], "units")]
    assert [_option(record["request"], "units") for record in explained[:2]] == list(scene.pointed)
    spec = load_game(game)
    rules_text = (Path(spec.folder) / spec.rules_text).read_text(encoding="utf-8")
    for unit, record in zip(scene.pointed, explained, strict=False):
        check = referee(
            "check",
            str(folder / "before.vsav"),
            "--as",
            scene.side,
            "--names",
            "counter",
            "--units",
            unit,
        )
        (expected,) = check["selected"]
        answer = record["answer"]["answer"]
        (indexes,) = answer["selected"]
        shown = [answer["verdicts"][index] for index in indexes]
        assert [verdict["line"] for verdict in shown] == [
            check["verdicts"][index]["line"] for index in expected
        ]
        assert shown and all(
            f"\n{rule} " in rules_text or f"## {rule}." in rules_text
            for verdict in shown
            for rule in verdict["rules"]
        )
    assert any("8" in verdict["rules"] for verdict in explained[0]["answer"]["answer"]["verdicts"])


@pytest.mark.parametrize("game", sorted(SCENES))
def test_odds_in_the_combat_phase_are_stavka_odds_and_declared_in_the_log(
    played: Played, game: str
) -> None:
    actions, folder, records = played[game]
    scene = SCENES[game]
    (asked,) = [
        record
        for record in _asked(records, "odds", scene.side)
        if record["answer"]["answer"].get("allowed")
    ]
    answer = asked["answer"]["answer"]
    expected = referee("odds", str(folder / "combat.vsav"), *scene.odds, "--as", scene.side)
    assert expected["allowed"], expected["text"]
    for key in ("attack", "defence", "base_column", "final_column", "die_modifier", "results"):
        assert answer[key] == expected[key], key
    assert [item["rules"] for item in answer["modifiers"]] == [
        item["rules"] for item in expected["modifiers"]
    ]
    assert expected["text"][0] == f"Attack on {scene.odds[1]}"
    assert any("[rule 7" in line for line in expected["text"])
    declared = _index(actions, {"button": "Declare attack"})
    assert actions[declared]["chat"] == [f"* Attack declared ({scene.side}): {answer['declare']}"]


def test_the_lanner_loads_strictly_and_shows_its_map(dist: Path, tmp_path: Path) -> None:
    spec = load_game("lanner")
    module, save = dist / "lanner.vmod", dist / "setups" / "lanner-lanner.vsav"
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

    # Between 0304 and 0404, along the Marrow road, the road's light band; across
    # 0503/0603 the river's blue; in the woods of 0901 the woods' fill.
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
