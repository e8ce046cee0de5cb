"""The units, scenarios and ``module.toml`` of a drafted game folder: each piece of the
module a unit (as many as a set-up places), each set-up a scenario piece by piece, and
the names by which the module's saves are read back."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from builder.adopt.adoption import Adoption, UnitDraft
from builder.adopt.pieces import PieceDraft
from builder.adopt.readings import ARM_WORDS, MECHANIZED_ARMS, SIZES, Factors, three_factors
from builder.adopt.toml_text import comment, header, toml_list, toml_text


def _mobility(piece: PieceDraft) -> str:
    return "mechanized" if piece.arm.value in MECHANIZED_ARMS else "foot"


def _step(factors: Factors) -> str:
    def value(number: int | None) -> str:
        return '"?"' if number is None else str(number)

    return (
        f"{{ attack = {value(factors.attack)}, defence = {value(factors.defence)}, "
        f"movement = {value(factors.movement)} }}"
    )


def _unit_note(unit: UnitDraft) -> tuple[bool, str]:
    """Whether the unit is marked reconstructed, and its note: where each value comes
    from, and which ones the module does not give."""
    piece = unit.piece
    guessed: list[str] = []
    said: list[str] = []
    assert piece.side is not None and piece.factors_source is not None
    said.append(f"side from {piece.side.source}")
    factors = piece.factors_source
    if factors.certain:
        said.append(f"values {factors.value} from {factors.source}")
    elif not three_factors(factors.value):
        guessed.append(
            f"values {factors.value} read from {factors.source} as combat-movement (the "
            "combat factor as both attack and defence)"
        )
    else:
        guessed.append(f"values {factors.value} read from {factors.source}")
    if any(value is None for step in piece.steps for value in vars(step).values()):
        guessed.append('a "?" is a value the module does not give')
    if not piece.side.certain:
        guessed.append("the side is read from the name")
    guessed.append(f"arm {piece.arm.value} from {piece.arm.source}")
    guessed.append(f"mobility {_mobility(piece)} from its arm")
    if piece.size is not None and not piece.size.certain:
        guessed.append(f"size {piece.size.value} from {piece.size.source}")
    guessed += list(piece.notes)
    text = "; ".join(said) + (". To confirm: " + "; ".join(guessed) if guessed else "") + "."
    return bool(guessed), text[0].upper() + text[1:]


def designation(piece: PieceDraft, sides: Iterable[str]) -> str:
    """A short mark for the counter Stavka draws of a unit (its report page, its print
    and play sheet): the piece name's first word that is not its side, arm, size or
    factors ("Nubian" of "Moslem_Infantry_3-2_Nubian"), else its arm's first letters."""
    skipped = {side.lower() for side in sides} | set(ARM_WORDS) | {piece.arm.value}
    for word in re.split(r"[^A-Za-z]+", piece.name):
        if len(word) > 2 and word.lower() not in skipped and word.upper() not in SIZES:
            return word[:8]
    return piece.arm.value[:3].capitalize()


def units_toml(adoption: Adoption) -> str:
    out = header(adoption, "the units")
    out += [
        "# One unit for each piece a set-up places (the most any set-up has of its name),",
        "# at least one for each piece of the palette. module.toml says which piece each is.",
    ]
    for unit in adoption.units:
        piece = unit.piece
        marked, note = _unit_note(unit)
        out += [
            "",
            "[[unit]]",
            f"id = {toml_text(unit.id)}",
            f"name = {toml_text(unit.name)}",
            f"side = {toml_text(unit.side_id)}",
            f"nationality = {toml_text(unit.side_id)}",
            f"arm = {toml_text(piece.arm.value)}",
            f"size = {toml_text(piece.size.value if piece.size else '')}",
            f"mobility = {toml_text(_mobility(piece))}",
            "steps = [" + ", ".join(_step(step) for step in piece.steps) + "]",
            "properties = { designation = "
            + toml_text(designation(piece, (name for _, name in adoption.sides)))
            + " }  # the mark on the counter Stavka draws (report page, print and play)",
        ]
        if marked:
            out.append("reconstructed = true")
        out.append(f"{'note' if marked else 'source'} = {toml_text(note)}")
    return "\n".join(out) + "\n"


