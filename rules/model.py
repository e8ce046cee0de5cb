"""The game model: what a game is, independent of how it is drawn or stored.

Plain frozen dataclasses built by :mod:`rules.data.loader` from a game's TOML folder and
read by the referee and the builder alike. Every value that could be wrong in our
reconstruction carries a :class:`rules.data.fields.Provenance`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.data.fields import Provenance
from rules.game_rules import GameRules
from rules.looks import ArmLook, LineStyle, Wording
from rules.referee_data.terrain import ACROSS_ALL, SUPPLY_OPEN
from rules.hexes import Hex, HexSide
from rules.hexgrid import HexMap
from rules.tables import Tables

if TYPE_CHECKING:
    # Only an adopted game has a module of its own; the Stalingrad games never load it.
    from rules.adopted import AdoptedModule

    # The area map and the cards are Rattenkrieg's alone; a hex game never loads them.
    from rules.areas import AreaMap
    from rules.cards import CardDeck

PROHIBITED = None
"""A movement cost of ``None`` means the terrain cannot be entered or crossed."""


@dataclass(frozen=True)
class Side:
    """One player's side, e.g. ``axis`` or ``soviet``."""

    id: str
    name: str
    colour: str | None = None
    """The side's colour on the map (supply rings, fortified hexes) as ``#rrggbb``; None
    leaves it to the builder's defaults."""


@dataclass(frozen=True)
class Nationality:
    """A nationality within a side, with its counter colours (e.g. DoS 2.6)."""

    id: str
    name: str
    side: str
    background: str
    text: str
    provenance: Provenance


@dataclass(frozen=True)
class TerrainType:
    """A kind of hex, hexside or area terrain and its effects on movement and combat.

    ``movement`` maps a movement class (``all``, or e.g. ``mechanized``) to the MP cost
    of entering the hex — or, for a hexside, the extra cost of crossing it — with
    ``None`` for prohibited. Combat effects are a die modifier and/or a column shift for
    the attacker, applied under ``combat_condition`` (text for the reader, interpreted by
    each game's referee), and changes to a defender's strength by arm (area games).
    """

    id: str
    name: str
    kind: str
    movement: Mapping[str, int | None]
    enemy_entry_cost: int
    combat_die_modifier: int
    combat_column_shift: int
    combat_condition: str | None
    attack_prohibited: bool
    defence_strength_modifiers: Mapping[str, int]
    description: str
    provenance: Provenance
    fill: str | None = None
    """The hex's fill as ``#rrggbb``; None leaves it to the builder's look by id."""
    symbol: str | None = None
    """The hex's map symbol from the builder's vocabulary (``trees``, ``hachures``...)."""
    line: LineStyle | None = None
    """How a hexside feature is drawn; None leaves it to the builder's look by id."""
    defined_at: str = ""
    """``file:line`` of its ``[[terrain]]`` table, for warnings about how it looks."""
    supply: str = SUPPLY_OPEN
    """Whether a supply line may cross a hexside feature: ``open`` or ``blocked`` (read
    by the data-configured referee)."""
    bridges: frozenset[str] = frozenset()
    """The hexside features this one stands in for, for movement and supply (a bridge)."""
    combat_across: str = ACROSS_ALL
    """When a hexside feature's combat effects apply: every attacker attacks across it
    (``all``) or any does (``any``)."""
    sections: Mapping[str, str] = field(default_factory=dict)
    """The rule section each of its effects cites (``movement``, ``supply``, ``combat``),
    from ``rules = { … }``; an effect not named cites ``source``."""

    def movement_cost(self, movement_class: str) -> int | None:
        """MP cost for ``movement_class``, falling back to the ``all`` entry."""
        if movement_class in self.movement:
            return self.movement[movement_class]
        return self.movement.get("all", 0 if self.kind == "hexside" else 1)

    def section(self, effect: str) -> str:
        """The rule an effect of this terrain cites: its own section, the terrain's
        ``source``, or the terrain effects chart by name."""
        return (
            self.sections.get(effect) or self.provenance.source or f"terrain effects: {self.name}"
        )


@dataclass(frozen=True)
class Town:
    """A named town or city in a hex (supply hubs, victory objectives)."""

    name: str
    hex: Hex
    kind: str
    provenance: Provenance


@dataclass(frozen=True)
class RailLine:
    """A rail line as a chain of adjacent hexes."""

    name: str
    hexes: tuple[Hex, ...]
    provenance: Provenance


@dataclass(frozen=True)
class Road:
    """A road (or lane, track) of some ``kind``: the hexsides it crosses, from one of its
    hexes into the next (``[[map.road]]``, priced by ``[[referee.movement.route]]``)."""

    name: str
    kind: str
    crossings: tuple[HexSide, ...]
    provenance: Provenance


@dataclass(frozen=True)
class MapEdge:
    """A named map edge as the rules define it, from one corner hex to another."""

    name: str
    start: Hex
    end: Hex
    hexes: tuple[Hex, ...]
    provenance: Provenance


@dataclass(frozen=True)
class SupplySource:
    """A hex that is a supply source for one side (rail source, port, edge hex, city)."""

    side: str
    kind: str
    hexes: tuple[Hex, ...]
    description: str
    provenance: Provenance


