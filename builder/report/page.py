"""The report page: a position's map, counters, verdicts and odds in one HTML file.

:func:`build_report` judges the position with its game's referee (when the game has one),
draws the board from the game data, puts each stack of counters where the module puts
it, adds the referee's map layers and any attacks asked for, and renders
``templates/report.html.j2``. The page carries everything inline — SVG, counter images as
data, its style and its script — so it opens from an e-mail attachment with no network.

What a player may not see never reaches the page: with a :class:`PlayerView` for one
side, hidden units are named by their alias and drawn with their untried face, in the
markup and in the page's data alike.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from xml.etree import ElementTree

import jinja2
from markupsafe import Markup

from builder.report.areas import area_board
from builder.report.board import LegendEntry, hex_board
from builder.report.counters import FaceSheet, face_sheet
from builder.report.overlays import Overlay, referee_overlays, stacking_overlay
from builder.report.svg import Point, element, group, number, polygon_path, polyline_points, serialize, title
from builder.report.verdicts import SUPPLY_CLASSES, UnitPlace, places, supply_class, verdict_side
from rules.hexes import Hex
from rules.referee.engine import REFEREES, OddsReport
from rules.referee.games import referee_for
from rules.referee.hidden import PlayerView, WithheldOdds
from rules.referee.position import Position, UnitState
from rules.referee.summary import headline
from rules.referee.verdict import Verdict

TEMPLATE_DIRECTORY = Path(__file__).resolve().parents[2] / "templates"
TEMPLATE = "report.html.j2"
GENERATOR = '<meta name="generator" content="Stavka report">'
"""The mark that lets ``stavka report`` replace its own earlier page, and nothing else."""
STACK_OFFSET = 4.0
"""Map pixels each counter below the top one shows, up and to the right, as VASSAL stacks."""
SHOWN_BELOW = 3
"""Counters drawn below the top one; a taller stack says its size in a badge."""
WORST_FIRST = ("isolated", "out", "limited", "other", "supplied")


class MapBoard(Protocol):
    """What the page needs of a map, hex or area: where places are and how to draw it."""

    @property
    def hex_size(self) -> float: ...

    @property
    def counter_size(self) -> float: ...

    def location_of(self, state: UnitState) -> str | None: ...

    def point(self, location: str) -> Point: ...

    def outline(self, location: str) -> list[Point]: ...

    def frame(self) -> tuple[float, float, float, float]: ...

    def locations(self) -> dict[str, Point]: ...

    def draw(self) -> ElementTree.Element: ...

    def legend(self) -> list[LegendEntry]: ...


@dataclass(frozen=True)
class Attack:
    """An attack a player asks the odds of: the defender's hex and the attackers' hexes."""

    defender: Hex
    attackers: tuple[Hex, ...]


@dataclass(frozen=True)
class Stack:
    """The units in one place, bottom to top, under the names this player sees."""

    location: str
    units: tuple[UnitState, ...]
    names: tuple[str, ...]


def is_report(path: Path) -> bool:
    """True when ``path`` is a page this command wrote (its head carries :data:`GENERATOR`)."""
    with path.open("rb") as stream:
        return GENERATOR.encode("ascii") in stream.read(2048)


def board_for(position: Position) -> MapBoard:
    """The position's hex map, or its area map for an area game."""
    for game_map in position.spec.maps:
        if game_map.hex_map is not None:
            return hex_board(position.spec, game_map)
    return area_board(position.spec, position.spec.maps[0])


