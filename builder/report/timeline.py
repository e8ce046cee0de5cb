"""The audit's timeline page: the ledger beside the map, and the map as it stood at each entry.

``stavka audit --format html`` writes it. The board is the report page's own
(:func:`builder.report.page.board_for`, :func:`builder.report.drawing.draw_map`), drawn
once; the counters are placed by the page's script from frames, one for each snapshot
of the trail the ledger was judged on: the first lists every counter, each later one only
the counters that moved, changed face or left, each by its place, its level in the stack
and an index into the page's looks (face and tooltip, listed once), so a long log stays
a small page and is written in little more time than its ledger.

What a player may not see never reaches the page: with ``side`` the entries are the
ledger's own for that reader (:meth:`Ledger.seen_by`), and each frame names and draws a
unit still untried at that step (DoS 2.14) by its alias and untried face, exactly as the
entries do (:meth:`Ledger.hidden_at`). Rattenkrieg's cards are never drawn: the map shows
units and control markers, and every word about a card is the reader's entry.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from PIL import Image

from builder.report.counters import SHOWN_BELOW, STACK_OFFSET, FaceSheet, face_sheet
from builder.report.drawing import draw_map
from builder.report.map_board import MapBoard
from builder.report.page import board_for, is_area_board, rendered_page, unit_name
from builder.report.svg import number, polygon_path, serialize
from rules.audit.ledger import Entry, Ledger
from rules.audit.trail import Snapshot, Trail
from rules.referee.hidden import PlayerView
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

TEMPLATE = "timeline.html.j2"
FACE_SUPERSAMPLING = 2
"""The page paints each counter face twice its size before shrinking it, not four times
as the art does at this size, and chooses its PNG's shades by the fast octree rather than
median cut (:data:`FACE_PALETTE`): on screen neither can be told apart (compared side by
side at twice the size), and a log's page draws every face of the game, which the art's
way took more time than the rest of the page (the octree's PNGs are a third smaller too)."""
FACE_PALETTE = Image.Quantize.FASTOCTREE
MARKER_PREFIX = "control:"
"""How the frames name a control marker (Rattenkrieg 3.6): by its area, apart from units."""


@dataclass(frozen=True)
class TimelineEntry:
    """A ledger entry as the timeline lists it: the fragment that selects it, the frame
    its map shows (the last snapshot at or before its step) and its mark."""

    anchor: str
    entry: Entry
    frame: int

    @property
    def mark(self) -> str:
        """``illegal``, ``legal`` or ``noted``, from the verdict's typed fields."""
        return mark_of(self.entry.verdict)

    @property
    def units(self) -> list[str]:
        """Every unit the entry is about, by the name the page's counters go by: its unit,
        and those it names (an attack's, a stack's, a duel's two)."""
        verdict = self.entry.verdict
        named = [verdict.unit, *verdict.details.get("units", "").split(",")]
        return list(dict.fromkeys(name.strip() for name in named if name and name.strip()))

    def as_json(self) -> dict[str, object]:
        """What the script reads of the entry beside its link (whose id is its anchor and
        whose class its mark); a field with nothing to say is left out (no unit, place or
        path; ``units`` when it is only the entry's unit)."""
        verdict = self.entry.verdict
        fields: dict[str, object] = {
            "frame": self.frame,
            "topic": verdict.topic,
            "unit": verdict.unit,
            "units": self.units if self.units != [verdict.unit] else None,
            "place": None if verdict.place is None else verdict.place.name,
            "path": list(verdict.path),
        }
        return {key: value for key, value in fields.items() if value not in (None, [])}


def mark_of(verdict: Verdict) -> str:
    """Whether the entry found a breach, a legal act, or neither (a record, a state)."""
    if verdict.violation or verdict.state == "illegal":
        return "illegal"
    return "legal" if verdict.state == "legal" else "noted"


def anchors(entries: Sequence[Entry]) -> list[str]:
    """Each entry's fragment: ``step-N`` for the first entry of log step N, ``step-N-2``
    and on for the others, so a link to a step selects its first act."""
    seen: dict[int, int] = {}
    result = []
    for entry in entries:
        seen[entry.step] = seen.get(entry.step, 0) + 1
        count = seen[entry.step]
        result.append(f"step-{entry.step}" + (f"-{count}" if count > 1 else ""))
    return result


@dataclass
class Placer:
    """Places the counters of one game's positions on one board, snapshot after snapshot,
    working out only what a step changed: each unit reading's place, face and tooltip is
    worked out once (a log's snapshots share the readings of every unit no step touched),
    and only the places a changed unit left or entered are stacked again, so a long log
    costs little more than its changes.

    A counter goes into a frame as ``[place, level, look]`` where its stack stands at the
    place's centre (every hex) and ``[place, x, y, level, look]`` elsewhere (a side's spot
    in an area); ``look`` indexes :attr:`looks`, each face and tooltip listed once.
    """

    board: MapBoard
    faces: FaceSheet
    rank: Mapping[str, int]
    """Each unit's place in the game's data, the order a position lists its units in."""
    known: dict[tuple[int, bool], tuple[str | None, str, str]] = field(default_factory=dict)
    kept: list[UnitState] = field(default_factory=list)
    """The readings ``known`` is keyed by (their ids), kept alive so no id is reused."""
    faces_seen: dict[tuple[str, int, frozenset[str], bool], tuple[str, str]] = field(
        default_factory=dict
    )
    """The face and tooltip of each unit by its steps, flags and whether it is hidden."""
    looks: dict[tuple[str, str], int] = field(default_factory=dict)
    states: dict[str, UnitState] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()
    at: dict[str, set[str]] = field(default_factory=dict)
    """The units standing in each place, by id, as last placed."""
    names_at: dict[str, list[str]] = field(default_factory=dict)
    """The counters drawn in each place, by the names they went by, as last placed."""
    placed: dict[str, list[object]] = field(default_factory=dict)
    centres: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _reading(self, state: UnitState, hidden: bool) -> tuple[str | None, str, str]:
        key = (id(state), hidden)
        if key not in self.known:
            self.kept.append(state)
            # A unit that only moved shows the face it showed: worked out once per look.
            look = (state.unit.id, state.steps, state.flags, hidden)
            if look not in self.faces_seen:
                self.faces_seen[look] = (
                    self.faces.face_of(state, hidden),
                    unit_name(state, hidden),
                )
            self.known[key] = (self.board.location_of(state), *self.faces_seen[look])
        return self.known[key]

    def _look(self, face: str, title: str) -> int:
        return self.looks.setdefault((face, title), len(self.looks))

    def _counter(
        self, place: str, point: tuple[float, float], level: int, look: int
    ) -> list[object]:
        if self.centres.get(place) == point:
            return [place, level, look]
        return [place, *point, level, look]

    def changes(self, position: Position, view: PlayerView) -> dict[str, object]:
        """What ``position`` changes on the map since the last one placed, as ``view``
        sees it: each counter placed anew or changed, None for one gone."""
        states = {state.unit.id: state for state in position.units}
        hidden = frozenset(view.aliases)
        changed = {unit for unit, state in states.items() if self.states.get(unit) is not state}
        changed |= (self.states.keys() - states.keys()) | (hidden ^ self.hidden)
        affected: set[str] = set()
        for unit in changed:
            old, new = self.states.get(unit), states.get(unit)
            if old is not None:
                place = self._reading(old, unit in self.hidden)[0]
                if place is not None:
                    self.at[place].discard(unit)
                    affected.add(place)
            if new is not None:
                place = self._reading(new, view.hides(unit))[0]
                if place is not None:
                    self.at.setdefault(place, set()).add(unit)
                    affected.add(place)
        self.states, self.hidden = states, hidden
        result: dict[str, object] = {}
        for place in sorted(affected):
            before = self.names_at.pop(place, [])
            standing = sorted(self.at.get(place, ()), key=self.rank.__getitem__)
            names = []
            for point, stack in self.board.stacks_at(place, [states[unit] for unit in standing]):
                rounded = (float(number(point[0])), float(number(point[1])))
                for level, state in enumerate(stack):
                    _, face, title = self._reading(state, view.hides(state.unit.id))
                    name = view.shown(state.unit.id)
                    counter = self._counter(place, rounded, level, self._look(face, title))
                    names.append(name)
                    if self.placed.get(name) != counter:
                        self.placed[name] = result[name] = counter
            self.names_at[place] = names
            for name in before:
                if name not in names and self.placed.get(name, [None])[0] == place:
                    del self.placed[name]
                    result[name] = None
        result.update(self._markers(position))
        return result

    def _markers(self, position: Position) -> dict[str, object]:
        """The control markers (Rattenkrieg 3.6) that changed: each area's, apart from units."""
        if not is_area_board(self.board):
            return {}
        sides = {side.id: side.name for side in position.spec.sides}
        result: dict[str, object] = {}
        now = {}
        for area, side in sorted(position.control.items()):
            if area in self.board.spots and side in sides:
                point = self.board.marker_point(area)
                rounded = (float(number(point[0])), float(number(point[1])))
                look = self._look(self.faces.control_face(side), f"control marker: {sides[side]}")
                now[MARKER_PREFIX + area] = self._counter(area, rounded, 0, look)
        for name, counter in now.items():
            if self.placed.get(name) != counter:
                self.placed[name] = result[name] = counter
        for name in [name for name in self.placed if name.startswith(MARKER_PREFIX)]:
            if name not in now:
                del self.placed[name]
                result[name] = None
        return result

    def looks_json(self) -> list[list[str]]:
        """Each look a frame's counter refers to: its face's id and its tooltip."""
        return [[face, title] for face, title in self.looks]


def frames(
    trail: Trail, ledger: Ledger, side: str | None, placer: Placer
) -> list[dict[str, object]]:
    """The start's counters, then each snapshot's changes, as ``side`` sees them; a frame
    names its turn and phase only when they change."""
    aliases = ledger.aliases(side) if side is not None else {}
    snapshots: list[Snapshot] = [trail.start, *trail.snapshots]
    result: list[dict[str, object]] = []
    shown: tuple[int, str | None] | None = None
    for snapshot in snapshots:
        view = PlayerView(side, ledger.hidden_at(aliases, snapshot.step))
        position = snapshot.position
        frame: dict[str, object] = {
            "step": snapshot.step,
            "changes": placer.changes(position, view),
        }
        if (position.turn, position.phase) != shown:
            shown = (position.turn, position.phase)
            frame |= {"turn": position.turn, "phase": position.phase}
        result.append(frame)
    return result


def timeline_entries(trail: Trail, entries: Sequence[Entry]) -> list[TimelineEntry]:
    """Each entry with its fragment and the frame its map shows."""
    steps = [trail.start.step, *(snapshot.step for snapshot in trail.snapshots)]
    return [
        TimelineEntry(anchor, entry, max(bisect.bisect_right(steps, entry.step) - 1, 0))
        for anchor, entry in zip(anchors(entries), entries, strict=True)
    ]


def headings(items: Sequence[TimelineEntry]) -> list[tuple[str, list[TimelineEntry]]]:
    """The entries under a heading for each turn and phase, as the text ledger has them."""
    groups: list[tuple[str, list[TimelineEntry]]] = []
    current: tuple[int, str | None] | None = None
    for item in items:
        key = (item.entry.turn, item.entry.phase)
        if key != current:
            groups.append((f"Turn {item.entry.turn} — {item.entry.phase or 'no phase shown'}", []))
            current = key
        groups[-1][1].append(item)
    return groups


def timeline_page(trail: Trail, ledger: Ledger, side: str | None) -> str:
    """The whole page: ``ledger``, judged on ``trail``, as ``side`` (None: the referee) sees it."""
    start = trail.start.position
    board = board_for(start)
    faces = face_sheet(start.spec, FACE_SUPERSAMPLING, FACE_PALETTE)
    centres = board.locations()
    placer = Placer(board, faces, {unit: index for index, unit in enumerate(start.spec.units)})
    placer.centres = centres
    shown = frames(trail, ledger, side, placer)
    items = timeline_entries(trail, ledger.seen_by(side))
    # After the frames: the map's definitions carry every face the frames use.
    drawing = draw_map(board, [], {}, [], [], [], start, PlayerView(side), faces)
    data: dict[str, object] = {
        "frames": shown,
        "looks": placer.looks_json(),
        "entries": [item.as_json() for item in items],
        "centres": centres,
        "hexSize": board.hex_size,
        "counterSize": board.counter_size,
        "stackOffset": STACK_OFFSET,
        "shownBelow": SHOWN_BELOW,
        "frame": list(board.frame()),
    }
    if is_area_board(board):
        data["areas"] = {
            area.id: polygon_path([board.outline(area.id)]) for area in board.game_map.areas
        }
    properties = ", ".join(f"{name} {value}" for name, value in ledger.properties)
    return rendered_page(
        TEMPLATE,
        ("report.css", "timeline.css"),
        "timeline.js",
        " (audit timeline)",
        spec=start.spec,
        ledger=ledger,
        seen_by=side,
        digests=", ".join(f"{name} {value}" for name, value in ledger.digests_for(side)),
        end=f"turn {ledger.turn}, {ledger.phase or 'no phase shown'}"
        + (f"; {properties}" if properties else ""),
        svg=Markup(serialize(drawing)),
        groups=headings(items),
        tally={mark: sum(item.mark == mark for item in items) for mark in ("illegal", "legal")},
        # Compact JSON, escaped for a script element as the template's tojson would.
        data=htmlsafe_json_dumps(data, separators=(",", ":"), sort_keys=True),
    )
