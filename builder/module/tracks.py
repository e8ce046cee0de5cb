"""The record tracks as VASSAL 3.6 can keep them: a property that the marker follows.

VASSAL 3.6 cannot run a command when a piece is dropped on a box, but a piece can change
a global property and then send itself to a region whose name it computes from that
property. So the property is the record and the marker shows it:

- the game turn is the turn tracker's ``Turn``: the tracker fires a key on every change,
  a global key command passes it to the turn marker, and the marker goes to the box
  named after the turn;
- a victory point track's property (``AxisVP``…) changes through its marker's menu or
  keys (+1, -1, +5…), each change reported in the chat; the marker then goes to the
  box of the new value. Markers cannot be dragged, so box and property always agree.

Tracks whose totals pass their last box (TPS VP run into the hundreds) count on from
the first box, and their marker prints the whole total on its face.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from builder.art.tracks import TURN_PROPERTY, TrackLayout
from builder.module import keys
from builder.module.elements import PACKAGE, element
from builder.module.keys import Key
from builder.module.maps import PlainBoard, map_element
from builder.module.pieces import MARKER_LAYER, MarkerImages
from builder.module.traits import PropertyChange, report, send_to, set_global_property, trigger
from builder.vassal.sequence import encode
from builder.vassal.traits import BasicPiece, Marker, Trait, UnknownTrait
from rules.model import GameSpec, Track

TRACKS_MAP = "Tracks"
TRACKS_BOARD = "Tracks"
TRACKS_IMAGE = "tracks.png"
REGION_GRID_CLASS = "VASSAL.build.module.map.boardPicker.board.RegionGrid"
REGION_CLASS = "VASSAL.build.module.map.boardPicker.board.Region"


@dataclass(frozen=True)
class Step:
    """A menu command that changes a track's value by ``amount``."""

    amount: int
    key: Key

    @property
    def text(self) -> str:
        return f"{self.amount:+d}"


STEPS = (
    Step(1, keys.PLUS_ONE),
    Step(-1, keys.MINUS_ONE),
    Step(5, keys.PLUS_FIVE),
    Step(-5, keys.MINUS_FIVE),
)
"""What a VP marker's menu offers: Ctrl+Up/Down for one point, Ctrl+Right/Left for five."""


def follows_turn_tracker(track: Track) -> bool:
    """The turn track shows the turn tracker's own counter."""
    return track.property == TURN_PROPERTY


def region_expression(track: Track) -> str:
    """The region a track marker goes to, as a VASSAL expression of its property."""
    count = track.last - track.first + 1
    value = track.property
    if track.wrap:
        box = f"{track.first} + ({value} - {track.first}) % {count}"
    else:
        box = f"Math.min(Math.max({value}, {track.first}), {track.last})"
    return '{"' + track.name + ' " + (' + box + ")}"


def _send_to_box(track: Track) -> UnknownTrait:
    """Send To Location, on :data:`keys.FOLLOW_TRACK`, to the box of the current value."""
    return send_to(
        "",
        keys.FOLLOW_TRACK,
        TRACKS_MAP,
        board=TRACKS_BOARD,
        region=region_expression(track),
        description=f"Move to the box of {track.property}",
    )


def _set_property(track: Track) -> UnknownTrait:
    """Set Global Property: each :data:`STEPS` command adds its amount to the track's property."""
    changes = [
        PropertyChange(f"{step.text} {track.name}", step.key, "I", str(step.amount))
        for step in STEPS
    ]
    maximum = 999 if track.wrap else track.last
    return set_global_property(
        track.property, changes, (track.first, maximum), f"Change {track.property}"
    )


def _then_follow() -> UnknownTrait:
    """Trigger Action: after any step command, the marker moves to its new box."""
    return trigger(
        "Follow the property", "", None, [keys.FOLLOW_TRACK], watched=[step.key for step in STEPS]
    )


