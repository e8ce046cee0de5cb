"""Game pieces for the module: each unit and marker as a VASSAL trait chain.

Every unit carries its identity and rule values as Marker properties (``UnitId``,
``Side``, ``Attack1``…), so a saved game can be refereed from the save alone, without
the module. Steps are a Layer showing the back image; an untried DoS Soviet unit has a
second Layer that covers it with the "U" face until revealed (rule 2.14).

Every command a piece offers is reported in the chat by a Report Action trait, so a log
or a play-by-e-mail file records flips, step losses, reveals and eliminations as well
as the moves the maps report themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.module import keys
from builder.module.keys import Key
from builder.vassal.sequence import encode
from builder.vassal.traits import BasicPiece, Layer, Marker, Trait, UnknownTrait, UsePrototype
from rules.model import GameSpec, Unit

UNIT_LAYER = "Units"
MARKER_LAYER = "Markers"
STEP_LAYER = "Step"
UNTRIED_LAYER = "Untried"


@dataclass(frozen=True)
class UnitImages:
    """Image file names (under ``images/``) for one unit's counter faces."""

    front: str
    back: str | None
    untried: str | None


@dataclass(frozen=True)
class MarkerImages:
    """Image file names for a marker; ``back`` only when its back says something else."""

    front: str
    back: str | None


def overlay_image(kind: str) -> str:
    """The module image of a verdict overlay (``builder.art.markers.VERDICT_OVERLAYS``)."""
    return f"overlays/{kind}.png"


def verdict_layer(kind: str, verdict: str) -> Layer:
    """An always-shown layer for an annotated save: the overlay picture over the unit,
    and the verdict after its name, so the stack viewer's mouse-over says it. VASSAL
    splits a level name at "+", so the verdict's own are spelled out."""
    return Layer.build("Verdict", (overlay_image(kind),), (f"+ — {verdict.replace('+', ' plus ')}",))


@dataclass(frozen=True)
class Command:
    """A menu command of a layer: its text and key."""

    text: str
    key: Key


def layer(
    name: str,
    images: tuple[str, ...],
    level_names: tuple[str, ...],
    up: Command | None,
    down: Command | None = None,
    loop: bool = False,
) -> Layer:
    """A Layer (VASSAL's Embellishment, always active) stepped by ``up`` and ``down``.

    An empty image shows the piece beneath; a plain level name replaces the piece's
    name, ``+ suffix`` appends to it. A looping layer wraps from its last level to its
    first, so one key flips a two-sided marker back and forth.
    """
    fields = [""] * 33
    fields[1], fields[4], fields[7] = "0", "0", "0"
    fields[11], fields[12], fields[13], fields[14] = "1", "false", "0", "0"
    fields[15] = encode(list(images), ",")
    fields[16] = encode(list(level_names), ",")
    fields[17], fields[18] = "true" if loop else "false", name
    fields[21], fields[23], fields[24], fields[25] = "false", "1", "1", "true"
    if up is not None:
        fields[3], fields[27] = up.text, up.key.encoded()
    if down is not None:
        fields[6], fields[28] = down.text, down.key.encoded()
    fields[30], fields[32] = "1.0", "true"
    return Layer(fields=tuple(fields), level=1)


def report(key: Key, message: str) -> UnknownTrait:
    """A Report Action: when ``key`` is used on the piece, ``message`` goes to the chat.

    ``message`` may use VASSAL's report properties: ``$location$``, ``$oldLocation$``,
    ``$oldPieceName$`` (before the command), ``$newPieceName$`` (after it), and any
    property of the piece or the module.
    """
    fields = [encode([key.encoded()], ","), message, "", "", f"Report: {message}", "false"]
    return UnknownTrait(type="report;" + encode(fields, ";"), state="-1")


def delete_trait() -> UnknownTrait:
    """Delete (VASSAL's ``delete`` trait) on Ctrl+D."""
    return UnknownTrait(type=f"delete;Delete;{keys.DELETE.encoded()};", state="")


def step_layer(back_image: str) -> tuple[Trait, ...]:
    """The reduced side of a two-step unit (DoS 2.12): lose a step, or restore it."""
    return (
        report(keys.LOSE_STEP, "$location$: $oldPieceName$ loses a step"),
        report(keys.RESTORE_STEP, "$location$: $newPieceName$ back to full strength"),
        layer(STEP_LAYER, ("", back_image), ("", "+ (reduced)"), Command("Lose step", keys.LOSE_STEP),
              Command("Restore step", keys.RESTORE_STEP)),
    )


