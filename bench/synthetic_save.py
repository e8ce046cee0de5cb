"""A synthetic save of the size and shape of the largest save in the wild we know of.

The Paths of Glory save that issue 16 measured (VASSAL 3.7.10) is a 1.9 MB file holding
27.8 MB of hex, that is 13.9 MB of command text: thousands of pieces whose trait chains
run twenty to forty traits deep (prototypes expanded, as VASSAL keeps pieces in games),
cards in decks, stacks, and the usual component commands. The real file is not ours to
ship, so this module builds one of the same shape from a seed, with the project's own
encoder: every chain's TABs carry one more backslash per level, image lists and key
lists nest ``,`` inside ``;`` inside TAB inside ``/``, and names hold the delimiters
that force escapes. Tests and benchmarks build it in memory; nothing is committed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from builder.vassal.archive import MODULE_DATA, SAVE_DATA, SAVED_GAME, zip_archive
from builder.vassal.commands import (
    AddPiece,
    AddPlayer,
    BeginSave,
    BoardPlacement,
    Command,
    CommandGroup,
    EndSave,
    NullCommand,
    OtherCommand,
    SetBoards,
    SetGlobalProperty,
    SetTurn,
    SetupStacksPlaced,
    encode_saved_game,
)
from builder.vassal.metadata import Metadata, render_module_data, render_save_data
from builder.vassal.obfuscation import obfuscate
from builder.vassal.sequence import encode
from builder.vassal.traits import join_chain

POG_TEXT_BYTES = 13_900_000
"""The real save's command text, in UTF-8 bytes (its hex is twice that)."""

MAPS = ("Main Map", "Reserve Box", "Eliminated Units", "Replacement Track")
NATIONS = (
    "Germany",
    "Austria-Hungary",
    "Turkey",
    "Bulgaria",
    "France",
    "Britain",
    "Russia",
    "Italy",
    "USA",
    "Serbia",
)
KINDS = ("Army", "Corps", "Fort", "Control", "Trench", "VP", "Card", "Marker")


@dataclass(frozen=True)
class SyntheticSave:
    """The bytes of the save, and the figures a benchmark reports about it."""

    data: bytes
    text_bytes: int
    hex_bytes: int
    pieces: int


def _layer(rng: random.Random, name: str) -> tuple[str, str]:
    images = [
        f"{name}-{level}{rng.choice(['', '-flipped', '-reduced'])}.png"
        for level in range(rng.randint(2, 6))
    ]
    names = [f"+ {level}" for level in range(len(images))]
    fields = [""] * 33
    fields[1], fields[4], fields[7] = "70,130", "0", "0"
    fields[11], fields[12], fields[13], fields[14] = "1", "false", "0", "0"
    fields[15], fields[16], fields[18] = encode(images, ","), encode(names, ","), name
    fields[17], fields[21], fields[23], fields[24], fields[25] = "true", "false", "1", "1", "true"
    fields[2] = encode(["Flip", "Flip back", f"Reduce {name}; then check"], ",")
    fields[30], fields[32] = "1.0", "true"
    return "emb2;" + encode(fields, ";"), str(rng.choice([1, -1, 2]))


def _trait(rng: random.Random, index: int, unit: str) -> tuple[str, str]:
    """One decorator's type and state, drawn from what 3.7 modules carry most."""
    kind = rng.randrange(9)
    if kind == 0:
        return _layer(rng, f"{unit}-layer{index}")
    if kind == 1:
        nation = rng.choice(NATIONS)
        return "mark;" + encode(["Nation", "Kind", "Front"], ","), encode(
            [nation, rng.choice(KINDS), "West"], ","
        )
    if kind == 2:
        name = f"Steps{index}"
        return "PROP;" + encode(
            [name, "true,0,4,false", encode(["74,130", "Increment", "1"], ":"), ""], ";"
        ), str(rng.randint(0, 4))
    if kind == 3:
        message = f"$location$: $PlayerSide$ moves {unit} (step {index}/3; see rule 9.{index})"
        return "report;" + encode(
            [encode(["82,130", "78,195"], ","), message, "", "", "Report"], ";"
        ), ""
    if kind == 4:
        return "sendto;" + encode(
            ["Send to box", "83,130", "Reserve Box", f"Box {index}", "0", "0"], ";"
        ), ""
    if kind == 5:
        keys = encode([f"{65 + step},130" for step in range(rng.randint(2, 6))], ",")
        return "macro;" + encode(
            ["Activate", "", "65,520", keys, "", "", "false", 'Props ~ {Nation == "France"}'], ";"
        ), ""
    if kind == 6:
        return "label;" + encode(
            [
                "76,130",
                "Label",
                "12",
                "0,0,0",
                "255,255,255",
                "t",
                "0",
                "0",
                "c",
                "c",
                "$pieceName$ ($label$)",
            ],
            ";",
        ), rng.choice(["", "Reserve", "OOS; eliminated"])
    if kind == 7:
        return "footprint;" + encode(
            [
                "84,130",
                "Movement Trail",
                "true",
                "false",
                "10",
                "255,0,0",
                "0,0,0",
                "100",
                "0",
                "20",
                "30",
                "1.0",
            ],
            ";",
        ), encode(["true", "Main Map", str(rng.randint(0, 4000)), str(rng.randint(0, 3000))], ";")
    return rng.choice(
        ["clone;Clone;67,130", "delete;Delete;68,130", "immob;N;N", "restrict;false;;", "hideCmd;;"]
    ), ""


