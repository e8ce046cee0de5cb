"""The Rattenkrieg duel (8.3-8.12), its modifiers and events (8.8, 9.4, 9.5, 9.7, 9.8),
its exact chances and strikes (9.2, 9.3), each case worked by hand from the rule text.

Strengths are the data's (reconstructed): panzer 7, motorised 6, German infantry 5,
Guards 6, rifle 4, T-34 3. Built-up areas: the Tractor Factory, Barrikady, Red October,
the City centre, the Grain elevator; Mamayev Kurgan and Orlovka are ordinary.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest

from rules.cards import Card
from rules.referee.card_places import CardPlaces, EventInForce
from rules.referee.engine import RefereeError
from rules.referee.position import Position, UnitState
from rules.referee.rks import RattenkriegReferee
from rules.referee.rks.combat import DuelReport
from rules.referee.rks.duel import ATTACKER, DEFENDER, Play, resolve
from rules.referee.rks.odds import Duelist, beaten_chance, outcome
from rules.referee.rks.sight import card_places_of
from rules.referee.rks.strikes import AIR, ARTILLERY, hits
from tests.support.games import shipped_game

GERMAN, SOVIET = "german", "soviet"


def card(card_id: str) -> Card:
    deck = shipped_game("rks").cards
    assert deck is not None
    return deck.card(card_id)


def cards(ids: str) -> tuple[Card, ...]:
    return tuple(card(card_id) for card_id in ids.split())


def duel_referee(
    units: Sequence[tuple[str, str, str] | tuple[str, str, str, str]],
    hands: Mapping[str, str] | None = None,
    control: Mapping[str, str] | None = None,
    events: Sequence[tuple[str, str]] = (),
    discard: str = "",
    played: Mapping[str, str] | None = None,
    phase: str = "German operations",
    deck: str | None = None,
) -> RattenkriegReferee:
    """A position: (unit, area, step cards[, flags]) each; the deck is every other card
    unless given (then the rest is face up, out of the way)."""
    rks = shipped_game("rks")
    assert rks.cards is not None
    states, steps = [], {}
    for unit_id, area, step_ids, *flags in units:
        marks = frozenset(flags[0].split()) if flags else frozenset()
        states.append(UnitState(rks.units[unit_id], area, None, 1, marks))
        steps[unit_id] = cards(step_ids) if step_ids else ()
    hand_cards = {side: cards(ids) for side, ids in (hands or {}).items()}
    played_cards = {side: cards(ids) for side, ids in (played or {}).items()}
    used = {
        c
        for group in (
            *steps.values(),
            *hand_cards.values(),
            *played_cards.values(),
            cards(discard) if discard else (),
        )
        for c in group
    }
    everything = [c for c in rks.cards.cards() if c not in used]
    deck_cards = cards(deck) if deck is not None else tuple(everything)
    if deck == "":
        deck_cards = ()
    face_up = tuple(c for c in everything if c not in deck_cards)
    in_force = []
    for name, unit_id in events:
        event = next(
            e for e in rks.cards.events if e.id == name and e.side == rks.units[unit_id].side
        )
        in_force.append(EventInForce(event, unit_id))
    table = CardPlaces(
        steps=steps,
        hands=hand_cards,
        deck=deck_cards,
        discard=cards(discard) if discard else (),
        played=played_cards,
        face_up=face_up,
        events=tuple(in_force),
    )
    position = Position(
        spec=rks,
        scenario="city",
        turn=3,
        phase=phase,
        weather=None,
        units=tuple(states),
        source="test",
        control=dict(control or {}),
        cards=table,
    )
    return RattenkriegReferee(position)


def rules_of(report: DuelReport) -> list[str]:
    return [rule for step in report.steps for rule in step.rules]


# ----- 8.7: the result from two cards ----------------------------------------------------


def play(side: str, card_id: str | None, strength: int) -> Play:
    return Play(side, None if card_id is None else card(card_id), strength)


@pytest.mark.parametrize(
    ("attack", "defence", "winner", "rule"),
    [
        # 8.7 (1): 5♠ ≤ 5 hits, 7♥ > 4 misses: only the attacker hits.
        (("german", "5s", 5), ("soviet", "7h", 4), ATTACKER, "8.7 (1)"),
        # 8.7 (1): 9♠ > 5 misses, 3♥ ≤ 4 hits: only the defender hits.
        (("german", "9s", 5), ("soviet", "3h", 4), DEFENDER, "8.7 (1)"),
        # 8.7 (2): both hit; 4♠ is the German's black, 3♣ is not the Soviet's red.
        (("german", "4s", 5), ("soviet", "3c", 4), ATTACKER, "8.7 (2)"),
        # 8.7 (2): both hit; 2♥ is not the German's colour, 4♦ is the Soviet's.
        (("german", "2h", 5), ("soviet", "4d", 4), DEFENDER, "8.7 (2)"),
        # 8.7 (2) with the Soviet attacking: 3♥ red hits, 2♦... both red: both own? no —
        # the German defends with 2♦ (red, not his), so the Soviet's own colour wins.
        (("soviet", "3h", 4), ("german", "2d", 5), ATTACKER, "8.7 (2)"),
        # 8.7 (3): both hit in their own colours; the lower card (2♥) wins.
        (("german", "5s", 5), ("soviet", "2h", 4), DEFENDER, "8.7 (3)"),
        # 8.7 (3): both hit, neither in its own colour; the lower card (3♦) wins.
        (("german", "3d", 5), ("soviet", "4s", 4), ATTACKER, "8.7 (3)"),
        # 8.7 (4): both hit in their colours with equal cards: fought again.
        (("german", "4s", 5), ("soviet", "4h", 4), None, "8.7 (4)"),
        # 8.7 (4): equal cards, neither in its colour: fought again.
        (("german", "3h", 5), ("soviet", "3c", 4), None, "8.7 (4)"),
        # 8.7 (5): both bluff (9♠ > 5, 8♥ > 4): the defender wins.
        (("german", "9s", 5), ("soviet", "8h", 4), DEFENDER, "8.7 (5)"),
        # 8.4: a face card never hits, even against a strength of 13: both bluff.
        (("soviet", "ks", 13), ("german", "10h", 5), DEFENDER, "8.7 (5)"),
        # 8.4 with 8.7 (1): the defender's queen never hits; the attacker's ace (1) does.
        (("german", "ac", 5), ("soviet", "qh", 12), ATTACKER, "8.7 (1)"),
        # 8.5: a defender who plays no card takes a loss: the attacker wins.
        (("german", "9s", 5), ("soviet", None, 4), ATTACKER, "8.5"),
    ],
)
def test_8_7_cases(
    attack: tuple[str, str, int],
    defence: tuple[str, str | None, int],
    winner: str | None,
    rule: str,
) -> None:
    result = resolve(play(*attack), play(*defence))
    assert (result.winner, result.rule) == (winner, rule), result.reason


def test_8_4_the_attacker_must_play_a_card() -> None:
    with pytest.raises(ValueError):
        resolve(play("german", None, 5), play("soviet", "2h", 4))


def test_the_ace_is_worth_one_and_ten_is_a_number() -> None:
    assert play("german", "as", 1).hits
    assert play("german", "10s", 10).hits and not play("german", "10s", 9).hits
    assert not play("german", "js", 13).hits


# ----- the duel in a position: strengths (8.8, 9.4, 9.5, 9.7, 8.12) ----------------------


def test_8_8_infantry_defending_in_a_built_up_area_gains_2_and_it_decides_the_duel() -> None:
    """71 (5) attacks rifle3 (4) with 5♦, a hit but not the German's colour; rifle3 answers
    6♥. In Red October (built-up) rifle3 is 6: both hit and only the Soviet played his
    colour, so the defender wins (8.7 (2)). In Mamayev Kurgan (ordinary) 6♥ misses and
    the attacker wins (8.7 (1))."""
    built_up = duel_referee(
        [("71", "red_october", "5d"), ("rifle3", "red_october", "6h")],
        control={"settlements": GERMAN},
    )
    report = built_up.combat.duel("71", "rifle3", attacker_cards=["5d"], defender_cards=["6h"])
    assert report.defence.total == 6
    assert any(term.amount == 2 and term.rules == ("8.8",) for term in report.defence.terms)
    assert report.result is not None and (report.result.winner, report.result.rule) == (
        DEFENDER,
        "8.7 (2)",
    )
    ordinary = duel_referee([("71", "mamayev_kurgan", "5d"), ("rifle4", "mamayev_kurgan", "6h")])
    report = ordinary.combat.duel("71", "rifle4", attacker_cards=["5d"], defender_cards=["6h"])
    assert report.defence.total == 4
    assert report.result is not None and (report.result.winner, report.result.rule) == (
        ATTACKER,
        "8.7 (1)",
    )


def test_8_8_a_german_panzer_defending_in_a_built_up_area_loses_2() -> None:
    """13gds (6) attacks 14pz with 6♣, a hit but not the Soviet's colour; 14pz answers 6♠.
    In Barrikady (built-up) 14pz is 7 - 2 = 5 and 6♠ misses: the attacker wins (8.7 (1)).
    In Orlovka (ordinary) 6♠ hits in the German's colour and the defender wins (8.7 (2))."""
    built_up = duel_referee(
        [("13gds", "barrikady", "6c"), ("14pz", "barrikady", "6s")], phase="Soviet operations"
    )
    report = built_up.combat.duel("13gds", "14pz", attacker_cards=["6c"], defender_cards=["6s"])
    assert report.defence.total == 5 and report.attack.total == 6
    assert report.result is not None and (report.result.winner, report.result.rule) == (
        ATTACKER,
        "8.7 (1)",
    )
    ordinary = duel_referee(
        [("13gds", "orlovka", "6c"), ("14pz", "orlovka", "6s")], phase="Soviet operations"
    )
    report = ordinary.combat.duel("13gds", "14pz", attacker_cards=["6c"], defender_cards=["6s"])
    assert report.defence.total == 7
    assert report.result is not None and (report.result.winner, report.result.rule) == (
        DEFENDER,
        "8.7 (2)",
    )


