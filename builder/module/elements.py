"""Build-file elements: VASSAL component tags with sorted attributes, and piece texts.

Attributes are written in sorted order, so identical input gives identical bytes.
"""

from __future__ import annotations

from lxml import etree

from builder.vassal.commands import AddPiece, encode_command
from builder.vassal.traits import Trait, chain_texts

PACKAGE = "VASSAL.build"


def element(parent: etree._Element, tag: str, **attributes: str) -> etree._Element:
    """A child ``VASSAL.build.<tag>`` of ``parent`` with ``attributes`` in sorted order."""
    return etree.SubElement(
        parent, f"{PACKAGE}.{tag}", {key: attributes[key] for key in sorted(attributes)}
    )


def piece_text(traits: tuple[Trait, ...]) -> str:
    """The text of a PieceSlot or PrototypeDefinition: an AddPiece command of the chain."""
    piece_type, state = chain_texts(traits)
    return encode_command(AddPiece(piece_id=None, type=piece_type, state=state))
