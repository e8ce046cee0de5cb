"""Position files for the report's tests, written from a scenario's set-up with changes.

The report is tested on full set-ups, the largest positions each game has, with a few
units moved so that every layer has something to show: units out of supply, a stack over
the limit, front gaps; for Rattenkrieg a dealt game in its third turn, with areas changed
hands, isolated units, a contested area and a unit in the enemy rear. Each position is a plain TOML position file, so ``stavka check``
and ``stavka report`` read exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.cards import Card
from rules.referee.position import setup_position
from tests.support.games import shipped_game
from tests.support.rks_deal import deal


@dataclass(frozen=True)
class Changes:
    """What differs from the set-up: units moved, removed, flagged, and position settings."""

    turn: int
    moved: Mapping[str, str] = field(default_factory=dict)
    removed: Sequence[str] = ()
    flagged: Mapping[str, Sequence[str]] = field(default_factory=dict)
    untried: bool = False
    markers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    phase: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_position(path: Path, game: str, scenario: str, changes: Changes) -> Path:
    """A position file at ``path``: ``scenario``'s set-up of ``game`` with ``changes``."""
    position = setup_position(shipped_game(game), scenario)
    lines = [f"game = {_quoted(game)}", f"scenario = {_quoted(scenario)}", f"turn = {changes.turn}"]
    if changes.phase is not None:
        lines.append(f"phase = {_quoted(changes.phase)}")
    if changes.settings:
        lines.append("\n[settings]")
        lines += [f"{key} = {_quoted(value)}" for key, value in changes.settings.items()]
    for state in position.units:
        if state.unit.id in changes.removed:
            continue
        flags = list(changes.flagged.get(state.unit.id, ()))
        if changes.untried and state.unit.properties.get("untried") == "yes":
            flags.append("untried")
        lines += [
            "",
            "[[unit]]",
            f"id = {_quoted(state.unit.id)}",
            f"at = {_quoted(changes.moved.get(state.unit.id, state.location))}",
        ]
        if flags:
            lines.append("flags = [" + ", ".join(_quoted(flag) for flag in flags) + "]")
    for marker, hexes in changes.markers.items():
        lines += [
            "",
            "[[marker]]",
            f"id = {_quoted(marker)}",
            "at = [" + ", ".join(map(_quoted, hexes)) + "]",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


DOS_BLUE_TURN_3 = Changes(
    turn=3,
    moved={
        "de-24pd": "N1430",
        "de-gd": "N1431",
        "de-11pd": "N1728",
        "b13a-rd1": "N1244",
        "de-44id": "N2142",
        "de-62id": "N2142",
        "de-71id": "N2142",
        "de-297id": "N2142",
        "de-384id": "N2142",
        "de-100jd": "N2142",
    },
    untried=True,
    markers={"german-air-supply": ["N1431"]},
)
"""Three German mechanized divisions far beyond their legs, two of them under the air supply
marker (7.6), a Soviet division behind the German line, nine units in N2142 (the limit is
eight, 6.1), Soviet rifle divisions still untried."""

TPS_SCENARIO_7 = Changes(
    turn=7,
    phase="Soviet combat",
    removed=("su-5tka-rc2", "su-5tka-rc3", "su-26tc"),
    moved={"de-16pd": "2912"},
)
"""Scenario 7 with Soviet units taken out of the line, opening gaps in the Soviet front, and
a fourth German unit in 2912 (three a hex, Stacking)."""


@dataclass(frozen=True)
class DealtChanges:
    """A Rattenkrieg game after a seeded deal (3.3, 3.4), moved on: units moved, flagged or
    eliminated, reinforcements arrived with step cards from the deck, cards discarded and
    played face down, and the control markers' sides."""

    seed: int
    turn: int
    phase: str
    moved: Mapping[str, str] = field(default_factory=dict)
    flagged: Mapping[str, Sequence[str]] = field(default_factory=dict)
    eliminated: Sequence[str] = ()
    arrived: Mapping[str, str] = field(default_factory=dict)
    discarded: int = 0
    played: Mapping[str, int] = field(default_factory=dict)
    control: Mapping[str, Sequence[str]] = field(default_factory=dict)


def _card_list(cards: Sequence[Card]) -> str:
    return "[" + ", ".join(_quoted(card.id) for card in cards) + "]"


def write_dealt_position(path: Path, changes: DealtChanges) -> Path:
    """A Rattenkrieg position file at ``path``: the city set-up dealt with ``changes.seed``,
    then ``changes``. Arrivals and the discard pile take cards from the top of what the deal
    left for the deck; played cards are the last of a side's hand."""
    spec = shipped_game("rks")
    steps, hands, deck = deal(spec, changes.seed)
    for unit_id in changes.arrived:
        count = int(spec.units[unit_id].properties.get("step_cards", "0"))
        steps[unit_id], deck = deck[:count], deck[count:]
    discard, deck = deck[: changes.discarded], deck[changes.discarded :]
    played = {
        side: hands[side][len(hands[side]) - count :] for side, count in changes.played.items()
    }
    kept = {side: cards[: len(cards) - len(played.get(side, []))] for side, cards in hands.items()}
    lines = [
        'game = "rks"',
        'scenario = "city"',
        f"turn = {changes.turn}",
        f"phase = {_quoted(changes.phase)}",
        "eliminated = [" + ", ".join(map(_quoted, changes.eliminated)) + "]",
        f"discard = {_card_list(discard)}",
        "",
        "[control]",
    ]
    lines += [
        f"{side} = [" + ", ".join(map(_quoted, areas)) + "]"
        for side, areas in changes.control.items()
    ]
    lines += ["", "[hands]"] + [f"{side} = {_card_list(cards)}" for side, cards in kept.items()]
    lines += ["", "[duel]"] + [f"{side} = {_card_list(cards)}" for side, cards in played.items()]
    placed = [(placement.unit, placement.location) for placement in spec.scenarios["city"].setup]
    for unit_id, area in [*placed, *changes.arrived.items()]:
        if unit_id in changes.eliminated:
            continue
        lines += [
            "",
            "[[unit]]",
            f"id = {_quoted(unit_id)}",
            f"at = {_quoted(changes.moved.get(unit_id, area))}",
            f"cards = {_card_list(steps.get(unit_id, []))}",
        ]
        if unit_id in changes.flagged:
            lines.append("flags = [" + ", ".join(map(_quoted, changes.flagged[unit_id])) + "]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


RKS_TURN_3 = DealtChanges(
    seed=17,
    turn=3,
    phase="Soviet operations",
    moved={
        "14pz": "tractor_factory",
        "24pz": "tractor_factory",
        "71": "orlovka",
        "295": "red_october",
        "29mot": "city_centre",
        "rifle5": "city_centre",
        "389": "soviet_rear",
    },
    flagged={"rifle2": ["isolated"], "rifle3": ["isolated"], "24pz": ["acted"]},
    eliminated=["t34"],
    arrived={"16pz": "german_rear", "100j": "german_rear", "39gds": "soviet_rear"},
    discarded=3,
    played={"german": 1, "soviet": 1},
    control={"german": ["settlements", "barrikady", "mamayev_kurgan"]},
)
"""Turn 3 of a dealt game: the German holds the Tractor Factory (the T-34 lost) and Red
October, and Orlovka beside the isolated rifle2; the isolated rifle3 leaves the Workers'
settlements German, as recorded; the City centre is contested; the 389th stands in the
Soviet rear (3.5); Mamayev Kurgan's marker wrongly shows German beside rifle4. Three
cards lie in the discard pile and each side has played one face down."""