def test_8_8_motorised_infantry_is_not_modified_and_attackers_never_are() -> None:
    referee = duel_referee(
        [("13gds", "barrikady", "2h"), ("29mot", "barrikady", "6s")], phase="Soviet operations"
    )
    report = referee.combat.duel("13gds", "29mot")
    assert report.defence.total == 6 and report.attack.total == 6
    assert any(
        "unmodified" in term.what and term.rules == ("8.8",) for term in report.defence.terms
    )
    german_attack = duel_referee(
        [("71", "barrikady", "5s"), ("29mot", "barrikady", "6s"), ("rifle2", "barrikady", "2h")]
    )
    assert german_attack.combat.duel("71", "rifle2").attack.total == 5


def test_9_4_assault_guns_add_2_to_the_acting_unit_but_not_to_a_panzer_division() -> None:
    referee = duel_referee(
        [("71", "orlovka", "5s"), ("14pz", "orlovka", "7s"), ("rifle2", "orlovka", "2h")],
        events=[("assault_guns", "71"), ("assault_guns", "14pz")],
    )
    assert referee.combat.duel("71", "rifle2").attack.total == 7
    panzer = referee.combat.duel("14pz", "rifle2")
    assert panzer.attack.total == 7
    assert any("panzer" in step.text and step.rules == ("9.4",) for step in panzer.steps)


