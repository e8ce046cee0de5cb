"""The report page: a position's map, counters, verdicts and odds in one HTML file.

:func:`report_page` judges the position with its game's referee (when the game has one),
draws the board from the game data, puts each stack of counters where the module puts
it, adds the referee's map layers and any attacks asked for, and renders
``templates/report.html.j2``. The page carries everything inline — SVG, counter images as
data, its style and its script — so it opens from an e-mail attachment with no network.

What a player may not see never reaches the page: with a :class:`PlayerView` for one
side, hidden units are named by their alias and drawn with their untried face, in the
markup and in the page's data alike; and in a card game (Rattenkrieg) everything the
page says of the cards — the verdicts, the step counts on the counters, the panel of
cards — comes from the verdicts the referee built for that reader (``check_as``), never
from the position's cards themselves.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

import jinja2
from markupsafe import Markup, escape

from builder.release import stavka_version
from builder.report.area_layers import control_markers, rattenkrieg_overlays, step_counts
from builder.report.board import HexBoard, hex_board
from builder.report.cards import card_panel
from builder.report.counters import face_sheet
from builder.report.drawing import Attack, Stack, draw_map
from builder.report.map_board import MapBoard
from builder.report.overlays import Overlay, referee_overlays, stacking_overlay
from builder.report.svg import number, polygon_path, serialize
from builder.report.verdicts import SUPPLY_CLASSES, UnitPlace, places, supply_class, verdict_side
from rules.referee.engine import Referee
from rules.referee.games import has_referee, referee_for
from rules.referee.hexgame import HexReferee
from rules.referee.hidden import PlayerView, WithheldOdds
from rules.referee.odds import OddsReport
from rules.referee.position import Position, UnitState
from rules.referee.rks import RattenkriegReferee
from rules.referee.summary import headline
from rules.referee.verdict import Verdict
from rules.resources import shipped

if TYPE_CHECKING:
    from builder.report.areas import AreaBoard

TEMPLATE_DIRECTORY = shipped("templates")
TEMPLATE = "report.html.j2"
GENERATOR = '<meta name="generator" content="Stavka report'
"""How every page ``stavka report`` writes begins its generator tag, before the version that
wrote it: the mark that lets the command replace its own earlier page, and nothing else."""


REPORT_HEAD_BYTES = 2048
"""How much of a page's start :func:`is_report` reads; :data:`GENERATOR` is within it."""


def is_report(head: bytes) -> bool:
    """True when ``head``, a file's first :data:`REPORT_HEAD_BYTES`, is the start of a page
    this command wrote (it carries :data:`GENERATOR`)."""
    return GENERATOR.encode("ascii") in head


def is_area_board(board: MapBoard) -> TypeGuard[AreaBoard]:
    """True for an area game's board: every board is a hex board or an area board."""
    return not isinstance(board, HexBoard)


def board_for(position: Position) -> MapBoard:
    """The position's hex map, or its area map for an area game."""
    for game_map in position.spec.maps:
        if game_map.hex_map is not None:
            return hex_board(position.spec, game_map)
    # Imported here: an area board's geometry loads shapely, which a hex game never needs.
    from builder.report.areas import area_board

    return area_board(position.spec, position.spec.maps[0])


def report_page(
    position: Position, view: PlayerView, attacks: Sequence[Attack] = (), source_name: str = ""
) -> str:
    """The whole page for ``position`` as ``view`` sees it."""
    board = board_for(position)
    refereed = has_referee(position.spec)
    referee = referee_for(position) if refereed else None
    verdicts = view.verdicts(referee.check_as(view.side)) if referee is not None else []
    odds = (
        [view.odds(referee.odds(attack.defender, attack.attackers)) for attack in attacks]
        if isinstance(referee, HexReferee)
        else []
    )
    stacks = stacks_of(position, board, view)
    units = {
        name: UnitPlace(stack.location, state.side)
        for stack in stacks
        for state, name in zip(stack.units, stack.names, strict=True)
    }
    sides = [side.id for side in position.spec.sides]
    rows = [_row(index, verdict, units, sides) for index, verdict in enumerate(verdicts)]
    supply = {
        verdict.unit: verdict
        for verdict in verdicts
        if verdict.topic == "supply" and verdict.unit is not None
    }
    overlays = _overlays(referee)
    breaches = [place for row in rows if row.verdict.topic == "stacking" for place in row.places]
    if isinstance(referee, HexReferee):
        overlays.append(stacking_overlay(breaches, referee.stacking_rules))
    markers = (
        control_markers(referee, board)
        if isinstance(referee, RattenkriegReferee) and is_area_board(board)
        else []
    )
    faces = face_sheet(position.spec)
    drawing = draw_map(
        board,
        stacks,
        supply,
        overlays,
        odds,
        attacks,
        position,
        view,
        faces,
        step_counts(verdicts),
        markers,
    )
    data: dict[str, object] = {
        "units": {
            name: {
                "name": unit_name(state, view.hides(state.unit.id)),
                "side": state.side,
                "location": stack.location,
                "at": [float(number(value)) for value in stack.point],
                "outcome": supply[name].outcome if name in supply else None,
                "path": list(supply[name].path) if name in supply else [],
                "verdicts": [row.index for row in rows if row.verdict.unit == name],
            }
            for stack in stacks
            for state, name in zip(stack.units, stack.names, strict=True)
        },
        "stacks": _stack_names(stacks),
        "centres": board.locations(),
        "verdicts": [row.as_json() for row in rows],
        "hexSize": board.hex_size,
        "frame": list(board.frame()),
    }
    if is_area_board(board):
        data["areas"] = {
            area.id: {"name": area.name, "outline": polygon_path([board.outline(area.id)])}
            for area in board.game_map.areas
        }
    hidden_information = referee is not None and referee.hidden_information
    return rendered_page(
        TEMPLATE,
        ("report.css",),
        "report.js",
        "",
        spec=position.spec,
        position=position,
        source_name=source_name,
        headline=headline(position, verdicts, view.side, hidden_information)
        if referee is not None
        else f"{position.spec.title}, turn {position.turn} — no referee for this game yet",
        seen_by=view.side,
        hidden_information=hidden_information,
        hidden_count=len(view.aliases),
        has_referee=refereed,
        has_supply=isinstance(referee, HexReferee),
        svg=Markup(serialize(drawing)),
        map_legend=board.legend(),
        supply_legend=_supply_legend(supply.values()),
        overlays=overlays,
        markers=markers,
        cards=card_panel(position.spec, verdicts),
        tally=_tally(rows, position),
        kinds=sorted(
            {(row.kind, row.css_class) for row in rows}, key=lambda kind: (kind[1] == "topic", kind)
        ),
        rows=rows,
        odds=[_odds_entry(entry) for entry in odds],
        data=data,
    )


