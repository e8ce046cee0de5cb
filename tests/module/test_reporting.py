"""Every player action that changes a piece reports a line in the chat (issue 10 item 10).

Read from the built modules' own build files, trait by trait and independently of the
code that wrote them: every command a piece slot offers (prototypes expanded) has a
Report Action outside it listing its key; moves are reported by the maps (GlobalOptions
auto-report) and turn changes by the turn tracker.
"""

from __future__ import annotations

import pytest
from lxml import etree

from builder.vassal.commands import AddPiece, decode_command
from builder.vassal.sequence import decode
from builder.vassal.nesting import split_chain

PACKAGE = "VASSAL.build."


def _chain(text: str, prototypes: dict[str, list[str]]) -> list[str]:
    """A slot's trait types, outermost first, with prototypes spliced in."""
    command = decode_command(text)
    assert isinstance(command, AddPiece)
    types: list[str] = []
    for trait in split_chain(command.type):
        if trait.startswith("prototype;"):
            types.extend(prototypes[decode(trait[len("prototype;"):], ";")[0]])
        else:
            types.append(trait)
    return types


def _offered(trait: str) -> list[tuple[str, str]]:
    """The (menu command, key) pairs a trait offers a player."""
    prefix, _, rest = trait.partition(";")
    fields = decode(rest, ";")

    def field(index: int) -> str:
        return fields[index] if index < len(fields) else ""

    if prefix == "emb2":
        return [(field(3), field(27)), (field(6), field(28))]
    if prefix in ("delete", "sendto"):
        return [(field(0), field(1))]
    if prefix == "markmoved":
        return [(field(3), field(4))]
    if prefix == "setprop":
        return [tuple(decode(entry, ":")[:2]) for entry in decode(field(2), ",") if entry]  # type: ignore[misc]
    if prefix == "macro":
        return [(field(1), field(2))]
    if prefix == "label":
        return [(field(1), field(0))]
    return []


def _reported(trait: str) -> set[str]:
    prefix, _, rest = trait.partition(";")
    return set(decode(decode(rest, ";")[0], ",")) if prefix == "report" else set()


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_every_command_of_every_piece_slot_is_reported(build_files: dict[str, etree._Element], game: str) -> None:
    root = build_files[game]
    prototypes = {
        definition.get("name"): [trait for trait in split_chain(decode_command(definition.text or "").type)]  # type: ignore[union-attr]
        for definition in root.iter(f"{PACKAGE}module.PrototypeDefinition")
    }
    slots = list(root.iter(f"{PACKAGE}widget.PieceSlot"))
    assert len(slots) > 100
    commands_seen = set()
    for slot in slots:
        chain = _chain(slot.text or "", prototypes)  # type: ignore[arg-type]
        for index, trait in enumerate(chain):
            for name, key in _offered(trait):
                if not name or not key:
                    continue
                commands_seen.add(name)
                reporting = set().union(*(_reported(outer) for outer in chain))
                assert key in reporting, (game, slot.get("entryName"), name, key)
    # The actions the issue names, all present and so all reported.
    assert {"Eliminate", "Delete", "Mark Moved"} <= commands_seen
    assert "Lose step" in commands_seen or game == "tps"
    if game == "dos":
        assert {"Reveal", "Restore step", "Flip"} <= commands_seen
    assert any(name.startswith("+1 ") for name in commands_seen)  # a victory point track


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_moves_and_turn_changes_are_reported(build_files: dict[str, etree._Element], game: str) -> None:
    root = build_files[game]
    (options,) = root.iter(f"{PACKAGE}module.GlobalOptions")
    assert options.get("autoReport") == "Always"
    maps = list(root.iter(f"{PACKAGE}module.Map"))
    assert maps and all(map_.get("moveWithinFormat") and map_.get("moveToFormat") for map_ in maps)
    (tracker,) = root.iter(f"{PACKAGE}module.turn.TurnTracker")
    assert "$newTurn$" in (tracker.get("reportFormat") or "")
