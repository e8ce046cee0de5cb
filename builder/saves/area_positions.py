"""Positions from saved games of Stavka's area module (Rattenkrieg), for the referee.

The save holds every card, face down or not, so the referee can place all 52: a card in
the "Draw deck" or "Discard pile" DrawPile is in that pile; one in a side's duel pile was
played by that side, face down while its mask is on, else revealed; one on a side's steps
map belongs to the unit whose box it lies in (:mod:`builder.saves.steps_layout`, the
nearest box if it was dropped between boxes); one on a side's hand map is in that hand;
one on the main map outside the piles (a save of an earlier build, with no duel piles)
was played face down by the side whose mask is on it, or lies face up for both. Units stand in the area their pixel falls in (:mod:`rules.areas`, the
outlines the module's zones are drawn from); a unit off the areas (a reinforcement on
the turn track) is not on the map. The "Acted" and "Isolated" layers give the flags,
control markers the control of areas no unit shows (3.6), and the turn tracker the turn
and phase.
"""

from __future__ import annotations

from pathlib import Path

from builder.saves.area_names import (
    ACTED_LAYER,
    DISCARD_PILE,
    DRAW_DECK,
    ISOLATED_LAYER,
    duel_pile_name,
    hand_map_name,
    steps_map_name,
)
from builder.saves.names import SIDE_LAYER, dead_pile_name
from builder.saves.reading import (
    carries_digest,
    piece_layer,
    piece_properties,
    optional_rule_settings,
    scenario_of,
    turn_and_phase,
    unit_of,
    unit_rank,
)
from builder.saves.steps_layout import steps_boxes
from builder.vassal.model import Deck, Piece, SavedGame
from builder.vassal.sequence import decode
from builder.vassal.traits import Mask
from rules.cards import Card
from rules.errors import SaveError
from rules.model import GameSpec, Unit
from rules.referee.card_places import CardPlaces
from rules.referee.position import Position, UnitState

DECK_NAME_FIELD = 12
"""Where a Deck's type (after ``deck;``) names its DrawPile (VASSAL 3.6 ``Deck.getType``)."""
CONTROL_PREFIX = "control_"
"""Control markers are ``control_<side>``: that side's control on the front (3.6)."""


def _deck_name(deck: Deck) -> str:
    fields = decode(deck.type[len("deck;") :], ";")
    return fields[DECK_NAME_FIELD] if len(fields) > DECK_NAME_FIELD else ""


def _flipped(piece: Piece, layer_name: str) -> bool:
    layer = piece_layer(piece, layer_name)
    return layer is not None and layer.level == 2


def _masked_by(piece: Piece) -> str | None:
    for trait in piece.traits:
        if isinstance(trait, Mask):
            return trait.owner
    return None


class _Cards:
    """Where each card piece lies, filled piece by piece."""

    def __init__(self, path: Path, spec: GameSpec, saved: SavedGame) -> None:
        self.path = path
        self.spec = spec
        assert spec.cards is not None
        self.by_id = {card.id: card for card in spec.cards.cards()}
        self.pile_of = {
            piece_id: _deck_name(deck) for deck in saved.decks for piece_id in deck.piece_ids
        }
        self.side_of = {side.name: side.id for side in spec.sides}
        self.duel_piles = {duel_pile_name(side.name): side.id for side in spec.sides}
        self.steps_maps = {steps_map_name(side.name): side.id for side in spec.sides}
        self.hand_maps = {hand_map_name(side.name): side.id for side in spec.sides}
        self.boxes = {side.id: steps_boxes(spec, side.id) for side in spec.sides}
        self.seen: dict[str, str] = {}
        self.steps: dict[str, list[Card]] = {}
        self.hands: dict[str, list[Card]] = {}
        self.played: dict[str, list[Card]] = {}
        self.deck: list[Card] = []
        self.discard: list[Card] = []
        self.face_up: list[Card] = []

    def add(self, piece: Piece, card_id: str) -> None:
        if card_id not in self.by_id:
            raise SaveError(
                self.path, f"piece {piece.id}", f"unknown {self.spec.id} card {card_id!r}"
            )
        if card_id in self.seen:
            raise SaveError(
                self.path,
                f"piece {piece.id}",
                f"card {card_id!r} appears twice (also piece {self.seen[card_id]})",
            )
        self.seen[card_id] = piece.id
        card = self.by_id[card_id]
        pile = self.pile_of.get(piece.id)
        if pile in self.duel_piles:
            if _masked_by(piece) is None:
                self.face_up.append(card)
            else:
                self.played.setdefault(self.duel_piles[pile], []).append(card)
        elif pile is not None:
            if pile not in (DRAW_DECK, DISCARD_PILE):
                raise SaveError(
                    self.path,
                    f"piece {piece.id}",
                    f"card {card_id!r} lies in an unknown pile {pile!r}",
                )
            (self.deck if pile == DRAW_DECK else self.discard).append(card)
        elif piece.map in self.steps_maps:
            self.steps.setdefault(self._box(self.steps_maps[piece.map], piece), []).append(card)
        elif piece.map in self.hand_maps:
            self.hands.setdefault(self.hand_maps[piece.map], []).append(card)
        elif (owner := _masked_by(piece)) in self.side_of:
            self.played.setdefault(self.side_of[owner], []).append(card)
        elif piece.map is not None:
            self.face_up.append(card)

    def _box(self, side: str, piece: Piece) -> str:
        """The unit whose steps box holds the piece (the nearest box when it is in none)."""

        def distance(corners: tuple[tuple[int, int], ...]) -> float:
            (left, top), _, (right, bottom), _ = corners
            dx = max(left - piece.x, 0, piece.x - right)
            dy = max(top - piece.y, 0, piece.y - bottom)
            return float(dx * dx + dy * dy)

        return min(self.boxes[side], key=lambda box: distance(box.slot)).unit

    def places(self) -> CardPlaces | None:
        if not self.seen:
            return None
        return CardPlaces(
            steps=_frozen(self.steps),
            hands=_frozen(self.hands),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            played=_frozen(self.played),
            face_up=tuple(self.face_up),
        )