def test_9_4_assault_guns_strengthen_motorised_infantry() -> None:
    referee = duel_referee(
        [("29mot", "orlovka", "6s"), ("rifle2", "orlovka", "2h")],
        events=[("assault_guns", "29mot")],
    )
    assert referee.combat.duel("29mot", "rifle2").attack.total == 8


def test_9_5_combat_engineers_cancel_the_built_up_area() -> None:
    referee = duel_referee(
        [("71", "red_october", "5s"), ("rifle3", "red_october", "2h")],
        events=[("combat_engineers", "71")],
    )
    report = referee.combat.duel("71", "rifle3")
    assert report.defence.total == 4
    assert any(term.rules == ("9.5", "8.8") for term in report.defence.terms)


def test_9_7_molotov_cocktail_adds_2_to_the_acting_soviet_unit_only() -> None:
    referee = duel_referee(
        [("rifle4", "mamayev_kurgan", "2h"), ("71", "mamayev_kurgan", "5s")],
        events=[("molotov_cocktail", "rifle4")],
        phase="Soviet operations",
    )
    assert referee.combat.duel("rifle4", "71").attack.total == 6
    defending = duel_referee(
        [("rifle4", "mamayev_kurgan", "2h"), ("71", "mamayev_kurgan", "5s")],
        events=[("molotov_cocktail", "rifle4")],
    )
    report = defending.combat.duel("71", "rifle4")
    assert report.defence.total == 4
    assert any("acting unit" in step.text and step.rules == ("9.7",) for step in report.steps)


def test_events_given_for_the_duel_count_like_the_positions() -> None:
    referee = duel_referee([("71", "orlovka", "5s"), ("rifle2", "orlovka", "2h")])
    assert referee.combat.duel("71", "rifle2", event_names=["assault_guns"]).attack.total == 7