def scenarios_toml(adoption: Adoption) -> str:
    out = header(adoption, "the scenarios")
    if not adoption.setups:
        out.append("# The module has no set-up that places pieces: add scenarios here.")
        return "\n".join(out) + "\n"
    unit_ids: dict[str, list[str]] = {}
    for unit in adoption.units:
        unit_ids.setdefault(unit.piece.name, []).append(unit.id)
    steps_of = {
        piece.name: piece.step_trait[2] for piece in adoption.unit_pieces if piece.step_trait
    }
    taken: set[str] = set()
    for setup in adoption.setups:
        scenario_id = setup.name.lower()
        scenario_id = (
            "".join(char if char.isalnum() else "_" for char in scenario_id).strip("_") or "setup"
        )
        while scenario_id in taken:
            scenario_id += "_2"
        taken.add(scenario_id)
        out += [
            "[[scenario]]",
            f"id = {toml_text(scenario_id)}",
            f"name = {toml_text(setup.name)}",
            f"first_turn = {setup.turn if setup.turn is not None else 1}",
            "last_turn = 99",
            f"description = {toml_text(f'As {setup.source} places the pieces, piece by piece.')}",
            "reconstructed = true",
            "note = "
            + toml_text(
                "The module does not say how many turns the game lasts: last_turn 99 is a "
                "placeholder" + ("" if setup.turn is not None else ", and first_turn 1 too") + "."
            ),
        ]
        handed: Counter[str] = Counter()
        lines = []
        for piece in setup.pieces:
            ids = unit_ids.get(piece.name)
            if ids is None:
                continue
            unit_id = ids[handed[piece.name]]
            handed[piece.name] += 1
            step = ""
            values = steps_of.get(piece.name)
            if values and piece.step_value in values and values.index(piece.step_value) > 0:
                step = f", steps = {len(values) - values.index(piece.step_value)}"
            lines.append(f"  {{ unit = {toml_text(unit_id)}, at = {toml_text(piece.hex)}{step} }},")
        out += ["setup = [", *lines, "]", ""]
        if setup.left_out:
            out += [comment("Not placed: " + "; ".join(setup.left_out)), ""]
    return "\n".join(out) + "\n"


def module_toml(adoption: Adoption) -> str:
    metadata = adoption.metadata
    out = [
        comment(
            f"{metadata.name}: the VASSAL module this game was adopted from, and how its "
            "saves name the game's map and units. Written by `stavka adopt`: the referee"
        ),
        "# reads the module's own saves through it. Keep it in step with units.toml.",
        "",
        "[module]",
        f"name = {toml_text(metadata.name)}  # its moduledata name, which every save of it carries",
        f"version = {toml_text(metadata.version)}",
        f"vassal_version = {toml_text(metadata.vassal_version)}",
        f"file = {toml_text(adoption.file.name)}",
        f"map = {toml_text(adoption.board.map.name)}",
        f"dead_piles = {toml_list(adoption.dead_piles)}  # maps whose pieces are eliminated units",
        "",
    ]
    if adoption.board_picture:
        out += [
            "[module.boards]  # each board's own picture, its art as it is",
            f"{toml_text(adoption.board.element.name)} = {toml_text(adoption.board_picture)}",
            "",
        ]
    unit_ids: dict[str, list[str]] = {}
    for unit in adoption.units:
        unit_ids.setdefault(unit.piece.name, []).append(unit.id)
    for piece in adoption.unit_pieces:
        out.append("[[module.piece]]")
        if piece.traits:
            out.append(comment("Traits Stavka does not interpret: " + "; ".join(piece.traits)))
        out += [
            f"name = {toml_text(piece.name)}",
            f"units = {toml_list(unit_ids.get(piece.name, []))}",
        ]
        picture = adoption.piece_pictures.get(piece.name)
        if picture is not None:
            out.append(f"image = {toml_text(picture)}")
        if piece.step_trait is not None:
            kind, name, values = piece.step_trait
            out += [
                "",
                "[module.piece.steps]  # the trait that shows its steps, full strength first",
                f"{kind} = {toml_text(name)}",
                f"values = {toml_list(values)}",
            ]
        out.append("")
    return "\n".join(out)
