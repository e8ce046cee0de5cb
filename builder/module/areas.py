"""An area game's parts of a module: the board whose zones are the areas, where pieces
stand in an area, the arrivals and returns of its units, and its set-up.

The board is one image with a zoned grid: a zone per area, named after it, so VASSAL
names a piece's location by its area, and a zone per panel box (deck, discard pile,
duel cards, turn track, control markers), all from the same outlines the art draws
and the referee reads (:mod:`rules.areas`, :mod:`builder.art.area_board`).

Units that have acted turn over (RKS 7.4) and all turn face up in the last phase of
the turn, replenishment (10.3), or with the Face up button.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from builder.art.area_layout import MARKER_SPOT, UNITS_SPOT, Box, Spot
from builder.art.markers import CONTROL_WORD, id_words
from builder.module import keys
from builder.module.elements import element
from builder.module.maps import PlainBoard, Stacking, Zone
from builder.module.traits import report, send_to, trigger
from builder.saves.steps_layout import step_cards, step_cards_text
from builder.vassal.traits import Trait
from builder.vassal.writer import SetupPiece
from rules.model import GameMap, GameSpec, Scenario, Unit

FACE_UP_BUTTON = "Face up"
TURN_BOX = "Turn {turn}"
"""The name of a turn's box on the panel, where reinforcements wait (6.1, 6.2)."""


@dataclass(frozen=True)
class AreaBoardArt:
    """The drawn area board: its image, size, the boxes of its panel and each area's
    places for stacks (:func:`builder.art.area_board.piece_spots`, the report's too)."""

    image: str
    size: tuple[int, int]
    boxes: tuple[Box, ...]
    spots: Mapping[str, tuple[Spot, ...]]

    def box(self, kind: str) -> Box:
        """The first box of ``kind`` (``deck``, ``discard``…)."""
        return next(box for box in self.boxes if box.kind == kind)

    def named(self, name: str) -> Box:
        """The box called ``name``."""
        return next(box for box in self.boxes if box.name == name)


def area_map_of(spec: GameSpec) -> GameMap:
    """The game's area map (the caller has checked it has one)."""
    game_map = spec.maps[0]
    assert game_map.area_map is not None
    return game_map


def area_board(spec: GameSpec, art: AreaBoardArt) -> PlainBoard:
    """The board: every area a zone with its outline, then every panel box."""
    game_map = area_map_of(spec)
    assert game_map.area_map is not None
    zones = [Zone(area.name, game_map.area_map.polygon(area.id)) for area in game_map.areas]
    zones += [Zone(box.name, box.corners) for box in art.boxes]
    return PlainBoard(game_map.name, art.size, art.image, tuple(zones))


def stack_spot(spec: GameSpec, board: AreaBoardArt, area_id: str) -> Spot:
    """Where units stand in an area, set up or arriving: the first place clear of the
    name, lowered by as much as the tallest stack the area starts with rises above its
    base (an unexpanded stack draws each piece a little above the one under it), so
    the stack never covers the name. Not the zone's centre, which VASSAL takes from its
    bounding box and which lies outside a concave area (the German rear wraps round the
    city)."""
    x, y = board.spots[area_id][UNITS_SPOT]
    tallest = max(
        (
            sum(1 for placement in scenario.setup if placement.location == area_id)
            for scenario in spec.scenarios.values()
        ),
        default=0,
    )
    return x, y + max(tallest - 1, 0) * Stacking().unexpanded[1]


def area_unit_commands(spec: GameSpec, board: AreaBoardArt, unit: Unit) -> tuple[Trait, ...]:
    """A reinforcement's Arrive (6.1, 6.2: to its rear, drawing its step cards) and a
    rebuilt unit's return (``properties.rebuilt_in``, the T-34 of 6.3)."""
    game_map = area_map_of(spec)
    count = step_cards(unit)
    traits: list[Trait] = []
    for arrival in [arrival for arrival in unit.arrivals if arrival.where][:1]:
        where = game_map.area(arrival.where).name
        traits += [
            report(
                keys.ARRIVE,
                f"{unit.name} arrives in the {where} with {step_cards_text(count)} (6.1, 6.2)",
            ),
            trigger(
                "Arrive",
                f"Arrive in the {where} (turn {arrival.turn})",
                keys.ARRIVE,
                [keys.MOVE_TO_ARRIVAL] + [keys.DRAW_QUIETLY] * count,
            ),
            send_to(
                "",
                keys.MOVE_TO_ARRIVAL,
                game_map.name,
                point=stack_spot(spec, board, arrival.where),
            ),
        ]
    rebuilt_in = unit.traits.rebuilt_in
    if rebuilt_in is not None:
        where = game_map.area(rebuilt_in).name
        traits += [
            report(keys.RETURN, f"{unit.name} returns to the {where} (6.3)"),
            send_to(
                f"Return to the {where} (6.3)",
                keys.RETURN,
                game_map.name,
                point=stack_spot(spec, board, rebuilt_in),
            ),
        ]
    return tuple(traits)