def test_9_8_chuikov_makes_the_german_play_first_and_the_soviet_answer_seeing_it() -> None:
    """rifle4 (4) attacks 71 (5) with Chuikov in force; the German has played 5♠ face down
    first. Seeing it, each Soviet card's result is certain: 2♥ and 5♠ both hit in their
    sides' colours and the lower wins (8.7 (3)), so 2♥ wins; 9♦ misses while 5♠ hits, so
    it loses (8.7 (1)). The German, not seeing the Soviet's answer, has no such certainty."""
    referee = duel_referee(
        [("rifle4", "mamayev_kurgan", "2h"), ("71", "mamayev_kurgan", "6s")],
        hands={SOVIET: "9d"},
        events=[("general_chuikov", "rifle4")],
        played={GERMAN: "5s"},
        phase="Soviet operations",
    )
    report = referee.combat.duel("rifle4", "71", viewer=SOVIET)
    assert "9.8" in rules_of(report)
    soviet = next(item for item in report.chances if item.side == SOVIET)
    by_card = {chance.card.id: chance for chance in soviet.cards}
    assert by_card["2h"].win == 1 and by_card["9d"].lose == 1
    assert all(chance.beaten is None for chance in soviet.cards)
    assert report.played[DEFENDER] == ("5♠",), "the Soviet sees the German card under Chuikov"


def test_8_12_the_t34_joins_a_soviet_unit_in_its_area_and_may_be_lost_instead() -> None:
    """rifle1 defends the Tractor Factory (built-up: 4 + 2) with the T-34 beside it (+3):
    9. The German 7♠ hits (7 ≤ 7), 9♥ hits for the Soviet: both in their colours, the
    lower (7) wins, so the Soviet loses and may give up the T-34 instead (8.12)."""
    referee = duel_referee(
        [
            ("14pz", "tractor_factory", "7s"),
            ("rifle1", "tractor_factory", "9h"),
            ("t34", "tractor_factory", ""),
        ]
    )
    report = referee.combat.duel(
        "14pz", "rifle1", t34=True, attacker_cards=["7s"], defender_cards=["9h"]
    )
    assert report.defence.total == 9
    assert report.result is not None and report.result.winner == ATTACKER
    assert any(step.rules == ("8.12",) and "T-34" in step.text for step in report.losses)


def test_8_12_a_turned_over_t34_does_not_attack_and_one_elsewhere_does_not_join() -> None:
    attacking = duel_referee(
        [
            ("rifle1", "spartakovka", "2h"),
            ("t34", "spartakovka", "", "acted"),
            ("71", "spartakovka", "5s"),
        ],
        phase="Soviet operations",
    )
    report = attacking.combat.duel("rifle1", "71", t34=True)
    assert report.attack.total == 4 and "7.4" in rules_of(report)
    away = duel_referee(
        [
            ("rifle1", "spartakovka", "2h"),
            ("t34", "tractor_factory", ""),
            ("71", "spartakovka", "5s"),
        ]
    )
    assert away.combat.duel("71", "rifle1", t34=True).defence.total == 4


def test_8_12_the_t34_alone_plays_hand_cards_only() -> None:
    referee = duel_referee(
        [("t34", "tractor_factory", ""), ("14pz", "tractor_factory", "7s")], hands={SOVIET: "3h 4h"}
    )
    assert [source for _, source in referee.combat.usable(referee.combat.unit("t34"))] == [
        "hand",
        "hand",
    ]
    report = referee.combat.duel("14pz", "t34")
    assert any(step.rules == ("8.12",) and "hand cards only" in step.text for step in report.steps)
    assert report.defence.total == 3, "the T-34 is not infantry: 8.8 leaves it unmodified"


def test_8_10_an_isolated_unit_plays_its_own_steps_only() -> None:
    referee = duel_referee(
        [("71", "orlovka", "5s"), ("rifle2", "orlovka", "2h", "isolated")], hands={SOVIET: "3h 4h"}
    )
    assert [c.id for c, _ in referee.combat.usable(referee.combat.unit("rifle2"))] == ["2h"]


def test_8_10_a_card_an_isolated_unit_may_not_play_is_not_played() -> None:
    """Issue 38 item 12. 71 (German infantry, 5) attacks rifle2 (rifle, 4), isolated in
    Orlovka, an ordinary area (no 8.8). 71 plays its step 5♠: 5 ≤ 5 hits, black, its own
    colour. The Soviet answers 3♥ from his hand, which an isolated unit may not play: it
    uses its own steps only (8.10). Counted, 3♥ would hit in red and, lower than 5♠, win
    (8.7 (3)); not played, the defender has played no card it may, and takes a loss: the
    attacker wins (8.5). The refusal cites 8.10."""
    referee = duel_referee(
        [("71", "orlovka", "5s"), ("rifle2", "orlovka", "2h", "isolated")],
        hands={SOVIET: "3h 4h"},
    )
    report = referee.combat.duel("71", "rifle2", attacker_cards=["5s"], defender_cards=["3h"])
    refused = [step for step in report.steps if "3♥" in step.text]
    assert [step.rules for step in refused] == [("8.10",)]
    assert "isolated" in refused[0].text and "not played" in refused[0].text
    assert report.result is not None
    assert (report.result.winner, report.result.rule) == (ATTACKER, "8.5")


