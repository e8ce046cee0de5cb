"""The audit's timeline page: the ledger beside the map, and the map as it stood at each entry.

``stavka audit --format html`` writes it. The board is the report page's own
(:func:`builder.report.page.board_for`, :func:`builder.report.drawing.draw_map`), drawn
once; the counters are placed by the page's script from frames, one for each snapshot
of the trail the ledger was judged on: the first lists every counter, each later one only
the counters that moved, changed face or left, so a long log stays a small page.

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

from markupsafe import Markup

from builder.report.areas import AreaBoard
from builder.report.counters import SHOWN_BELOW, STACK_OFFSET, FaceSheet, face_sheet
from builder.report.drawing import draw_map
from builder.report.map_board import MapBoard
from builder.report.page import board_for, rendered_page, stacks_of, unit_name
from builder.report.svg import number, polygon_path, serialize
from rules.audit.ledger import Entry, Ledger
from rules.audit.trail import Snapshot, Trail
from rules.referee.hidden import PlayerView
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

TEMPLATE = "timeline.html.j2"
MARKER_PREFIX = "control:"
"""How the frames name a control marker (Rattenkrieg 3.6): by its area, apart from units."""

Counter = tuple[str, float, float, int, str, str]
"""A counter as a frame places it: its place, the stack's point, its level in the stack
(0 at the bottom), the id of the face it shows and its tooltip."""


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
        verdict = self.entry.verdict
        return {
            "anchor": self.anchor,
            "step": self.entry.step,
            "frame": self.frame,
            "topic": verdict.topic,
            "unit": verdict.unit,
            "units": self.units,
            "place": None if verdict.place is None else verdict.place.name,
            "path": list(verdict.path),
            "mark": self.mark,
        }


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
    """Places the counters of one game's positions on one board, working out each unit
    reading's place, face and tooltip once: a log's snapshots share the readings of every
    unit no step touched, so a long log costs little more than its changes."""

    board: MapBoard
    faces: FaceSheet
    known: dict[tuple[int, bool], tuple[str | None, str, str]] = field(default_factory=dict)
    kept: list[UnitState] = field(default_factory=list)
    """The readings ``known`` is keyed by (their ids), kept alive so no id is reused."""

    def _reading(self, state: UnitState, hidden: bool) -> tuple[str | None, str, str]:
        key = (id(state), hidden)
        if key not in self.known:
            self.kept.append(state)
            self.known[key] = (
                self.board.location_of(state),
                self.faces.face_of(state, hidden),
                unit_name(state, hidden),
            )
        return self.known[key]

    def counters(self, position: Position, view: PlayerView) -> dict[str, Counter]:
        """Every counter on the map of ``position`` as ``view`` sees it, by the name it goes by."""
        placed: dict[str, Counter] = {}
        stacks = stacks_of(
            position,
            self.board,
            view,
            lambda state: self._reading(state, view.hides(state.unit.id))[0],
        )
        for stack in stacks:
            x, y = (float(number(value)) for value in stack.point)
            for level, (state, name) in enumerate(zip(stack.units, stack.names, strict=True)):
                _, face, title = self._reading(state, view.hides(state.unit.id))
                placed[name] = (stack.location, x, y, level, face, title)
        if isinstance(self.board, AreaBoard):
            sides = {side.id: side.name for side in position.spec.sides}
            for area, side in sorted(position.control.items()):
                if area in self.board.spots and side in sides:
                    x, y = (float(number(value)) for value in self.board.marker_point(area))
                    face = self.faces.control_face(side)
                    words = f"control marker: {sides[side]}"
                    placed[MARKER_PREFIX + area] = (area, x, y, 0, face, words)
        return placed


def changes(before: Mapping[str, Counter], after: Mapping[str, Counter]) -> dict[str, object]:
    """What a frame changes: each counter placed anew or changed, None for one gone."""
    changed: dict[str, object] = {
        name: list(counter) for name, counter in after.items() if before.get(name) != counter
    }
    changed.update((name, None) for name in before if name not in after)
    return changed


def frames(
    trail: Trail, ledger: Ledger, side: str | None, board: MapBoard, faces: FaceSheet
) -> list[dict[str, object]]:
    """The start's counters, then each snapshot's changes, as ``side`` sees them."""
    aliases = ledger.aliases(side) if side is not None else {}
    snapshots: list[Snapshot] = [trail.start, *trail.snapshots]
    result: list[dict[str, object]] = []
    previous: dict[str, Counter] = {}
    placer = Placer(board, faces)
    for snapshot in snapshots:
        view = PlayerView(side, ledger.hidden_at(aliases, snapshot.step))
        current = placer.counters(snapshot.position, view)
        result.append(
            {
                "step": snapshot.step,
                "turn": snapshot.position.turn,
                "phase": snapshot.position.phase,
                "changes": changes(previous, current),
            }
        )
        previous = current
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
    faces = face_sheet(start.spec)
    shown = frames(trail, ledger, side, board, faces)
    items = timeline_entries(trail, ledger.seen_by(side))
    # After the frames: the map's definitions carry every face the frames use.
    drawing = draw_map(board, [], {}, [], [], [], start, PlayerView(side), faces)
    data: dict[str, object] = {
        "frames": shown,
        "entries": [item.as_json() for item in items],
        "centres": board.locations(),
        "hexSize": board.hex_size,
        "counterSize": board.counter_size,
        "stackOffset": STACK_OFFSET,
        "shownBelow": SHOWN_BELOW,
        "frame": list(board.frame()),
    }
    if isinstance(board, AreaBoard):
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
        data=data,
    )