def _piece(
    rng: random.Random, piece_id: str, gpid: int, map_id: str, x: int, y: int
) -> tuple[str, str]:
    nation, kind = rng.choice(NATIONS), rng.choice(KINDS)
    unit = f"{nation[:3].upper()} {rng.randint(1, 40)}/{rng.randint(1, 12)} {kind}"
    traits = [_trait(rng, index, unit) for index in range(rng.randint(18, 40))]
    basic_type = "piece;" + encode(["", "", f"{nation}-{kind}-{gpid % 97}.png", unit], ";")
    basic_state = encode([map_id, str(x), str(y), str(gpid), "1", "UniqueID", piece_id], ";")
    return (
        join_chain([own_type for own_type, _ in traits] + [basic_type]),
        join_chain([own_state for _, own_state in traits] + [basic_state]),
    )


def pog_shaped_text(text_bytes: int = POG_TEXT_BYTES, seed: int = 1918) -> tuple[str, int]:
    """Command text of about ``text_bytes`` UTF-8 bytes, and how many pieces it holds."""
    rng = random.Random(seed)
    pieces: list[Command] = [NullCommand()]
    size = 0
    count = 0
    stack: list[str] = []
    spot = ("Main Map", 100, 100)
    while size < text_bytes * 0.985:
        piece_id = str(1_700_000_000_000 + count)
        if not stack or rng.random() < 0.3:
            if stack:
                state = encode([spot[0], str(spot[1]), str(spot[2]), *stack, "@@1"], ";")
                pieces.append(AddPiece(f"s{piece_id}", "stack", state))
                size += len(state) + 30
            spot = (rng.choice(MAPS), rng.randint(0, 6000), rng.randint(0, 4000))
            stack = []
        piece_type, state = _piece(rng, piece_id, 100 + count % 700, *spot)
        pieces.append(AddPiece(piece_id, piece_type, state))
        stack.append(piece_id)
        size += len(piece_type.encode("utf-8")) + len(state.encode("utf-8")) + 20
        count += 1
    pieces.append(AddPiece("s-last", "stack", encode([*map(str, spot), *stack, "@@1"], ";")))
    components: list[Command] = [
        SetBoards(map_id, (BoardPlacement(map_id, False, 0, 0),)) for map_id in MAPS
    ]
    components += [SetGlobalProperty(f"VP{index}", str(index), "Module") for index in range(200)]
    components += [
        SetTurn("TurnTracker0", "0|8;0;false;-1;1\\;0\\;0\\;true,true,true"),
        OtherCommand("NOTES\tAllied player: remember the Russian Capitulation track"),
        CommandGroup(
            (AddPlayer("pw1", "Central", "Central Powers"), AddPlayer("pw2", "Allied", "Allies"))
        ),
        SetupStacksPlaced(),
        EndSave(),
    ]
    tree = CommandGroup((BeginSave(), NullCommand(), CommandGroup(tuple(pieces)), *components))
    return encode_saved_game(tree), count


def pog_shaped_save(text_bytes: int = POG_TEXT_BYTES, seed: int = 1918) -> SyntheticSave:
    """A zipped ``!VCSK`` save of the Paths of Glory save's size and shape."""
    text, pieces = pog_shaped_text(text_bytes, seed)
    payload = obfuscate(text, 0x5A)
    module = Metadata("Paths of Glory", "10.8", "3.7.10", "1700000000000", "")
    data = zip_archive(
        [
            (SAVED_GAME, payload),
            (SAVE_DATA, render_save_data(module)),
            (MODULE_DATA, render_module_data(module)),
        ]
    )
    return SyntheticSave(
        data=data, text_bytes=len(text.encode("utf-8")), hex_bytes=len(payload), pieces=pieces
    )
