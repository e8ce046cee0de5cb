"""Rattenkrieg's hidden cards and step cards, played in the real engine (issue 21, items
1-5): vcheck ``--actions`` drives the module as the two players would, on VASSAL
3.6 (the module's own) and 3.7.

The German plays a card face down (8.4); the Soviet then tries every command of it by
menu and by key: none may show its face in the chat or move it (8.7: only its owner
reveals it). A unit at its printed steps cannot draw another (7.5). A step card
discarded from a unit's box names the unit (8.9), and the unit's badge and the label
under it in the steps window count the cards left; Delete is the last command of a unit's
menu and says where the unit was.
"""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.support.engine import IN_ENGINE, at_once, run_vcheck

pytestmark = IN_ENGINE

DUEL_CARD = {"map": "Stalingrad", "location": "German duel card"}
FULL_UNIT = {"property": {"UnitId": "71"}}
"""The 71st Infantry Division: dealt its 2 step cards at the start, so at full strength."""
DELETED_UNIT = {"property": {"UnitId": "295"}}
SOVIET_TRIES = ("ctrl U", "ctrl X", "ctrl F", "ctrl P")
STEPS: list[dict[str, Any]] = [
    {"side": "German"},
    {"move": {"deck": "Draw deck"}, "to": {"map": "German hand", "x": 150, "y": 150}},
    {"menu": "Play face down", "select": {"map": "German hand", "limit": 1}},
    {"side": "Soviet"},
    {"menu": "Reveal", "select": DUEL_CARD},
    *({"select": DUEL_CARD, "key": key} for key in SOVIET_TRIES),
    {"side": "German"},
    {"select": FULL_UNIT, "key": "ctrl S"},
    {"menu": "Draw a step card", "select": FULL_UNIT},
    {
        "select": {"map": "German steps", "location": "71st Infantry Division", "limit": 1},
        "key": "ctrl X",
    },
    {"select": FULL_UNIT, "key": "ctrl S"},
    {"menu": "Delete", "select": DELETED_UNIT},
    {"select": DUEL_CARD, "key": "ctrl U"},
]
SOVIET_STEPS = range(4, 5 + len(SOVIET_TRIES))
CARD_FACE = re.compile(
    r"\b(Ace|King|Queen|Jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b", re.IGNORECASE
)

Report = dict[str, Any]
ENGINES_PLAYED = ("3.6", "3.7")
"""The module's own engine and the one players run."""


@pytest.fixture(scope="module")
def plays(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, list[Report]]:
    """The steps' records, one engine run per VASSAL version, side by side, by version."""
    folder = tmp_path_factory.mktemp("actions")
    steps = folder / "steps.json"
    steps.write_text(json.dumps(STEPS), encoding="utf-8")
    options = ("--compact", "--no-state", "--actions", str(steps))
    module, save = built["rks"], setup_saves[("rks", "city")]
    runs = at_once(
        [partial(run_vcheck, module, save, *options, engine=engine) for engine in ENGINES_PLAYED]
    )
    records = {}
    for engine, (_code, report) in zip(ENGINES_PLAYED, runs, strict=True):
        assert report.get("errors") == [], (engine, report.get("errors"))
        actions: list[Report] = report["actions"]
        assert [action["step"] for action in actions] == STEPS
        records[engine] = actions
    return records


@pytest.fixture(params=ENGINES_PLAYED)
def played(plays: dict[str, list[Report]], request: pytest.FixtureRequest) -> list[Report]:
    """The steps' records on one VASSAL version."""
    return plays[request.param]


def _menu(action: Report) -> list[str]:
    """The menu's commands without the keys VASSAL 3.6 writes after them (3.7 does not)."""
    return [re.sub(r" Ctrl\+\w+$", "", item) for item in action["menu"]]


def _moved(action: Report) -> list[Report]:
    return [piece for piece in action["changed"] if piece.get("name", "").startswith("Card")]


def test_the_owner_plays_a_card_face_down_without_naming_it(played: list[Report]) -> None:
    (line,) = played[2]["chat"]
    assert line.endswith("German plays a card face down (8.4-8.6)")
    assert [piece["location"] for piece in _moved(played[2])] == ["German duel card"]


def test_the_other_side_can_neither_see_nor_move_a_hidden_card(played: list[Report]) -> None:
    assert played[4]["menu"] == [], "the Soviet is offered no command of the German's hidden card"
    for index in SOVIET_STEPS:
        action = played[index]
        assert [line for line in action["chat"] if CARD_FACE.search(line)] == [], action["step"]
        assert action["chat"] == [], action["step"]
        assert _moved(action) == [], action["step"]


def test_its_owner_still_reveals_it(played: list[Report]) -> None:
    (line,) = played[-1]["chat"]
    assert (
        CARD_FACE.search(line)
        and line.startswith("* German reveals the ")
        and line.endswith("(8.7)")
    )


def test_a_unit_at_its_printed_steps_cannot_draw(played: list[Report]) -> None:
    by_key, by_menu = played[len(SOVIET_STEPS) + 5], played[len(SOVIET_STEPS) + 6]
    assert by_key["chat"] == [] and _moved(by_key) == []
    assert [piece["was"] for piece in by_key["changed"] if "was" in piece] == []
    assert "Draw a step card" in _menu(by_menu)
    assert by_menu["chat"] == [] and _moved(by_menu) == []


def test_a_step_loss_names_the_unit_and_the_box_refills_to_its_steps(played: list[Report]) -> None:
    lost, drawn = played[len(SOVIET_STEPS) + 7], played[len(SOVIET_STEPS) + 8]
    (line,) = lost["chat"]
    assert CARD_FACE.search(line)
    assert line.endswith(": 71st Infantry Division loses a step (8.9)"), line
    assert [line for line in drawn["chat"]] == [
        "* German draws a step card for 71st Infantry Division (7.5)"
    ]

    def counts(action: Report) -> list[str]:
        return sorted(
            str(piece["name"])
            for piece in action["changed"]
            if piece.get("name", "").startswith("71st")
        )

    # the counter's badge on the map and the label under it in the steps window (item 4)
    assert counts(lost) == [
        "71st Infantry Division [1 of 2 steps]",
        "71st Infantry Division: 1 of 2 step cards",
    ]
    assert counts(drawn) == [
        "71st Infantry Division [2 of 2 steps]",
        "71st Infantry Division: 2 of 2 step cards",
    ]


def test_delete_comes_last_and_says_where_the_unit_was(played: list[Report]) -> None:
    deleted = played[len(SOVIET_STEPS) + 9]
    menu = _menu(deleted)
    assert menu[-1] == "Delete" and menu[0] == "Eliminate", menu
    assert deleted["chat"] == [
        "* German rear: 295th Infantry Division [2 of 2 steps] removed from play"
    ]
    assert [
        piece.get("removed") for piece in deleted["changed"] if piece["name"].startswith("295th")
    ] == [True]
