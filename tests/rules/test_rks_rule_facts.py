"""Rattenkrieg's data against the facts its rule text states (../shared/seeds/003_…).

The map, the set-up and the deck are reconstructed, but the text fixes counts and
places; each test names the rule it holds the data to.
"""

from __future__ import annotations

from collections import Counter

from rules.model import GameSpec

CITY_AREAS = 12


def _areas(rks: GameSpec) -> dict[str, str]:
    return {area.id: area.kind for area in rks.maps[0].areas}


def _setup(rks: GameSpec) -> dict[str, str]:
    return {placement.unit: placement.location for placement in rks.scenarios["city"].setup}


def test_2_1_twelve_city_areas_between_two_rears(rks: GameSpec) -> None:
    kinds = _areas(rks)
    assert sum(kind != "rear" for kind in kinds.values()) == CITY_AREAS
    assert sorted(area for area, kind in kinds.items() if kind == "rear") == [
        "german_rear",
        "soviet_rear",
    ]
    assert set(kinds.values()) == {"rear", "ordinary", "urban"}


def test_3_1_one_rifle_in_each_ordinary_area(rks: GameSpec) -> None:
    kinds = _areas(rks)
    rifles = [unit.id for unit in rks.units.values() if unit.id.startswith("rifle")]
    ordinary = sorted(area for area, kind in kinds.items() if kind == "ordinary")
    assert len(rifles) == len(ordinary)
    setup = _setup(rks)
    assert sorted(setup[rifle] for rifle in rifles) == ordinary


def test_3_1_t34_in_the_tractor_factory_and_13th_guards_in_the_soviet_rear(rks: GameSpec) -> None:
    setup = _setup(rks)
    assert setup["t34"] == "tractor_factory"
    assert setup["13gds"] == "soviet_rear"
    assert _areas(rks)["tractor_factory"] == "urban"


def test_3_2_six_german_units_but_16pz_and_100j_in_the_german_rear(rks: GameSpec) -> None:
    setup = _setup(rks)
    german = [unit.id for unit in rks.units.values() if unit.side == "german"]
    at_start = [unit for unit in german if unit in setup]
    assert len(at_start) == 6
    assert sorted(set(german) - set(at_start)) == ["100j", "16pz"]
    assert {setup[unit] for unit in at_start} == {"german_rear"}


def test_3_1_3_2_only_the_named_soviet_units_start_outside(rks: GameSpec) -> None:
    soviet = {unit.id for unit in rks.units.values() if unit.side == "soviet"}
    assert soviet - set(_setup(rks)) == {"39gds"}


def test_3_3_step_cards_by_kind_of_unit(rks: GameSpec) -> None:
    expected = {"panzer": 4, "motorised": 3}
    for unit in rks.units.values():
        cards = int(unit.properties["step_cards"])
        if unit.id == "100j":
            assert cards == 1
        elif unit.id == "t34":
            assert cards == 0  # rule 8.12: the T-34 has no steps
        elif unit.id.startswith("rifle"):
            assert cards == 1
        elif "gds" in unit.id:
            assert cards == 3
        elif unit.side == "german":
            assert cards == expected.get(unit.arm, 2), unit.id


def test_3_4_hands_and_10_1_10_2_refills(rks: GameSpec) -> None:
    assert rks.cards is not None
    hands = rks.cards.hands
    assert dict(hands.start) == {"german": 3, "soviet": 4}
    assert hands.refill == 3
    assert hands.bonus_area == "mamayev_kurgan" and hands.bonus_refill == 4


def test_3_5_the_soviet_rear_touches_three_areas_by_arrows_only(rks: GameSpec) -> None:
    area_map = rks.maps[0].area_map
    assert area_map is not None
    soviet_rear = rks.maps[0].area("soviet_rear")
    assert len(soviet_rear.adjacent) == 3
    by_arrow = {
        crossing.second for crossing in area_map.crossings if crossing.first == "soviet_rear"
    }
    assert by_arrow == set(soviet_rear.adjacent)
    assert all(not area_map.border("soviet_rear", other) for other in soviet_rear.adjacent)
    assert "german_rear" not in soviet_rear.adjacent


def test_4_0_the_victory_areas_are_the_three_joined_to_the_soviet_rear(rks: GameSpec) -> None:
    objectives = set(rks.maps[0].area("soviet_rear").adjacent)
    assert len(objectives) == 3 and all(_areas(rks)[area] != "rear" for area in objectives)
    assert rks.scenarios["city"].last_turn == 6


def test_6_reinforcements_arrive_on_turns_2_and_3_in_their_rear(rks: GameSpec) -> None:
    arrivals = {
        unit.id: (arrival.turn, arrival.where)
        for unit in rks.units.values()
        for arrival in unit.arrivals
    }
    assert arrivals == {
        "16pz": (2, "german_rear"),
        "100j": (2, "german_rear"),
        "39gds": (3, "soviet_rear"),
    }


def test_9_2_10_2_mamayev_kurgan_is_a_city_area(rks: GameSpec) -> None:
    assert _areas(rks)["mamayev_kurgan"] in {"ordinary", "urban"}


def test_2_4_fifty_two_cards_without_jokers(rks: GameSpec) -> None:
    assert rks.cards is not None
    cards = rks.cards.cards()
    assert len(cards) == 52 and len({card.id for card in cards}) == 52
    assert Counter(card.suit.colour for card in cards) == {"black": 26, "red": 26}
    assert not any("joker" in card.name.lower() for card in cards)


def test_9_1_each_face_card_is_one_event_for_each_side(rks: GameSpec) -> None:
    deck = rks.cards
    assert deck is not None
    for card in deck.cards():
        for side in ("german", "soviet"):
            event = deck.event(card, side)
            assert (event is not None) == card.rank.face, (card.name, side)
    spade_jack = next(card for card in deck.cards() if card.id == "js")
    heart_king = next(card for card in deck.cards() if card.id == "kh")
    assert deck.event(spade_jack, "german").name == "Air support"  # type: ignore[union-attr]
    assert deck.event(spade_jack, "soviet").name == "Artillery"  # type: ignore[union-attr]
    assert deck.event(heart_king, "soviet").name == "General Chuikov"  # type: ignore[union-attr]
    assert deck.event(heart_king, "german").name == "Artillery"  # type: ignore[union-attr]


def test_outlines_are_the_adjacency(rks: GameSpec) -> None:
    """One truth: each area's neighbours are exactly what its outline shares, plus arrows."""
    area_map = rks.maps[0].area_map
    assert area_map is not None
    derived = area_map.neighbours()
    for area in rks.maps[0].areas:
        assert set(area.adjacent) == set(derived[area.id])
        for other in area.adjacent:
            crossing = any(
                {crossing.first, crossing.second} == {area.id, other}
                for crossing in area_map.crossings
            )
            assert crossing or area_map.border(area.id, other)
    assert area_map.problems() == []
