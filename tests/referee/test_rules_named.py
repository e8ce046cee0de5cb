"""Rules the coverage matrix calls judged whose verdicts no other test names.

Each case is worked out from the rule text first (seeds 000, 001, 003), then held to the
referee: the verdict must exist and cite the rule it rests on, so the matrix's claim that
the rule is judged is proved here.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.hexes import hexside
from rules.referee.dos import DriveOnStalingradReferee, SupplyState
from rules.referee.position import Position
from rules.referee.position_file import read_position_file
from rules.referee.rks.referee import RattenkriegReferee
from rules.referee.tps import RULES, TurningPointReferee
from rules.tables import Odds
from tests.referee.test_dos import (
    at,
    odds,
    position,
    refusals,
    with_settings,
    with_sides,
    with_terrain,
)
from tests.referee.test_tps import SUPPLY, board, referee, rifles
from tests.referee.test_tps import odds as tps_odds

RKS_POSITIONS = Path(__file__).parent / "positions" / "rks"
TPS_POSITIONS = Path(__file__).parent / "positions" / "tps"


def _reduced(position_: Position, unit_id: str) -> Position:
    units = tuple(
        replace(state, steps=1) if state.unit.id == unit_id else state for state in position_.units
    )
    return replace(position_, units=units)


# ----- Drive on Stalingrad -----------------------------------------------------------------


def test_2_12_a_reduced_unit_attacks_with_its_reduced_side() -> None:
    """2.12: a unit that has lost a step shows its reduced side. pz1 prints 8 full and 4
    reduced; with pz2 (8) the prepared attack on rd1 and cc1 is 8 + 4 = 12, not 16."""
    prepared = with_settings(position("combat_assault"), attack="prepared")
    full = odds(prepared, "N2040", "N2041")
    reduced = odds(_reduced(prepared, "pz1"), "N2040", "N2041")
    assert reduced.attack == full.attack - 4


def test_3_3_no_german_attacks_on_uranus_turn_one() -> None:
    """3.3: on the first turn of Uranus the German player makes no attacks."""
    uranus = replace(
        with_settings(position("combat_assault"), attack="prepared"), scenario="uranus", turn=1
    )
    assert "(rule 3.3)" in refusals(odds(uranus, "N2040", "N2041"))


def test_5_5_a_movement_only_turn_has_no_attacks() -> None:
    """5.5: a player who chose a movement-only turn attacks in none of its phases."""
    moves_only = with_settings(
        position("combat_assault"), attack="prepared", phase_order="moves_only"
    )
    assert "(rule 5.5)" in refusals(odds(moves_only, "N2040", "N2041"))


def test_9_23_and_12_3_only_the_german_makes_mechanized_assaults() -> None:
    """9.23: mechanized assault is a German capability; a Soviet attack declared as one is
    refused."""
    soviet_assault = position("combat_assault")
    assert "only the German makes mechanized assaults (rule 9.23, 12.3)" in refusals(
        odds(soviet_assault, "N2041", "N2040")
    )


def test_9_25_no_mechanized_assault_across_water() -> None:
    """9.25: no mechanized assault across a lake or sea hexside."""
    position_ = position("combat_assault")
    lake = with_sides(
        position_, "lake_side", {hexside(at(position_, "N2040"), at(position_, "N2041"))}
    )
    assert "no mechanized assault across water (rule 9.25)" in refusals(
        odds(lake, "N2040", "N2041")
    )


def test_11_1_attackers_must_be_adjacent() -> None:
    """11.1: units attack enemy units in adjacent hexes only."""
    far = position("combat_assault")
    moved = replace(
        far,
        units=tuple(
            replace(state, location="N2042", hex=at(far, "N2042"))
            if state.unit.id == "pz2"
            else state
            for state in far.units
        ),
    )
    assert "not adjacent to the defender (rule 11.1)" in refusals(
        odds(moved, "N2040", "N2041", "N2042")
    )


def test_11_11_and_11_13_a_clear_hex_shifts_a_mechanized_assault_two_columns_left() -> None:
    """11.11, 11.13: column shifts move the raw odds column; in clear terrain a mechanized
    assault's defender gets 2L, so raw 5-1 is fought at 3-1."""
    report = odds(position("combat_assault"), "N2040", "N2041")
    assert [(modifier.rules, modifier.column_shift) for modifier in report.modifiers] == [
        (("9.27", "11.13"), -2)
    ]
    assert (report.base_column, report.final_column) == (Odds(5, 1), Odds(3, 1))