def _frozen(places: dict[str, list[Card]]) -> dict[str, tuple[Card, ...]]:
    return {place: tuple(cards) for place, cards in places.items()}


def area_position_from_save(path: Path, saved: SavedGame, spec: GameSpec) -> Position:
    """The position at the end of a save of an area game's module."""
    game_map = spec.maps[0]
    area_map = game_map.area_map
    assert area_map is not None
    dead_piles = {dead_pile_name(side.name) for side in spec.sides}
    rank = unit_rank(spec)
    units: list[UnitState] = []
    eliminated: list[Unit] = []
    control: dict[str, str] = {}
    cards = _Cards(path, spec, saved)
    printed = not carries_digest(saved)
    placed: dict[str, str] = {}
    for piece in saved.pieces:
        properties = piece_properties(piece)
        if properties.get("Game") != spec.id:
            continue
        if "CardId" in properties:
            cards.add(piece, properties["CardId"])
        elif "UnitId" in properties:
            unit = unit_of(path, spec, piece, printed)
            assert unit is not None
            if unit.id in placed:
                raise SaveError(
                    path,
                    f"piece {piece.id}",
                    f"unit {unit.id!r} appears twice (also {placed[unit.id]})",
                )
            placed[unit.id] = f"piece {piece.id}"
            if piece.map in dead_piles:
                eliminated.append(unit)
                continue
            area = area_map.area_at(piece.x, piece.y) if piece.map == game_map.name else None
            if area is not None:
                flags = {
                    flag
                    for flag, layer in (("acted", ACTED_LAYER), ("isolated", ISOLATED_LAYER))
                    if _flipped(piece, layer)
                }
                units.append(UnitState(unit, area, None, len(unit.steps), frozenset(flags)))
        elif (
            properties.get("MarkerId", "").startswith(CONTROL_PREFIX) and piece.map == game_map.name
        ):
            area = area_map.area_at(piece.x, piece.y)
            front = properties["MarkerId"][len(CONTROL_PREFIX) :]
            sides = [side.id for side in spec.sides]
            if area is not None and front in sides:
                back = next(side for side in sides if side != front)
                control[area] = back if _flipped(piece, SIDE_LAYER) else front
    turn, phase = turn_and_phase(path, spec, saved.turns)
    return Position(
        spec=spec,
        scenario=scenario_of(path, spec, saved.global_properties)
        or next(iter(spec.scenarios), None),
        turn=turn,
        phase=phase,
        weather=None,
        units=tuple(sorted(units, key=lambda state: rank[state.unit.id])),
        eliminated=tuple(sorted(eliminated, key=lambda unit: rank[unit.id])),
        settings=optional_rule_settings(path, spec, saved.global_properties),
        source=str(path),
        control=control,
        cards=cards.places(),
    )
