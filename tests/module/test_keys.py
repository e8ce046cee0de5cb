"""One table of keys for every game (builder/module/keys.py), and no key collisions in
any built module: no two commands of one piece share a key, no two toolbar buttons do,
no toolbar key is a piece command's, and the help page lists every toolbar key."""

from __future__ import annotations

from collections import defaultdict

import pytest
from lxml import etree

from builder.module import keys, plugin
from builder.module.buildfile import toolbar
from builder.module.help import piece_keys
from builder.module.keys import CONTROL, SHIFT, Key
from tests.module.test_reporting import slot_commands
from tests.support.games import shipped_game

PACKAGE = "VASSAL.build."
GAMES = ("dos", "rks", "tps")
TOOLBAR_ELEMENTS = {
    # element: the attribute holding the key a player presses to open or use it
    "module.Map": "hotkey",
    "module.PrivateMap": "hotkey",
    "module.PlayerHand": "hotkey",
    "module.map.GlobalMap": "hotkey",
    "module.PieceWindow": "hotkey",
    "module.ChartWindow": "hotkey",
    "module.Inventory": "hotkey",
    "module.NotesWindow": "hotkey",
    "module.DiceButton": "hotkey",
    "module.turn.TurnTracker": "hotkey",
    "module.properties.ChangePropertyButton": "hotkey",
}


def _table() -> dict[str, Key]:
    """Every key of the table by its name (tuples by name and side number)."""
    table: dict[str, Key] = {}
    for name, value in vars(keys).items():
        if isinstance(value, Key):
            table[name] = value
        elif isinstance(value, tuple) and value and all(isinstance(item, Key) for item in value):
            table.update({f"{name}[{index}]": item for index, item in enumerate(value)})
    return table


def test_no_key_of_the_table_has_two_meanings() -> None:
    by_stroke: dict[str, list[str]] = defaultdict(list)
    for name, key in _table().items():
        by_stroke[key.encoded()].append(name)
    assert len(_table()) > 40
    assert {stroke: names for stroke, names in by_stroke.items() if len(names) > 1} == {}


def test_piece_commands_use_ctrl_and_toolbar_buttons_ctrl_shift() -> None:
    table = _table()
    kinds = {"piece": 0, "toolbar": 0, "module": 0}
    for name, key in table.items():
        if key.name:
            kinds["module"] += 1
        elif key.modifiers == CONTROL:
            kinds["piece"] += 1
        elif key.modifiers == CONTROL | SHIFT:
            kinds["toolbar"] += 1
        else:
            assert key.text.startswith("Ctrl+Alt+Shift+F"), name
            kinds["module"] += 1
    assert min(kinds.values()) >= 10, kinds
    # What the collisions of issue 12 were, now apart.
    assert len({keys.REVEAL, keys.RESTORE_STEP}) == 2 and len({keys.DISCARD, keys.DELETE}) == 2
    assert keys.DRAW_ALL_STEPS.modifiers == CONTROL and keys.DRAW_ALL_STEPS not in keys.ELIMINATED


@pytest.mark.parametrize("game", GAMES)
def test_no_two_commands_of_a_piece_share_a_key(
    build_files: dict[str, etree._Element], game: str
) -> None:
    piece_strokes = {
        key.encoded() for key in _table().values() if key.modifiers == CONTROL and not key.name
    }
    for slot, commands in slot_commands(build_files[game]).items():
        names_by_key: dict[str, set[str]] = defaultdict(set)
        for name, key in commands:
            names_by_key[key].add(name)
            assert key in piece_strokes, (game, slot, name, key)
        assert {key: names for key, names in names_by_key.items() if len(names) > 1} == {}, (
            game,
            slot,
        )


def _toolbar_keys(root: etree._Element) -> list[tuple[str, str]]:
    """(button, key) of every toolbar button and of the turn tracker's arrows."""
    found = []
    for tag, attribute in TOOLBAR_ELEMENTS.items():
        for item in root.iter(PACKAGE + tag):
            if item.get("launch") == "false" or item.get("hidden") == "true":
                continue
            label = (
                item.get("buttonName")
                or item.get("buttonText")
                or item.get("text")
                or item.get("name")
                or tag
            )
            found.append((label, item.get(attribute) or ""))
    found += [
        (item.get("text") or "", item.get("hotkey") or "") for item in root.iter(plugin.COMPONENT)
    ]
    for tracker in root.iter(PACKAGE + "module.turn.TurnTracker"):
        found += [
            ("next turn", tracker.get("nexthotkey") or ""),
            ("previous turn", tracker.get("prevhotkey") or ""),
        ]
    for command in root.iter(PACKAGE + "module.GlobalKeyCommand"):
        if command.get("buttonText"):
            found.append((command.get("buttonText") or "", command.get("buttonHotkey") or ""))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_toolbar_button_has_its_own_key_and_the_help_page_names_it(
    build_files: dict[str, etree._Element], game: str
) -> None:
    buttons = _toolbar_keys(build_files[game])
    assert all(key for _, key in buttons), [name for name, key in buttons if not key]
    strokes = [key for _, key in buttons]
    assert len(strokes) == len(set(strokes)), sorted(strokes)
    assert all(stroke.endswith(f",{CONTROL | SHIFT}") for stroke in strokes), strokes
    listed = {key.encoded() for _, key in toolbar(shipped_game(game))}
    assert listed | {keys.NEXT_TURN.encoded(), keys.PREVIOUS_TURN.encoded()} == set(strokes)


@pytest.mark.parametrize("game", GAMES)
def test_the_help_page_lists_exactly_the_commands_the_pieces_have(
    build_files: dict[str, etree._Element], game: str
) -> None:
    offered = {key for commands in slot_commands(build_files[game]).values() for _, key in commands}
    arrows = {
        key.encoded() for key in (keys.PLUS_ONE, keys.MINUS_ONE, keys.PLUS_FIVE, keys.MINUS_FIVE)
    }
    listed = {key.encoded() for _, key in piece_keys(shipped_game(game))}
    assert listed == offered - arrows