@dataclass(frozen=True)
class VictoryHex:
    """A hex worth victory points to the side that controls it, in the scenarios named
    (DoS 4.2: each Blue VP hex is 1 German VP while the German controls it)."""

    hex: Hex
    name: str
    points: int
    scenarios: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True)
class Area:
    """An area of an area map (Rattenkrieg's city areas and rear areas).

    ``adjacent`` is derived from the outlines (shared borders and the rule's arrows) when
    the map has them, so it cannot disagree with what is drawn.
    """

    id: str
    name: str
    kind: str
    adjacent: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True)
class MapMark:
    """A symbol printed in some hexes that the rules refer to, e.g. the TPS German cross
    on the rail hexes where Axis reinforcements may enter by rail."""

    symbol: str
    hexes: tuple[Hex, ...]
    description: str
    provenance: Provenance


@dataclass(frozen=True)
class GameMap:
    """A map with its terrain: the hex lattice and what lies on it, or an area graph."""

    name: str
    hex_map: HexMap | None
    default_terrain: Mapping[str, str]
    terrain: Mapping[Hex, str]
    hexside_features: Mapping[HexSide, frozenset[str]]
    towns: tuple[Town, ...]
    rails: tuple[RailLine, ...]
    edges: tuple[MapEdge, ...]
    supply_sources: tuple[SupplySource, ...]
    areas: tuple[Area, ...]
    provenance: Provenance
    lines: Mapping[str, frozenset[HexSide]] = field(default_factory=dict)
    overrides: tuple[str, ...] = ()
    """Where a rule fact overrode geography, or map.toml overrode generated terrain.toml."""
    victory_hexes: tuple[VictoryHex, ...] = ()
    marks: tuple[MapMark, ...] = ()
    roads: tuple[Road, ...] = ()
    area_map: AreaMap | None = None
    """The outlines of an area map: drawing, module zones and pixel look-ups share them."""

    def area(self, area_id: str) -> Area:
        """The area with id ``area_id``."""
        for area in self.areas:
            if area.id == area_id:
                return area
        raise KeyError(f"map {self.name!r} has no area {area_id!r}")

    def terrain_of(self, hex_: Hex) -> str:
        """The terrain of a playable hex (the board's default when not listed)."""
        if hex_ in self.terrain:
            return self.terrain[hex_]
        assert self.hex_map is not None
        found = self.hex_map.to_board(hex_)
        if found is None:
            raise KeyError(f"{hex_} is not on map {self.name!r}")
        return self.default_terrain[self.hex_map.boards[found[0]].name]

    def label(self, hex_: Hex) -> str:
        """The printed number of ``hex_``."""
        assert self.hex_map is not None
        return self.hex_map.label(hex_)

    def line(self, name: str) -> frozenset[HexSide]:
        """The hexsides of a named line the rules refer to (e.g. ``voronezh_don``, rule 8.6)."""
        if name not in self.lines:
            raise KeyError(f"map {self.name!r} has no line {name!r}")
        return self.lines[name]

    def edge(self, name: str) -> MapEdge:
        """The map edge called ``name``."""
        for edge in self.edges:
            if edge.name == name:
                return edge
        raise KeyError(name)

    def town(self, name: str) -> Town:
        """The town or city called ``name``."""
        for town in self.towns:
            if town.name == name:
                return town
        raise KeyError(name)


@dataclass(frozen=True)
class UnitStep:
    """A unit's values at one step strength; ``None`` is a value printed as "?" or unknown."""

    attack: int | None
    defence: int | None
    movement: int | None


@dataclass(frozen=True)
class Arrival:
    """When and where a reinforcement enters play: ``where`` in the rules' words, and
    ``hexes``, the entry hexes as data (``hexes = ["0104"]``), which the data-configured
    referee judges an arrival by."""

    scenario: str
    turn: int
    where: str
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True)
class UnitTraits:
    """The game-specific values of a unit's ``[unit.properties]`` that the code interprets,
    each read and checked once at load, so no reader parses a string of its own and a bad
    value is refused at its own ``file:line``. The properties map still carries every value
    as written, for the module's pieces (a referee in VASSAL reads them there)."""

    designation: str | None = None
    """The short ID printed top right, when the name does not give it."""
    counter: str | None = None
    """The mark printed top left (DoS "Ur3", rule 2.13)."""
    army: str | None = None
    """The army the unit sets up under: its corner mark and its set-up group."""
    formation: str | None = None
    """The formation of game.toml's ``[[formation]]`` the unit's counter colours follow."""
    air_unit: str = ""
    """The TPS air unit (rule 14) a flight or ground echelon belongs to; empty for none."""
    flight_range: int | None = None
    """A TPS flight's range in hexes (``properties.range``), printed in place of movement."""
    step_cards: int = 0
    """The step cards dealt to a Rattenkrieg unit (RKS 3.3)."""
    rebuilt_in: str | None = None
    """The area a Rattenkrieg unit returns to when eliminated (the T-34, RKS 6.3)."""


