"""Reading the position file of a card-driven area game (Rattenkrieg), with ``file:line`` errors.

Units stand in areas, named by id or by name; each unit lists its step cards; the file
gives the hands, the discard pile, the cards lying in a duel, the events in force and
the control of areas the units cannot show. Documented in the guide
(docs/designers/position-files.md)::

    game = "rks"
    turn = 3
    phase = "German operations"
    eliminated = ["t34"]
    discard = ["2c", "kd"]
    deck = [...]                    # optional: every card not listed elsewhere
    face_up = ["7c"]                # revealed cards lying on the table

    [control]                       # control the units cannot show (empty areas)
    german = ["orlovka"]

    [hands]
    german = ["5s", "qc", "ah"]
    soviet = ["3h", "9d", "jc"]

    [duel]                          # cards played face down, in the order played
    german = ["4s"]

    [[unit]]
    id = "14pz"
    at = "orlovka"
    cards = ["7s", "kd", "2h"]      # its step cards
    flags = ["acted", "isolated"]

    [[event]]                       # an event in force, for the unit it serves
    name = "assault_guns"
    unit = "71"

A card may lie in one place only; a card named twice is bad input, whereas what the rules
forbid (too many step cards, a hand too large) is left for the referee to rule on.
"""

from __future__ import annotations

from pathlib import Path

from rules.cards import Card, CardDeck
from rules.data.fields import Table, unknown_name_message
from rules.model import GameSpec, Unit
from rules.referee.card_places import CardPlaces, EventInForce
from rules.referee.position import Position, UnitState
from rules.referee.position_fields import placed_unit, position_settings, unit_flags

AREA_FLAGS = ("acted", "isolated")
"""``acted``: the counter is turned over (7.4); ``isolated``: isolated in its area (8.10)."""

KEYS = (
    "game",
    "scenario",
    "turn",
    "phase",
    "eliminated",
    "settings",
    "unit",
    "control",
    "hands",
    "deck",
    "discard",
    "duel",
    "face_up",
    "event",
)


class _Cards:
    """The cards named so far, so that a card named twice is refused where it is named again."""

    def __init__(self, deck: CardDeck) -> None:
        self.deck = deck
        self.ids = [card.id for card in deck.cards()]
        self.named: dict[str, str] = {}

    def read(self, table: Table, key: str) -> tuple[Card, ...]:
        cards = []
        for card_id in table.text_list(key, required=False):
            if card_id not in self.ids:
                raise table.error(
                    unknown_name_message("card", card_id, self.ids), key, f'"{card_id}"'
                )
            if card_id in self.named:
                raise table.error(
                    f"card {card_id!r} is already at {self.named[card_id]}", key, f'"{card_id}"'
                )
            self.named[card_id] = table.where(key)
            cards.append(self.deck.card(card_id))
        return tuple(cards)

    def by_side(self, table: Table | None, sides: list[str]) -> dict[str, tuple[Card, ...]]:
        if table is None:
            return {}
        table.only(*sides)
        return {side: self.read(table, side) for side in sides if table.has(side)}


def _area_ids(spec: GameSpec) -> dict[str, str]:
    """Every way a position may name an area (its id or its name) and the id it means."""
    names = {}
    for game_map in spec.maps:
        for area in game_map.areas:
            names[area.name] = area.id
            names[area.id] = area.id
    return names


def _area(table: Table, key: str, areas: dict[str, str]) -> str:
    return areas[table.choice(key, areas, "area")]


def read_area_position(path: Path, root: Table, spec: GameSpec) -> Position:
    """The position of a card-driven area game written in ``path`` (already opened as ``root``)."""
    assert spec.cards is not None
    root.only(*KEYS)
    sides = [side.id for side in spec.sides]
    areas = _area_ids(spec)
    cards = _Cards(spec.cards)
    units: list[UnitState] = []
    placed: dict[str, str] = {}
    steps: dict[str, tuple[Card, ...]] = {}
    for table in root.tables("unit"):
        table.only("id", "at", "cards", "flags")
        unit = placed_unit(table, spec, placed)
        location = _area(table, "at", areas)
        flags = unit_flags(table, AREA_FLAGS)
        steps[unit.id] = cards.read(table, "cards")
        units.append(UnitState(unit, location, None, len(unit.steps), flags))
    eliminated: list[Unit] = []
    for unit_id in root.text_list("eliminated", required=False):
        if unit_id not in spec.units:
            raise root.error(
                unknown_name_message("unit", unit_id, spec.units), "eliminated", f'"{unit_id}"'
            )
        if unit_id in placed or spec.units[unit_id] in eliminated:
            raise root.error(
                f"unit {unit_id!r} is already on the map or eliminated",
                "eliminated",
                f'"{unit_id}"',
            )
        eliminated.append(spec.units[unit_id])
    control: dict[str, str] = {}
    control_table = root.optional_table("control")
    if control_table is not None:
        control_table.only(*sides)
        for side in sides:
            for name in control_table.text_list(side, required=False):
                if name not in areas:
                    raise control_table.error(
                        unknown_name_message("area", name, areas), side, f'"{name}"'
                    )
                if areas[name] in control:
                    raise control_table.error(
                        f"area {name!r} is given to both sides", side, f'"{name}"'
                    )
                control[areas[name]] = side
    hands = cards.by_side(root.optional_table("hands"), sides)
    played = cards.by_side(root.optional_table("duel"), sides)
    discard = cards.read(root, "discard")
    face_up = cards.read(root, "face_up")
    if root.has("deck"):
        deck = cards.read(root, "deck")
        missing = [card_id for card_id in cards.ids if card_id not in cards.named]
        if missing:
            raise root.error(
                f"{len(missing)} cards are nowhere (the deck has {len(cards.ids)}, rule 2.4): "
                f"{', '.join(missing)}",
                "deck",
            )
    else:
        deck = tuple(card for card in spec.cards.cards() if card.id not in cards.named)
    events = []
    for table in root.tables("event"):
        table.only("name", "unit")
        unit_id = table.choice("unit", spec.units, "unit")
        unit_side = spec.units[unit_id].side
        known = {event.id for event in spec.cards.events}
        name = table.choice("name", known, "event")
        matching = [event for event in spec.cards.events if event.id == name]
        event = next((event for event in matching if event.side == unit_side), matching[0])
        events.append(EventInForce(event, unit_id))
    phase = root.optional_text("phase")
    if phase is not None and spec.phases:
        phase = root.choice("phase", spec.phases, "phase")
    scenario = root.optional_text("scenario")
    if scenario is not None:
        scenario = root.choice("scenario", spec.scenarios, "scenario")
    elif len(spec.scenarios) == 1:
        scenario = next(iter(spec.scenarios))
    card_table = CardPlaces(
        steps=steps,
        hands=hands,
        deck=deck,
        discard=discard,
        played=played,
        face_up=face_up,
        events=tuple(events),
    )
    turn = root.integer("turn", minimum=0, maximum=99)
    return Position(
        spec,
        scenario,
        turn,
        phase,
        None,
        tuple(units),
        tuple(eliminated),
        settings=position_settings(root),
        source=str(path),
        control=control,
        cards=card_table,
    )
