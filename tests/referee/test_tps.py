"""The Turning Point: Stalingrad referee against the rules' worked facts.

Hand-built positions (``positions/tps/*.toml``) state their expected verdicts in
``# expect:`` lines under the reasoning that gives them; they stand on two synthetic
boards (``open``, ``railway``) with the real game and tables files, so the generated
map can change without moving them. Combat, movement and the rules' numbers are checked
on positions built here, on those boards with terrain added by ``dataclasses.replace``;
a few checks run on the real map and order of battle end to end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from rules.data.loader import load_game
from rules.hexes import Hex, hexside
from rules.model import GameSpec
from rules.referee import tps
from rules.referee.engine import RefereeError
from rules.referee.odds import Modifier, OddsReport
from rules.referee.position import Position, UnitState
from rules.referee.position_file import read_position_file
from rules.referee.search import Reach, StepAllowed, reach, reach_by_kind
from rules.referee.tps import (
    RULES,
    SourceKind,
    SupplyState,
    TurningPointReferee,
    fewest_separating_hexes,
    kampfgruppe_for,
    supply_effects,
)
from tests.referee.expectations import assert_odds, assert_verdicts, expectations, odds_expectations
from tests.support.games import hex_of, shipped_game

POSITIONS = Path(__file__).parent / "positions" / "tps"
POSITION_FILES = sorted(path for path in POSITIONS.glob("*.toml") if path.name != "units.toml")


# ----- hand-built positions ---------------------------------------------------------------


def test_there_are_enough_hand_built_positions() -> None:
    assert len(POSITION_FILES) >= 15


@pytest.mark.parametrize("path", POSITION_FILES, ids=lambda path: path.stem)
def test_hand_built_position(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# "), "the reasoning comes first"
    assert any(present for present, _ in expectations(path)) or odds_expectations(path), (
        "a position states at least one verdict it expects"
    )
    referee = TurningPointReferee(read_position_file(path))
    assert_verdicts(path, referee.check())
    assert_odds(path, referee)


@pytest.mark.parametrize("path", POSITION_FILES, ids=lambda path: path.stem)
def test_every_verdict_cites_the_rules_text(path: Path) -> None:
    known = set(RULES.values())
    for verdict in TurningPointReferee(read_position_file(path)).check():
        assert verdict.rules and set(verdict.rules) <= known, verdict.as_text()


# ----- building positions here ---------------------------------------------------------


@cache
def board(name: str) -> GameSpec:
    return load_game(str(POSITIONS / name))


def with_terrain(
    spec: GameSpec,
    terrain: Mapping[str, str] | None = None,
    hexsides: Mapping[tuple[str, str], str] | None = None,
) -> GameSpec:
    """``spec`` with hex terrain and hexside features added, everything else as loaded."""
    game_map = spec.maps[0]
    cells = dict(game_map.terrain) | {
        hex_of(spec, label): kind for label, kind in (terrain or {}).items()
    }
    sides = dict(game_map.hexside_features) | {
        hexside(hex_of(spec, first), hex_of(spec, second)): frozenset({kind})
        for (first, second), kind in (hexsides or {}).items()
    }
    return dataclasses.replace(
        spec, maps=(dataclasses.replace(game_map, terrain=cells, hexside_features=sides),)
    )


def referee(
    spec: GameSpec,
    placements: Mapping[str, str],
    *,
    turn: int = 3,
    flying: Mapping[str, str] | None = None,
    eliminated: Sequence[str] = (),
    settings: Mapping[str, str] | None = None,
) -> TurningPointReferee:
    """A referee for units at hexes; ``flying`` maps flights in the air to their mission."""
    flying = flying or {}
    units = tuple(
        UnitState(
            spec.units[unit_id],
            label,
            hex_of(spec, label),
            1,
            frozenset({"flying"}) if unit_id in flying else frozenset(),
        )
        for unit_id, label in placements.items()
    )
    missions = ", ".join(f"{unit_id}:{mission}" for unit_id, mission in flying.items())
    all_settings = dict(settings or {}) | ({"air_missions": missions} if missions else {})
    position = Position(
        spec,
        None,
        turn,
        None,
        None,
        units,
        tuple(spec.units[u] for u in eliminated),
        {},
        all_settings,
        "test",
    )
    return TurningPointReferee(position)


def odds(ref: TurningPointReferee, defender: str, *attackers: str) -> OddsReport:
    """The odds of an attack on ``defender`` from the ``attackers`` hexes."""
    spec = ref.spec
    return ref.odds(hex_of(spec, defender), [hex_of(spec, label) for label in attackers])


def refusals(report: OddsReport) -> str:
    """The reasons an attack the rules forbid is refused: a verdict, not an error."""
    assert not report.allowed and report.final_column is None and not report.results
    return "; ".join(
        verdict.explanation for verdict in report.verdicts if verdict.outcome == "not allowed"
    )


# ----- supply ---------------------------------------------------------------------


def test_supply_effects_table() -> None:
    assert supply_effects(SupplyState.SUPPLIED) == tps.SupplyEffect(Fraction(1), Fraction(1))
    assert supply_effects(SupplyState.OUT_OF_SUPPLY) == tps.SupplyEffect(
        Fraction(1, 2), Fraction(1, 2)
    )
    assert supply_effects(SupplyState.ISOLATED) == tps.SupplyEffect(Fraction(0), Fraction(1, 2))


def test_capture_depends_on_the_fortified_line() -> None:
    """Without a fortified line every rail is usable: 2508 is then on a usable rail hex."""
    railway = board("railway")
    clear = {
        label: "clear"
        for label in [f"12{row:02d}" for row in range(1, 19)]
        + [f"20{row:02d}" for row in range(1, 19)]
    }
    unfortified = with_terrain(railway, clear)
    placements = {"ger_inf_2": "2508"}
    assert (
        referee(railway, placements).supply_by_unit["ger_inf_2"].state == SupplyState.OUT_OF_SUPPLY
    )
    line = referee(unfortified, placements).supply_by_unit["ger_inf_2"]
    assert (line.state, line.distance, line.kind) == (SupplyState.SUPPLIED, 0, SourceKind.RAIL)


def test_a_line_stopping_short_of_the_edge_still_divides_the_rail() -> None:
    """Rows beyond a line's end take its nearest row: a line in rows 01-04 only still
    leaves 1308-3008 east of it."""
    railway = board("railway")
    short_line = with_terrain(railway, {f"12{row:02d}": "clear" for row in range(5, 19)})
    line = referee(short_line, {"ger_inf_2": "2508"}).supply_by_unit["ger_inf_2"]
    assert (line.state, line.distance) == (SupplyState.OUT_OF_SUPPLY, 13)


def test_axis_units_are_never_isolated() -> None:
    ref = referee(board("open"), {"ger_inf_1": "1512"})
    assert ref.supply_by_unit["ger_inf_1"].state == SupplyState.OUT_OF_SUPPLY


def test_line_of_communication_has_no_length_limit() -> None:
    line = referee(board("open"), {"sov_rifle_1": "0101"}).supply_by_unit["sov_rifle_1"]
    assert line.state == SupplyState.ISOLATED and line.line_of_communication
    assert line.distances[SourceKind.EAST_EDGE] == 29


def test_supply_path_runs_from_unit_to_source() -> None:
    verdict = next(
        v
        for v in referee(board("railway"), {"ger_inf_1": "1908"}).supply()
        if v.subject == "ger_inf_1"
    )
    assert verdict.path[0] == "1908" and verdict.path[-1] == "0108"
    assert "1208" in verdict.path and verdict.details["distance"] == "7"


def test_supply_unit_has_no_zoc_and_does_not_cut() -> None:
    ref = referee(board("railway"), {"ger_inf_1": "1908", "sov_supply_1": "0707"})
    assert ref.supply_by_unit["ger_inf_1"].state == SupplyState.SUPPLIED
    assert not ref.zoc["soviet"]


def test_one_search_per_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check of a full position walks the rail once and the ground once per side."""
    calls = {"rail": 0, "ground": 0}

    def counted_rail(
        sources: Iterable[Hex],
        allowed: StepAllowed,
        limit: int | None = None,
        adjacent: Callable[[Hex], Iterable[Hex]] | None = None,
    ) -> Reach[Hex]:
        calls["rail"] += 1
        return reach(sources, allowed, limit, adjacent)

    def counted_ground(
        sources: Mapping[SourceKind, Iterable[Hex]],
        allowed: StepAllowed,
        limit: int | None = None,
        adjacent: Callable[[Hex], Iterable[Hex]] | None = None,
    ) -> dict[SourceKind, Reach[Hex]]:
        calls["ground"] += 1
        return reach_by_kind(sources, allowed, limit, adjacent)

    monkeypatch.setattr("rules.referee.tps.supply.reach", counted_rail)
    monkeypatch.setattr("rules.referee.tps.supply.reach_by_kind", counted_ground)
    verdicts = scenario_one().check()
    assert calls == {"rail": 2, "ground": 2}
    assert sum(1 for verdict in verdicts if verdict.topic == "supply") > 100


