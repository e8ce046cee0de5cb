"""The referee inside the Player, played in the real engine (issue 26).

Each game's set-up is loaded, units are moved into a position with breaches of the rules
and units out of supply or isolated, and the Referee button is pressed as one side; the
overlay must mark exactly what ``stavka check --as SIDE --format json`` reports, the chat
must show its summary, and nothing of the game may change. Then an attack (a duel in
Rattenkrieg) is asked about and declared. Between the two, a unit's menu item asks for
its verdicts, and the hex games' ZOC and front-gap layers (and Turning Point's air
missions) are asked for. The steps save the game before and after the button, and the
expected answers are the worktree's ``stavka`` on the save from before.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from builder.saves.positions import position_from_save
from rules.referee.hidden import UNTRIED_FLAG
from tests.support.engine import IN_ENGINE, at_once
from tests.support.games import shipped_game
from tests.support.plugin_scenes import ANSWER_WAIT, SCENES, SERVED_WAIT, Scene, unit_selector
from tests.support.plugin import (
    drawn_marks,
    expected_marks,
    play,
    plugin_lines,
    referee,
    saved_game,
)

pytestmark = IN_ENGINE

VERDICTS_MENU = "Referee: verdicts"


def _pointing(scene: Scene) -> list[dict[str, object]]:
    """The steps that point at units and press the buttons asked after the check."""
    steps: list[dict[str, object]] = []
    for unit in scene.pointed:
        steps += [{"menu": VERDICTS_MENU, "select": unit_selector(unit)}, SERVED_WAIT]
    for button in scene.asked:
        steps += [{"button": button}, SERVED_WAIT]
    return steps


def _steps(scene: Scene, shot: bool) -> list[dict[str, object]]:
    screenshot: list[dict[str, object]] = [{"screenshot": f"referee-{scene.game}"}] if shot else []
    return [
        {"button": "Referee"},
        ANSWER_WAIT,
        {"side": scene.side},
        *scene.position,
        {"save": "before.vsav"},
        {"button": "Referee"},
        SERVED_WAIT,
        {"save": "after.vsav"},
        *screenshot,
        *_pointing(scene),
        *scene.attack,
        SERVED_WAIT,
        {"button": "Declare attack"},
        {"button": "Clear referee"},
    ]


@pytest.fixture(scope="module")
def played(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[dict[str, Any], Path]]:
    """Each scene played once in VASSAL 3.6, side by side: vcheck's report and the folder
    of its saves."""
    folders = {game: tmp_path_factory.mktemp(f"plugin-{game}") for game in SCENES}
    reports = at_once(
        [
            partial(
                play,
                built[game],
                setup_saves[(game, scene.setup)],
                _steps(scene, False),
                folders[game],
            )
            for game, scene in SCENES.items()
        ]
    )
    return {game: (report, folders[game]) for game, report in zip(SCENES, reports, strict=True)}


def _index(actions: list[dict[str, Any]], step: dict[str, object], after: int = 0) -> int:
    return next(
        number
        for number, action in enumerate(actions)
        if number >= after and action["step"] == step
    )


@pytest.mark.parametrize("game", sorted(SCENES))
def test_referee_marks_what_stavka_check_reports(
    played: dict[str, tuple[dict[str, Any], Path]], game: str
) -> None:
    report, folder = played[game]
    scene = SCENES[game]
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions), [
        action["errors"] for action in actions
    ]
    pressed = _index(actions, {"save": "before.vsav"})
    lines = plugin_lines(actions[pressed : pressed + 3])
    check = referee("check", str(folder / "before.vsav"), "--as", scene.side)
    expected = expected_marks(check, set(shipped_game(game).units))
    assert expected, "the position must give the overlay something to mark"
    assert drawn_marks(lines) == expected
    for line in check["text"]:
        assert line.strip() in lines
    # Nothing of the game changed: no piece, and the save from after says what the one from before says.
    assert all(action["changed"] == [] for action in actions[pressed + 1 : pressed + 3])
    assert saved_game(folder / "after.vsav") == saved_game(folder / "before.vsav")


@pytest.mark.parametrize("game", sorted(SCENES))
def test_odds_and_duel_are_what_stavka_says_and_declared_in_the_log(
    played: dict[str, tuple[dict[str, Any], Path]], game: str
) -> None:
    report, folder = played[game]
    scene = SCENES[game]
    actions = report["actions"]
    start = _index(actions, scene.attack[0])
    declared = _index(actions, {"button": "Declare attack"}, start)
    answer = referee(
        scene.attack_arguments[0],
        str(folder / "before.vsav"),
        *scene.attack_arguments[1:],
        "--as",
        scene.side,
    )
    lines = plugin_lines(actions[start:declared])
    assert [line.strip() for line in answer["text"]] == [
        line.strip() for line in lines if not line.startswith("attackers noted")
    ]
    assert answer["declare"]
    # The declaration is the one line that goes to the log: a chat line of the game, not a plugin line.
    assert any(
        answer["declare"] in line and "Attack declared" in line
        for line in actions[declared]["chat"]
    )
    cleared = plugin_lines(actions[declared + 1 :])
    assert cleared == ["marks cleared."]


def _answered(actions: list[dict[str, Any]], step: dict[str, object]) -> list[str]:
    """The plugin's lines from ``step`` until its answer has come (the wait after it)."""
    at = _index(actions, step)
    return plugin_lines(actions[at : at + 2])


