"""Packing a module (``.vmod``): build file, metadata, images, help and set-up saves.

Entries are written in sorted order with fixed timestamps (the save writer's zip), so the
same data always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping

from builder.saves.names import data_entry
from builder.vassal.archive import zip_archive
from builder.vassal.metadata import Metadata, render_module_data

BUILD_FILE = "buildFile.xml"
MODULE_DATA = "moduledata"
FIXED_DATE_SAVED = "1767225600000"
"""2026-01-01 in milliseconds: a constant, so rebuilding changes no byte."""


def module_metadata(
    name: str,
    version: str,
    vassal_version: str,
    description: str,
    data_digest: str,
    data_origin: str,
) -> Metadata:
    """The ``moduledata`` of a Stavka module; saves copy it, so it is built in one place.

    ``extra1`` holds the digest of the game data the module carries and ``extra2`` the
    folder it came from: every save copies them, so the referee knows which data judges
    it, and can say which module a save needs.
    """
    return Metadata(
        name=name,
        version=version,
        vassal_version=vassal_version,
        date_saved=FIXED_DATE_SAVED,
        description=description,
        extra1=data_digest,
        extra2=data_origin,
    )


def pack_module(
    build_file: bytes,
    metadata: Metadata,
    images: Mapping[str, bytes],
    other_entries: Mapping[str, bytes],
    game_data: Mapping[str, bytes],
) -> bytes:
    """The module's bytes: ``images`` go under ``images/``, ``game_data`` (the data files
    it was built from) under ``stavka-data/``, ``other_entries`` at their names."""
    entries = [(BUILD_FILE, build_file), (MODULE_DATA, render_module_data(metadata))]
    entries += [(f"images/{name}", images[name]) for name in sorted(images)]
    entries += [(data_entry(name), game_data[name]) for name in sorted(game_data)]
    entries += [(name, other_entries[name]) for name in sorted(other_entries)]
    return zip_archive(entries)