# ----- zones of control, stacking, air units ------------------------------------------


def test_air_and_supply_units_exert_no_zoc() -> None:
    ref = referee(
        board("open"),
        {"ger_air_1_ground": "1010", "ger_air_1_flight": "1010", "sov_supply_1": "1510"},
    )
    assert not ref.zoc["axis"] and not ref.zoc["soviet"]


def test_interdiction_flight_exerts_zoc_on_movement_even_with_friendly_units() -> None:
    spec = board("open")
    ref = referee(
        spec,
        {"ger_inf_1": "1011", "sov_air_1_flight": "1010", "sov_air_1_ground": "1505"},
        flying={"sov_air_1_flight": "interdiction"},
    )
    assert hex_of(spec, "1011") in ref.enemy_zoc_for_movement("axis")


def test_unknown_air_mission_is_an_error() -> None:
    with pytest.raises(RefereeError, match="unknown mission"):
        referee(
            board("open"), {"sov_air_1_flight": "1010"}, flying={"sov_air_1_flight": "strafing"}
        )


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"phasing": "axis"}, "not a Turning Point: Stalingrad setting"),
        ({"phasing_side": "german"}, "is not axis or soviet"),
        ({"gap_vp_axis": "five"}, "not a whole number"),
        ({"air_missions": "sov_rifle_1:interdiction"}, "no air unit's flight"),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, str], message: str) -> None:
    with pytest.raises(RefereeError, match=message):
        referee(board("open"), {}, settings=settings)


