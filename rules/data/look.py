"""How a game looks, as data: the vocabularies a game's TOML may name and their readers.

The builder draws terrain, hexside features, sides and unit symbols; a game that is not
one of ours names its own look in ``game.toml`` (``fill``, ``symbol``, ``line`` on a
terrain, ``colour`` on a side, ``[[arm]]``, the ``[game]`` wording). The names a game
may use live here, in the rules package, so the loader can refuse a typo at its line
before anything is drawn, and the builder draws from the same list.
"""

from __future__ import annotations

import re
import string
from pathlib import PurePosixPath

from rules.data.fields import Table, unknown_name_message
from rules.looks import ArmLook, LineStyle, Wording
from rules.model import Unit

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")

TERRAIN_SYMBOLS = ("none", "trees", "hachures", "peaks", "reeds", "dots")
"""Map symbols a hex terrain may carry: forest trees, hill hachures, mountain peaks,
swamp reeds, steppe dots, or nothing but its fill."""

SYMBOL_ELEMENTS = (
    "infantry",
    "armour",
    "cavalry",
    "mountain",
    "artillery",
    "motorized",
    "anti_tank",
    "air_defence",
    "amphibious",
    "fortified",
    "engineer",
    "supply",
    "air",
    "headquarters",
)
"""The strokes a NATO unit symbol is built from (:class:`builder.art.nato.Element` by name)."""

STANDARD_ARMS: dict[str, tuple[str, ...]] = {
    "infantry": ("infantry",),
    "rifle": ("infantry",),
    "luftwaffe_field": ("infantry",),
    "mountain": ("infantry", "mountain"),
    "mountain_infantry": ("infantry", "mountain"),
    "naval_infantry": ("infantry", "amphibious"),
    "marines": ("infantry", "amphibious"),
    "naval": ("amphibious",),
    "cavalry": ("cavalry",),
    "mechanized_cavalry": ("cavalry", "armour"),
    "panzer": ("armour",),
    "tank": ("armour",),
    "armour": ("armour",),
    "mechanized": ("infantry", "armour"),
    "mechanized_infantry": ("infantry", "armour"),
    "panzergrenadier": ("infantry", "armour"),
    "kampfgruppe": ("infantry", "armour"),
    "motorized": ("infantry", "motorized"),
    "motorized_infantry": ("infantry", "motorized"),
    "artillery": ("artillery",),
    "heavy_artillery": ("artillery", "motorized"),
    "motorized_artillery": ("artillery", "motorized"),
    "anti_tank": ("anti_tank",),
    "tank_destroyer": ("anti_tank", "armour"),
    "flak": ("air_defence",),
    "anti_aircraft": ("air_defence",),
    "motorized_flak": ("air_defence", "motorized"),
    "fortified": ("fortified",),
    "fortified_area": ("fortified",),
    "garrison": ("fortified",),
    "engineer": ("engineer",),
    "pioneer": ("engineer",),
    "supply": ("supply",),
    "air": ("air",),
    "air_flight": ("air",),
    "air_ground": ("air", "supply"),
    "headquarters": ("headquarters",),
}
"""The arms every game may name without saying how they look, with their symbols' strokes."""

_SPELLINGS = {
    "mechanised": "mechanized",
    "motorised": "motorized",
    "armor": "armour",
    "hq": "headquarters",
}


def normalise_arm(arm: str) -> str:
    """``arm`` in the table's spelling: lower case, words joined by ``_``, US spellings.

    Data writers type "Motorised infantry" or "motorized-infantry"; one key serves all.
    """
    words = arm.strip().lower().replace("-", " ").replace("_", " ").split()
    return "_".join(_SPELLINGS.get(word, word) for word in words)


def colour(table: Table, key: str) -> str:
    """A ``#rrggbb`` colour, in lower case."""
    value = table.text(key)
    if not COLOUR.fullmatch(value):
        raise table.error(f"{key!r} must be a colour like '#1a2b3c', not {value!r}", key)
    return value.lower()


def optional_colour(table: Table, key: str) -> str | None:
    """A colour a game may leave to the builder's defaults."""
    return colour(table, key) if table.has(key) else None


def terrain_symbol(table: Table) -> str | None:
    """A hex terrain's ``symbol``, one of :data:`TERRAIN_SYMBOLS`."""
    return (
        table.choice("symbol", TERRAIN_SYMBOLS, "terrain symbol") if table.has("symbol") else None
    )


def line_style(table: Table) -> LineStyle | None:
    """A hexside feature's ``line = { colour, width, dashed }``."""
    line = table.optional_table("line")
    return None if line is None else _style(line)


def drawn_lines(game: Table) -> dict[str, LineStyle]:
    """``[drawn_lines]``: the named map lines the board draws, each ``name = { colour,
    width, dashed }``, in the order they are drawn."""
    table = game.optional_table("drawn_lines")
    if table is None:
        return {}
    return {name: _style(table.table(name)) for name, _ in table.items()}


