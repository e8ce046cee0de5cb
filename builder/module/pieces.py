"""Game pieces for the module: each unit and marker as a VASSAL trait chain.

Every unit carries its identity and rule values as Marker properties (``UnitId``,
``Side``, ``Attack1``…), so a saved game can be refereed from the save alone, without
the module. Steps are a Layer showing the back image; an untried DoS Soviet unit has a
second Layer that covers it with the "U" face until revealed (rule 2.14); a unit that
turns over once it has acted (RKS 7.4) has a Layer with its 'acted' face. A game's own
commands (a card game's step cards, an area game's arrivals) come as extra traits from
the modules that know them.

Every command a piece offers is reported in the chat by a Report Action trait, so a log
or a play-by-e-mail file records flips, step losses, reveals and eliminations as well
as the moves the maps report themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.module import keys
from builder.module.plugin import VERDICTS_MENU
from builder.module.traits import (
    Command,
    delete,
    global_hotkey,
    layer,
    mark_moved,
    report,
    send_to,
    trigger,
)
from builder.saves.area_names import ACTED_LAYER, ISOLATED_LAYER
from builder.saves.names import SIDE_LAYER, STEP_LAYER, UNTRIED_LAYER, unit_printed_values
from builder.vassal.traits import BasicPiece, Marker, Trait, UsePrototype
from rules.model import GameSpec, Unit

UNIT_LAYER = "Units"
MARKER_LAYER = "Markers"
PIECE_LAYERS = (UNIT_LAYER, MARKER_LAYER)
"""The layers units and markers are drawn in, bottom first."""


@dataclass(frozen=True)
class UnitImages:
    """Image file names (under ``images/``) for one unit's counter faces."""

    front: str
    back: str | None
    untried: str | None
    acted: str | None = None


@dataclass(frozen=True)
class MarkerImages:
    """Image file names for a marker; ``back`` only when its back says something else."""

    front: str
    back: str | None


def step_layer(back_image: str) -> tuple[Trait, ...]:
    """The reduced side of a two-step unit (DoS 2.12): lose a step, or restore it."""
    return (
        report(keys.LOSE_STEP, "$location$: $oldPieceName$ loses a step"),
        report(keys.RESTORE_STEP, "$location$: $newPieceName$ back to full strength"),
        layer(
            STEP_LAYER,
            ("", back_image),
            ("", "+ (reduced)"),
            Command("Lose step", keys.LOSE_STEP),
            Command("Restore step", keys.RESTORE_STEP),
        ),
    )


def untried_layer(untried_image: str, untried_name: str) -> tuple[Trait, ...]:
    """The untried face over a DoS Soviet unit until it is revealed; a revealed unit
    never turns untried again (rule 2.14), so the layer does not loop back."""
    return (
        report(keys.REVEAL, "$location$: $oldPieceName$ revealed: $newPieceName$"),
        layer(
            UNTRIED_LAYER, (untried_image, ""), (untried_name, ""), Command("Reveal", keys.REVEAL)
        ),
    )


def acted_layer(acted_image: str) -> tuple[Trait, ...]:
    """The 'acted' side of a unit (RKS 7.4): Flip turns it over and back, and
    :data:`keys.SHOW_FRONT` (sent by the Face up button, 10.3) shows the front. Such a
    unit can also be marked isolated (8.10), which the referee reads from the save."""
    return (
        report(keys.FLIP, "$location$: $oldPieceName$ flipped to $newPieceName$"),
        layer(
            ACTED_LAYER,
            ("", acted_image),
            ("", "+ (acted)"),
            Command("Flip (acted)", keys.FLIP),
            loop=True,
            reset=keys.SHOW_FRONT,
        ),
        report(keys.ISOLATE, "$location$: $oldPieceName$ marked isolated or freed (8.10)"),
        layer(
            ISOLATED_LAYER,
            ("", ""),
            ("", "+ (isolated)"),
            Command("Isolated or freed (8.10)", keys.ISOLATE),
            loop=True,
        ),
    )


def formation_name(spec: GameSpec, unit: Unit) -> str:
    """The palette group a unit belongs to, as players name it: its
    ``properties.formation`` or ``army`` from game.toml's formations, else its
    nationality's name."""
    key = unit.traits.formation if unit.traits.formation is not None else unit.traits.army
    if key is not None and key in spec.formations:
        return spec.formations[key].name
    if key is not None:
        return key
    return spec.nationalities[unit.nationality].name


