"""Writing TOML by hand for a drafted game folder: values quoted as TOML reads them, and
the comment that opens each file, saying where it was drafted from."""

from __future__ import annotations

import json
from collections.abc import Iterable

from builder.adopt.adoption import Adoption
from builder.printable import printable

GUIDE = "docs/designers/adopting-a-module.md"


def toml_text(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(value, ensure_ascii=False)


def toml_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def toml_list(values: Iterable[str]) -> str:
    return "[" + ", ".join(toml_text(value) for value in values) + "]"


def comment(text: str) -> str:
    return "# " + printable(text).replace("\n", " ")


def header(adoption: Adoption, what: str) -> list[str]:
    metadata = adoption.metadata
    return [
        comment(
            f"{metadata.name}: {what}, drafted by `stavka adopt` from the VASSAL module "
            f"{metadata.name!r} {metadata.version} ({adoption.file.name}, VASSAL "
            f"{metadata.vassal_version or 'unknown'}), made by someone else."
        ),
        "# What the module does not give is marked reconstructed = true with a note; "
        f"`stavka transcribe ./{adoption.game_id}` lists it.",
        f"# {GUIDE} says what to do next.",
        "",
    ]