def build_report(position: Position, view: PlayerView, attacks: Sequence[Attack] = (), source_name: str = "") -> str:
    """The whole page for ``position`` as ``view`` sees it."""
    board = board_for(position)
    has_referee = position.spec.id in REFEREES
    referee = referee_for(position) if has_referee else None
    verdicts = view.verdicts(referee.check()) if referee is not None else []
    odds = [view.odds(referee.odds(attack.defender, attack.attackers)) for attack in attacks] if referee else []
    stacks = _stacks(position, board, view)
    units = {name: UnitPlace(stack.location, state.side)
             for stack in stacks for state, name in zip(stack.units, stack.names)}
    sides = [side.id for side in position.spec.sides]
    rows = [_row(index, verdict, units, sides) for index, verdict in enumerate(verdicts)]
    supply = {verdict.unit: verdict for verdict in verdicts if verdict.topic == "supply" and verdict.unit is not None}
    overlays = referee_overlays(referee) if referee is not None else []
    breaches = [place for row in rows if row.verdict.topic == "stacking" for place in row.places]
    if referee is not None:
        overlays.append(stacking_overlay(breaches, referee.stacking_rules))
    faces = face_sheet(position.spec)
    drawing = _map(board, stacks, supply, overlays, odds, attacks, position, view, faces)
    data = {
        "units": {
            name: {
                "name": _unit_name(state, view.hides(state.unit.id)), "side": state.side, "location": stack.location,
                "outcome": supply[name].outcome if name in supply else None,
                "path": list(supply[name].path) if name in supply else [],
                "verdicts": [row.index for row in rows if row.verdict.unit == name],
            }
            for stack in stacks for state, name in zip(stack.units, stack.names)
        },
        "stacks": {stack.location: list(stack.names) for stack in stacks},
        "centres": board.locations(),
        "verdicts": [row.as_json() for row in rows],
        "hexSize": board.hex_size,
        "frame": list(board.frame()),
    }
    style = (TEMPLATE_DIRECTORY / "report.css").read_text(encoding="utf-8")
    script = (TEMPLATE_DIRECTORY / "report.js").read_text(encoding="utf-8")
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIRECTORY), autoescape=True, undefined=jinja2.StrictUndefined,
    )
    return environment.get_template(TEMPLATE).render(
        generator=Markup(GENERATOR),
        style=Markup(style),
        script=Markup(script),
        style_hash=_content_hash(style),
        script_hash=_content_hash(script),
        spec=position.spec,
        position=position,
        source_name=source_name,
        headline=headline(position, verdicts, view.side) if has_referee else
        f"{position.spec.title}, turn {position.turn} — no referee for this game yet",
        seen_by=view.side,
        hidden_count=len(view.aliases),
        has_referee=has_referee,
        svg=Markup(serialize(drawing)),
        map_legend=board.legend(),
        supply_legend=_supply_legend(supply.values()),
        overlays=overlays,
        tally=_tally(rows, position),
        kinds=sorted({(row.kind, row.css_class) for row in rows}, key=lambda kind: (kind[1] == "topic", kind)),
        rows=rows,
        odds=[_odds_entry(entry) for entry in odds],
        data=data,
    )


def _content_hash(text: str) -> str:
    """A Content-Security-Policy source for one inline block: only the page's own style and
    script run, so even markup that slipped past escaping could not execute."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _stacks(position: Position, board: MapBoard, view: PlayerView) -> list[Stack]:
    """Units grouped by place in the position's order (the last listed is on top)."""
    by_place: dict[str, list[UnitState]] = {}
    for state in position.units:
        location = board.location_of(state)
        if location is not None:
            by_place.setdefault(location, []).append(state)
    return [
        Stack(location, tuple(states), tuple(view.shown(state.unit.id) for state in states))
        for location, states in by_place.items()
    ]


def _unit_name(state: UnitState, hidden: bool) -> str:
    """What a player reads on the counter's tooltip: its name, or only what its untried face shows."""
    unit = state.unit
    if hidden:
        return f"untried {unit.arm.replace('_', ' ')} {unit.size}"
    return unit.name + (" (reduced)" if state.steps < len(unit.steps) else "")


@dataclass(frozen=True)
class VerdictRow:
    """One verdict as the panel lists it: whose it is, where it is, and how it is filtered.

    ``kind`` is what the state filter sorts by: the outcome of a supply verdict ("out of
    supply"), the topic of any other ("zone of control").
    """

    index: int
    verdict: Verdict
    side: str
    places: tuple[str, ...]
    css_class: str
    kind: str

    def as_json(self) -> dict[str, object]:
        return {**self.verdict.as_json(), "side": self.side, "places": list(self.places)}


