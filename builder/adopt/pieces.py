"""A module's pieces read as units: name, picture, side, factors, steps and the traits
Stavka does not interpret, each with where it was read from.

A piece slot is the text of an AddPiece command (docs/vassal-format.md §3.2): a chain of
traits around a BasicPiece, with ``prototype;`` references expanded here as the engine
expands them. What a unit needs is looked for where modules keep it, and each finding
says its source:

- the **side**: a Marker or property whose value is a side of the player roster, a
  prototype or a palette folder named after a side, or the piece's own name;
- the **factors**: properties named like attack, defence, movement, or a property whose
  value reads as factors ("3-4-6"); else the piece's name ("Infantry_4-2") — read from a
  name, they are marked reconstructed for a person to confirm;
- the **steps**: a property whose commands set it to other factors (a step-loss command
  setting "1-2-6"), or a Layer of several levels named for steps or flipping.

Pieces with neither a side nor factors are markers, listed in the notes with their traits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from builder.adopt import limits
from builder.adopt.buildfile import SlotElement
from builder.adopt.readings import (
    SIZE_KEYS,
    SIZES,
    Factors,
    Reading,
    arm_in,
    factors_in,
    property_values,
    set_values,
    side_of,
    step_layer,
    steps_of,
    words,
)
from builder.vassal.commands import AddPiece, decode_leaf
from builder.vassal.sequence import decode
from builder.vassal.traits import (
    BasicPiece,
    Decorator,
    DynamicProperty,
    Layer,
    Marker,
    Trait,
    UnknownTrait,
    UsePrototype,
    parse_chain,
    trait_prefix,
)
from rules.errors import SaveError


@dataclass(frozen=True)
class PieceDraft:
    """One kind of piece of the module, as a unit (or a marker) to draft."""

    name: str
    image: str
    slots: tuple[SlotElement, ...]
    side: Reading | None
    steps: tuple[Factors, ...]
    factors_source: Reading | None
    step_trait: tuple[str, str, tuple[str, ...]] | None
    """``("layer"|"property", its name, its values full strength first)``."""
    arm: Reading
    size: Reading | None
    traits: tuple[str, ...]
    """The traits Stavka does not interpret, each described once."""
    notes: tuple[str, ...] = field(default=())

    @property
    def is_unit(self) -> bool:
        return self.side is not None and self.factors_source is not None


def piece_chain(
    path: Path, text: str, prototypes: Mapping[str, str], where: str
) -> tuple[list[Decorator], BasicPiece, list[str]] | None:
    """A slot's traits with its prototypes expanded, its BasicPiece, and the names of
    the prototypes it uses; None for a slot the engine could not build either."""
    try:
        command = decode_leaf(text.strip(), where)
    except SaveError:
        return None
    if not isinstance(command, AddPiece):
        return None
    traits = parse_chain(command.type, command.state)
    if traits is None:
        return None
    used: list[str] = []
    expanded = _expand(path, _decorators(traits), prototypes, used, (), where)
    basic = traits[-1]
    assert isinstance(basic, BasicPiece)
    return expanded, basic, used


def _decorators(traits: tuple[Trait, ...]) -> list[Decorator]:
    """The traits of a chain around its BasicPiece."""
    return [trait for trait in traits if not isinstance(trait, BasicPiece)]


def _expand(
    path: Path,
    traits: list[Decorator],
    prototypes: Mapping[str, str],
    used: list[str],
    within: tuple[str, ...],
    where: str,
) -> list[Decorator]:
    result: list[Decorator] = []
    for trait in traits:
        if not isinstance(trait, UsePrototype):
            result.append(trait)
            continue
        if trait.name in within or len(within) >= limits.MAX_PROTOTYPE_DEPTH:
            raise SaveError(
                path,
                "buildFile.xml",
                f"{where}: prototype {trait.name!r} uses itself or nests more than "
                f"{limits.MAX_PROTOTYPE_DEPTH} deep",
            )
        used.append(trait.name)
        definition = prototypes.get(trait.name)
        if definition is None:
            continue
        try:
            command = decode_leaf(definition.strip(), f"prototype {trait.name}")
        except SaveError:
            continue
        if not isinstance(command, AddPiece):
            continue
        inner = parse_chain(command.type, command.state)
        if inner is None:
            continue
        result += _expand(path, _decorators(inner), prototypes, used, (*within, trait.name), where)
        if len(result) > limits.MAX_TRAITS:
            break
    if len(result) > limits.MAX_TRAITS:
        raise SaveError(
            path,
            "buildFile.xml",
            f"{where}: more than {limits.MAX_TRAITS} traits in one piece",
        )
    return result


def _describe(trait: Decorator) -> str:
    """A trait Stavka does not interpret, as a designer recognises it."""
    if isinstance(trait, Layer):
        levels = ", ".join(
            name or image for name, image in zip(trait.level_names, trait.images, strict=False)
        )
        return f"Layer {trait.name!r} ({len(trait.images)} levels: {levels})"
    text = trait.type_text() if isinstance(trait, UnknownTrait) else ""
    prefix = trait_prefix(text).rstrip(";") or type(trait).__name__
    fields = decode(text[len(trait_prefix(text)) :], ";")
    detail = next((item for item in fields if item and not item[0].isdigit()), "")
    return f"{prefix} {detail!r}" if detail else prefix


def draft_piece(
    path: Path,
    slots: Sequence[SlotElement],
    prototypes: Mapping[str, str],
    sides: Sequence[str],
) -> PieceDraft | None:
    """The draft of the pieces of one name (their slots, palette first); None when no
    slot holds a piece the engine could build."""
    first = slots[0]
    where = f"piece {first.entry_name!r}"
    chain = piece_chain(path, first.text, prototypes, where)
    if chain is None:
        return None
    traits, basic, used = chain
    name = basic.name or first.entry_name
    values = property_values(traits)
    folders = [folder for slot in slots for folder in reversed(slot.folders)]
    side = side_of(sides, values, used, folders, name)
    steps, factors_source, step_trait = steps_of(traits, values, name)
    layer = step_layer(traits)
    notes: list[str] = []
    if step_trait is not None and step_trait[0] == "property":
        unread = [
            value
            for trait in traits
            if isinstance(trait, DynamicProperty) and trait.name == step_trait[1]
            for value in set_values(trait)
            if factors_in(value) is None
        ]
        if unread:
            notes.append(
                f"its property {step_trait[1]} can also be set to "
                + ", ".join(repr(value) for value in unread)
                + ", which Stavka does not read (an untried face?)"
            )
    if step_trait is None and layer is not None and len(steps) == 1:
        level_factors = [factors_in(level) for level in layer.level_names]
        if all(item is not None for item in level_factors):
            steps = tuple(item for item in level_factors if item is not None)
        else:
            steps = steps + (Factors(None, None, None),) * (len(layer.images) - 1)
            notes.append(
                f"its Layer {layer.name!r} shows {len(layer.images)} levels; the values of "
                "the levels after the first are not in the module"
            )
        step_trait = (
            "layer",
            layer.name,
            tuple(str(level) for level in range(1, len(layer.images) + 1)),
        )
    image = basic.image or next(
        (image for trait in traits if isinstance(trait, Layer) for image in trait.images if image),
        "",
    )
    size_value = next(
        (value.strip() for key, value in values if key.lower() in SIZE_KEYS and value.strip()),
        None,
    )
    size = (
        Reading(size_value, "its property size", True)
        if size_value
        else next(
            (
                Reading(word.upper(), f"its name {name!r}", False)
                for word in re.split(r"[^A-Za-z]+", name)
                if word.upper() in SIZES and word.isupper()
            ),
            None,
        )
    )
    arm = (
        arm_in(words(name), f"its name {name!r}")
        or next(
            (
                found
                for prototype in used
                if (found := arm_in(words(prototype), f"its prototype {prototype!r}"))
            ),
            None,
        )
        or arm_in(words(image), f"its picture {image!r}")
        or Reading("infantry", "nothing in the module: infantry is a placeholder", False)
    )
    uninterpreted = []
    for trait in traits:
        if isinstance(trait, Layer) and layer is not None and trait is layer:
            continue
        if isinstance(trait, (Marker, DynamicProperty)):
            continue
        described = _describe(trait)
        if described not in uninterpreted:
            uninterpreted.append(described)
    return PieceDraft(
        name=name,
        image=image,
        slots=tuple(slots),
        side=side,
        steps=steps,
        factors_source=factors_source,
        step_trait=step_trait,
        arm=arm,
        size=size,
        traits=tuple(uninterpreted),
        notes=tuple(notes),
    )


def draft_pieces(
    path: Path,
    slots: Iterable[SlotElement],
    prototypes: Mapping[str, str],
    sides: Sequence[str],
    has_image: Callable[[str], bool],
) -> list[PieceDraft]:
    """Every kind of piece the module defines, by name, in the order first defined; of
    several slots of one name, the first whose picture the module holds is drafted (a
    hidden palette may keep an older definition)."""
    by_name: dict[str, list[SlotElement]] = {}
    pictured: dict[str, bool] = {}
    for slot in slots:
        chain = piece_chain(path, slot.text, prototypes, f"piece {slot.entry_name!r}")
        if chain is None:
            continue
        name = chain[1].name or slot.entry_name
        image = chain[1].image or next(
            (
                image
                for trait in chain[0]
                if isinstance(trait, Layer)
                for image in trait.images
                if image
            ),
            "",
        )
        group = by_name.setdefault(name, [])
        if bool(image) and has_image(image) and not pictured.get(name, False):
            group.insert(0, slot)
            pictured[name] = True
        else:
            group.append(slot)
    drafts = []
    for group in by_name.values():
        draft = draft_piece(path, group, prototypes, sides)
        if draft is not None:
            drafts.append(draft)
    return drafts