def unit_properties(spec: GameSpec, unit: Unit) -> Marker:
    """The unit's identity and printed values as Marker properties a referee can read."""
    side_name = next(side.name for side in spec.sides if side.id == unit.side)
    keys_ = [
        "Layer",
        "Game",
        "UnitId",
        "Side",
        "SideName",
        "Formation",
        "Nationality",
        "Arm",
        "Size",
        "Mobility",
    ]
    values = [
        UNIT_LAYER,
        spec.id,
        unit.id,
        unit.side,
        side_name,
        formation_name(spec, unit),
        unit.nationality,
        unit.arm,
        unit.size,
        unit.mobility,
    ]
    for key, value in unit_printed_values(unit.steps):
        keys_.append(key)
        values.append(value)
    for key, value in sorted(unit.properties.items()):
        keys_.append(key)
        values.append(value)
    if unit.provenance.reconstructed:
        keys_.append("Reconstructed")
        values.append("yes")
    return Marker(keys=tuple(keys_), values=tuple(values))


def unit_traits(
    spec: GameSpec, unit: Unit, images: UnitImages, gpid: str, commands: Sequence[Trait] = ()
) -> tuple[Trait, ...]:
    """The trait chain of a unit's palette piece, outermost first; ``commands`` are the
    game's own (step cards, arrivals), outside the unit's faces so badges they draw
    stay on top."""
    traits: list[Trait] = [
        UsePrototype(name=side_prototype_name(unit.side), parameters=None),
        *commands,
    ]
    if images.acted is not None:
        traits.extend(acted_layer(images.acted))
    if images.untried is not None:
        untried_name = f"Untried {spec.nationalities[unit.nationality].name} unit"
        traits.extend(untried_layer(images.untried, untried_name))
    if images.back is not None:
        traits.extend(step_layer(images.back))
    traits.extend(delete_commands())
    traits.append(unit_properties(spec, unit))
    traits.append(BasicPiece(image=images.front, name=unit.name, gpid=gpid))
    return tuple(traits)


def marker_traits(
    spec: GameSpec, marker_id: str, images: MarkerImages, gpid: str
) -> tuple[Trait, ...]:
    """A marker's palette piece: deletable, flippable when two-sided, its id a property."""
    marker = spec.markers[marker_id]
    traits: list[Trait] = []
    if images.back is not None:
        traits.append(report(keys.FLIP, "$location$: $oldPieceName$ flipped to $newPieceName$"))
        traits.append(
            layer(
                SIDE_LAYER,
                ("", images.back),
                ("", "+ (other side)"),
                Command("Flip", keys.FLIP),
                loop=True,
            )
        )
    traits.extend(delete_commands())
    traits.append(
        Marker(keys=("Layer", "Game", "MarkerId"), values=(MARKER_LAYER, spec.id, marker_id))
    )
    traits.append(BasicPiece(image=images.front, name=marker.name, gpid=gpid))
    return tuple(traits)


def side_prototype_name(side: str) -> str:
    """The prototype every unit of ``side`` uses."""
    return f"{side} unit"


def delete_commands() -> tuple[Trait, ...]:
    """Delete, the last command of a piece's menu (VASSAL lists the outer traits'
    commands first, so these come innermost, after every command a player uses more).
    A Report Action speaks after the traits inside it have acted, when a deleted piece is
    nowhere; so Delete reports where the piece is first, then removes it."""
    return (
        report(keys.REPORT_REMOVED, "$location$: $oldPieceName$ removed from play"),
        trigger("Delete", "Delete", keys.DELETE, [keys.REPORT_REMOVED, keys.REMOVE]),
        delete(keys.REMOVE),
    )


def side_prototype_traits(side: str, dead_pile_map: str) -> tuple[Trait, ...]:
    """Eliminate (send to the side's dead pile, where the referee counts losses) and
    mark-when-moved, shared by every unit of a side, each reported in the chat, and the
    menu item that asks the referee plugin for the unit's verdicts. The prototype is the
    unit's outermost trait, so the moved flag draws over every face."""
    return (
        report(keys.ELIMINATE, "$oldPieceName$ eliminated at $oldLocation$"),
        report(keys.MARK_MOVED, "$location$: $newPieceName$ marked as moved or not moved"),
        send_to("Eliminate", keys.ELIMINATE, dead_pile_map, point=(60, 60)),
        mark_moved(keys.MARK_MOVED),
        global_hotkey(VERDICTS_MENU, keys.ASK_VERDICTS, keys.UNIT_VERDICTS),
        BasicPiece(image="", name=""),
    )
