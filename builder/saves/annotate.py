"""Annotated copies of a save: ``check --annotate`` writes each unit's supply verdict on
its piece, in a new file beside the one it read once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.saves.names import SUPPLY_PROPERTY, SUPPLY_RULES_PROPERTY, overlay_image
from builder.saves.positions import position_from_saved
from builder.saves.reading import piece_properties
from builder.vassal.commands import CommandGroup
from builder.vassal.model import SavedGame
from builder.vassal.replay import replay
from builder.vassal.savefile import SaveFile
from builder.vassal.traits import Decorator, Layer, Marker
from builder.vassal.writer import read_for_annotation, write_annotated
from rules.referee.position import Position
from rules.referee.verdict import Verdict


def verdict_layer(kind: str, verdict: str) -> Layer:
    """An always-shown layer for an annotated save: the overlay picture over the unit,
    and the verdict after its name, so the stack viewer's mouse-over says it. VASSAL
    splits a level name at "+", so the verdict's own are spelled out."""
    return Layer.marker(
        "Verdict", (overlay_image(kind),), (f"+ — {verdict.replace('+', ' plus ')}",)
    )


def verdict_overlay_kind(verdict: Verdict) -> str | None:
    """The overlay a supply verdict shows on its unit: out of supply or isolated."""
    if verdict.state in ("out of supply", "isolated"):
        return verdict.state.replace(" ", "-")
    return None


@dataclass(frozen=True)
class Annotation:
    """A save read once for ``check --annotate``: its file and commands, the game they
    play out to, and the position the referee judges."""

    target: Path
    read: tuple[SaveFile, CommandGroup]
    saved: SavedGame
    position: Position


def read_annotation(source: Path, target: Path, module: Path | None = None) -> Annotation:
    """Read the save ``source`` once for its position and its annotated copy ``target``
    (refused first if it exists or is the source)."""
    read = read_for_annotation(source, target)
    save_file, commands = read
    saved = replay(commands, save_file.module, save_file.save)
    return Annotation(target, read, saved, position_from_saved(source, saved, module))


def write_supply_copy(source: Path, annotation: Annotation, verdicts: list[Verdict]) -> int:
    """Copy the save ``source``, as ``annotation`` read it, to its new file ``annotation.target``
    with each judged unit's supply state on its piece, as Marker properties ``Supply``
    and ``SupplyRules``; returns how many pieces were marked.

    A unit is the piece whose ``Game`` and ``UnitId`` are both the unit's, as the
    referee read it (:func:`builder.saves.reading.unit_of`): a piece of another game with the same id is not
    it.

    Units out of supply or isolated also get a layer with the module's overlay picture
    (every Stavka module ships them) and the verdict after their name, so a player
    opening the copy sees at a glance who is cut off, and why on pointing at them.
    VASSAL's stack viewer, Find and reports read the properties, and so does the referee.

    In a save of a module someone else made (an adopted game), a unit is the piece the
    referee read it from, and it gets the properties only: that module has no overlay
    pictures.
    """
    game = annotation.position.spec.id
    saved = annotation.saved
    adopted = bool(annotation.position.pieces)
    piece_of_unit = (
        dict(annotation.position.pieces)
        if adopted
        else {
            properties["UnitId"]: piece.id
            for piece in saved.pieces
            if (properties := piece_properties(piece)).get("Game") == game
            and "UnitId" in properties
        }
    )
    annotations: dict[str, list[Decorator]] = {}
    for verdict in verdicts:
        if verdict.topic != "supply" or verdict.unit not in piece_of_unit:
            continue
        rules = ", ".join(verdict.rules)
        added: list[Decorator] = [
            Marker((SUPPLY_PROPERTY, SUPPLY_RULES_PROPERTY), (verdict.outcome, rules))
        ]
        kind = verdict_overlay_kind(verdict)
        if kind is not None and not adopted:
            added.insert(0, verdict_layer(kind, f"{verdict.outcome} [rule {rules}]"))
        annotations[piece_of_unit[verdict.unit]] = added
    write_annotated(source, annotation.target, annotation.read, annotations)
    return len(annotations)
