"""The referee inside the Player, played in the real engine as players do (issues 26, 35).

Each game's set-up is loaded in VASSAL 3.7 with a ``stavka`` that records every request
the plugin sends and every answer it gets. An observer (no side yet) presses Referee and
asks about an attack; then a side moves units into a position with breaches of the rules
and units out of supply or isolated, presses Referee (the overlay marks what ``stavka
check --as SIDE`` reports, the Referee panel lists it, and the chat gets one short line),
points at units, asks for layers and air missions, asks about an attack and declares it;
then the other side takes the same window (hot-seat): the panel and the marks are gone,
the first side's attack cannot be declared, and the other side asks its own questions.
The steps save the game before and after the button; the expected answers are the
worktree's ``stavka`` on the save from before.

The guide's pictures of the referee in the Player are these scenes' screenshots: run this
file with ``STAVKA_DOC_IMAGES=1`` to write them into ``docs/images`` (and look at them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from builder.saves.positions import position_from_save
from rules.referee.hidden import UNTRIED_FLAG
from tests.support.engine import IN_ENGINE, at_once
from tests.support.games import shipped_game
from tests.support.plugin import (
    NOTICE,
    answer_lines,
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
    SCENES,
    Scene,
    verdicts_menu,
)

pytestmark = IN_ENGINE

DOC_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
GUIDE_PICTURES = {
    "referee-tps.png": ("tps", "tps-referee", ("out", "isolated", "breach")),
    "referee-dos.png": ("dos", "dos-referee", ("breach",)),
    "referee-rks.png": ("rks", "rks-referee", ("isolated",)),
    "referee-tps-layers.png": ("tps", "tps-ZOC_front", ("out", "isolated", "breach")),
}
"""Each picture of the guide, the scene and screenshot it is, and the marks it shows."""
MARK_COLOURS = {"out": "#d0302a", "isolated": "#7b2d9b", "breach": "#d0302a"}
"""The marks' colours (the report page's: builder/report/verdicts.py)."""
CARD_NAME = re.compile(r"\b(?:10|[2-9AJQK])[♠♥♦♣]")
"""A card as the referee writes it (``10♠``, ``Q♥``)."""
ENGINE = "3.7"


def _waited(steps: list[dict[str, object]]) -> list[dict[str, object]]:
    """``steps`` with a wait after every button and menu item, for the answer to come."""
    waited: list[dict[str, object]] = []
    for step in steps:
        waited.append(step)
        if "button" in step or "menu" in step:
            waited.append(ANSWER)
    return waited


def _steps(scene: Scene) -> list[dict[str, object]]:
    asked: list[dict[str, object]] = []
    for button in scene.asked:
        asked += [{"button": button}, ANSWER, {"screenshot": f"{scene.game}-{button}"}]
    return [
        {"button": "Referee"},
        FIRST_ANSWER,
        *_waited(list(scene.attack)),
        {"side": scene.side},
        *scene.position,
        {"save": "before.vsav"},
        {"button": "Referee"},
        ANSWER,
        {"save": "after.vsav"},
        {"screenshot": f"{scene.game}-referee"},
        *_waited([verdicts_menu(unit) for unit in scene.pointed]),
        *asked,
        *_waited(list(scene.attack)),
        {"button": "Declare attack"},
        {"screenshot": f"{scene.game}-before-switch"},
        {"side": scene.other},
        {"screenshot": f"{scene.game}-switched"},
        {"button": "Declare attack"},
        *_waited(list(scene.others_turn)),
        {"button": "Declare attack"},
        {"button": "Clear referee"},
    ]


Played = dict[str, tuple[list[dict[str, Any]], Path, list[dict[str, Any]]]]
"""Each scene's actions, the folder of its saves and screenshots, and what the recording
stavka was asked and answered, by game."""


def _played(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    factory: pytest.TempPathFactory,
    game: str,
) -> tuple[list[dict[str, Any]], Path, list[dict[str, Any]]]:
    """``game``'s scene played in VASSAL 3.7."""
    scene = SCENES[game]
    folder = factory.mktemp(f"plugin-{game}")
    bin_folder, record = recording_stavka(folder)
    report = play(
        built[game],
        setup_saves[(game, scene.setup)],
        _steps(scene),
        folder,
        "--engine",
        ENGINE,
        "--screenshot",
        str(folder / "shots"),
        "--timeout",
        "600",
        stavka_folder=bin_folder,
    )
    assert report["actions"], report.get("errors")
    return report["actions"], folder, served(record)