def test_vp_schedule_reading_is_named_only_before_the_game_ends() -> None:
    """VP schedule: the Rostov VP and the level are given as if the game ended now, and
    say that they rest on reading (a); after the last turn they are the result itself."""
    early = read_position_file(POSITIONS / "hold_orders_off.toml")
    over = dataclasses.replace(early, turn=early.spec.scenarios["1"].last_turn + 1)
    for position_, readings in ((early, ("VP schedule (a)",)), (over, ())):
        verdicts = TurningPointReferee(position_).check()
        rostov = next(verdict for verdict in verdicts if verdict.subject == "Rostov")
        level = next(verdict for verdict in verdicts if verdict.subject == "game")
        assert (rostov.readings, level.readings) == (readings, readings)


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (None, "need the position's scenario"),
        ("3", "scenario 3 uses B"),
    ],
)
def test_hold_orders_need_a_historical_set_up(scenario: str | None, message: str) -> None:
    """Optional: Axis hold orders are 'used only with historical information': a scenario
    whose Axis order of battle is a free set-up (B), or none named, is refused, naming
    the setting."""
    position_ = dataclasses.replace(
        read_position_file(POSITIONS / "hold_orders.toml"), scenario=scenario
    )
    with pytest.raises(RefereeError, match=message) as refused:
        TurningPointReferee(position_)
    assert "hold_orders" in str(refused.value)


def test_a_flight_whose_ground_echelon_is_gone_cannot_fly() -> None:
    """Air units: a flight flies from its own ground echelon, and is removed with it; a
    flight in the air with no echelon on the map has no effect."""
    ref = referee(
        board("open"),
        {"sov_air_1_flight": "1010", "ger_inf_1": "1011"},
        flying={"sov_air_1_flight": "interdiction"},
        eliminated=["sov_air_1_ground"],
    )
    verdict = next(
        v for v in ref.check() if v.subject == "sov_air_1_flight" and v.topic == "air mission"
    )
    assert verdict.outcome == "illegal" and "not on the map" in verdict.explanation
    assert not ref.enemy_zoc_for_movement("axis")


