"""An :class:`~builder.adopt.adoption.Adoption` written as a game folder's files.

Every value the module gives is written with where it came from; every value it does not
give is marked ``reconstructed = true`` with a note saying what it rests on, so that
``stavka transcribe`` lists it and nothing is invented silently. The terrain draft goes
into ``terrain.toml``, the generated map file that ``map.toml`` overrides, so a designer
corrects the draft in ``map.toml`` rather than typing a map. The rules the module does not
state are a ``[referee]`` skeleton in comments, naming what the designer must write.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from builder.adopt.adoption import Adoption
from builder.adopt.colours import ColourClass, hex_code
from builder.adopt.draft_units import module_toml, scenarios_toml, units_toml
from builder.adopt.toml_text import GUIDE, comment, header, toml_list, toml_number, toml_text
from builder.printable import printable
from rules.hexes import Hex
from rules.hexgrid import Board, HexGridNumbering

NOTES_FILE = "ADOPTED.md"


def _year(metadata_saved: str) -> int:
    if metadata_saved.isascii() and metadata_saved.isdigit():
        return datetime.fromtimestamp(int(metadata_saved[:13]) / 1000, tz=UTC).year
    return 2000


def _colour(rgb: tuple[int, int, int]) -> str:
    return hex_code(rgb)


def _readabletoml_text(rgb: tuple[int, int, int]) -> str:
    """Black or white, whichever reads on ``rgb``."""
    return "#000000" if 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 140 else "#ffffff"


def game_toml(adoption: Adoption) -> str:
    metadata = adoption.metadata
    out = header(adoption, "the game")
    out += [
        "[game]",
        f"id = {toml_text(adoption.game_id)}",
        f"title = {toml_text(metadata.name)}",
        f"publisher = {toml_text('unknown: the module does not say')}",
        f"year = {_year(metadata.date_saved)}",
        f"rules = {toml_text('the rules of the game, which the module does not carry')}",
        f"description = {toml_text(metadata.description or metadata.name)}",
        f"help_introduction = {toml_text(f'{metadata.name}, refereed by Stavka from the data adopted from its VASSAL module.')}",
        f"sources = {toml_text(f'the VASSAL module {metadata.name} {metadata.version}')}",
        "reconstructed = true",
        "note = "
        + toml_text(
            "The module gives the title and description; the publisher, year (the year the "
            "module was saved) and rules are placeholders."
        ),
        "",
    ]
    for side_id, name in adoption.sides:
        colour = adoption.side_colours.get(name)
        out += ["[[side]]", f"id = {toml_text(side_id)}", f"name = {toml_text(name)}"]
        if colour is not None:
            out.append(f"colour = {toml_text(_colour(colour))}  # its counters' commonest colour")
        out.append("")
    for side_id, name in adoption.sides:
        colour = adoption.side_colours.get(name, (200, 200, 200))
        out += [
            "[[nationality]]",
            f"id = {toml_text(side_id)}",
            f"name = {toml_text(name)}",
            f"side = {toml_text(side_id)}",
            f"background = {toml_text(_colour(colour))}",
            f"text = {toml_text(_readabletoml_text(colour))}",
            "reconstructed = true",
            "note = "
            + toml_text(
                "One nationality per side, coloured as its counters' pictures are mostly "
                "coloured; the module shows its own pictures, Stavka's report draws these."
            ),
            "",
        ]
    out += _terrain_types(adoption)
    out += _referee_skeleton(adoption)
    return "\n".join(out) + "\n"


def _class_note(item: ColourClass, what: str) -> str:
    return (
        f"Drafted from the board picture's colour {item.hex_code} ({item.plain_name}) "
        f"{what} {item.members} {'hexside' if what == 'along' else 'hex'}"
        f"{('s' if what == 'along' else 'es') if item.members != 1 else ''}: name this "
        "terrain and give its effects "
        "(movement, combat) from the game's rules."
    )


def _terrain_types(adoption: Adoption) -> list[str]:
    out = [
        "# Terrain: one type per colour the board shows under its hexes and along its",
        "# hexsides. Rename each (keep or change its id everywhere), give its effects, and",
        "# correct the hexes in map.toml; an id may be merged into another.",
    ]
    classes = adoption.terrain.hex_classes or (
        ColourClass("plain", "plain", (255, 255, 255), len(adoption.board.in_play)),
    )
    for item in classes:
        out += [
            "",
            "[[terrain]]",
            f"id = {toml_text(item.id)}",
            f"name = {toml_text(item.plain_name.capitalize() + ' (drafted)')}",
            'kind = "hex"',
            f"fill = {toml_text(item.hex_code)}",
            "reconstructed = true",
            f"note = {toml_text(_class_note(item, 'under') if adoption.terrain.hex_classes else 'The board has no picture: every hex is this terrain until the rules say otherwise.')}",
        ]
    for item in adoption.terrain.side_classes:
        out += [
            "",
            "[[terrain]]",
            f"id = {toml_text(item.id)}",
            f"name = {toml_text(item.plain_name.capitalize() + ' hexside (drafted)')}",
            'kind = "hexside"',
            f"line = {{ colour = {toml_text(item.hex_code)}, width = 5, dashed = false }}",
            "reconstructed = true",
            f"note = {toml_text(_class_note(item, 'along'))}",
        ]
    return [*out, ""]


def _referee_skeleton(adoption: Adoption) -> list[str]:
    stacked = Counter(
        (setup.name, piece.hex) for setup in adoption.setups for piece in setup.pieces
    )
    most = max(stacked.values(), default=0)
    where = next(
        (f"{hex_} of {name!r}" for (name, hex_), count in stacked.items() if count == most), ""
    )
    arms = sorted({unit.piece.arm.value for unit in adoption.units})
    hint = (
        f"the module's own set-up stacks {most} units in one hex ({where})"
        if most > 1
        else "the module's set-ups stack no two units"
    )
    return [
        "# The referee. The module does not state the rules: write them from the game's rules,",
        f"# then uncomment (see {GUIDE}, 'Write the referee table', and",
        "# docs/tutorial.md for every key). Each section is the number of the rule a verdict cites.",
        "#",
        "# [referee.stacking]",
        '# section = "?"            # the rule on stacking',
        f"# limit = ?                # {hint}",
        "# not_counted = []         # arms that do not count, among: " + ", ".join(arms),
        "#",
        "# [referee.zoc]            # leave out if the game has no zones of control",
        '# section = "?"',
        "# not_exerted_by = []",
        "# entry_cost = 0           # extra MP to enter an enemy zone",
        "# stop = true              # a unit entering an enemy zone stops",
        "#",
        "# [referee.movement]       # costs come from each [[terrain]]'s movement",
        '# section = "?"',
        "#",
        "# [referee.combat]         # the odds table goes in tables.toml",
        '# section = "?"',
        '# table = "crt"',
        '# rounding = "down"',
        "#",
        "# [referee.supply]         # leave out if the game has no supply rule",
        '# section = "?"',
        "# length = ?",
        '# source_kind = "?"        # a kind of [[map.supply_source]] in map.toml',
    ]


def _numbering_lines(numbering: HexGridNumbering) -> list[str]:
    return [
        f"first = {toml_text(numbering.first)}",
        f"sep = {toml_text(numbering.sep)}",
        f"h_type = {toml_text(numbering.h_type)}",
        f"v_type = {toml_text(numbering.v_type)}",
        f"h_leading = {numbering.h_leading}",
        f"v_leading = {numbering.v_leading}",
        f"h_off = {numbering.h_off}",
        f"v_off = {numbering.v_off}",
        f"h_descend = {str(numbering.h_descend).lower()}",
        f"v_descend = {str(numbering.v_descend).lower()}",
        f"stagger = {str(numbering.stagger).lower()}",
        f"location_format = {toml_text(numbering.location_format)}",
    ]


def _label(board: Board, hex_: Hex) -> str:
    return board.label((hex_.column, hex_.row))


def map_toml(adoption: Adoption) -> str:
    board = adoption.board.board
    element = adoption.board.element
    default = adoption.terrain.hex_classes[0].id if adoption.terrain.hex_classes else "plain"
    out = header(adoption, "the map")
    out += [
        comment(
            f"The module's map {adoption.board.map.name!r}: its board {element.name!r} "
            + (
                f"with its own picture ({adoption.board_picture}), never redrawn"
                if adoption.board_picture
                else "(a plain board, no picture)"
            )
            + ", and the hex grid VASSAL places and names its hexes by"
            + (f" (in its zone {adoption.board.zone!r})" if adoption.board.zone else "")
            + "."
        ),
        "# The terrain drafted from the picture is in terrain.toml: correct it here, where",
        "# [map.terrain] and [map.hexsides] win over it (write only the hexes that differ).",
        "[[map]]",
        f"name = {toml_text(adoption.board.map.name)}",
        "",
        "[[map.board]]",
        f"name = {toml_text(element.name)}",
        f"default_terrain = {toml_text(default)}",
        f"size = [{board.size[0]}, {board.size[1]}]",
        f"origin = [{board.origin[0]}, {board.origin[1]}]",
        f"first_hex = {toml_text(board.label((board.columns.start, board.rows.start)))}",
        f"last_hex = {toml_text(board.label((board.columns.stop - 1, board.rows.stop - 1)))}",
    ]
    if board.off_map:
        out.append(
            "off_map = "
            + toml_list(board.label(raw) for raw in sorted(board.off_map))
            + "  # centres off the picture"
            + (" or the zone" if adoption.board.zone else "")
        )
    if not adoption.board.numbered:
        out += [
            "reconstructed = true",
            "note = "
            + toml_text(
                "The module numbers no hexes (its grid has no numbering): these numbers are "
                "Stavka's, column then row from the top left, so that data and verdicts can "
                "name hexes. VASSAL shows no number for them."
            ),
        ]
    grid = board.grid
    out += [
        "",
        "[map.board.grid]  # the module's HexGrid: hex size, origin, orientation",
        f"dx = {toml_number(grid.dx)}",
        f"dy = {toml_number(grid.dy)}",
        f"x0 = {grid.x0}",
        f"y0 = {grid.y0}",
        f"sideways = {str(grid.sideways).lower()}",
        "",
        "[map.board.numbering]  # "
        + ("the module's HexGridNumbering" if adoption.board.numbered else "Stavka's numbering"),
        *_numbering_lines(board.numbering),
    ]
    return "\n".join(out) + "\n"


def terrain_toml(adoption: Adoption) -> str:
    board = adoption.board.board
    out = [
        comment(
            f"{adoption.metadata.name}: terrain GENERATED by `stavka adopt` from the board "
            "picture of the module, hex by hex."
        ),
        "# Do not edit: correct it in map.toml, whose [map.terrain] and [map.hexsides] win",
        "# over this file. Each hex is listed with the colour sampled at its centre.",
        "",
        "[[map]]",
        f"name = {toml_text(adoption.board.map.name)}",
        "reconstructed = true",
        "note = "
        + toml_text(
            "Drafted from the colours of the board's own picture: every hex's terrain and "
            "every hexside feature is a guess for the designer to confirm or correct."
        ),
        "",
        "[map.terrain]",
        "reconstructed = true",
        "note = "
        + toml_text(
            "Each hex is the terrain of the colour sampled under its centre (written beside "
            "it), classed with hexes of close colours."
        ),
    ]
    by_class: dict[str, list[tuple[str, str]]] = {}
    for hex_, (class_id, colour) in sorted(adoption.terrain.hexes.items()):
        by_class.setdefault(class_id, []).append((_label(board, hex_), hex_code(colour)))
    for class_id, hexes in by_class.items():
        out.append(f"{class_id} = [")
        out += [f"  {toml_text(label)},  # {colour}" for label, colour in hexes]
        out.append("]")
    out += [
        "",
        "[map.hexsides]",
        "reconstructed = true",
        "note = "
        + toml_text(
            "A hexside is listed where much of a band along its middle is neither hex's "
            "colour; its colour is written beside it."
        ),
    ]
    sides: dict[str, list[tuple[str, str]]] = {}
    for side, (class_id, colour) in sorted(
        adoption.terrain.sides.items(), key=lambda item: item[0].hexes
    ):
        first, second = side.hexes
        sides.setdefault(class_id, []).append(
            (f"{_label(board, first)}/{_label(board, second)}", hex_code(colour))
        )
    for class_id, items in sides.items():
        out.append(f"{class_id} = [")
        out += [f"  {toml_text(name)},  # {colour}" for name, colour in items]
        out.append("]")
    return "\n".join(out) + "\n"


def notes_md(adoption: Adoption) -> str:
    """``ADOPTED.md``: what was adopted from where, what was left out, what comes next."""
    metadata = adoption.metadata
    board = adoption.board
    lines = [
        f"# {metadata.name}, adopted from its VASSAL module",
        "",
        f"`stavka adopt` read `{adoption.file.name}` ({metadata.name} {metadata.version}, "
        f"VASSAL {metadata.vassal_version or 'unknown'}) into this folder. Next steps: "
        f"`{GUIDE}` in Stavka's documentation.",
        "",
        "## What was read, and from where",
        "",
        f"- Sides: {', '.join(name for _, name in adoption.sides)} (the player roster).",
        f"- Map: {board.map.name!r}, board {board.element.name!r}, "
        f"{len(board.in_play)} hexes in play; grid dx {board.board.grid.dx:g}, dy "
        f"{board.board.grid.dy:g}, origin ({board.board.grid.x0}, {board.board.grid.y0}), "
        f"{'sideways' if board.board.grid.sideways else 'columns'}; "
        + (
            "the module's own hex numbers."
            if board.numbered
            else "the module numbers no hexes, so the numbers are Stavka's."
        ),
        f"- Terrain: {len(adoption.terrain.hex_classes)} hex colours and "
        f"{len(adoption.terrain.side_classes)} hexside colours drafted (terrain.toml).",
        f"- Units: {len(adoption.units)} from {len(adoption.unit_pieces)} kinds of piece.",
        f"- Scenarios: {', '.join(setup.name for setup in adoption.setups) or 'none'}.",
        "",
        "## Not adopted",
        "",
        *(f"- {printable(note)}" for note in adoption.notes),
        *(
            f"- Piece {piece.name!r}: traits {'; '.join(piece.traits)}."
            for piece in adoption.markers
            if piece.traits
        ),
        "",
        "## Traits Stavka does not interpret, by piece",
        "",
        *(f"- {piece.name}: {'; '.join(piece.traits) or 'none'}" for piece in adoption.unit_pieces),
        "",
    ]
    return "\n".join(lines)


def draft_files(adoption: Adoption) -> dict[str, bytes]:
    """Every file of the game folder, by its path in the folder."""
    texts = {
        "game.toml": game_toml(adoption),
        "map.toml": map_toml(adoption),
        "terrain.toml": terrain_toml(adoption),
        "units.toml": units_toml(adoption),
        "scenarios.toml": scenarios_toml(adoption),
        "module.toml": module_toml(adoption),
        NOTES_FILE: notes_md(adoption),
    }
    return {name: text.encode("utf-8") for name, text in texts.items()} | adoption.pictures