def waiting_zones(spec: GameSpec) -> tuple[str, ...]:
    """The turn boxes where reinforcements wait."""
    turns = {arrival.turn for unit in spec.units.values() for arrival in unit.arrivals}
    return tuple(TURN_BOX.format(turn=turn) for turn in sorted(turns))


def face_up_phase(spec: GameSpec) -> str:
    """The phase in which every unit turns face up: the last of the turn (RKS 10.3,
    replenishment)."""
    return spec.phases[-1] if spec.phases else ""


def face_up_commands(root: etree._Element, tracker: etree._Element, spec: GameSpec) -> None:
    """The Face up button (every unit shows its front, 10.3), pressed by the turn tracker
    itself when :func:`face_up_phase` begins."""
    element(
        root,
        "module.GlobalKeyCommand",
        name=FACE_UP_BUTTON,
        buttonText=FACE_UP_BUTTON,
        tooltip="Turn every unit face up (10.3)",
        icon="",
        buttonHotkey=keys.FACE_UP.encoded(),
        hotkey=keys.SHOW_FRONT.encoded(),
        filter='{UnitId!=""}',
        deckCount="-1",
        reportSingle="true",
        reportFormat="Every unit turns face up (10.3)",
    )
    if face_up_phase(spec):
        element(
            tracker,
            "module.turn.TurnGlobalHotkey",
            name="Units face up",
            hotkey=keys.FACE_UP.encoded(),
            match=f'{{Phase=="{face_up_phase(spec)}"}}',
            reportFormat="",
        )


def area_location(
    spec: GameSpec, board: AreaBoardArt, location: str, spot: int
) -> tuple[str, int, int] | None:
    """Map and pixel of the units' stack (``spot`` :data:`UNITS_SPOT`, :func:`stack_spot`)
    or of the control marker (:data:`MARKER_SPOT`) in the area ``location``, or None if
    no area has that id."""
    if location not in board.spots:
        return None
    x, y = stack_spot(spec, board, location) if spot == UNITS_SPOT else board.spots[location][spot]
    return area_map_of(spec).name, x, y


def area_setup_extras(
    spec: GameSpec,
    scenario: Scenario,
    art: AreaBoardArt,
    units: dict[str, tuple[Trait, ...]],
    markers: dict[str, tuple[Trait, ...]],
) -> list[SetupPiece]:
    """What an area game's set-up holds besides the units of 3.1 and 3.2: the
    reinforcements on their turn's box, a control marker in every city area (3.6) and
    the turn marker on the first turn."""
    game_map = area_map_of(spec)
    pieces: list[SetupPiece] = []
    for unit in spec.units.values():
        for arrival in unit.arrivals:
            if arrival.scenario == scenario.id:
                x, y = art.named(TURN_BOX.format(turn=arrival.turn)).centre
                pieces.append(SetupPiece(traits=units[unit.id], map=game_map.name, x=x, y=y))
    for marker_id in spec.markers:
        words = id_words(marker_id)
        if CONTROL_WORD in words:
            for area in game_map.areas:
                found = (
                    area_location(spec, art, area.id, MARKER_SPOT) if area.kind != "rear" else None
                )
                if found is not None:
                    pieces.append(
                        SetupPiece(traits=markers[marker_id], map=found[0], x=found[1], y=found[2])
                    )
        elif "turn" in words:
            x, y = art.named(TURN_BOX.format(turn=scenario.first_turn)).centre
            pieces.append(
                SetupPiece(traits=markers[marker_id], map=game_map.name, x=x - 20, y=y - 10)
            )
    return pieces
