"""The ``[referee]`` table's mechanisms are checked at load: every name they use must be
one the game defines and every value in range, and a mistake is one line naming the file
and the line of the value (``stavka validate``, exit 2). Driven by a copy of The Lanner
Bridges, each case one edit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.data.loader import games_directory
from tests.cli.test_cli import run

# (file, text replaced, replacement, the line to blame holds this, start of the message)
CASES = [
    (
        "game.toml",
        'kind = "track"\ncost',
        'kind = "trak"\ncost',
        'kind = "trak"',
        "unknown route kind (a [[map.road]] kind, or rail) 'trak'",
    ),
    (
        "game.toml",
        'wheeled = "1/2", tracked',
        'wheeled = "half", tracked',
        'wheeled = "half"',
        "'wheeled' = 'half' is no cost",
    ),
    (
        "game.toml",
        'cost = { foot = "1/3" }',
        'cost = { feet = "1/3" }',
        'feet = "1/3"',
        "unknown mobility class 'feet'",
    ),
    (
        "game.toml",
        'attackers_include = { arm = ["engineer"] }',
        'attackers_include = { arm = ["enginer"] }',
        '"enginer"',
        "unknown arm 'enginer'",
    ),
    (
        "game.toml",
        'across = ["river"]',
        'across = ["rivr"]',
        '"rivr"',
        "unknown hexside terrain 'rivr'",
    ),
    (
        "game.toml",
        "night_turns = [4, 5]\n",
        "",
        "night = true",
        "a night condition needs night turns",
    ),
    (
        "game.toml",
        'code = "D1"',
        'code = "DX"',
        'code = "DX"',
        "unknown code of Combat Results Table 'DX'",
    ),
    (
        "game.toml",
        'code = "NE"\nsection = "7.7"\n',
        'section = "7.7"\n',
        None,
        "missing key 'code'",
    ),
    (
        "game.toml",
        'blocked = "eliminated"',
        'blocked = "destroyed"',
        'blocked = "destroyed"',
        "unknown blocked-retreat rule 'destroyed'",
    ),
    (
        "game.toml",
        'enemy_zoc = "step"',
        'enemy_zoc = "steps"',
        'enemy_zoc = "steps"',
        "unknown retreat ZOC rule 'steps'",
    ),
    (
        "game.toml",
        'hexes = ["0804", "0805"]\nside = "aster"\npoints = 4',
        'hexes = ["0804", "0855"]\nside = "aster"\npoints = 4',
        '"0855"',
        "unknown hex '0855'",
    ),
    (
        "game.toml",
        "minimum = 3\nmaximum = 7",
        "minimum = 2\nmaximum = 7",
        None,
        "this band overlaps 'Aster marginal victory'",
    ),
    (
        "game.toml",
        'hold = "controlled"\nowner = "brenn"',
        'hold = "controlled"',
        'hold = "controlled"',
        "a controlled hex needs an 'owner'",
    ),
    (
        "game.toml",
        'name = "Aster exploitation"\nside = "aster"',
        'name = "Aster exploitation"\nside = "astr"',
        'side = "astr"',
        "unknown side 'astr'",
    ),
    (
        "game.toml",
        'action = "bombardment"',
        'action = "shelling"',
        'action = "shelling"',
        "unknown action 'shelling'",
    ),
    (
        "game.toml",
        'bridges = ["river"]\nmovement = { all = 0 }',
        'bridges = ["rive"]\nmovement = { all = 0 }',
        'bridges = ["rive"]',
        "unknown hexside terrain to bridge 'rive'",
    ),
    (
        "game.toml",
        'supply = "blocked"\ncombat_column_shift',
        'supply = "closed"\ncombat_column_shift',
        'supply = "closed"',
        "unknown supply effect 'closed'",
    ),
    (
        "game.toml",
        'combat_across = "any"',
        'combat_across = "some"',
        'combat_across = "some"',
        "unknown 'combat_across' value 'some'",
    ),
    (
        "game.toml",
        'rules = { movement = "4.2" }',
        'rules = { moving = "4.2" }',
        'moving = "4.2"',
        "unknown terrain effect 'moving'",
    ),
    ("game.toml", "range = 3", "range = 0", "range = 0", "'range' = 0 is out of range 1..30"),
    (
        "game.toml",
        "column_shift = -1\nat_night",
        'column = "+9"\nat_night',
        'column = "+9"',
        "unknown column of 'crt' '+9'",
    ),
    (
        "game.toml",
        'odds_rounding = "down"',
        'odds_rounding = "none"',
        'odds_rounding = "none"',
        "unknown odds rounding 'none'",
    ),
    (
        "game.toml",
        'halving = { attack = "down"',
        'halving = { attacks = "down"',
        'attacks = "down"',
        "unknown halved effect 'attacks'",
    ),
    (
        "game.toml",
        'below_table = "not allowed"',
        'below_table = "refused"',
        'below_table = "refused"',
        "unknown below-table rule 'refused'",
    ),
    (
        "game.toml",
        '[referee.victory]\nsection = "10"\ndifference = ["aster", "brenn"]',
        '[referee.victory]\nsection = "10"\ndifference = ["aster"]',
        'difference = ["aster"]',
        "'difference' names two sides",
    ),
    (
        "game.toml",
        "[referee.reinforcements]",
        "[referee.reinforcement]",
        "[referee.reinforcement]",
        "unknown key 'reinforcement'",
    ),
    ("units.toml", 'hexes = ["1005"]', 'hexes = ["1055"]', '"1055"', "unknown hex '1055'"),
    (
        "map.toml",
        'hexsides = ["0704/0705", "0705/0706", "0706/0806"]',
        'hexsides = ["0704/0705", "0705/0707", "0706/0806"]',
        '"0705/0707"',
        "0705 and 0707 are not adjacent",
    ),
    (
        "map.toml",
        '"0704", "0804", "0904"',
        '"0704", "0904", "0804"',
        '"0704", "0904", "0804"',
        "road 'Marrow road' jumps from 0704 to 0904",
    ),
]


def _line(text: str, marker: str) -> int:
    return text[: text.index(marker)].count("\n") + 1


@pytest.mark.parametrize(
    ("name", "old", "new", "blamed", "message"), CASES, ids=[case[4][:40] for case in CASES]
)
def test_a_bad_value_is_refused_on_its_line(
    tmp_path: Path, name: str, old: str, new: str, blamed: str | None, message: str
) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(games_directory() / "lanner", folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    changed = text.replace(old, new, 1)
    path.write_text(changed, encoding="utf-8")
    code, output, error = run("validate", str(folder))
    assert (code, output) == (2, ""), error
    assert error.count("\n") == 1, error
    where, _, said = error.removeprefix("stavka: ").partition(": ")
    assert said.startswith(message), error
    if blamed is not None:
        assert where == f"{path}:{_line(changed, blamed)}", error


def test_phases_and_the_sequence_of_play_are_one_list(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(games_directory() / "lanner", folder)
    game = folder / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text('phases = ["Aster movement"]\n' + text, encoding="utf-8")
    code, _, error = run("validate", str(folder))
    assert code == 2 and "'phases' must be the [referee.sequence] phases in their order" in error


DOCUMENTED_KEYS = {
    "stacking": ("section", "limit", "not_counted"),
    "zoc": ("not_exerted_by", "entry_cost", "stop"),
    "terrain": (
        "movement",
        "combat_column_shift",
        "combat_die_modifier",
        "combat_across",
        "attack_prohibited",
        "supply",
        "bridges",
        "rules",
    ),
    "movement and routes": ("route.kind", "route.cost", "route.section"),
    "supply": ("length", "source_kind", "blocked_by_zoc", "out_of_supply"),
    "combat": ("table", "rounding", "halving", "odds_rounding", "below_table", "shift_limit"),
    "modifier": (
        "name",
        "column_shift",
        "die_modifier",
        "attackers_include",
        "attackers_all",
        "defenders_include",
        "defenders_all",
        "terrain",
        "across",
        "across_by",
        "attackers_out_of_supply",
        "defenders_out_of_supply",
        "night",
    ),
    "result": (
        "code",
        "attacker_steps",
        "defender_steps",
        "attacker_retreat",
        "defender_retreat",
        "attackers_eliminated",
        "defenders_eliminated",
        "exchange",
        "advance",
    ),
    "retreat": ("blocked", "enemy_zoc", "friendly_cancels_zoc"),
    "bombardment": ("arms", "range", "column", "at_night", "attacker_results"),
    "sequence": (
        "phase.name",
        "phase.side",
        "phase.action",
        "phase.units",
        "night_turns",
        "night_section",
    ),
    "victory": (
        "difference",
        "control_section",
        "[[referee.victory.hex]]",
        "[[referee.victory.elimination]]",
        "[[referee.victory.level]]",
        "[[referee.victory.sudden_death]]",
    ),
}


def test_the_designers_page_names_every_key() -> None:
    page = (Path(__file__).parents[2] / "docs" / "designers" / "referee-tables.md").read_text(
        encoding="utf-8"
    )
    missing = [key for keys in DOCUMENTED_KEYS.values() for key in keys if f"`{key}`" not in page]
    assert missing == []