def test_11_17_mechanized_units_cannot_attack_a_swamp() -> None:
    """11.17: mechanized units cannot attack into a swamp hex."""
    swamp = with_terrain(
        with_settings(position("combat_assault"), attack="prepared"), "swamp", "N2040"
    )
    assert "pz1 in N2041 is mechanized and cannot attack a swamp (rule 11.17)" in refusals(
        odds(swamp, "N2040", "N2041")
    )


def test_7_2_and_7_7_each_side_has_its_own_supply_states() -> None:
    """7.2: German units are in supply, under coastal or air supply, or out of supply; 7.7:
    Soviet units are in supply (east of the Volga automatically, 7.9) or out of supply.
    The air-supply position puts German units in air supply and out of supply."""
    referee_ = DriveOnStalingradReferee(position("air_supply"))
    states: dict[str, set[SupplyState]] = {
        state.unit.side: set() for state in referee_.position.units
    }
    for state in referee_.position.units:
        states[state.unit.side].add(referee_.supply_lines.supply_of(state).state)
    assert states["axis"] <= {
        SupplyState.REGULAR,
        SupplyState.AIR,
        SupplyState.COASTAL,
        SupplyState.OUT,
    }
    assert SupplyState.AIR in states["axis"] and SupplyState.OUT in states["axis"]
    assert states.get("soviet", set()) <= {
        SupplyState.REGULAR,
        SupplyState.AUTOMATIC,
        SupplyState.OUT,
    }


# ----- Rattenkrieg -------------------------------------------------------------------------


def test_8_2_an_isolated_defender_is_named_with_the_rule_that_makes_it_fight_alone() -> None:
    """8.2, 8.10: combat is one unit against one; an isolated unit fights with its own
    steps only, so its isolation verdict cites both rules."""
    verdicts = RattenkriegReferee(
        read_position_file(RKS_POSITIONS / "isolation_choice.toml")
    ).check_as(None)
    isolation = [verdict for verdict in verdicts if verdict.topic == "isolation"]
    assert isolation and all({"8.10", "8.2"} <= set(verdict.rules) for verdict in isolation)


# ----- Turning Point: Stalingrad -------------------------------------------------------------


def test_supply_c_an_out_of_supply_unit_cites_the_effects_of_supply() -> None:
    """Supply (C): out of supply halves a unit; isolated leaves it no attack. The hand-built
    position puts ger_inf_1 13 hexes from the rail (limit 12, Supply (A)) and sov_rifle_1
    beyond every Soviet limit, so both verdicts cite Supply (C) for what the state does."""
    verdicts = TurningPointReferee(
        read_position_file(TPS_POSITIONS / "zoc_cut_unoccupied.toml")
    ).check()
    supply = {verdict.subject: verdict for verdict in verdicts if verdict.topic == "supply"}
    assert supply["ger_inf_1"].outcome.startswith("out of supply")
    assert supply["sov_rifle_1"].outcome.startswith("isolated")
    assert all(
        RULES["supply_effects"] in supply[unit].rules for unit in ("ger_inf_1", "sov_rifle_1")
    )


def test_first_turn_surprise_shifts_cite_the_surprise_rule() -> None:
    """First-turn surprise: on turn 1 Soviet attacks on Axis allied units shift right."""
    spec = board("open")
    allies = SUPPLY | rifles(1, "2709") | {"rom_inf_1": "2710", "rom_inf_2": "2710"}
    report = tps_odds(referee(spec, allies, turn=1), "2710", "2709")
    assert report.modifiers and all(
        RULES["surprise"] in modifier.rules for modifier in report.modifiers
    )