def _row(index: int, verdict: Verdict, units: Mapping[str, UnitPlace], sides: Sequence[str]) -> VerdictRow:
    supply = verdict.topic == "supply"
    return VerdictRow(
        index, verdict, verdict_side(verdict, units, sides) or "game", places(verdict, units),
        supply_class(verdict.outcome) if supply else "topic", verdict.outcome if supply else verdict.topic,
    )


def _tally(rows: Sequence[VerdictRow], position: Position) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per side, the summary under the headline: how many units are in each supply state,
    then each other verdict's outcome ("3 gap hexes"), or its count when there are several."""
    result = []
    for side in position.spec.sides:
        kinds: dict[tuple[str, str], list[VerdictRow]] = {}
        for row in rows:
            if row.side == side.id:
                kinds.setdefault((row.kind, row.css_class), []).append(row)
        chips = []
        for (kind, css), found in sorted(kinds.items(), key=lambda item: (item[0][1] == "topic", item[0])):
            if css != "topic":
                chips.append((f"{len(found)} {kind}", css))
            elif len(found) == 1:
                chips.append((f"{kind}: {found[0].verdict.outcome}", css))
            else:
                chips.append((f"{len(found)} {kind}", css))
        result.append((side.name, chips))
    return result


def _supply_legend(verdicts: Iterable[Verdict]) -> list[tuple[str, str, str, str]]:
    """The supply states on this map: class, colour, marker and what it means in this game's words."""
    seen: dict[str, set[str]] = {}
    for verdict in verdicts:
        seen.setdefault(supply_class(verdict.outcome), set()).add(verdict.outcome)
    return [
        (css, SUPPLY_CLASSES[css][0], SUPPLY_CLASSES[css][1], "; ".join(sorted(seen[css])))
        for css in ("supplied", "limited", "out", "isolated", "other") if css in seen
    ]


def _odds_entry(report: OddsReport | WithheldOdds) -> dict[str, object]:
    """An attack's working for the panel, or why its odds are not known."""
    if isinstance(report, WithheldOdds):
        return {"withheld": True, "report": report}
    column = report.automatic if report.automatic is not None else str(report.final_column)
    return {"withheld": False, "report": report, "column": column}


def _map(
    board: MapBoard, stacks: Sequence[Stack], supply: Mapping[str, Verdict], overlays: Sequence[Overlay],
    odds: Sequence[OddsReport | WithheldOdds], attacks: Sequence[Attack], position: Position, view: PlayerView,
    faces: FaceSheet,
) -> ElementTree.Element:
    left, top, width, height = board.frame()
    svg = element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "id": "map", "viewBox": " ".join(number(v) for v in (left, top, width, height)),
        "role": "img", "aria-label": f"{position.spec.title} map",
    })
    defs = element("defs")
    svg.append(defs)
    defs.append(element("marker", {
        "id": "arrowhead", "viewBox": "0 0 10 10", "refX": "8", "refY": "5", "markerWidth": "5", "markerHeight": "5",
        "orient": "auto-start-reverse",
    }, element("path", {"d": "M0 0L10 5L0 10Z", "fill": "context-stroke"})))
    svg.append(board.draw())
    sides = [side.id for side in position.spec.sides]
    for overlay in overlays:
        svg.append(_overlay(board, overlay, defs, sides))
    svg.append(_units(board, stacks, view, faces))
    svg.append(_supply_marks(board, stacks, supply))
    svg.append(_odds_arrows(board, odds, attacks, position))
    svg.append(group("layer-line", "layer"))
    svg.append(group("highlight"))
    for identifier, data in faces.images.items():
        defs.append(element("image", {"id": identifier, "href": data, "width": number(board.counter_size),
                                      "height": number(board.counter_size)}))
    return svg