def test_8_10_the_card_it_may_play_decides_after_one_it_may_not() -> None:
    """The same duel, the Soviet having raised: 3♥ from the hand (not played, 8.10), then
    rifle2's step 2♥: 2 ≤ 4 hits in red, lower than 5♠: the defender wins (8.7 (3))."""
    referee = duel_referee(
        [("71", "orlovka", "5s"), ("rifle2", "orlovka", "2h", "isolated")],
        hands={SOVIET: "3h 4h"},
    )
    report = referee.combat.duel("71", "rifle2", attacker_cards=["5s"], defender_cards=["3h", "2h"])
    assert report.result is not None
    assert (report.result.winner, report.result.rule) == (DEFENDER, "8.7 (3)")
    assert "8.10" in rules_of(report)


@pytest.mark.parametrize(("reading", "added"), [("adds_in_defence", 3), ("adds_nothing", 0)])
def test_8_12_a_turned_over_t34_adds_its_strength_in_defence_as_the_reading_says(
    reading: str, added: int
) -> None:
    """Issue 38 item 13. 14pz attacks rifle1 in the Tractor Factory, where the T-34 (3)
    stands turned over (7.4). 8.12 lets it add its strength when a Soviet unit there
    fights, and asks it to be face up only to act with an attacker: read as (a) it adds
    its 3 to rifle1's defence, read as (b) nothing; the step says which reading decided."""
    from dataclasses import replace

    base = duel_referee(
        [
            ("14pz", "tractor_factory", "7s"),
            ("rifle1", "tractor_factory", "2h"),
            ("t34", "tractor_factory", "", "acted"),
        ]
    )
    alone = base.combat.duel("14pz", "rifle1").defence.total
    position = replace(base.position, settings={"t34_turned_over": reading})
    report = RattenkriegReferee(position).combat.duel("14pz", "rifle1", t34=True)
    assert report.defence.total == alone + added
    letter = "a" if added else "b"
    assert any(f"8.12 ({letter})" in step.text for step in report.steps)


def test_8_6_after_raises_the_last_card_counts() -> None:
    """The German raises 9♠ (a miss) with 2♠; the Soviet answered 3♥: both hit in their
    colours, and 2 < 3 wins (8.7 (3))."""
    referee = duel_referee([("71", "mamayev_kurgan", "9s 2s"), ("rifle4", "mamayev_kurgan", "3h")])
    report = referee.combat.duel("71", "rifle4", attacker_cards=["9s", "2s"], defender_cards=["3h"])
    assert "8.6" in rules_of(report)
    assert report.result is not None and (report.result.winner, report.result.rule) == (
        ATTACKER,
        "8.7 (3)",
    )


def test_8_9_the_loser_retreats_into_its_areas_loses_a_step_or_is_eliminated() -> None:
    """rifle7 loses in Kuporosnoye; the Grain elevator and Minina are German, the German
    rear is the enemy's: no retreat, and with its one step gone it is eliminated."""
    referee = duel_referee(
        [("71", "kuporosnoye", "2s"), ("rifle7", "kuporosnoye", "")],
        control={"grain_elevator": GERMAN, "minina": GERMAN},
    )
    report = referee.combat.duel("71", "rifle7", attacker_cards=["2s"], defender_cards=["9h"])
    assert [step.rules for step in report.losses] == [("8.9 (3)",)]


def route_step(report: DuelReport) -> str:
    return next(step.text for step in report.steps if " moves " in step.text)