def untried_layer(untried_image: str, untried_name: str) -> tuple[Trait, ...]:
    """The untried face over a DoS Soviet unit until it is revealed; a revealed unit
    never turns untried again (rule 2.14), so the layer does not loop back."""
    return (
        report(keys.REVEAL, "$location$: $oldPieceName$ revealed: $newPieceName$"),
        layer(UNTRIED_LAYER, (untried_image, ""), (untried_name, ""), Command("Reveal", keys.REVEAL)),
    )


def formation_name(spec: GameSpec, unit: Unit) -> str:
    """The palette group a unit belongs to, as players name it: its
    ``properties.formation`` or ``army`` from game.toml's formations, else its
    nationality's name."""
    key = unit.properties.get("formation", unit.properties.get("army"))
    if key is not None and key in spec.formations:
        return spec.formations[key].name
    if key is not None:
        return key
    return spec.nationalities[unit.nationality].name


def unit_properties(spec: GameSpec, unit: Unit) -> Marker:
    """The unit's identity and printed values as Marker properties a referee can read."""
    side_name = next(side.name for side in spec.sides if side.id == unit.side)
    keys_ = ["Layer", "Game", "UnitId", "Side", "SideName", "Formation", "Nationality", "Arm", "Size", "Mobility",
             "Steps"]
    values = [UNIT_LAYER, spec.id, unit.id, unit.side, side_name, formation_name(spec, unit), unit.nationality,
              unit.arm, unit.size, unit.mobility, str(len(unit.steps))]
    for number, step in enumerate(unit.steps, start=1):
        for label, printed in (("Attack", step.attack), ("Defence", step.defence), ("Movement", step.movement)):
            keys_.append(f"{label}{number}")
            values.append("?" if printed is None else str(printed))
    for key, value in sorted(unit.properties.items()):
        keys_.append(key)
        values.append(value)
    if unit.provenance.reconstructed:
        keys_.append("Reconstructed")
        values.append("yes")
    return Marker(keys=tuple(keys_), values=tuple(values))


def unit_traits(spec: GameSpec, unit: Unit, images: UnitImages, gpid: str) -> tuple[Trait, ...]:
    """The trait chain of a unit's palette piece, outermost first."""
    traits: list[Trait] = [UsePrototype(name=side_prototype_name(unit.side), parameters=None)]
    if images.untried is not None:
        untried_name = f"Untried {spec.nationalities[unit.nationality].name} unit"
        traits.extend(untried_layer(images.untried, untried_name))
    if images.back is not None:
        traits.extend(step_layer(images.back))
    traits.append(unit_properties(spec, unit))
    traits.append(BasicPiece(image=images.front, name=unit.name, gpid=gpid))
    return tuple(traits)


def marker_traits(spec: GameSpec, marker_id: str, images: MarkerImages, gpid: str) -> tuple[Trait, ...]:
    """A marker's palette piece: deletable, flippable when two-sided, its id a property."""
    marker = spec.markers[marker_id]
    traits: list[Trait] = [report(keys.DELETE, "$location$: $oldPieceName$ removed"), delete_trait()]
    if images.back is not None:
        traits.append(report(keys.FLIP, "$location$: $oldPieceName$ flipped to $newPieceName$"))
        traits.append(layer("Side", ("", images.back), ("", "+ (other side)"), Command("Flip", keys.FLIP), loop=True))
    traits.append(Marker(keys=("Layer", "Game", "MarkerId"), values=(MARKER_LAYER, spec.id, marker_id)))
    traits.append(BasicPiece(image=images.front, name=marker.name, gpid=gpid))
    return tuple(traits)


def side_prototype_name(side: str) -> str:
    """The prototype every unit of ``side`` uses."""
    return f"{side} unit"


def side_prototype_traits(side: str, dead_pile_map: str) -> tuple[Trait, ...]:
    """Delete, eliminate (send to the side's dead pile, where the referee counts losses)
    and mark-when-moved, shared by every unit of a side, each reported in the chat."""
    send = encode(
        ["Eliminate", keys.ELIMINATE.encoded(), dead_pile_map, "", "60", "60", "", "", "0", "0", "1", "1", "", "L",
         "", "", "", ""],
        ";",
    )
    return (
        report(keys.ELIMINATE, "$oldPieceName$ eliminated at $oldLocation$"),
        report(keys.DELETE, "$location$: $oldPieceName$ removed from play"),
        report(keys.MARK_MOVED, "$location$: $newPieceName$ marked as moved or not moved"),
        delete_trait(),
        UnknownTrait(type="sendto;" + send, state=";;"),
        UnknownTrait(type=f"markmoved;/images/moved.gif;36;-36;Mark Moved;{keys.MARK_MOVED.encoded()};", state="false"),
        BasicPiece(image="", name=""),
    )

