"""What a module's piece says of its unit, each finding with where it was read.

The side (a Marker or property naming a side of the player roster, a prototype or palette
folder named after one, or the piece's name), the factors (a dynamic property whose value
reads as factors and whose commands set the other steps' values, a Marker's value,
properties named for each factor, or the piece's name), a Layer that shows steps, and the
arm in the words of names. A finding from a name is a guess, said as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from builder.vassal.sequence import decode
from builder.vassal.traits import Decorator, DynamicProperty, Layer, Marker

FACTORS = re.compile(
    r"(?<![0-9A-Za-z])(\d{1,2})\s*[-·.x]\s*(\d{1,2})(?:\s*[-·.x]\s*(\d{1,2}))?(?![0-9])"
)
"""Printed factors in a name or a value: ``4-2``, ``3·3``, ``3-4-6``."""
ATTACK_KEYS = ("attack", "att", "af", "atk", "combat", "cf", "strength", "str", "firepower")
DEFENCE_KEYS = ("defence", "defense", "def", "df")
MOVEMENT_KEYS = ("movement", "move", "mp", "ma", "mf", "moves", "speed")
SIDE_KEYS = ("side", "faction", "nation", "nationality", "army", "player", "owner", "country")
SIZE_KEYS = ("size", "echelon", "unitsize")
STEP_WORDS = ("step", "reduc", "flip", "strength", "damag", "loss", "full", "side")
SIZES = ("I", "II", "III", "X", "XX", "XXX", "XXXX", "XXXXX")
ARM_WORDS = {
    "inf": "infantry",
    "infantry": "infantry",
    "rifle": "infantry",
    "foot": "infantry",
    "cav": "cavalry",
    "cavalry": "cavalry",
    "horse": "cavalry",
    "art": "artillery",
    "arty": "artillery",
    "artillery": "artillery",
    "cannon": "artillery",
    "gun": "artillery",
    "guns": "artillery",
    "arm": "armour",
    "armor": "armour",
    "armour": "armour",
    "tank": "armour",
    "pz": "armour",
    "panzer": "armour",
    "mec": "mechanized",
    "mech": "mechanized",
    "mechanized": "mechanized",
    "mot": "motorized",
    "motorized": "motorized",
    "hq": "headquarters",
    "eng": "engineer",
    "engineer": "engineer",
    "aa": "anti_aircraft",
    "aah": "anti_aircraft",
    "flak": "anti_aircraft",
    "at": "anti_tank",
    "supply": "supply",
}
"""Words of names, prototypes and pictures that say a unit's arm."""
MECHANIZED_ARMS = ("armour", "mechanized", "motorized")


@dataclass(frozen=True)
class Factors:
    """A unit's printed values at one step; None for one the module does not give."""

    attack: int | None
    defence: int | None
    movement: int | None


@dataclass(frozen=True)
class Reading:
    """A value and where it was read, as the data's note says it."""

    value: str
    source: str
    certain: bool
    """False for a value read from a name or guessed from words: marked reconstructed."""


def words(text: str) -> list[str]:
    return [word for word in re.split(r"[^A-Za-z0-9]+", text.lower()) if word]


def factors_in(text: str) -> Factors | None:
    match = FACTORS.search(text)
    if match is None:
        return None
    first, second, third = match.groups()
    if third is None:
        return Factors(int(first), int(first), int(second))
    return Factors(int(first), int(second), int(third))


def factor_text(text: str) -> str:
    match = FACTORS.search(text)
    return "" if match is None else match.group(0)


def property_values(traits: Sequence[Decorator]) -> list[tuple[str, str]]:
    """(name, value) of every Marker key and dynamic property, outermost first."""
    values: list[tuple[str, str]] = []
    for trait in traits:
        if isinstance(trait, Marker):
            values += [
                (key, trait.values[index] if index < len(trait.values) else "")
                for index, key in enumerate(trait.keys)
            ]
        elif isinstance(trait, DynamicProperty):
            values.append((trait.name, trait.value))
    return values


def set_values(trait: DynamicProperty) -> list[str]:
    """The values a dynamic property's commands set it to (``P,value`` changers)."""
    if len(trait.fields) < 2:
        return []
    found = []
    for command in decode(trait.fields[1], ","):
        parts = decode(command, ":")
        if len(parts) >= 3:
            changer = decode(parts[2], ",")
            if len(changer) >= 2 and changer[0] == "P":
                found.append(changer[1])
    return found