@pytest.mark.parametrize(
    ("placements", "missions", "setting"),
    [
        (
            {"ger_air_1_ground": "0612", "ger_air_2_ground": "0612"},
            {"sov_air_1_flight": "air_superiority"},
            "air_targets",
        ),
        (
            {
                "ger_air_1_ground": "0612",
                "ger_air_2_ground": "0612",
                "ger_air_1_flight": "0612",
                "sov_air_2_flight": "0612",
            },
            {
                "sov_air_1_flight": "air_superiority",
                "sov_air_2_flight": "air_superiority",
                "ger_air_1_flight": "combat_air_patrol",
            },
            "patrol_cover",
        ),
    ],
)
def test_air_superiority_needs_the_choices_the_players_make(
    placements: dict[str, str], missions: dict[str, str], setting: str
) -> None:
    """Air missions (4): with several echelons in a hex, the attacker says which each flight
    attacks, and the defender which echelon each patrol defends; a position that does not say
    is refused, naming the setting."""
    ground = {"sov_air_1_ground": "1412", "sov_air_2_ground": "1412", "sov_air_1_flight": "0612"}
    ref = referee(
        board("open"),
        ground | placements,
        flying=missions,
        settings={
            "air_targets": "sov_air_1_flight:ger_air_1_ground, sov_air_2_flight:ger_air_2_ground"
        }
        if setting == "patrol_cover"
        else None,
    )
    with pytest.raises(RefereeError, match=setting):
        ref.check()


def test_flying_flight_without_mission_is_reported() -> None:
    spec = board("open")
    state = UnitState(
        spec.units["sov_air_1_flight"], "1010", hex_of(spec, "1010"), 1, frozenset({"flying"})
    )
    ref = TurningPointReferee(Position(spec, None, 3, None, None, (state,)))
    assert any(v.outcome == "mission not stated" for v in ref.check())


# ----- movement -------------------------------------------------------------------


def path(spec: GameSpec, *labels: str) -> list[Hex]:
    return [hex_of(spec, label) for label in labels]


def test_movement_costs_add_up() -> None:
    spec = with_terrain(board("open"), {"2605": "fortified_axis"})
    ref = referee(spec, {"sov_tank_1": "2705", "ger_inf_1": "2404"})
    tank = ref.position.units[0]
    cost, verdicts = ref.movement_cost(tank, path(spec, "2705", "2605", "2505"))
    # 2605: 1 + 2 (enemy fortified); 2505: 1 + 3 (entering the ZOC of 2404)
    assert cost == 7 and verdicts[0].outcome == "legal"
    assert verdicts[0].details == {"cost": "7", "allowance": "8"}
    cost, verdicts = ref.movement_cost(tank, path(spec, "2705", "2605", "2505", "2506"))
    assert cost == 7 + 1 + 2 and verdicts[0].outcome == "illegal"  # leaving the ZOC: +2


def test_leaving_and_moving_between_zocs() -> None:
    spec = board("open")
    ref = referee(spec, {"sov_tank_1": "2705", "ger_inf_1": "2604"})
    leave, _ = ref.movement_cost(ref.position.units[0], path(spec, "2705", "2706"))
    between, _ = ref.movement_cost(ref.position.units[0], path(spec, "2705", "2605"))
    assert (leave, between) == (1 + 2, 1 + 5)


def test_a_unit_may_always_move_one_hex_but_not_zoc_to_zoc() -> None:
    spec = with_terrain(board("open"), {"2605": "fortified_axis"})
    ref = referee(spec, {"sov_rifle_1": "2706", "ger_inf_1": "2604"})
    cost, verdicts = ref.movement_cost(ref.position.units[0], path(spec, "2706", "2605"))
    assert (
        cost == 1 + 2 + 3
        and verdicts[0].outcome == "legal: the one-hex move a unit may always make"
    )
    ref = referee(spec, {"sov_rifle_1": "2705", "ger_inf_1": "2604"})
    cost, verdicts = ref.movement_cost(ref.position.units[0], path(spec, "2705", "2605"))
    assert cost == 1 + 2 + 5 and verdicts[0].outcome == "illegal"
    ref = referee(board("open"), {"sov_rifle_1": "2706", "ger_inf_1": "2604"})
    cost, verdicts = ref.movement_cost(ref.position.units[0], path(spec, "2706", "2605"))
    assert cost == 4 and verdicts[0].outcome == "legal"


