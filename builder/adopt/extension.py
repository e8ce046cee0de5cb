"""``stavka extension``: the referee added to a module someone else made, which stays
unchanged: a VASSAL module extension (``.vmdx``) carrying the plugin and the adopted data.

VASSAL loads an extension's build file over the module's (``ModuleExtension``): each of
its ``ExtensionElement`` adds one component to a target, here the module itself, so each
of the plugin's toolbar buttons is one. The plugin's classes lie at the archive's root, as
in a module, and the game's data under ``stavka-data/`` with its digest in the
extension's own metadata (``extensiondata``, ``extra1``); the module's ``moduledata`` is
copied in byte for byte, as VASSAL's own editor copies it into every extension. The
plugin finds the extension that carries data and names it to the referee (``--module``),
which reads the module's saves through ``module.toml`` (:mod:`rules.adopted`).

What an extension cannot do: change the module's pieces. The unit menu item "Referee:
verdicts" is a trait on each piece, so in an extension the Verdicts button (on the
selected pieces) serves instead; ``stavka attach`` writes a copy of the module with the
item on its pieces (:mod:`builder.adopt.attach`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from builder.adopt.archive import ModuleArchive
from builder.module.plugin import plugin_classes, referee_button_element, referee_buttons
from builder.release import stavka_version
from builder.saves.names import data_entry
from builder.vassal import limits as save_limits
from builder.vassal.archive import MODULE_DATA, zip_archive
from builder.vassal.metadata import Metadata
from rules.data.loader import data_digest, data_origin, game_data_files
from rules.errors import DataError, StavkaError
from rules.model import GameSpec

BUILD_FILE = "buildFile.xml"
EXTENSION_DATA = "extensiondata"
EXTENSION_CLASS = "VASSAL.build.module.ModuleExtension"
ELEMENT_CLASS = "VASSAL.build.module.ExtensionElement"
EXTENSION_ID = "stv"
"""The extension's id, which VASSAL prefixes its pieces' ids with (it adds none)."""
VASSAL_VERSION = "3.6.0-beta5"
"""The oldest VASSAL the plugin is run on (the 3.6.0 pre-release of October 2021, between
beta 5 and 6), as the extension declares it: an engine older than the version an
extension names warns in the chat, and VASSAL orders "3.6.0" after that pre-release."""
DESCRIPTION_PREFIX = "The Stavka referee for "
"""How an extension this command wrote describes itself, by which it is known again."""


@dataclass(frozen=True)
class TargetModule:
    """The module an extension is for: its ``moduledata`` as it is, and what it says."""

    metadata: Metadata
    module_data: bytes
    build_file: bytes


def target_module(spec: GameSpec, module: Path) -> TargetModule:
    """The module at ``module``, which must be the one ``spec`` was adopted from."""
    adopted = spec.adopted
    if adopted is None:
        raise DataError(
            Path(spec.folder) / "module.toml",
            None,
            f"{spec.id} was not adopted from a module (no module.toml): its own module, "
            "built by stavka build, carries the referee already",
        )
    with ModuleArchive(module) as archive:
        module_file = archive.module_file()
        module_data = archive.read(MODULE_DATA, save_limits.MAX_METADATA_BYTES)
    if module_file.metadata.name != adopted.name:
        raise DataError(
            module,
            "moduledata",
            f"this is the module {module_file.metadata.name!r}; {spec.id} was adopted from "
            f"{adopted.name!r}",
        )
    return TargetModule(module_file.metadata, module_data, module_file.build_file)


def _extension_data(spec: GameSpec, digest: str) -> bytes:
    """The extension's own metadata: its version, the digest and origin of its data."""
    root = etree.Element("data", version="1")
    for tag, text in (
        ("version", stavka_version()),
        ("extra1", digest),
        ("extra2", data_origin(spec.folder)),
        ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", "0"),
        ("description", DESCRIPTION_PREFIX + spec.title),
        ("universal", "false"),
    ):
        etree.SubElement(root, tag).text = text
    body: bytes = etree.tostring(root, encoding="UTF-8", xml_declaration=False, pretty_print=True)
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body


def extension_build_file(spec: GameSpec, target: Metadata) -> bytes:
    """The extension's build file: one extension element per referee button."""
    root = etree.Element(
        EXTENSION_CLASS,
        {
            "anyModule": "false",
            "description": DESCRIPTION_PREFIX + spec.title,
            "extensionId": EXTENSION_ID,
            "module": target.name,
            "moduleVersion": target.version,
            "nextPieceSlotId": "0",
            "vassalVersion": VASSAL_VERSION,
            "version": stavka_version(),
        },
    )
    for button in referee_buttons(spec):
        element = etree.SubElement(root, ELEMENT_CLASS, target="")
        referee_button_element(element, button, stavka_version())
    body: bytes = etree.tostring(root, encoding="UTF-8", xml_declaration=True, standalone=False)
    return body


def extension_bytes(spec: GameSpec, target: TargetModule) -> bytes:
    """The ``.vmdx`` for ``target``, carrying ``spec``'s data; the same data, module and
    plugin give the same bytes."""
    game_data = game_data_files(Path(spec.folder))
    entries: list[tuple[str, bytes]] = [
        (BUILD_FILE, extension_build_file(spec, target.metadata)),
        (EXTENSION_DATA, _extension_data(spec, data_digest(game_data))),
        (MODULE_DATA, target.module_data),
    ]
    entries += sorted(plugin_classes())
    entries += [(data_entry(name), game_data[name]) for name in sorted(game_data)]
    return zip_archive(entries)


def is_stavka_extension(path: Path) -> bool:
    """Whether ``path`` is an extension this command wrote (which a new one may replace)."""
    try:
        with ModuleArchive(path) as archive:
            if not archive.has(EXTENSION_DATA):
                return False
            data = archive.read(EXTENSION_DATA, save_limits.MAX_METADATA_BYTES)
    except StavkaError:
        return False
    return f"<description>{DESCRIPTION_PREFIX}".encode() in data


def extension_name(spec: GameSpec) -> str:
    """The extension's file name; VASSAL names it so in a save's extension record."""
    return f"{spec.id}-referee.vmdx"
