"""Every player action that changes a piece reports a line in the chat (issue 10 item 10),
in all three modules.

Read from the built modules' own build files, trait by trait and independently of the
code that wrote them: every command a piece slot offers (prototypes expanded; the cards
in the draw deck are piece slots too) has a Report Action in its chain listing its key;
moves are reported by the maps (GlobalOptions auto-report) and turn changes by the turn
tracker.
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
            types.extend(prototypes[decode(trait[len("prototype;") :], ";")[0]])
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
    if prefix in ("delete", "sendto", "return"):
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


def _reporting(chain: list[str]) -> set[str]:
    """The keys a chain reports: listed by a Report Action, or the key of a Trigger
    Action that fires one of those (a report that must speak before the command acts)."""
    reported = set().union(*(_reported(trait) for trait in chain))
    triggers = [
        decode(trait.partition(";")[2], ";") for trait in chain if trait.startswith("macro;")
    ]
    while True:
        more = {
            fields[2]
            for fields in triggers
            if len(fields) > 5 and set(decode(fields[5], ",")) & reported
        }
        if more <= reported:
            return reported
        reported |= more


def prototypes_of(root: etree._Element) -> dict[str, list[str]]:
    """Each prototype's trait types by name."""
    return {
        definition.get("name") or "": list(split_chain(decode_command(definition.text or "").type))  # type: ignore[union-attr]
        for definition in root.iter(f"{PACKAGE}module.PrototypeDefinition")
    }


def slot_commands(root: etree._Element) -> dict[str, list[tuple[str, str]]]:
    """The (menu command, key) pairs each piece slot offers a player, by entry name."""
    prototypes = prototypes_of(root)
    return {
        slot.get("entryName") or "": [
            (name, key)
            for trait in _chain(slot.text or "", prototypes)
            for name, key in _offered(trait)
            if name and key
        ]
        for slot in root.iter(f"{PACKAGE}widget.PieceSlot")
    }


# The commands the issues name, by game: all present, and so all checked.
NAMED_COMMANDS = {
    "dos": {"Eliminate", "Delete", "Mark Moved", "Lose step", "Restore step", "Reveal", "Flip"},
    "tps": {"Eliminate", "Delete", "Mark Moved"},
    "rks": {
        "Eliminate",
        "Delete",
        "Mark Moved",
        "Flip (acted)",
        "Flip",
        "Draw a step card",
        "Draw all step cards",
        "Arrive in the German rear (turn 2)",
        "Return to the Tractor Factory (6.3)",
        "Turn face down or up",
        "Play face down in a duel",
        "Reveal",
        "Discard",
    },
}


@pytest.mark.parametrize("game", ["dos", "rks", "tps"])
def test_every_command_of_every_piece_slot_is_reported(
    build_files: dict[str, etree._Element], game: str
) -> None:
    root = build_files[game]
    prototypes = prototypes_of(root)
    slots = list(root.iter(f"{PACKAGE}widget.PieceSlot"))
    assert len(slots) > 70
    commands_seen = set()
    for slot in slots:
        chain = _chain(slot.text or "", prototypes)
        reporting = _reporting(chain)
        for trait in chain:
            for name, key in _offered(trait):
                if not name or not key:
                    continue
                commands_seen.add(name)
                assert key in reporting, (game, slot.get("entryName"), name, key)
    assert NAMED_COMMANDS[game] <= commands_seen, NAMED_COMMANDS[game] - commands_seen
    if game != "rks":
        assert any(name.startswith("+1 ") for name in commands_seen)  # a victory point track


@pytest.mark.parametrize("game", ["dos", "rks", "tps"])
def test_moves_and_turn_changes_are_reported(
    build_files: dict[str, etree._Element], game: str
) -> None:
    root = build_files[game]
    (options,) = root.iter(f"{PACKAGE}module.GlobalOptions")
    assert options.get("autoReport") == "Always"
    maps = list(root.iter(f"{PACKAGE}module.Map"))
    assert maps and all(map_.get("moveWithinFormat") and map_.get("moveToFormat") for map_ in maps)
    (tracker,) = root.iter(f"{PACKAGE}module.turn.TurnTracker")
    assert "$newTurn$" in (tracker.get("reportFormat") or "")


@pytest.mark.parametrize("game", ["dos", "rks", "tps"])
def test_no_report_repeats_the_star_vassal_puts_before_it(
    build_files: dict[str, etree._Element], game: str
) -> None:
    # Report Actions, global key commands, decks and the turn tracker each put "* " before
    # their report in the chat (VASSAL's ReportState, GlobalCommand, Deck, TurnTracker);
    # a format starting with its own star reads "* * ..." in the log.
    root = build_files[game]
    formats = [
        str(value)
        for item in root.iter()
        for name, value in item.attrib.items()
        if name in ("reportFormat", "reshuffleMessage") and not str(item.tag).endswith("DiceButton")
    ]
    for slot in [
        *root.iter(f"{PACKAGE}widget.PieceSlot"),
        *root.iter(f"{PACKAGE}module.PrototypeDefinition"),
    ]:
        command = decode_command(slot.text or "")
        assert isinstance(command, AddPiece)
        formats += [
            decode(trait[len("report;") :], ";")[1]
            for trait in split_chain(command.type)
            if trait.startswith("report;")
        ]
    assert len(formats) > 10
    assert [text for text in formats if text.lstrip().startswith("*")] == []