def test_out_of_supply_allowance_is_halved_and_rounded_down() -> None:
    spec = board("open")
    ref = referee(spec, {"sov_supply_1": "1005", "sov_rifle_1": "1605", "sov_cav_1": "1206"})
    assert ref.supply_by_unit["sov_rifle_1"].state == SupplyState.OUT_OF_SUPPLY
    assert ref.movement_allowance(ref.position.units[1]) == 2
    assert ref.movement_allowance(ref.position.units[0]) == 6
    lone = referee(spec, {"sov_cav_1": "0505"})  # 25 from the east edge: isolated
    assert lone.supply_by_unit["sov_cav_1"].state == SupplyState.ISOLATED
    assert lone.movement_allowance(lone.position.units[0]) == 4


def test_lake_hexes_cannot_be_entered() -> None:
    spec = board("railway")
    ref = referee(spec, {"ger_inf_1": "0912"})
    cost, verdicts = ref.movement_cost(ref.position.units[0], path(spec, "0912", "0812"))
    assert cost is None and verdicts[0].outcome == "illegal"


def test_reinforcement_rail_movement() -> None:
    spec = board("railway")
    ref = referee(spec, {"sov_rifle_1": "1507"})
    unit = spec.units["ger_pz_6"]
    line = [f"{column:02d}08" for column in range(1, 31)]
    hexes, verdicts = ref.reinforcement_rail_move(unit, path(spec, *line[:12]))
    assert (hexes, verdicts[0].outcome) == (12, "legal")
    _, verdicts = ref.reinforcement_rail_move(
        unit, path(spec, *line[:16])
    )  # 1408-1608 in the ZOC of 1507
    assert verdicts[0].outcome == "illegal" and "enemy ZOC" in verdicts[0].explanation
    free = referee(spec, {})
    assert free.reinforcement_rail_move(unit, path(spec, *line))[1][0].outcome == "legal"
    assert free.reinforcement_rail_move(unit, path(spec, *line, "3007"))[1][0].outcome == "illegal"
    assert (
        free.reinforcement_rail_move(spec.units["sov_tank_1"], path(spec, *line[:3]))[1][0].outcome
        == "illegal"
    )
    assert free.reinforcement_rail_move(unit, path(spec, "0108", "0207"))[1][0].outcome == "illegal"


# ----- combat ---------------------------------------------------------------------


# Attacks below are made on 2710 from 2709, 2609 and 2610, near the east edge of the open
# board; sov_supply_1 in 2608 keeps the Soviet attackers supplied, while Axis units on
# that board (no Axis source) are out of supply.
SUPPLY = {"sov_supply_1": "2608"}


def rifles(count: int, at: str, first: int = 1) -> dict[str, str]:
    return {f"sov_rifle_{number}": at for number in range(first, first + count)}


def test_columns_are_capped_and_rounded_for_the_defender() -> None:
    spec = board("open")
    ref = referee(spec, SUPPLY | rifles(4, "2709") | rifles(3, "2609", 5) | {"rom_cav_1": "2710"})
    report = odds(ref, "2710", "2709", "2609")
    assert (report.attack, report.defence, str(report.base_column)) == (
        Fraction(21),
        Fraction(2),
        "9-1",
    )  # above 9-1: 9-1
    ref = referee(spec, SUPPLY | rifles(1, "2709") | {f"ger_inf_{n}": "2710" for n in (1, 2, 3)})
    assert str(odds(ref, "2710", "2709").base_column) == "1-3"  # 3 against 12, below 1-3: 1-3
    ref = referee(spec, SUPPLY | rifles(2, "2709") | {"ger_inf_1": "2710", "ger_inf_2": "2710"})
    assert (
        str(odds(ref, "2710", "2709").base_column) == "1-2"
    )  # 6 against 8, 1-1.33: the defender's 1-2
    ref = referee(spec, SUPPLY | rifles(1, "2709") | {"sov_tank_1": "2709", "ger_inf_1": "2710"})
    assert str(odds(ref, "2710", "2709").base_column) == "2-1"  # 9 against 4, 2.25: 2-1


def test_river_only_when_every_attacker_crosses() -> None:
    spec = with_terrain(
        board("open"), hexsides={("2709", "2710"): "river", ("2609", "2710"): "river"}
    )
    ref = referee(
        spec,
        SUPPLY
        | rifles(1, "2709")
        | rifles(1, "2609", 2)
        | rifles(1, "2610", 3)
        | {"ger_inf_1": "2710"},
    )
    assert odds(ref, "2710", "2709", "2609").die_modifier == -2
    assert odds(ref, "2710", "2709", "2609", "2610").die_modifier == 0