def test_7_3_3_6_a_unit_pays_a_card_to_enter_an_empty_enemy_area_holds_it_and_goes_on() -> None:
    """71 in the German rear attacks rifle3 in Red October. The Workers' settlements next
    to both are Soviet and empty: 71 piles one card to enter them (7.3), stands there
    alone and so holds them (3.6), and goes on into Red October, where rifle3 stands:
    the combat (8.1). It needs that card and one to play (8.4): its step 5♠ and the hand
    card 3♠ are two. With the settlements German it passes free (7.2)."""
    paying = duel_referee(
        [("71", "german_rear", "5s"), ("rifle3", "red_october", "2h")], hands={GERMAN: "3s"}
    )
    report = paying.combat.duel("71", "rifle3")
    assert not report.refused
    assert "German rear → Workers' settlements → Red October" in route_step(report)
    paid = next(step for step in report.steps if "piles 1 card" in step.text)
    assert "Workers' settlements" in paid.text and paid.rules == ("7.3", "3.6", "7.1")
    open_way = duel_referee(
        [("71", "german_rear", "5s"), ("rifle3", "red_october", "2h")],
        control={"settlements": GERMAN},
    )
    report = open_way.combat.duel("71", "rifle3")
    assert "German rear → Workers' settlements → Red October" in route_step(report)
    assert not any("piles" in step.text for step in report.steps)


def test_7_1_7_3_a_unit_goes_on_through_two_empty_enemy_areas_paying_for_each() -> None:
    """14pz (4 steps) in the German rear attacks rifle2 in Barrikady. Soviet units stand
    in Orlovka, the settlements and Mamayev Kurgan, so every way but one crosses them;
    Red October is reached only through them or the Soviet rear (3.5). The one way left:
    Rynok-Spartakovka and the Tractor Factory, both Soviet and empty, one card each, and
    one to play: 3 of its 4 steps."""
    referee = duel_referee(
        [
            ("14pz", "german_rear", "2s 3s 4s 5s"),
            ("rifle2", "barrikady", "2h"),
            ("rifle3", "orlovka", "3h"),
            ("rifle5", "settlements", "4h"),
            ("rifle4", "mamayev_kurgan", "5h"),
        ]
    )
    report = referee.combat.duel("14pz", "rifle2")
    assert not report.refused
    assert "German rear → Rynok-Spartakovka → Tractor Factory → Barrikady" in route_step(report)
    assert any("piles 2 cards" in step.text for step in report.steps)


def test_7_3_8_4_a_unit_without_the_cards_to_pay_and_fight_cannot_get_there() -> None:
    """71 with its one step and no hand card cannot pile a card for the settlements and
    still play one in the combat."""
    referee = duel_referee([("71", "german_rear", "5s"), ("rifle3", "red_october", "2h")])
    report = referee.combat.duel("71", "rifle3")
    assert report.refused
    assert any(step.rules == ("7.1", "7.3", "8.4") for step in report.steps)


def test_7_3_8_1_areas_where_enemy_units_stand_end_a_move() -> None:
    """The City centre is next to Mamayev Kurgan and the Tsaritsa gorge only; Soviet units
    stand in both, so entering either is a combat there, and 14pz cannot get further."""
    referee = duel_referee(
        [
            ("14pz", "german_rear", "2s 3s 4s 5s"),
            ("rifle6", "city_centre", "2h"),
            ("rifle4", "mamayev_kurgan", "3h"),
            ("rifle5", "tsaritsa", "4h"),
        ]
    )
    report = referee.combat.duel("14pz", "rifle6")
    assert report.refused
    assert any("cannot get into City centre" in step.text for step in report.steps)
    assert report.chances == () and report.result is None


def test_bad_duels_are_bad_input() -> None:
    referee = duel_referee([("71", "orlovka", "5s"), ("29mot", "orlovka", "6s")])
    with pytest.raises(RefereeError):
        referee.combat.duel("71", "29mot")
    with pytest.raises(RefereeError):
        referee.combat.duel("71", "rifle1")
    with pytest.raises(RefereeError):
        referee.combat.duel("71", "29mot", event_names=["blitzkrieg"])


# ----- exact chances against an exhaustive enumeration --------------------------------------


UNSEEN_BY_THE_SOVIET = "2s qs 7d 3c 4h 5c 6h 8s 9c ah"


def small_world() -> RattenkriegReferee:
    """A late game seen by the Soviet: 42 cards lie face up in the discard pile, so the
    Soviet has not seen 10 — the German's 2 hand cards, 71's 1 step card and a deck of 7.
    The Soviet attacks 71 with 13gds in Mamayev Kurgan (ordinary)."""
    rks = shipped_game("rks")
    assert rks.cards is not None
    german_hand, german_steps, deck = "2s qs", "7d", "3c 4h 5c 6h 8s 9c ah"
    soviet_steps, soviet_hand = "2h 3h 4d", "jc 6d"
    named = set(" ".join([german_hand, german_steps, deck, soviet_steps, soviet_hand]).split())
    discard = " ".join(c.id for c in rks.cards.cards() if c.id not in named)
    return duel_referee(
        [("13gds", "mamayev_kurgan", soviet_steps), ("71", "mamayev_kurgan", german_steps)],
        hands={GERMAN: german_hand, SOVIET: soviet_hand},
        discard=discard,
        deck=deck,
        phase="Soviet operations",
    )


