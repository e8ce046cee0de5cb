"""Game pieces for the module: each unit and marker as a VASSAL trait chain.

Every unit carries its identity and rule values as Marker properties (``UnitId``,
``Side``, ``Attack1``…), so a saved game can be refereed from the save alone, without
the module. Steps are a Layer showing the back image; an untried DoS Soviet unit has a
second Layer that covers it with the "U" face until revealed (rule 2.14).
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.vassal.sequence import encode
from builder.vassal.traits import BasicPiece, Layer, Marker, Trait, UnknownTrait, UsePrototype
from rules.model import GameSpec, Unit

CONTROL = 130
"""Java modifiers for Ctrl as VASSAL writes them (old and new mask bits)."""

FLIP_KEY = f"70,{CONTROL}"  # Ctrl+F
REVEAL_KEY = f"85,{CONTROL}"  # Ctrl+U
ELIMINATE_KEY = f"69,{CONTROL}"  # Ctrl+E
DELETE_KEY = f"68,{CONTROL}"  # Ctrl+D

UNIT_LAYER = "Units"
MARKER_LAYER = "Markers"


@dataclass(frozen=True)
class UnitImages:
    """Image file names (under ``images/``) for one unit's counter faces."""

    front: str
    back: str | None
    untried: str | None


def two_face_layer(
    name: str, images: tuple[str, str], level_names: tuple[str, str], key: str, command: str
) -> Layer:
    """A two-level Layer drawn over the piece, flipped by ``key`` (menu text ``command``).

    An empty image shows the piece beneath; a plain level name replaces the piece's
    name, ``+ suffix`` appends to it. The layer loops, so the same key turns it back.
    """
    fields = [""] * 33
    fields[1], fields[3], fields[4], fields[7] = "0", command, "0", "0"
    fields[11], fields[12], fields[13], fields[14] = "1", "false", "0", "0"
    fields[15] = encode(list(images), ",")
    fields[16] = encode(list(level_names), ",")
    fields[17], fields[18] = "true", name
    fields[21], fields[23], fields[24], fields[25] = "false", "1", "1", "true"
    fields[27], fields[30], fields[32] = key, "1.0", "true"
    return Layer(fields=tuple(fields), level=1)


def unit_properties(spec: GameSpec, unit: Unit) -> Marker:
    """The unit's identity and printed values as Marker properties a referee can read."""
    keys = ["Layer", "Game", "UnitId", "Side", "Nationality", "Arm", "Size", "Mobility", "Steps"]
    values = [UNIT_LAYER, spec.id, unit.id, unit.side, unit.nationality, unit.arm, unit.size, unit.mobility]
    values.append(str(len(unit.steps)))
    for number, step in enumerate(unit.steps, start=1):
        for label, printed in (("Attack", step.attack), ("Defence", step.defence), ("Movement", step.movement)):
            keys.append(f"{label}{number}")
            values.append("?" if printed is None else str(printed))
    for key, value in sorted(unit.properties.items()):
        keys.append(key)
        values.append(value)
    if unit.provenance.reconstructed:
        keys.append("Reconstructed")
        values.append("yes")
    return Marker(keys=tuple(keys), values=tuple(values))


def unit_traits(spec: GameSpec, unit: Unit, images: UnitImages, gpid: str) -> tuple[Trait, ...]:
    """The trait chain of a unit's palette piece, outermost first."""
    traits: list[Trait] = [UsePrototype(name=side_prototype_name(unit.side), parameters=None)]
    if images.untried is not None:
        untried_name = f"Untried {spec.nationalities[unit.nationality].name} unit"
        traits.append(two_face_layer("Untried", (images.untried, ""), (untried_name, ""), REVEAL_KEY, "Reveal"))
    if images.back is not None:
        traits.append(two_face_layer("Step", ("", images.back), ("", "+ (reduced)"), FLIP_KEY, "Flip"))
    traits.append(unit_properties(spec, unit))
    traits.append(BasicPiece(image=images.front, name=unit.name, gpid=gpid))
    return tuple(traits)


@dataclass(frozen=True)
class MarkerImages:
    """Image file names for a marker; ``back`` only when its back says something else."""

    front: str
    back: str | None


def marker_traits(spec: GameSpec, marker_id: str, images: MarkerImages, gpid: str) -> tuple[Trait, ...]:
    """A marker's palette piece: deletable, flippable when two-sided, its id a property."""
    marker = spec.markers[marker_id]
    traits: list[Trait] = [UnknownTrait(type=f"delete;Delete;{DELETE_KEY};", state="")]
    if images.back is not None:
        traits.append(two_face_layer("Side", ("", images.back), ("", "+ (other side)"), FLIP_KEY, "Flip"))
    traits.append(Marker(keys=("Layer", "Game", "MarkerId"), values=(MARKER_LAYER, spec.id, marker_id)))
    traits.append(BasicPiece(image=images.front, name=marker.name, gpid=gpid))
    return tuple(traits)


def side_prototype_name(side: str) -> str:
    """The prototype every unit of ``side`` uses."""
    return f"{side} unit"


def side_prototype_traits(side: str, dead_pile_map: str) -> tuple[Trait, ...]:
    """Delete, eliminate (send to the side's dead pile, where the referee counts losses)
    and mark-when-moved, shared by every unit of a side."""
    send = encode(
        ["Eliminate", ELIMINATE_KEY, dead_pile_map, "", "60", "60", "", "", "0", "0", "1", "1", "", "L", "", "", "", ""],
        ";",
    )
    return (
        UnknownTrait(type=f"delete;Delete;{DELETE_KEY};", state=""),
        UnknownTrait(type="sendto;" + send, state=";;"),
        UnknownTrait(type=f"markmoved;/images/moved.gif;36;-36;Mark Moved;77,{CONTROL};", state="false"),
        BasicPiece(image="", name=""),
    )
