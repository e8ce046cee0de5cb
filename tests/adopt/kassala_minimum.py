"""The designer's minimum for Kassala: what a person adds by hand to the folder
``stavka adopt`` drafts from the Kassala module (``../shared/corpus/kassala``) before the
referee judges the module's own set-up.

Written from what the module shows, since its rules (chapter 4 of *The Complete Book of
Wargames*, 1980) are not in it: the board picture (tan open ground, blue river and sea,
white paper round the map, three darker hexes drawn fortified, hatched ridge lines along
hexsides), the counters ("4·2": combat and movement), and its own set-up, which stacks
three Moslem cannons in one hex. What the module cannot show (the combat results table,
the stacking limit, zones of control) is written as most games of its kind have it and
stays marked reconstructed. Each edit replaces text the draft writes, so a change in the
draft that moves it fails loudly here.

Done by hand from the drafted folder: five terrain types named and given their effects
(the white paper round the map made impassable), the [referee] tables (24 lines of
game.toml) and a combat results table (tables.toml, 27 lines); no hex of the terrain
draft needed correcting for the set-up to be judged. It took its author about ten
minutes of wall-clock time, from the drafted folder to one that validates and judges the
set-up, most of it spent reading the board picture against terrain.toml.
"""

from __future__ import annotations

from pathlib import Path

REPLACE: dict[str, list[tuple[str, str]]] = {
    "game.toml": [
        (
            'id = "tan"\nname = "Tan (drafted)"\nkind = "hex"\n',
            'id = "tan"\nname = "Open ground"\nkind = "hex"\nmovement = { all = 1 }\n'
            'description = "1 MP to enter."\n',
        ),
        (
            'id = "cyan"\nname = "Cyan (drafted)"\nkind = "hex"\n',
            'id = "cyan"\nname = "River and sea"\nkind = "hex"\n'
            'movement = { all = "prohibited" }\ndescription = "No unit may enter."\n',
        ),
        (
            'id = "white"\nname = "White (drafted)"\nkind = "hex"\n',
            'id = "white"\nname = "Beyond the map"\nkind = "hex"\n'
            'movement = { all = "prohibited" }\n',
        ),
        (
            'id = "light_brown"\nname = "Light brown (drafted)"\nkind = "hex"\n',
            'id = "light_brown"\nname = "Fortified"\nkind = "hex"\nmovement = { all = 1 }\n'
            "combat_column_shift = -1\n"
            'description = "Attacks on a unit here shift one column left."\n',
        ),
        (
            'id = "hexside_light_brown"\nname = "Light brown hexside (drafted)"\nkind = "hexside"\n',
            'id = "hexside_light_brown"\nname = "Ridge"\nkind = "hexside"\nmovement = { all = 1 }\n'
            'description = "+1 MP to cross."\n',
        ),
    ],
}
"""(drafted text, the designer's text) in each file."""

APPEND: dict[str, str] = {
    "game.toml": """
[referee.stacking]
section = "stacking"
limit = 3
reconstructed = true
note = "The module's own set-up stacks three cannons in one hex; the rules' limit is not in the module."

[referee.zoc]
section = "zones of control"
not_exerted_by = ["artillery"]
stop = true
reconstructed = true
note = "As most games of its kind: a unit entering an enemy zone stops; guns exert none."

[referee.movement]
section = "movement"

[referee.combat]
section = "combat"
table = "crt"
rounding = "down"
reconstructed = true
note = "Odds of attack to defence, rounded down; the module's combat factor is both."
""",
    "tables.toml": """# Kassala's combat results table is not in its module: this one is reconstructed.
[[odds_table]]
id = "crt"
name = "Combat Results Table"
source = "combat"
reconstructed = true
note = "The module carries no table; a common ratio table for one die, to replace with the rules' own."
columns = ["1-2", "1-1", "2-1", "3-1", "4-1"]
rolls = [1, 2, 3, 4, 5, 6]
results = [
  ["AE", "AR", "AR", "NE", "DR"],
  ["AE", "AR", "NE", "DR", "DR"],
  ["AR", "NE", "DR", "DR", "DE"],
  ["AR", "DR", "DR", "DE", "DE"],
  ["NE", "DR", "DE", "DE", "DE"],
  ["DR", "DE", "DE", "DE", "DE"],
]

[odds_table.codes]
AE = "Attackers eliminated."
AR = "Attackers retreat 1 hex."
NE = "No effect."
DR = "Defenders retreat 1 hex."
DE = "Defenders eliminated."
""",
}
"""Text the designer adds at the end of a file (a new file when it has none)."""


def complete(folder: Path) -> None:
    """Make the drafted Kassala folder the designer's: apply every edit, or fail naming
    the drafted text that was not found."""
    for name, edits in REPLACE.items():
        text = (folder / name).read_text(encoding="utf-8")
        for old, new in edits:
            assert text.count(old) == 1, f"the draft's {name} no longer holds {old!r}"
            text = text.replace(old, new)
        (folder / name).write_text(text, encoding="utf-8")
    for name, added in APPEND.items():
        path = folder / name
        before = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(before + added, encoding="utf-8")