def test_duel_chances_equal_an_exhaustive_enumeration_of_the_unseen_cards() -> None:
    """Every way the 10 unseen cards can be the German's 3 playable cards and the deck is
    one world, all alike (the deal was random); in each the German plays each of his 3
    cards alike. Counting wins over all worlds and cards must give the referee's
    fractions, and the worlds where one of his 3 beats a card its 'beaten' chance."""
    referee = small_world()
    report = referee.combat.duel("13gds", "71", viewer=SOVIET)
    (soviet,) = report.chances
    unseen = cards(UNSEEN_BY_THE_SOVIET)
    own = Duelist(SOVIET, ATTACKER, report.attack.total)
    opponent = Duelist(GERMAN, DEFENDER, report.defence.total)
    worlds = list(itertools.combinations(unseen, 3))
    assert len(worlds) == 120
    for chance in soviet.cards:
        tally = {"win": Fraction(0), "lose": Fraction(0), None: Fraction(0)}
        beaten_worlds = 0
        for held in worlds:
            results = [outcome(own, chance.card, opponent, answer) for answer in held]
            for result in results:
                tally[result] += Fraction(1, len(held) * len(worlds))
            beaten_worlds += "lose" in results
        assert (chance.win, chance.lose, chance.again) == (
            tally["win"],
            tally["lose"],
            tally[None],
        ), chance.card
        assert chance.beaten == Fraction(beaten_worlds, len(worlds)), chance.card


def test_strike_chance_equals_an_exhaustive_enumeration_of_the_deck() -> None:
    """The Soviet's J♣ is artillery (9.2). In every world the deck is the 7 unseen cards
    the German does not hold, and the draw is any of them alike."""
    referee = small_world()
    (soviet,) = referee.combat.duel("13gds", "71", viewer=SOVIET).chances
    (strike,) = soviet.strikes
    assert strike.kind == ARTILLERY and not strike.problems
    unseen = cards(UNSEEN_BY_THE_SOVIET)
    total = Fraction(0)
    worlds = list(itertools.combinations(unseen, 3))
    for held in worlds:
        deck = [c for c in unseen if c not in held]
        total += Fraction(
            sum(hits(c, strike.strength, strike.face_cards_hit) for c in deck),
            len(deck) * len(worlds),
        )
    assert strike.chance == total


def test_beaten_chance_is_the_hypergeometric_tail() -> None:
    assert beaten_chance(10, 0, 3) == 0
    assert beaten_chance(10, 10, 3) == 1
    assert beaten_chance(10, 1, 3) == Fraction(3, 10)
    assert beaten_chance(4, 2, 0) == 0


def test_the_referee_draws_from_the_deck_itself_and_a_player_from_what_it_has_not_seen() -> None:
    referee = small_world()
    referee_view = referee.combat.strike(ARTILLERY, "13gds", "71", None)
    assert referee_view.drawn_from == 7
    soviet_view = referee.combat.strike(ARTILLERY, "13gds", "71", SOVIET)
    assert soviet_view.drawn_from == 10


# ----- strikes (9.2, 9.3) ----------------------------------------------------------------


def test_9_2_artillery_hits_on_the_modified_strength_and_face_cards_follow_mamayev_kurgan() -> None:
    """German artillery on rifle3 in Red October (4 + 2 built-up = 6): 6 or more hits.
    The Soviets hold Mamayev Kurgan, so the German's face cards miss."""
    referee = duel_referee(
        [("71", "settlements", "5s"), ("rifle3", "red_october", "2h")],
        control={"settlements": GERMAN},
    )
    strike = referee.combat.strike(ARTILLERY, "71", "rifle3", None)
    assert strike.strength == 6 and not strike.face_cards_hit and not strike.problems
    numbers = [c for c in card_places_of(referee.position).deck if not c.rank.face]
    assert strike.hitting == sum(c.rank.value >= 6 for c in numbers)
    holding = duel_referee(
        [
            ("71", "settlements", "5s"),
            ("rifle3", "red_october", "2h"),
            ("295", "mamayev_kurgan", "6s"),
        ],
        control={"settlements": GERMAN},
    )
    assert holding.combat.strike(ARTILLERY, "71", "rifle3", None).face_cards_hit