def _style(line: Table) -> LineStyle:
    line.only("colour", "width", "dashed")
    return LineStyle(
        colour(line, "colour"),
        line.integer("width", default=5, minimum=1, maximum=30),
        line.boolean("dashed", default=False),
    )


WORDING_KEYS = ("description", "legend_subtitle", "help_introduction", "sources")

COUNTER_VALUES = ("attack", "defence", "movement", "combat")
"""What a counter's values line may print of a step: its three printed values, and
``combat``, the attack alone where it equals the defence, else ``attack-defence``."""
MAX_COUNTER_VALUES = 40
"""A counter's values line is a few characters; a longer template is a mistake."""


def counter_values(header: Table) -> str | None:
    """``[game] counter_values``: the template a unit's counter prints its values with,
    such as ``"{attack}-{defence}-{movement}"`` (a 2-2-7 unit prints "2-2-7") or
    ``"{combat}-{movement}"`` (it prints "2-7"). Only the names of
    :data:`COUNTER_VALUES` may stand in braces, as they are: no formats, no indexes."""
    if not header.has("counter_values"):
        return None
    template = header.text("counter_values")
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError as error:
        raise header.error(f"counter_values {template!r}: {error}", "counter_values") from None
    names = [name for _, name, _, _ in fields if name is not None]
    for _, name, spec, conversion in fields:
        if name is None:
            continue
        if name not in COUNTER_VALUES or spec or conversion:
            written = (
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
            raise header.error(
                f"counter_values: {written!r} is not one of "
                + ", ".join("{" + value + "}" for value in COUNTER_VALUES),
                "counter_values",
            )
    if not names:
        raise header.error(
            "counter_values names no value: write a template such as '{attack}-{defence}-{movement}'",
            "counter_values",
        )
    if len(template) > MAX_COUNTER_VALUES:
        raise header.error(
            f"counter_values is longer than {MAX_COUNTER_VALUES} characters", "counter_values"
        )
    return template


def wording(header: Table) -> Wording:
    """The ``[game]`` texts a module, its legend, help and charts show about the game."""
    return Wording(
        description=header.optional_text("description"),
        legend_subtitle=header.optional_text("legend_subtitle"),
        help_introduction=header.optional_text("help_introduction"),
        sources=header.optional_text("sources"),
    )


def arms(game: Table) -> dict[str, ArmLook]:
    """``[[arm]]``: a game's own arms, each drawn as the NATO symbol strokes it names or
    as a picture of its own (``image``, a PNG file in the game folder)."""
    result: dict[str, ArmLook] = {}
    for table in game.tables("arm"):
        table.only("id", "symbol", "image")
        arm_id = normalise_arm(table.text("id"))
        if arm_id in result:
            raise table.error(f"duplicate arm {arm_id!r}", "id")
        if table.has("image"):
            if table.has("symbol"):
                raise table.error(f"arm {arm_id!r} has both a 'symbol' and an 'image'", "image")
            result[arm_id] = ArmLook(arm_id, (), table.provenance(), arm_image(table))
            continue
        symbol = tuple(table.text_list("symbol"))
        for element in symbol:
            if element not in SYMBOL_ELEMENTS:
                raise table.error(
                    unknown_name_message("symbol element", element, SYMBOL_ELEMENTS),
                    "symbol",
                    element,
                )
        if not symbol:
            raise table.error(
                f"arm {arm_id!r} needs a 'symbol': strokes from {', '.join(SYMBOL_ELEMENTS)}"
            )
        result[arm_id] = ArmLook(arm_id, symbol, table.provenance())
    return result


def arm_image(table: Table) -> str:
    """An arm's picture: a PNG file's path inside the game folder, never outside it (a
    game's data names no other file), read only when the counters are drawn."""
    image = table.text("image")
    parts = PurePosixPath(image).parts
    if not image.lower().endswith(".png"):
        raise table.error(
            f"image {image!r} must be a PNG file (export an SVG symbol as PNG)", "image"
        )
    if PurePosixPath(image).is_absolute() or ".." in parts or "\\" in image:
        raise table.error(f"image {image!r} must be a path inside the game folder", "image")
    return image


def check_unit_arm(table: Table, unit: Unit, own: dict[str, ArmLook]) -> None:
    """Refuse, at the unit's line, an arm no counter could draw: not a standard arm, not the game's own."""
    key = normalise_arm(unit.arm)
    if key not in STANDARD_ARMS and key not in own:
        raise table.error(
            f"arm {unit.arm!r} has no symbol: name it in game.toml as [[arm]] with a 'symbol' "
            f"(standard arms: {', '.join(sorted(STANDARD_ARMS))})",
            "arm",
        )