@pytest.fixture(scope="module")
def played(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> Played:
    """Each scene played once in VASSAL 3.7, side by side as the run's engine slots allow."""
    games = sorted(SCENES)
    return dict(
        zip(
            games,
            at_once(
                [partial(_played, built, setup_saves, tmp_path_factory, game) for game in games]
            ),
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


@pytest.mark.parametrize("game", sorted(SCENES))
def test_no_step_fails_and_every_request_names_the_module_and_a_private_save(
    played: Played, built: dict[str, Path], game: str
) -> None:
    actions, _, records = played[game]
    assert [action["errors"] for action in actions if action["errors"]] == []
    assert records
    for record in records:
        request = record["request"]
        assert _option(request, "module") == str(built[game])
        assert _option(request, "names") == "counter" and _option(request, "format") == "json"
        # The temporary save holds both hands and every untried strength (item 4).
        assert record["modes"] == ["0o600", "0o700"], record["modes"]


@pytest.mark.parametrize("game", sorted(SCENES))
def test_referee_marks_what_stavka_check_reports_in_one_chat_line(
    played: Played, game: str
) -> None:
    actions, folder, records = played[game]
    scene = SCENES[game]
    pressed = _index(actions, {"save": "before.vsav"})
    lines = answer_lines(actions[pressed : pressed + 3])
    assert len(lines) == 1, lines
    check = referee("check", str(folder / "before.vsav"), "--as", scene.side)
    expected = expected_marks(check, set(shipped_game(game).units))
    assert expected, "the position must give the overlay something to mark"
    assert checked(lines) == (len(check["verdicts"]), expected)
    # The panel shows what the service answered as this side: the same verdicts.
    asked = [
        record
        for record in records
        if record["request"]["args"][0] == "check"
        and _option(record["request"], "as") == scene.side
    ]
    assert [verdict["unit"] for verdict in asked[0]["answer"]["answer"]["verdicts"]] == [
        verdict["unit"] for verdict in check["verdicts"]
    ]
    # Nothing of the game changed: no piece, and the save from after says what the one from before says.
    assert all(action["changed"] == [] for action in actions[pressed + 1 : pressed + 3])
    assert saved_game(folder / "after.vsav") == saved_game(folder / "before.vsav")
    assert "Referee panel" not in saved_game(folder / "after.vsav")


@pytest.mark.parametrize("game", sorted(SCENES))
def test_odds_and_duel_are_declared_in_the_log_by_counters_names(played: Played, game: str) -> None:
    actions, folder, records = played[game]
    scene = SCENES[game]
    start = _index(actions, scene.attack[0], _index(actions, {"save": "before.vsav"}))
    declared = _index(actions, {"button": "Declare attack"}, start)
    command = "duel" if scene.attack_button == "Duel" else "odds"
    answers = [
        record
        for record in records
        if record["request"]["args"][0] == command
        and _option(record["request"], "as") == scene.side
    ]
    answer = answers[0]["answer"]["answer"]
    assert _option(answers[0]["request"], "units")
    assert answer["declare"] and answer["hidden"] is False
    lines = plugin_lines(actions[start:declared])
    assert lines[-1].endswith("in the Referee panel; Declare attack puts the attack in the log.")
    # The declaration is the one line that goes to the log: a chat line of the game, not a plugin line.
    assert actions[declared]["chat"] == [f"* Attack declared ({scene.side}): {answer['declare']}"]
    units = shipped_game(game).units
    assert not [unit for unit in units if re.search(rf"\b{re.escape(unit)}\b", answer["declare"])]
    if game == "tps":
        # Only the selected division attacks; the three that joined it in 1204 are left out.
        assert [item["unit"] for item in answer["attackers"]] == ["de-298id"]
        assert {item["unit"] for item in answer["left_out"]} == {
            "de-62id",
            "it-cosseria",
            "it-ravenna",
        }
    if game == "rks":
        assert (answer["attacker"], answer["defender"]) == ("14pz", "rifle2")


@pytest.mark.parametrize("game", sorted(SCENES))
def test_a_units_menu_item_shows_its_verdicts_in_the_panel(played: Played, game: str) -> None:
    actions, folder, records = played[game]
    scene = SCENES[game]
    explained = [
        record
        for record in records
        if record["request"]["args"][0] == "check" and _option(record["request"], "units")
    ]
    asked_units = [_option(record["request"], "units") for record in explained]
    assert asked_units[:2] == list(scene.pointed)
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
        assert [answer["verdicts"][index]["line"] for index in indexes] == [
            check["verdicts"][index]["line"] for index in expected
        ]
        assert unit == scene.pointed[1] or indexes
    pointed = _index(actions, verdicts_menu(scene.pointed[0]))
    assert actions[pointed]["menu_item"]
    assert plugin_lines(actions[pointed : pointed + 2]) == [
        "the verdicts on 1 unit is in the Referee panel."
    ]
    # Opening a piece's menu makes VASSAL note where it was clicked (ClickedX, ClickedY in
    # the piece's state); nothing else of the piece changes, then or when the answer comes.
    assert all(
        set(change) <= {"id", "name", "map", "location", "state_changed"}
        for change in actions[pointed]["changed"]
    )
    assert actions[pointed + 1]["changed"] == []


def test_a_player_sees_his_own_untried_units_verdicts(played: Played) -> None:
    """DoS 2.14 hides an untried unit's strength from both players, not its supply: the
    Soviet pointing at his own untried unit reads its verdicts, by its alias (item 8)."""
    _, _, records = played["dos"]
    (soviet,) = [
        record
        for record in records
        if record["request"]["args"][0] == "check"
        and _option(record["request"], "as") == "Soviet"
        and _option(record["request"], "units")
    ]
    answer = soviet["answer"]["answer"]
    (indexes,) = answer["selected"]
    lines = [answer["verdicts"][index]["line"] for index in indexes]
    assert lines and all(line.startswith("untried-") for line in lines), lines
    assert "b28a-rd1" not in json.dumps(answer)


def test_odds_on_a_question_mark_defence_answer_without_a_setting_or_a_path(
    played: Played,
) -> None:
    """Item 7: the Soviet's odds on Hungarians whose defence is "?" (2.15) is answered
    (withheld here, as his attacker is untried, 2.14), never a request for a setting the
    Player cannot give, and no chat line names the temporary save."""
    actions, folder, records = played["dos"]
    (odds,) = [
        record
        for record in records
        if record["request"]["args"][0] == "odds" and _option(record["request"], "as") == "Soviet"
    ]
    assert odds["answer"]["exit"] == 0, odds["answer"]
    assert _option(odds["request"], "attack") == "N1743"
    assert odds["answer"]["answer"]["hides"] and odds["answer"]["answer"]["withheld"]
    # The one notice names the program asked, here a recording one in the test's folder.
    chat = "\n".join(line for action in actions for line in action["chat"] if NOTICE not in line)
    assert "question_rolls" not in chat and ".vsav:" not in chat and str(folder) not in chat


def test_zoc_and_front_gaps_are_the_layers_stavka_gives(played: Played) -> None:
    actions, folder, records = played["tps"]
    layers = referee("check", str(folder / "before.vsav"), "--as", "Axis", "--layers")
    pressed = _index(actions, {"button": "ZOC & front"})
    lines = plugin_lines(actions[pressed : pressed + 2])
    hexes = sum(len(layer["places"]) for layer in layers["layers"])
    assert any(layer["places"] for layer in layers["layers"] if "front" in layer["name"])
    check = referee("check", str(folder / "before.vsav"), "--as", "Axis")
    assert checked(lines) == (
        len(check["verdicts"]),
        expected_marks(check, set(shipped_game("tps").units)),
    )
    assert f", {hexes} hexes of layers drawn, " in lines[0]
    (asked,) = [record for record in records if "--layers" in record["request"]["args"]]
    assert asked["answer"]["answer"]["layers_text"] == layers["layers_text"]


def test_a_game_without_layers_has_no_layers_button(played: Played) -> None:
    """Drive on Stalingrad has no zones of control and no continuous front (item 12)."""
    actions, _, _ = played["dos"]
    assert not any("ZOC" in str(action.get("pressed", {})) for action in actions)


def test_tps_air_is_what_stavka_air_says(played: Played) -> None:
    actions, folder, records = played["tps"]
    answer = referee("air", str(folder / "before.vsav"), "--names", "counter")
    (asked,) = [record for record in records if record["request"]["args"][0] == "air"]
    assert asked["answer"]["answer"]["text"] == answer["text"]
    pressed = _index(actions, {"button": "Air"})
    assert plugin_lines(actions[pressed : pressed + 2]) == [
        "air missions are in the Referee panel."
    ]


@pytest.mark.parametrize("game", sorted(SCENES))
def test_an_observer_gets_the_referees_view_only_without_hidden_information(
    played: Played, game: str
) -> None:
    actions, _, records = played[game]
    first_side = _index(actions, {"side": SCENES[game].side})
    observed = [record for record in records if _option(record["request"], "as") is None]
    observed = [record for record in observed if record["request"]["args"][0] != "air"]
    assert observed
    lines = plugin_lines(actions[:first_side])
    if game == "tps":
        assert all(record["answer"]["exit"] == 0 for record in observed)
        assert all(record["answer"]["answer"]["hidden"] is False for record in observed)
        assert checked(lines)
    else:
        # The service refuses the referee's view of a game that hides information (item 1).
        assert all(record["answer"]["exit"] == 2 for record in observed)
        assert all("--as SIDE" in record["answer"]["error"] for record in observed)
        assert "no answer: see the Referee panel." in lines


@pytest.mark.parametrize("game", sorted(SCENES))
def test_after_a_side_switch_the_panel_and_the_attack_are_the_new_sides(
    played: Played, game: str
) -> None:
    actions, folder, records = played[game]
    scene = SCENES[game]
    switched = _index(actions, {"side": scene.other})
    # The first side's attack is not the other side's to declare.
    assert plugin_lines([actions[switched + 2]]) == [
        "ask for the odds of an attack first, then declare it."
    ]
    others = [record for record in records if _option(record["request"], "as") == scene.other]
    assert others and all(record["answer"]["exit"] == 0 for record in others)
    # The panel is emptied: its list, right of the chat, holds no text after the switch.
    shots = folder / "shots"
    assert _text_pixels(shots / f"{game}-before-switch.png") > 200
    assert _text_pixels(shots / f"{game}-switched.png") < 20
    if game == "rks":
        duel = others[-1]["answer"]["answer"]
        assert (duel["attacker"], duel["defender"]) == ("14pz", "rifle2")
        (chances,) = duel["chances"]
        assert (chances["side"], chances["role"]) == ("soviet", "defender")
        last = _index(actions, {"button": "Declare attack"}, switched + 3)
        assert actions[last]["chat"] == [f"* Attack declared (Soviet): {duel['declare']}"]


def test_the_first_answer_of_a_session_names_the_stavka_that_gave_it(played: Played) -> None:
    """One line, on the first answer the service gives, says which Stavka answered (issue
    39); an observer refused in a game with hidden information gets it with the first
    answer after taking a side."""
    for game in SCENES:
        lines = plugin_lines(played[game][0])
        notices = [line for line in lines if line.startswith("asking Stavka ")]
        assert len(notices) == 1, lines
        assert " at " in notices[0] and notices[0].endswith(").")
    assert plugin_lines(played["tps"][0])[0].startswith(NOTICE)


def _text_pixels(shot: Path) -> int:
    """Dark pixels in the Referee panel's list, right of the chat above the map: the
    rightmost 440 pixels of the window, below the panel's heading (looked at in the
    screenshots: the heading at 60-75 px, the list from 85 px down to 215 px)."""
    image = Image.open(shot).convert("L")
    width, _ = image.size
    return sum(image.crop((width - 440, 95, width - 30, 200)).histogram()[:100])


def test_nothing_hidden_reaches_a_player_as_any_side_or_none(played: Played) -> None:
    """No chat line, no log line, no answer the Referee panel shows, as either side or
    none, names a card or an untried unit its reader may not see (items 1, 2, 5)."""
    actions, folder, records = played["dos"]
    position = position_from_save(folder / "before.vsav")
    untried = {state.unit.id for state in position.units if UNTRIED_FLAG in state.flags}
    assert untried
    for record in records:
        if record["answer"]["exit"] == 0:
            shown = json.dumps(record["answer"]["answer"], ensure_ascii=False)
            assert _option(record["request"], "as"), "a player's answer is asked as his side"
            assert not [unit for unit in untried if unit in shown]
            assert "untried, revealed" not in shown
    chat = "\n".join(line for action in actions for line in action["chat"])
    assert not [unit for unit in untried if unit in chat]
    actions, folder, records = played["rks"]
    before = folder / "before.vsav"
    secret = {
        "German": _cards_seen_only_by(before, "Soviet", "German"),
        "Soviet": _cards_seen_only_by(before, "German", "Soviet"),
    }
    assert secret["German"] and secret["Soviet"]
    for record in records:
        if record["answer"]["exit"] == 0:
            side = _option(record["request"], "as")
            assert side, "a player's answer is asked as his side"
            shown = json.dumps(record["answer"]["answer"], ensure_ascii=False)
            assert not [card for card in secret[side] if card in shown], side
    for action in actions:
        assert not [line for line in plugin_lines([action]) if CARD_NAME.search(line)]
        if action["step"] == {"button": "Declare attack"}:
            assert not [line for line in action["chat"] if CARD_NAME.search(line)]


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


def _pixels_of(image: Image.Image, colour: str) -> int:
    """How many pixels of ``image`` are exactly ``colour`` (``#rrggbb``)."""
    wanted = tuple(int(colour[at : at + 2], 16) for at in (1, 3, 5))
    counts = image.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return sum(count for count, found in counts if found == wanted)


def test_the_guides_pictures_show_the_marks(played: Played) -> None:
    """Each screenshot the guide shows holds its marks, drawn in their colours; with
    ``STAVKA_DOC_IMAGES=1`` it is written into docs/images."""
    for picture, (game, shot, marks) in GUIDE_PICTURES.items():
        _, folder, _ = played[game]
        taken = folder / "shots" / f"{shot}.png"
        with Image.open(taken) as image:
            assert image.width >= 1000, (picture, image.size)
            for mark in marks:
                assert _pixels_of(image, MARK_COLOURS[mark]) > 50, (picture, mark)
        if os.environ.get("STAVKA_DOC_IMAGES"):
            shutil.copyfile(taken, DOC_IMAGES / picture)
