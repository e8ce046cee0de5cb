"""``moduledata`` and ``savedata``: which module a save belongs to, and when it was made.

A save carries a byte copy of its module's ``moduledata``; comparing its ``<name>`` with
the module's is how VASSAL, and we, notice a save from another game. The XML comes from
untrusted files, so it is parsed without entities, DTDs or network access.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from rules.errors import SaveError

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


@dataclass(frozen=True)
class Metadata:
    """The fields of a ``<data version="1">`` file; absent elements are empty strings.

    ``name`` is the untranslated module name (saves' ``savedata`` has none);
    ``vassal_version`` is the engine that wrote the file; ``date_saved`` is
    milliseconds since the epoch as text, exactly as written.
    """

    name: str
    version: str
    vassal_version: str
    date_saved: str
    description: str
    extra1: str = ""
    extra2: str = ""


def parse_metadata(data: bytes, place: str) -> Metadata:
    """Read a ``moduledata``/``savedata`` entry; ``place`` names it in errors."""
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as error:
        # libxml2 reports over several lines; the first says what and where.
        reason = str(error).strip().splitlines()[0] if str(error).strip() else "unreadable"
        raise SaveError(None, place, f"metadata is not well-formed XML ({reason})") from error
    if root.tag != "data":
        raise SaveError(None, place, f"metadata root is <{root.tag}>, expected <data>")

    def text_of(tag: str) -> str:
        # Translations carry a lang attribute (swapped with the text before 3.6.11);
        # the untranslated element is the one without it.
        for element in root.iterchildren(tag):
            if element.get("lang") is None:
                return (element.text or "").strip()
        return ""

    return Metadata(
        name=text_of("name"),
        version=text_of("version"),
        vassal_version=text_of("VassalVersion"),
        date_saved=text_of("dateSaved"),
        description=text_of("description"),
        extra1=text_of("extra1"),
        extra2=text_of("extra2"),
    )


def _render(metadata: Metadata, with_name: bool) -> bytes:
    root = etree.Element("data", version="1")
    for tag, text in (
        ("version", metadata.version),
        ("extra1", metadata.extra1),
        ("extra2", metadata.extra2),
        ("VassalVersion", metadata.vassal_version),
        ("dateSaved", metadata.date_saved),
        ("description", metadata.description),
        *((("name", metadata.name),) if with_name else ()),
    ):
        etree.SubElement(root, tag).text = text
    body: bytes = etree.tostring(root, encoding="UTF-8", xml_declaration=False, pretty_print=True)
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body


def render_save_data(metadata: Metadata) -> bytes:
    """A ``savedata`` entry (no ``<name>``: VASSAL takes the name from ``moduledata``)."""
    return _render(metadata, with_name=False)


def render_module_data(metadata: Metadata) -> bytes:
    """A ``moduledata`` entry for a module we build ourselves."""
    return _render(metadata, with_name=True)