def test_9_3_air_support_ignores_terrain_and_its_face_cards_always_miss() -> None:
    referee = duel_referee(
        [
            ("71", "settlements", "5s"),
            ("rifle3", "red_october", "2h"),
            ("295", "mamayev_kurgan", "6s"),
        ],
        control={"settlements": GERMAN},
    )
    strike = referee.combat.strike(AIR, "71", "rifle3", None)
    assert strike.strength == 4 and not strike.face_cards_hit and not strike.problems


def test_9_2_9_3_who_may_be_struck() -> None:
    referee = duel_referee(
        [
            ("14pz", "tractor_factory", "7s"),
            ("t34", "tractor_factory", ""),
            ("13gds", "soviet_rear", "2h"),
            ("rifle7", "kuporosnoye", "3h"),
            ("rifle2", "orlovka", "4h"),
        ]
    )
    artillery_on_t34 = referee.combat.strike(ARTILLERY, "14pz", "t34", None)
    assert ("the German may not shell the T-34", "9.2") in artillery_on_t34.problems
    assert artillery_on_t34.chance == 0
    assert not referee.combat.strike(AIR, "14pz", "t34", None).problems
    assert any(
        rule == "9.2" and "rear" in text
        for text, rule in referee.combat.strike(ARTILLERY, "14pz", "13gds", None).problems
    )
    assert any(
        "next to it" in text
        for text, _ in referee.combat.strike(ARTILLERY, "14pz", "rifle7", None).problems
    )
    assert not referee.combat.strike(ARTILLERY, "14pz", "rifle2", None).problems
    soviet_air = referee.combat.strike(AIR, "rifle2", "14pz", None)
    assert any(rule == "9.1" for _, rule in soviet_air.problems)


def test_3_4_with_the_deck_empty_a_strike_draws_from_the_discard_pile() -> None:
    referee = duel_referee(
        [("71", "orlovka", "5s"), ("rifle2", "orlovka", "2h")], discard="9h 10h jh", deck=""
    )
    strike = referee.combat.strike(ARTILLERY, "71", "rifle2", GERMAN)
    assert strike.drawn_from == 3 and "discard" in strike.pool and strike.hitting == 2


# ----- losses after a duel (8.4-8.6, 8.9, 8.10) ---------------------------------------------


def test_8_9_an_isolated_unit_that_played_its_only_step_and_lost_is_eliminated() -> None:
    """rifle2 (4) is isolated in Orlovka, which 71 holds: it plays its one step, 9♥,
    which misses (9 > 4); 71's 5♠ hits (5 ≤ 5): the attacker wins (8.7 (1)). The 9♥ is
    spent in the duel (8.4-8.6), so rifle2 has no step left to lose and, isolated, no
    retreat (8.10): it is eliminated (8.9 (3))."""
    referee = duel_referee(
        [("71", "orlovka", "5s"), ("rifle2", "orlovka", "9h", "isolated")], hands={SOVIET: "3h"}
    )
    report = referee.combat.duel("71", "rifle2", attacker_cards=["5s"], defender_cards=["9h"])
    assert report.result is not None and report.result.winner == ATTACKER
    assert ("8.9 (3)",) in [step.rules for step in report.losses]
    assert not any(step.rules == ("8.9 (2)",) for step in report.losses)


def test_8_9_a_step_played_and_lost_with_is_not_lost_again() -> None:
    """13gds (3 steps: 2♥ 3♥ 9♥) defends Mamayev Kurgan (ordinary, 6) against 14pz (7):
    it answers 14pz's 2♠ with its step 9♥, a miss; the 2♠ hits: the attacker wins. Two
    steps are left to lose, not three."""
    referee = duel_referee(
        [("14pz", "mamayev_kurgan", "2s 3s"), ("13gds", "mamayev_kurgan", "2h 3h 9h")]
    )
    report = referee.combat.duel("14pz", "13gds", attacker_cards=["2s"], defender_cards=["9h"])
    assert report.result is not None and report.result.winner == ATTACKER
    texts = [step.text for step in report.losses]
    assert "13gds may lose one of its 2 steps" in texts
    assert any("9♥" in text and "spent" in text for text in texts)


def test_8_5_a_defender_who_declines_loses_whatever_the_attacker_played() -> None:
    """8.5: the defender takes the loss instead of answering; the attacker's face-down card
    does not matter, so the duel is judged without it."""
    referee = duel_referee([("71", "orlovka", "5s"), ("rifle2", "orlovka", "2h")])
    report = referee.combat.duel("71", "rifle2", defender_cards=[])
    assert report.result is not None and (report.result.winner, report.result.rule) == (
        ATTACKER,
        "8.5",
    )
    assert "rifle2 may lose one of its 1 steps" in [step.text for step in report.losses]