def side_of(
    sides: Sequence[str],
    values: Sequence[tuple[str, str]],
    prototypes: Sequence[str],
    folders: Iterable[str],
    name: str,
) -> Reading | None:
    def match(text: str) -> str | None:
        found_words = words(text)
        compact = text.lower().replace(" ", "")
        for side in sides:
            if side.lower() in found_words or side.lower().replace(" ", "") == compact:
                return side
        for side in sides:
            if len(side) >= 4 and side.lower().replace(" ", "") in compact:
                return side
        return None

    for key, value in values:
        if key.lower() in SIDE_KEYS and (found := match(value)) is not None:
            return Reading(found, f"its property {key} = {value!r}", True)
    for prototype in prototypes:
        if (found := match(prototype)) is not None:
            return Reading(found, f"its prototype {prototype!r}", True)
    for folder in folders:
        if (found := match(folder)) is not None:
            return Reading(found, f"the palette folder {folder!r}", True)
    if (found := match(name)) is not None:
        return Reading(found, f"its name {name!r}", False)
    return None


_FACTOR_OF_KEY = (
    {key: 0 for key in ATTACK_KEYS}
    | {key: 1 for key in DEFENCE_KEYS}
    | {key: 2 for key in MOVEMENT_KEYS}
)
"""Which factor (attack, defence, movement) a property of each name holds."""


def three_factors(text: str) -> bool:
    """Whether ``text`` prints three factors: attack, defence and movement, unambiguous."""
    match = FACTORS.search(text)
    return match is not None and match.group(3) is not None


def strength_of(value: str) -> int:
    factors = factors_in(value)
    return 0 if factors is None else (factors.attack or 0) + (factors.defence or 0)


def steps_of(
    traits: Sequence[Decorator], values: Sequence[tuple[str, str]], name: str
) -> tuple[tuple[Factors, ...], Reading | None, tuple[str, str, tuple[str, ...]] | None]:
    """A piece's steps (full strength first), where its factors were read, and the trait
    that shows its steps: a dynamic property whose value reads as factors (its commands'
    other values are the other steps, strongest first), a Marker's value, properties
    named for each factor, or else the piece's name."""
    for trait in traits:
        if isinstance(trait, DynamicProperty) and factors_in(trait.value) is not None:
            others = sorted(
                {
                    value
                    for value in set_values(trait)
                    if factors_in(value) is not None and value != trait.value
                },
                key=lambda value: (-strength_of(value), value),
            )
            ordered = (trait.value, *others)
            steps = tuple(
                factors for value in ordered if (factors := factors_in(value)) is not None
            )
            reading = Reading(
                " / ".join(factor_text(value) for value in ordered),
                f"its property {trait.name} = {trait.value!r}",
                three_factors(trait.value),
            )
            return steps, reading, ("property", trait.name, ordered) if len(ordered) > 1 else None
    for key, value in values:
        factors = factors_in(value)
        if factors is not None and key.lower() not in SIDE_KEYS:
            reading = Reading(
                factor_text(value), f"its property {key} = {value!r}", three_factors(value)
            )
            return (factors,), reading, None
    found: dict[int, tuple[str, int]] = {}
    for key, value in values:
        # "Attack1": the attack at full strength, as modules that list each step's values name it.
        slot = _FACTOR_OF_KEY.get(key.lower().removesuffix("1"))
        if slot is not None and slot not in found and value.strip().isdigit():
            found[slot] = (key, int(value.strip()))
    if found:
        attack = found[0][1] if 0 in found else None
        defence = found[1][1] if 1 in found else attack
        movement = found[2][1] if 2 in found else None
        reading = Reading(
            ", ".join(f"{key} {value}" for key, value in found.values()),
            "its properties " + ", ".join(key for key, _ in found.values()),
            0 in found and 2 in found,
        )
        return (Factors(attack, defence, movement),), reading, None
    factors = factors_in(name)
    if factors is None:
        return (), None, None
    return (factors,), Reading(factor_text(name), f"its name {name!r}", False), None


def step_layer(traits: Sequence[Decorator]) -> Layer | None:
    """A Layer that shows the unit's steps: several levels, named for steps or flipping."""
    for trait in traits:
        if isinstance(trait, Layer) and len(trait.images) >= 2:
            named = " ".join([trait.name, *trait.level_names]).lower()
            if any(word in named for word in STEP_WORDS):
                return trait
    return None


def arm_in(words: Iterable[str], source: str) -> Reading | None:
    for word in words:
        if word in ARM_WORDS:
            return Reading(ARM_WORDS[word], f"the word {word!r} in {source}", False)
    return None