def test_own_fortified_hex_is_like_a_river_and_terrain_does_not_add_up() -> None:
    spec = with_terrain(board("open"), {"2710": "fortified_axis"}, {("2709", "2710"): "river"})
    ref = referee(spec, SUPPLY | rifles(1, "2709") | rifles(1, "2610", 2) | {"ger_inf_1": "2710"})
    assert odds(ref, "2710", "2610").die_modifier == -2
    both = odds(ref, "2710", "2709")
    # Terrain effects table: effects do not add up; the report says which one applies.
    assert [m.die_modifier for m in both.modifiers] == [-2, 0] and both.die_modifier == -2
    assert "not added, terrain effects do not add up" in both.modifiers[1].name
    assert both.final_column is not None
    assert both.results == tuple(
        (roll, ref.table.result(both.final_column, roll - 2)) for roll in range(1, 7)
    )
    enemy_fort = with_terrain(board("open"), {"2710": "fortified_soviet"})
    ref = referee(enemy_fort, SUPPLY | rifles(1, "2709") | {"ger_inf_1": "2710"})
    assert (
        odds(ref, "2710", "2709").die_modifier == 0
    )  # a Soviet fortification does not help the Axis


def test_close_support_adds_two_and_cancels_terrain() -> None:
    spec = with_terrain(board("open"), {"2710": "fortified_axis"}, {("2709", "2710"): "river"})
    ref = referee(
        spec,
        SUPPLY
        | rifles(1, "2709")
        | {"ger_inf_1": "2710", "sov_air_1_flight": "2710", "sov_air_1_ground": "2905"},
        flying={"sov_air_1_flight": "close_support"},
    )
    report = odds(ref, "2710", "2709")
    assert report.die_modifier == 2
    assert len([m for m in report.modifiers if m.die_modifier == 0 and "cancelled" in m.name]) == 2
    assert [item.unit for item in report.defenders] == ["ger_inf_1"]


def test_die_modifiers_never_total_below_minus_two() -> None:
    ref = referee(board("open"), {})
    minus_two = Modifier("river", (RULES["terrain"],), die_modifier=-2)
    assert ref.combined_die_modifier([minus_two, minus_two]) == -2
    assert (
        ref.combined_die_modifier(
            [minus_two, Modifier("cs", (RULES["close_support"],), die_modifier=2)]
        )
        == 0
    )


def test_first_turn_surprise() -> None:
    spec = board("open")
    allies = SUPPLY | rifles(1, "2709") | {"rom_inf_1": "2710", "rom_inf_2": "2710"}
    report = odds(referee(spec, allies, turn=1), "2710", "2709")
    # 3 against 6 is 1-2; two columns right: 2-1
    assert sum(m.column_shift for m in report.modifiers) == 2 and str(report.final_column) == "2-1"
    with_german = odds(referee(spec, allies | {"ger_inf_1": "2710"}, turn=1), "2710", "2709")
    assert sum(m.column_shift for m in with_german.modifiers) == 1
    assert (
        sum(m.column_shift for m in odds(referee(spec, allies, turn=2), "2710", "2709").modifiers)
        == 0
    )
    axis_attack = referee(spec, {"ger_inf_1": "2709", "sov_rifle_1": "2710"}, turn=1)
    assert sum(m.column_shift for m in odds(axis_attack, "2710", "2709").modifiers) == 0


def test_supply_and_air_units_defend_at_one_and_cannot_attack() -> None:
    spec = board("open")
    ref = referee(
        spec,
        {
            "ger_inf_1": "2709",
            "sov_supply_1": "2710",
            "sov_air_1_ground": "2710",
            "sov_air_1_flight": "2710",
        },
    )
    report = odds(ref, "2710", "2709")
    # the Axis attacker is out of supply on this board: 4 halved is 2, against 1 + 1
    assert (report.attack, report.defence, str(report.base_column)) == (
        Fraction(2),
        Fraction(2),
        "1-1",
    )
    ref = referee(spec, {"sov_supply_1": "2709", "ger_inf_1": "2710"})
    assert "cannot attack" in refusals(odds(ref, "2710", "2709"))


def test_out_of_supply_attack_is_halved_without_rounding_and_isolated_cannot_attack() -> None:
    spec = board("open")
    ref = referee(
        spec, {"sov_supply_1": "0509", "sov_rifle_1": "1009", "ger_inf_1": "1010"}
    )  # 5: out of supply
    report = odds(ref, "1010", "1009")
    assert report.attack == Fraction(3, 2) and str(report.base_column) == "1-3"
    ref = referee(spec, {"sov_rifle_1": "1009", "ger_inf_1": "1010"})  # 20 from the edge: isolated
    assert "isolated" in refusals(odds(ref, "1010", "1009"))