def _total_label(track: Track) -> UnknownTrait:
    """A text label on the marker showing the property's whole value."""
    fields = [
        "",
        "",
        "15",
        "255,255,255",
        "0,0,0",
        "t",
        "2",
        "c",
        "0",
        "t",
        "c",
        "$pieceName$",
        "Dialog",
        "1",
        "0",
        "TrackTotal",
        f"The whole {track.property}",
    ]
    return UnknownTrait(type="label;" + encode(fields, ";"), state=f"${track.property}$")


def _immovable() -> UnknownTrait:
    """Does not stack and cannot be dragged: only the property moves the marker."""
    return UnknownTrait(type="immob;;V;R;Moved only by its track's property", state="")


def track_marker_traits(
    spec: GameSpec, track: Track, images: MarkerImages, gpid: str
) -> tuple[Trait, ...]:
    """The trait chain of a track's marker, outermost first."""
    marker = spec.markers[track.marker]
    traits: list[Trait] = []
    if not follows_turn_tracker(track):
        traits += [
            report(step.key, f"{step.text} {track.name}: now ${track.property}$") for step in STEPS
        ]
        traits += [_set_property(track), _then_follow()]
    traits.append(_send_to_box(track))
    if track.wrap:
        traits.append(_total_label(track))
    traits += [
        _immovable(),
        Marker(
            keys=("Layer", "Game", "MarkerId", "Track"),
            values=(MARKER_LAYER, spec.id, track.marker, track.id),
        ),
        BasicPiece(image=images.front, name=marker.name, gpid=gpid),
    ]
    return tuple(traits)


def track_properties(properties: etree._Element, spec: GameSpec) -> None:
    """A numeric global property for every track but the turn tracker's own."""
    for track in spec.tracks:
        if follows_turn_tracker(track):
            continue
        maximum = 999 if track.wrap else track.last
        element(
            properties,
            "module.properties.GlobalProperty",
            name=track.property,
            initialValue=str(track.first),
            description=track.name,
            isNumeric="true",
            min=str(track.first),
            max=str(maximum),
            wrap="false",
        )


def tracks_map(root: etree._Element, spec: GameSpec, layout: TrackLayout) -> None:
    """The Tracks window: the drawn tracks board with a region for every box."""
    board = PlainBoard(TRACKS_BOARD, layout.size, TRACKS_IMAGE)
    map_ = map_element(root, TRACKS_MAP, board, {}, keys.TRACKS)
    picker_board = map_.find(
        f"{PACKAGE}.module.map.BoardPicker/{PACKAGE}.module.map.boardPicker.Board"
    )
    assert picker_board is not None
    grid = etree.SubElement(
        picker_board, REGION_GRID_CLASS, snapto="false", visible="false", fontsize="9"
    )
    for section in layout.sections:
        for box in section.boxes:
            etree.SubElement(
                grid,
                REGION_CLASS,
                name=box.region,
                originx=str(box.centre[0]),
                originy=str(box.centre[1]),
            )


def turn_follower(tracker: etree._Element, root: etree._Element, spec: GameSpec) -> None:
    """Make the turn marker follow the turn tracker: on every turn change the tracker
    fires :data:`keys.TURN_CHANGED`, and a global key command sends the turn marker
    :data:`keys.FOLLOW_TRACK` (only within the track, so a turn past the record stays put)."""
    for track in spec.tracks:
        if not follows_turn_tracker(track):
            continue
        element(
            tracker,
            "module.turn.TurnGlobalHotkey",
            name=f"Move the {track.name.lower()} marker",
            hotkey=keys.TURN_CHANGED.encoded(),
            match=f"{{{TURN_PROPERTY} >= {track.first} && {TURN_PROPERTY} <= {track.last}}}",
            reportFormat="",
        )
        element(
            root,
            "module.GlobalKeyCommand",
            name=f"Turn marker follows the turn ({track.id})",
            buttonText="",
            tooltip="",
            icon="",
            buttonHotkey=keys.TURN_CHANGED.encoded(),
            hotkey=keys.FOLLOW_TRACK.encoded(),
            filter=f'{{MarkerId == "{track.marker}"}}',
            reportSingle="true",
            reportFormat="",
            deckCount="-1",
            singleMap="false",
        )