def _overlay(board: MapBoard, overlay: Overlay, defs: ElementTree.Element, sides: Sequence[str]) -> ElementTree.Element:
    """One layer's marks: hatched places (the two sides' hatching crossed), crosses, outlines,
    or circled sources with the lines joining them."""
    layer = group(f"layer-{overlay.id}", "layer" + ("" if overlay.shown else " hidden"))
    layer.set("data-count", str(len(overlay.places)))
    size = board.hex_size
    if overlay.style == "hatch":
        pattern = f"hatch-{overlay.id}"
        angle = "-45" if sides and overlay.side == sides[-1] else "45"
        defs.append(element("pattern", {
            "id": pattern, "patternUnits": "userSpaceOnUse", "width": number(size / 6), "height": number(size / 6),
            "patternTransform": f"rotate({angle})",
        }, element("rect", {"width": number(size / 6), "height": number(size / 6), "fill": overlay.colour,
                            "fill-opacity": "0.12"}),
            element("line", {"x1": "0", "y1": "0", "x2": "0", "y2": number(size / 6), "stroke": overlay.colour,
                             "stroke-width": number(size / 30), "stroke-opacity": "0.7"})))
        layer.append(element("path", {"d": polygon_path(board.outline(place) for place in overlay.places),
                                      "fill": f"url(#{pattern})"}))
    elif overlay.style == "cross":
        for place in overlay.places:
            x, y = board.point(place)
            arm = size * 0.28
            layer.append(element("path", {
                "d": f"M{number(x - arm)} {number(y - arm)}L{number(x + arm)} {number(y + arm)}"
                     f"M{number(x - arm)} {number(y + arm)}L{number(x + arm)} {number(y - arm)}",
                "stroke": overlay.colour, "stroke-width": number(size * 0.09), "stroke-linecap": "round",
            }, title(f"{overlay.name}: {place}")))
    elif overlay.style == "outline":
        layer.append(element("path", {"d": polygon_path(board.outline(place) for place in overlay.places),
                                      "fill": overlay.colour, "fill-opacity": "0.15", "stroke": overlay.colour,
                                      "stroke-width": number(size * 0.1)}))
    else:
        for line in overlay.lines:
            layer.append(element("polyline", {
                "points": polyline_points(board.point(place) for place in line), "fill": "none",
                "stroke": overlay.colour, "stroke-width": number(size * 0.06), "stroke-dasharray":
                f"{number(size * 0.15)} {number(size * 0.1)}", "stroke-linejoin": "round",
            }))
        for place in overlay.places:
            x, y = board.point(place)
            layer.append(element("circle", {
                "cx": number(x), "cy": number(y), "r": number(size * 0.45), "fill": overlay.colour,
                "fill-opacity": "0.2", "stroke": overlay.colour, "stroke-width": number(size * 0.07),
            }, title(f"{overlay.name}: {place}")))
    return layer


def _units(board: MapBoard, stacks: Sequence[Stack], view: PlayerView, sheet: FaceSheet) -> ElementTree.Element:
    """Each stack: the counters below the top one peeking out, the top face, and the size badge."""
    layer = group("layer-units", "layer")
    size = board.counter_size
    for stack in stacks:
        x, y = board.point(stack.location)
        names = ", ".join(stack.names)
        stack_group = element("g", {
            "class": "stack", "data-location": stack.location, "data-units": " ".join(stack.names),
            "transform": f"translate({number(x)} {number(y)})", "tabindex": "0",
        }, title(f"{stack.location}: {names}"))
        shown = [*stack.units[:-1][-SHOWN_BELOW:], stack.units[-1]]
        for level, state in enumerate(shown):
            offset = (len(shown) - 1 - level) * STACK_OFFSET
            face = sheet.face_of(state, view.hides(state.unit.id))
            stack_group.append(element("use", {
                "href": f"#{face}", "x": number(-size / 2 + offset), "y": number(-size / 2 - offset),
                "data-unit": view.shown(state.unit.id),
            }))
        if len(stack.units) > 1:
            corner = (size / 2 + (len(shown) - 1) * STACK_OFFSET, -size / 2 - (len(shown) - 1) * STACK_OFFSET)
            stack_group.append(element("circle", {"cx": number(corner[0]), "cy": number(corner[1]), "r": number(size * 0.2),
                                                  "class": "stack-count"}))
            stack_group.append(element("text", {"x": number(corner[0]), "y": number(corner[1]),
                                                "class": "stack-count-text", "font-size": number(size * 0.26)},
                                       text=str(len(stack.units))))
        layer.append(stack_group)
    return layer