def test_no_attack_across_lake_hexsides() -> None:
    spec = with_terrain(board("open"), hexsides={("2709", "2710"): "lake_side"})
    ref = referee(spec, SUPPLY | rifles(1, "2709") | {"ger_inf_1": "2710"})
    assert "sea or lake" in refusals(odds(ref, "2710", "2709"))


def test_kampfgruppe_strength_and_exchange_loss() -> None:
    units = board("open").units
    large = kampfgruppe_for(units["ger_pz_6"], "Ex")
    assert (large.strength, large.exchange_loss, large.verdict.outcome) == (
        2,
        Fraction(6),
        "2-8 Kampfgruppe",
    )
    small = kampfgruppe_for(units["ger_pz_5"], "1/2Ex")
    assert (small.strength, small.exchange_loss) == (1, Fraction(5, 2))
    assert kampfgruppe_for(units["ger_pz_5"]).exchange_loss is None
    for unit_id in ("ger_kg_2", "ger_inf_1", "sov_tank_1", "ger_air_1_ground"):
        replacement = kampfgruppe_for(units[unit_id])
        assert replacement.strength == 0 and replacement.verdict.rules == (RULES["kampfgruppe"],)


# ----- continuous front -------------------------------------------------------------


def test_fewest_separating_hexes_is_a_minimum_cut() -> None:
    region = frozenset(Hex(column, row) for column in range(5) for row in range(4))
    steps = {
        hex_: frozenset(
            other
            for other in region
            if other != hex_ and abs(other.column - hex_.column) + abs(other.row - hex_.row) == 1
        )
        for hex_ in region
    }
    west = frozenset(Hex(0, row) for row in range(4))
    east = frozenset(Hex(4, row) for row in range(4))
    assert len(fewest_separating_hexes(region, frozenset(), west, east, steps)) == 4
    wall = frozenset(Hex(2, row) for row in (0, 1, 3))
    (gap,) = fewest_separating_hexes(region, wall, west, east, steps)
    assert gap in {Hex(1, 2), Hex(2, 2), Hex(3, 2)}
    assert fewest_separating_hexes(region, wall | {gap}, west, east, steps) == ()


def test_front_counts_only_the_phasing_side() -> None:
    ref = referee(board("open"), {"ger_inf_1": "1502"}, settings={"phasing_side": "soviet"})
    verdicts = {verdict.subject: verdict for verdict in ref.victory()}
    assert (
        "scored" in verdicts["soviet front"].explanation
        and "not scored" in verdicts["axis front"].explanation
    )
    assert verdicts["game"].details["axis"] == str(5 * 22)


def test_a_missing_front_scores_every_hex_it_would_take_to_close() -> None:
    """Continuous front: with three scattered Axis units and no front, the old minimum cut
    ran round the four Axis supply hexes and never gave more than 4 gaps; closing the front
    takes a line from the north edge down to Rostov's row, 22 hexes on the real map."""
    verdicts = TurningPointReferee(
        read_position_file(POSITIONS / "front_none_real_map.toml")
    ).victory()
    fronts = {
        verdict.subject: verdict for verdict in verdicts if verdict.topic == "continuous front"
    }
    assert [fronts[f"{side} front"].outcome for side in ("axis", "soviet")] == [
        "22 gap hexes",
        "22 gap hexes",
    ]


@pytest.mark.parametrize("keep", ["axis", "soviet", "none"])
def test_no_front_gap_is_ever_a_supply_hex(keep: str) -> None:
    """Continuous front: each front divides the two rears, and a rear is never cut, so no
    gap of either front is a rail supply source of either side, whoever stands on the map."""
    real = scenario_one()
    units = tuple(state for state in real.position.units if state.side == keep)
    ref = TurningPointReferee(dataclasses.replace(real.position, units=units))
    sources = {hex_ for source in ref.position.game_map.supply_sources for hex_ in source.hexes}
    for side in ("axis", "soviet"):
        front = ref.front(side)
        assert front is not None and not set(front.gaps) & sources, side
        assert front.gaps or side == keep, f"{side} has no unit on the map, so its front has gaps"


