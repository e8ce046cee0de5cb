"""``stavka attach``: a copy of a module someone else made with the referee added, for
what an extension cannot do.

An extension adds components to a module but cannot change its pieces, so the unit menu
item "Referee: verdicts" (a Global Hotkey trait on each unit, as Stavka's own modules
have it) needs the module itself changed. The copy holds every entry of the module as it
is, except two: the build file, which gains the plugin's buttons and, on each piece slot
of a piece the game's ``module.toml`` names, the menu item; and ``moduledata``, which
keeps the module's name (so its saves stay its saves) and gains the digest and origin of
the data the copy carries. The plugin's classes and the data are added beside them.
Pieces already in a saved game keep the traits they were saved with: the item reaches
pieces a game takes from the palette or the at-start stacks of the copy, and the
Verdicts button serves the others.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lxml import etree

from builder.adopt import limits
from builder.adopt.archive import BUILD_FILE, OLD_BUILD_FILE, ModuleArchive
from builder.adopt.extension import target_module
from builder.module import keys
from builder.module.plugin import VERDICTS_MENU, add_referee, plugin_classes
from builder.release import stavka_version
from builder.module.traits import global_hotkey
from builder.saves.names import data_entry
from builder.vassal.archive import MODULE_DATA, zip_archive
from builder.vassal.commands import AddPiece, decode_leaf, encode_command
from builder.vassal.metadata import render_module_data
from builder.vassal.traits import join_chain, parse_basic
from rules.data.loader import data_digest, data_origin, game_data_files
from rules.errors import SaveError
from rules.model import GameSpec

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
_SLOTS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")


def _with_menu(text: str, names: frozenset[str]) -> str | None:
    """A slot's text with the verdicts menu item added, or None when its piece is not
    one of ``names``."""
    try:
        command = decode_leaf(text.strip(), "piece slot")
    except SaveError:
        return None
    if not isinstance(command, AddPiece):
        return None
    basic = parse_basic(command.type, command.state)
    if basic is None or basic.name not in names:
        return None
    menu = global_hotkey(VERDICTS_MENU, keys.ASK_VERDICTS, keys.UNIT_VERDICTS)
    return encode_command(
        replace(
            command,
            type=join_chain([menu.type_text(), command.type]),
            state=join_chain([menu.state_text(), command.state]),
        )
    )


def attached_build_file(spec: GameSpec, build_file: bytes) -> tuple[bytes, int]:
    """The module's build file with the referee's buttons, and the menu item on the slots
    of the game's pieces; how many slots got it."""
    assert spec.adopted is not None
    root = etree.fromstring(build_file, _PARSER)
    names = frozenset(spec.adopted.pieces)
    changed = 0
    for element in root.iter(*_SLOTS):
        text = _with_menu(element.text or "", names)
        if text is not None:
            element.text = text
            changed += 1
    add_referee(root, spec, stavka_version())
    body: bytes = etree.tostring(root, encoding="UTF-8", xml_declaration=True, standalone=False)
    return body, changed


def attached_bytes(spec: GameSpec, module: Path) -> tuple[bytes, int]:
    """The copy of ``module`` with the referee attached, and how many piece slots got the
    unit menu item."""
    target = target_module(spec, module)
    game_data = game_data_files(Path(spec.folder))
    metadata = replace(
        target.metadata, extra1=data_digest(game_data), extra2=data_origin(spec.folder)
    )
    build_file, changed = attached_build_file(spec, target.build_file)
    added = {name for name, _ in plugin_classes()} | {data_entry(name) for name in game_data}
    entries: list[tuple[str, bytes]] = []
    with ModuleArchive(module) as archive:
        for name in archive.names():
            if name in added:
                raise SaveError(
                    module, f"entry {name!r}", "the module holds a file the referee adds"
                )
            if name in (BUILD_FILE, OLD_BUILD_FILE):
                entries.append((name, build_file))
            elif name == MODULE_DATA:
                entries.append((name, render_module_data(metadata)))
            else:
                entries.append((name, archive.read(name, limits.MAX_IMAGE_BYTES)))
    entries += sorted(plugin_classes())
    entries += [(data_entry(name), game_data[name]) for name in sorted(game_data)]
    return zip_archive(entries), changed
