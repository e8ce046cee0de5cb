"""The transcription sheet: one HTML page of every value still marked reconstructed, each
unit with both faces of its counter drawn as the module and the PDF draw them, beside the
``file:line`` where the value is changed. A transcriber holds it next to the printed
counters and sees at a glance which differ, instead of reading TOML against cardboard."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

from builder.art.counters import screen_format, unit_faces
from builder.art.drawing import png_bytes
from rules.data.transcription import ReconstructedValue
from rules.model import GameSpec, Unit

STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; }
td, th { border-bottom: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; }
td { vertical-align: middle; }
td.where { font-family: monospace; white-space: nowrap; }
td.counter { white-space: nowrap; }
img { width: 64px; height: 64px; margin-right: 4px; }
"""


def transcription_sheet(spec: GameSpec, values: Sequence[ReconstructedValue]) -> str:
    """The page for ``values`` of ``spec``, as
    :func:`rules.data.transcription.reconstructed_values` lists them."""
    pictures: dict[str, str] = {}
    rows = []
    for value in values:
        unit = spec.units.get(value.label) if value.path.name == "units.toml" else None
        if unit is not None and unit.id not in pictures:
            pictures[unit.id] = _counter_images(unit, spec)
        where = f"{value.path}:{value.line}" if value.line else str(value.path)
        fix = "generated: correct it in map.toml" if value.generated else ""
        rows.append(
            "<tr>"
            f'<td class="counter">{pictures[unit.id] if unit is not None else ""}</td>'
            f'<td class="where">{escape(where)}</td>'
            f"<td>{escape(value.label)}</td>"
            f"<td>{escape(value.note)}</td>"
            f"<td>{escape(fix)}</td>"
            "</tr>"
        )
    title = f"{spec.title}: {len(values)} values still reconstructed"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
        f"<h1>{escape(title)}</h1>\n"
        "<p>Compare each with your printed copy. Change the value on the line given; once it "
        "is the printed one, delete its <code>reconstructed = true</code> and its note: it "
        "keeps its mark until then.</p>\n"
        "<table><tr><th>counter</th><th>where to change it</th><th>what</th><th>why "
        "reconstructed</th><th></th></tr>\n" + "\n".join(rows) + "\n</table></body></html>\n"
    )


def _counter_images(unit: Unit, spec: GameSpec) -> str:
    """The faces of ``unit``'s counter that print values (not a blank back) as inline PNGs."""
    faces = unit_faces(unit, spec, screen_format())
    shown = [("front", faces.front)] + (
        [] if faces.back_kind == "blank" else [("back", faces.back)]
    )
    return "".join(
        f'<img alt="{escape(unit.id)} {side}" src="data:image/png;base64,'
        f'{base64.b64encode(png_bytes(image)).decode("ascii")}">'
        for side, image in shown
    )