@dataclass(frozen=True)
class Unit:
    """A counter that fights: identity, values per step (full strength first), arrival."""

    id: str
    name: str
    side: str
    nationality: str
    arm: str
    size: str
    mobility: str
    steps: tuple[UnitStep, ...]
    arrivals: tuple[Arrival, ...]
    properties: Mapping[str, str]
    provenance: Provenance
    untried: bool = False
    """Set up face down, its strength unknown to both players until it fights (DoS 2.14):
    ``properties.untried = "yes"``, read once at load."""
    traits: UnitTraits = field(default_factory=UnitTraits)
    """What ``properties`` says that the code interprets, typed."""


@dataclass(frozen=True)
class Marker:
    """A counter that records state (turn, VP, supply network, weather...)."""

    id: str
    name: str
    count: int
    description: str
    provenance: Provenance


@dataclass(frozen=True)
class Placement:
    """A unit placed at the start of a scenario, in a hex or an area.

    ``provenance`` says whether the rules give the hex or we chose it (e.g. a unit the
    rules let a player place freely, placed where it stood historically).
    """

    unit: str
    location: str
    steps: int | None
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class Scenario:
    """A scenario: its turns, the options it uses and the set-up the rules give."""

    id: str
    name: str
    first_turn: int
    last_turn: int
    options: Mapping[str, str]
    setup: tuple[Placement, ...]
    description: str
    provenance: Provenance
    phases: tuple[str, ...] = ()
    """The scenario's sequence of play when it differs from the game's (DoS 5.2, 5.3)."""


@dataclass(frozen=True)
class Formation:
    """A group of units as players name it (an army, a pool of reinforcements): the
    key units carry in ``properties.army`` and the name a person reads."""

    id: str
    name: str
    provenance: Provenance


@dataclass(frozen=True)
class Track:
    """A record track of the rules (turn, victory points): boxes ``first`` to ``last``
    along which ``marker`` shows the value of the module property ``property``.

    ``wrap`` says that the value may pass ``last`` (the marker then counts on from
    ``first`` again and shows the whole value on its face); otherwise it stops there.
    """

    id: str
    name: str
    property: str
    marker: str
    first: int
    last: int
    wrap: bool
    scenarios: tuple[str, ...]
    provenance: Provenance


def played_on_areas(maps: Sequence[GameMap]) -> bool:
    """Whether a game with ``maps`` is an area game: it has maps and none is of hexes.
    Its units move area to area, so their counters print no movement allowance."""
    return bool(maps) and all(game_map.hex_map is None for game_map in maps)


@dataclass(frozen=True)
class GameSpec:
    """Everything Stavka knows about one game, loaded from its data folder."""

    id: str
    title: str
    publisher: str
    year: int
    rules_text: str
    sides: tuple[Side, ...]
    nationalities: Mapping[str, Nationality]
    terrain_types: Mapping[str, TerrainType]
    maps: tuple[GameMap, ...]
    units: Mapping[str, Unit]
    markers: Mapping[str, Marker]
    scenarios: Mapping[str, Scenario]
    tables: Tables
    folder: str
    notes: tuple[str, ...] = field(default=())
    phases: tuple[str, ...] = field(default=())
    cards: CardDeck | None = None
    """The playing cards of a card-driven game (RKS 2.4), from ``cards.toml``."""
    formations: Mapping[str, Formation] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    """Display names of map symbols the board legend shows (lines, supply source kinds)."""
    drawn_lines: Mapping[str, LineStyle] = field(default_factory=dict)
    """The map's named lines (``[map.lines]``) the board draws, e.g. a scenario's start
    line, with their look, in drawing order (``[drawn_lines]``); other named lines are
    the rules' alone."""
    tracks: tuple[Track, ...] = field(default=())
    help: tuple[tuple[str, str], ...] = field(default=())
    """The module's help page in our own words: (section title, text) in reading order."""
    arms: Mapping[str, ArmLook] = field(default_factory=dict)
    """How the game's own arms are drawn (``[[arm]]``), by arm id; other arms use the builder's symbols."""
    wording: Wording = field(default_factory=Wording)
    counter_values: str | None = None
    """What a unit's counter prints of a step's values: a template of ``{attack}``,
    ``{defence}``, ``{movement}`` and ``{combat}`` (``[game] counter_values``, checked
    by :func:`rules.data.look.counter_values`); None prints the builder's default."""
    referee: GameRules | None = None
    """The mechanisms a data-configured referee applies (``[referee]``); None: the game's
    referee is code of its own, or it has none."""
    adopted: AdoptedModule | None = None
    """The module someone else made that this game was adopted from (``module.toml``):
    its saves are read through the names it gives; None for a game Stavka builds."""

    @property
    def is_area_game(self) -> bool:
        """Played on area maps (Rattenkrieg), not hexes: the one answer every part asks."""
        return played_on_areas(self.maps)

    def parse_hex(self, name: str) -> tuple[GameMap, Hex] | None:
        """The map and lattice hex a printed hex number names, or None."""
        for game_map in self.maps:
            if game_map.hex_map is not None:
                found = game_map.hex_map.parse(name)
                if found is not None:
                    return game_map, found
        return None