@pytest.mark.parametrize("game", sorted(SCENES))
def test_a_units_menu_item_shows_its_verdicts_with_their_rules(
    played: dict[str, tuple[dict[str, Any], Path]], game: str
) -> None:
    report, folder = played[game]
    scene = SCENES[game]
    actions = report["actions"]
    check = referee("check", str(folder / "before.vsav"), "--as", scene.side)
    own, other = scene.pointed
    lines = _answered(actions, {"menu": VERDICTS_MENU, "select": unit_selector(own)})
    expected = [
        line
        for verdict in check["verdicts"]
        if verdict["unit"] == own
        for line in verdict["line"].splitlines()
    ]
    assert expected and [line.strip() for line in lines] == [line.strip() for line in expected]
    assert all("[rule " in line for line in lines if not line.startswith(" "))
    other_lines = _answered(actions, {"menu": VERDICTS_MENU, "select": unit_selector(other)})
    seen = [verdict["line"] for verdict in check["verdicts"] if verdict["unit"] == other]
    if seen:
        assert [line.strip() for line in other_lines] == [
            line.strip() for verdict in seen for line in verdict.splitlines()
        ]
    else:
        # An untried unit of the other side (DoS 2.14): no verdict, and not its id.
        assert len(other_lines) == 1 and other_lines[0].endswith("no verdict you may see.")
        assert other not in other_lines[0]
    pointed = _index(actions, {"menu": VERDICTS_MENU, "select": unit_selector(own)})
    assert actions[pointed]["menu_item"]
    # Opening a piece's menu makes VASSAL note where it was clicked (ClickedX, ClickedY in
    # the piece's state); nothing else of the piece changes, then or when the answer comes.
    assert all(
        set(change) <= {"id", "name", "map", "location", "state_changed"}
        for change in actions[pointed]["changed"]
    )
    assert actions[pointed + 1]["changed"] == []


def test_zoc_and_front_gaps_are_the_layers_stavka_gives(
    played: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    report, folder = played["tps"]
    layers = referee("check", str(folder / "before.vsav"), "--as", "Axis", "--layers")
    lines = _answered(report["actions"], {"button": "ZOC & front"})
    assert lines[: len(layers["layers_text"])] == layers["layers_text"]
    drawn = "; ".join(f"{layer['name']} {len(layer['places'])}" for layer in layers["layers"])
    assert f"layers drawn: {drawn}." in lines
    assert any(layer["places"] for layer in layers["layers"] if "front" in layer["name"])
    # The marks of the check are drawn with the layers.
    check = referee("check", str(folder / "before.vsav"), "--as", "Axis")
    assert drawn_marks(lines) == expected_marks(check, set(shipped_game("tps").units))
    # Drive on Stalingrad has no zones of control: the button says so.
    dos_lines = _answered(played["dos"][0]["actions"], {"button": "ZOC & front"})
    assert dos_lines[0] == "Drive on Stalingrad has no zones of control or front gaps to draw."


def test_tps_air_is_what_stavka_air_says(
    played: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    report, folder = played["tps"]
    answer = referee("air", str(folder / "before.vsav"))
    assert _answered(report["actions"], {"button": "Air"}) == answer["text"]


def test_no_side_sees_the_referee_view_only_without_hidden_information(
    played: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    tps_lines = plugin_lines(played["tps"][0]["actions"][:2])
    assert tps_lines[0].startswith("Turning Point: Stalingrad, turn 1")
    for game in ("dos", "rks"):
        lines = plugin_lines(played[game][0]["actions"][:2])
        assert lines == [
            "this game hides information from the players; take a side to ask the referee."
        ]


def test_nothing_hidden_reaches_the_player(played: dict[str, tuple[dict[str, Any], Path]]) -> None:
    """Untried DoS units (2.14) are named by aliases, never by id; a Rattenkrieg player's
    lines name no card of the other side's hand."""
    report, folder = played["dos"]
    position = position_from_save(folder / "before.vsav")
    untried = {state.unit.id for state in position.units if UNTRIED_FLAG in state.flags}
    assert untried
    text = "\n".join(plugin_lines(report["actions"]))
    assert not [unit for unit in untried if unit in text]
    report, folder = played["rks"]
    german_text = "\n".join(plugin_lines(report["actions"]))
    assert "German chances" in german_text
    secret = _cards_seen_only_by(folder / "before.vsav", "Soviet", "German")
    assert secret
    assert not [card for card in secret if card in german_text]


def _cards_seen_only_by(save: Path, side: str, other: str) -> set[str]:
    """The cards ``side``'s player sees in its hand and steps that ``other``'s does not."""

    def seen(viewer: str) -> set[str]:
        cards: set[str] = set()
        for verdict in referee("check", str(save), "--as", viewer)["verdicts"]:
            for key in ("hand", "cards"):
                if verdict["topic"] in ("hand", "steps") and key in verdict["details"]:
                    cards |= set(verdict["details"][key].split())
        return cards

    return seen(side) - seen(other)