# ----- the real map and order of battle ---------------------------------------------


def scenario_one() -> TurningPointReferee:
    spec = shipped_game("tps")
    units = []
    for placement in spec.scenarios["1"].setup:
        found = spec.parse_hex(placement.location)
        if found is not None:
            units.append(UnitState(spec.units[placement.unit], placement.location, found[1], 1))
    return TurningPointReferee(
        Position(spec, "1", 1, "Soviet first movement", None, tuple(units), source="scenario 1")
    )


def test_real_units_follow_the_conventions_the_referee_reads() -> None:
    units = shipped_game("tps").units.values()
    flights = [unit for unit in units if tps.is_flight(unit)]
    echelons = {unit.properties["air_unit"] for unit in units if tps.is_ground_echelon(unit)}
    assert flights and {unit.properties["air_unit"] for unit in flights} == echelons
    assert all(unit.side == "soviet" for unit in units if tps.is_supply_unit(unit))
    assert any(tps.is_supply_unit(unit) for unit in units)
    assert {tps.printed_strength(unit) for unit in units if tps.is_kampfgruppe(unit)} <= {1, 2}
    assert any(
        tps.is_cavalry(unit) and unit.side == "soviet" and tps.is_motorised(unit) for unit in units
    )


def test_real_map_sources_supply_units_standing_on_them() -> None:
    spec = shipped_game("tps")
    game_map = spec.maps[0]
    infantry = next(
        unit for unit in spec.units.values() if unit.side == "axis" and unit.arm == "infantry"
    )
    rifle = next(
        unit for unit in spec.units.values() if unit.side == "soviet" and unit.arm == "rifle"
    )
    axis_sources = [
        hex_ for source in game_map.supply_sources if source.side == "axis" for hex_ in source.hexes
    ]
    for hex_ in [*axis_sources, game_map.edge("east").hexes[0]]:
        unit = infantry if hex_ in axis_sources else rifle
        ref = TurningPointReferee(
            Position(spec, None, 3, None, None, (UnitState(unit, "", hex_, 1),))
        )
        line = ref.supply_by_unit[unit.id]
        assert (line.state, line.distance) == (SupplyState.SUPPLIED, 0), game_map.label(hex_)


def test_the_kotelnikovo_railway_joins_the_net_at_salsk() -> None:
    """Supply (A): the rail hex must join a source by continuous rail. In 1942 the
    Stalingrad-Kotelnikovo railway met the Rostov line at Salsk, which the board reaches;
    a unit on it traces its rail through the junction and Rostov to an Axis source."""
    verdict = next(
        v
        for v in TurningPointReferee(
            read_position_file(POSITIONS / "kotelnikovo_railway.toml")
        ).supply()
        if v.subject == "de-44id"
    )
    assert {"2520", "1627", "0622"} <= set(verdict.path)
    sources = {
        label
        for source in shipped_game("tps").maps[0].supply_sources
        if source.side == "axis"
        for label in (shipped_game("tps").maps[0].label(hex_) for hex_ in source.hexes)
    }
    assert verdict.path[-1] in sources


def test_real_scenario_one_check() -> None:
    verdicts = scenario_one().check()
    supply = [verdict for verdict in verdicts if verdict.topic == "supply"]
    assert len(supply) == len(
        [u for u in scenario_one().position.units if not tps.is_flight(u.unit)]
    )
    assert all(verdict.path for verdict in supply if verdict.outcome == "supplied")
    assert [verdict.topic for verdict in verdicts].count("victory") == 1


def test_victory_before_the_end_is_what_the_vp_would_give_if_the_game_ended_now() -> None:
    """Issue 21 item 17: scenario 1 lasts 7 turns, so on its turn-1 set-up the level is
    not a result yet; in the last phase of turn 7 it is."""
    from rules.referee.position import setup_position

    def victory(position: Position) -> tuple[str, str]:
        verdict = next(
            verdict
            for verdict in tps.TurningPointReferee(position).check()
            if verdict.topic == "victory"
        )
        return verdict.outcome, verdict.details["final"]

    setup = setup_position(shipped_game("tps"), "1")
    outcome, final = victory(setup)
    assert outcome.endswith(" victory if the game ended now") and final == "no"
    last_phase = dataclasses.replace(setup, turn=7, phase=setup.spec.phases[-1])
    outcome, final = victory(last_phase)
    assert outcome.endswith(" victory") and final == "yes"
