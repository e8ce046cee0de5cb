"""Every predefined set-up starts the way the rules expect: supplied, and within the stacking limit.

The printed set-up maps are lost, so each hex is rebuilt from where the unit stood in 1942;
a hex chosen that way can leave a unit out of supply under the reconstructed map's rails,
sources and start lines. No rule puts a unit out of supply at set-up, so every TPS and DoS
scenario the modules offer is checked here on the real map and order of battle, the one
exception being the Stalingrad pocket of TPS option C, which the rules encircle on purpose.
"""

from __future__ import annotations

from functools import cache

import pytest

from rules.referee.games import referee_for
from rules.referee.position import setup_position
from rules.referee.verdict import Verdict
from tests.support.games import shipped_game

TPS_SCENARIOS = tuple(str(number) for number in range(1, 17))
"""TPS scenarios 1-16 (シナリオ): each names an A-D set-up option, so each has a set-up."""

DOS_SCENARIOS = ("blue", "uranus")

TPS_SUPPLIED = "supplied"
TPS_OUT_OF_SUPPLY = "out of supply"
DOS_IN_SUPPLY = "in supply"
"""DoS's supplied states all start so: regular supply and 7.9's "in supply east of the Volga"."""


@cache
def setup_verdicts(game_id: str, scenario_id: str) -> tuple[Verdict, ...]:
    """The referee's verdicts on the scenario's first turn, before anyone moves."""
    return tuple(referee_for(setup_position(shipped_game(game_id), scenario_id)).check())


def of_topic(verdicts: tuple[Verdict, ...], topic: str) -> list[Verdict]:
    return [verdict for verdict in verdicts if verdict.topic == topic]


def pocket_units(scenario_id: str) -> set[str]:
    """The TPS units set up inside the Stalingrad circle: option C's Ca units, if the
    scenario uses option C (選択C: Ca部隊は Stalingrad 周辺のサークル内に配置)."""
    spec = shipped_game("tps")
    scenario = spec.scenarios[scenario_id]
    if scenario.options.get("axis_order_of_battle") != "C":
        return set()
    return {
        placement.unit
        for placement in scenario.setup
        if spec.units[placement.unit].properties.get("c_group") == "Ca"
    }


def test_every_tps_scenario_has_a_setup() -> None:
    """Options B and D (free set-ups) start from a predefined set-up too, so all 16 are checked."""
    scenarios = shipped_game("tps").scenarios
    assert set(scenarios) == set(TPS_SCENARIOS)
    assert all(scenarios[scenario_id].setup for scenario_id in TPS_SCENARIOS)


def test_the_pocket_is_option_c_of_scenarios_7_and_10() -> None:
    """Only the 16 December historical set-ups (scenarios 7 and 10, option C) hold the pocket,
    so only they may start with units out of supply."""
    with_pocket = {scenario_id for scenario_id in TPS_SCENARIOS if pocket_units(scenario_id)}
    assert with_pocket == {"7", "10"}


@pytest.mark.parametrize("scenario_id", TPS_SCENARIOS)
def test_tps_setup_starts_supplied(scenario_id: str) -> None:
    """Every TPS unit starts supplied (Supply (A), (B)) except 6th Army in the pocket: it was
    encircled on 16 December and TPS has no air supply, so option C's Ca units, and only
    they, start out of supply with no rail hex within reach (Supply (A), (D, I), (H))."""
    supply = of_topic(setup_verdicts("tps", scenario_id), "supply")
    assert supply
    pocket = pocket_units(scenario_id)
    not_supplied = {
        verdict.subject: verdict.outcome for verdict in supply if verdict.outcome != TPS_SUPPLIED
    }
    assert set(not_supplied) == pocket, [
        verdict.as_text().splitlines()[0]
        for verdict in supply
        if verdict.outcome != TPS_SUPPLIED and verdict.subject not in pocket
    ]
    # The Axis has no isolated state (Supply (A)): the pocket is simply out of supply.
    assert set(not_supplied.values()) <= {TPS_OUT_OF_SUPPLY}


@pytest.mark.parametrize("scenario_id", DOS_SCENARIOS)
def test_dos_setup_starts_in_supply(scenario_id: str) -> None:
    """Every DoS unit starts in supply (rule 7), east of the Volga included (7.9)."""
    supply = of_topic(setup_verdicts("dos", scenario_id), "supply")
    assert supply
    assert [
        verdict.as_text().splitlines()[0]
        for verdict in supply
        if not verdict.outcome.startswith(DOS_IN_SUPPLY)
    ] == []


@pytest.mark.parametrize(
    ("game_id", "scenario_id"),
    [
        *(("tps", scenario_id) for scenario_id in TPS_SCENARIOS),
        *(("dos", scenario_id) for scenario_id in DOS_SCENARIOS),
    ],
)
def test_setup_respects_stacking(game_id: str, scenario_id: str) -> None:
    """No set-up hex holds more than the stacking limit (TPS Stacking: 3 units, a supply unit
    counting one and an air unit's two pieces one; DoS's own limits)."""
    stacking = of_topic(setup_verdicts(game_id, scenario_id), "stacking")
    assert [verdict.as_text().splitlines()[0] for verdict in stacking] == []


@pytest.mark.parametrize("scenario_id", TPS_SCENARIOS)
def test_tps_setup_fronts_are_continuous(scenario_id: str) -> None:
    """Both sides start with a continuous front (Continuous front): a set-up gap would score
    victory points for the other side before anyone has moved."""
    fronts = of_topic(setup_verdicts("tps", scenario_id), "continuous front")
    assert {verdict.subject: verdict.outcome for verdict in fronts} == {
        "axis front": "0 gap hexes",
        "soviet front": "0 gap hexes",
    }