def rendered_page(
    template: str, styles: Sequence[str], script: str, generator_note: str, **context: object
) -> str:
    """One of our pages (the report, the audit's timeline): ``template`` rendered with
    ``context``, its style sheets and script inlined and hashed for its
    Content-Security-Policy, and the generator mark :func:`is_report` knows it by."""
    style = "".join((TEMPLATE_DIRECTORY / name).read_text(encoding="utf-8") for name in styles)
    code = (TEMPLATE_DIRECTORY / script).read_text(encoding="utf-8")
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIRECTORY),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    return environment.get_template(template).render(
        generator=Markup(f'{GENERATOR} {escape(stavka_version())}{escape(generator_note)}">'),
        style=Markup(style),
        script=Markup(code),
        style_hash=content_hash(style),
        script_hash=content_hash(code),
        **context,
    )


def _overlays(referee: Referee | None) -> list[Overlay]:
    """The map layers of the position's referee (none without one)."""
    if isinstance(referee, RattenkriegReferee):
        return rattenkrieg_overlays(referee)
    return referee_overlays(referee) if referee is not None else []


def content_hash(text: str) -> str:
    """A Content-Security-Policy source for one inline block: only the page's own style and
    script run, so even markup that slipped past escaping could not execute."""
    return (
        "'sha256-"
        + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
        + "'"
    )


def stacks_of(
    position: Position,
    board: MapBoard,
    view: PlayerView,
    location_of: Callable[[UnitState], str | None] | None = None,
) -> list[Stack]:
    """Units grouped by place in the position's order (the last listed is on top), and
    into stacks as the board stands them there. ``location_of`` (by default the board's)
    lets a caller placing many positions of one game read each unit's place once."""
    by_place: dict[str, list[UnitState]] = {}
    for state in position.units:
        location = (location_of or board.location_of)(state)
        if location is not None:
            by_place.setdefault(location, []).append(state)
    return [
        Stack(location, point, states, tuple(view.shown(state.unit.id) for state in states))
        for location, placed in by_place.items()
        for point, states in board.stacks_at(location, placed)
    ]


def _stack_names(stacks: Sequence[Stack]) -> dict[str, list[str]]:
    """Every unit in each place, bottom to top, whichever stack there it stands in."""
    names: dict[str, list[str]] = {}
    for stack in stacks:
        names.setdefault(stack.location, []).extend(stack.names)
    return names


def unit_name(state: UnitState, hidden: bool) -> str:
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


def _row(
    index: int, verdict: Verdict, units: Mapping[str, UnitPlace], sides: Sequence[str]
) -> VerdictRow:
    supply = verdict.topic == "supply"
    return VerdictRow(
        index,
        verdict,
        verdict_side(verdict, units, sides) or "game",
        places(verdict, units),
        supply_class(verdict) if supply else "topic",
        verdict.outcome if supply else verdict.topic,
    )


def _tally(
    rows: Sequence[VerdictRow], position: Position
) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per side, the summary under the headline: how many units are in each supply state,
    then each other verdict's outcome ("3 gap hexes"), or its count when there are several."""
    result = []
    for side in position.spec.sides:
        kinds: dict[tuple[str, str], list[VerdictRow]] = {}
        for row in rows:
            if row.side == side.id:
                kinds.setdefault((row.kind, row.css_class), []).append(row)
        chips = []
        for (kind, css), found in sorted(
            kinds.items(), key=lambda item: (item[0][1] == "topic", item[0])
        ):
            if css == "topic" and len(found) == 1:
                chips.append((f"{kind}: {found[0].verdict.outcome}", css))
            else:
                chips.append((f"{len(found)} {kind}", css))
        result.append((side.name, chips))
    return result


def _supply_legend(verdicts: Iterable[Verdict]) -> list[tuple[str, str, str, str]]:
    """The supply states on this map: class, colour, marker and what it means in this game's words."""
    seen: dict[str, set[str]] = {}
    for verdict in verdicts:
        seen.setdefault(supply_class(verdict), set()).add(verdict.outcome)
    return [
        (css, SUPPLY_CLASSES[css][0], SUPPLY_CLASSES[css][1], "; ".join(sorted(seen[css])))
        for css in ("supplied", "limited", "out", "isolated", "other")
        if css in seen
    ]


def _odds_entry(report: OddsReport | WithheldOdds) -> dict[str, object]:
    """An attack's working for the panel, or why its odds are not known."""
    if isinstance(report, WithheldOdds):
        return {"withheld": True, "report": report}
    column = report.automatic if report.automatic is not None else str(report.final_column)
    return {"withheld": False, "report": report, "column": column}