def _supply_marks(board: MapBoard, stacks: Sequence[Stack], supply: Mapping[str, Verdict]) -> ElementTree.Element:
    """Around each stack, the colour of its worst supply state: a thin edge when all are in
    supply, a thick one and a marker otherwise, so problems stand out at a glance."""
    layer = group("layer-supply", "layer")
    size = board.counter_size
    for stack in stacks:
        classes = {supply_class(supply[name].outcome) for name in stack.names if name in supply}
        if not classes:
            continue
        worst = next(css for css in WORST_FIRST if css in classes)
        stroke, marker, _ = SUPPLY_CLASSES[worst]
        x, y = board.point(stack.location)
        half = size / 2 + 2
        mark = element("g", {"class": f"supply-mark supply-{worst}", "data-location": stack.location})
        mark.append(element("rect", {"x": number(x - half), "y": number(y - half), "width": number(2 * half),
                                     "height": number(2 * half), "fill": "none", "stroke": stroke,
                                     "stroke-width": number(size * (0.04 if worst == "supplied" else 0.09)),
                                     "rx": number(size * 0.06)}))
        if marker:
            mark.append(element("circle", {"cx": number(x - half), "cy": number(y + half), "r": number(size * 0.2),
                                           "fill": stroke, "stroke": "#ffffff", "stroke-width": number(size * 0.03)}))
            mark.append(element("text", {"x": number(x - half), "y": number(y + half), "class": "supply-glyph",
                                         "font-size": number(size * 0.28)}, text=marker))
        layer.append(mark)
    return layer


def _odds_arrows(board: MapBoard, odds: Sequence[OddsReport | WithheldOdds], attacks: Sequence[Attack],
                 position: Position) -> ElementTree.Element:
    """An arrow from each attacking hex to the defender, and the attack's column at its head."""
    layer = group("layer-odds", "layer")
    size = board.hex_size
    for report, attack in zip(odds, attacks):
        target = position.label(attack.defender)
        tx, ty = board.point(target)
        for hex_ in attack.attackers:
            sx, sy = board.point(position.label(hex_))
            length = ((tx - sx) ** 2 + (ty - sy) ** 2) ** 0.5 or 1.0
            ux, uy = (tx - sx) / length, (ty - sy) / length
            layer.append(element("line", {
                "x1": number(sx + ux * size * 0.2), "y1": number(sy + uy * size * 0.2),
                "x2": number(tx - ux * size * 0.42), "y2": number(ty - uy * size * 0.42),
                "stroke": "#ff6a00", "stroke-width": number(size * 0.1), "marker-end": "url(#arrowhead)",
                "class": "odds-arrow",
            }))
        label = "?" if isinstance(report, WithheldOdds) else (
            report.automatic if report.automatic is not None else str(report.final_column))
        layer.append(element("g", {"class": "odds-label", "data-defender": target},
                             element("rect", {"x": number(tx - size * 0.42), "y": number(ty - size * 0.78),
                                              "width": number(size * 0.84), "height": number(size * 0.36),
                                              "rx": number(size * 0.08)}),
                             element("text", {"x": number(tx), "y": number(ty - size * 0.6),
                                              "font-size": number(size * 0.26)}, text=label),
                             title(f"attack on {target}: {label}")))
    return layer
