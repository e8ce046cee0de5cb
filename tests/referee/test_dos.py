"""The Drive on Stalingrad referee against the rules' worked examples and hand-built positions.

Positions live in ``positions/dos/*.toml``, each with its expected verdict worked out from
the rule text at the top. Their game folder links the shipped game.toml, map.toml and
tables.toml but not the generated terrain.toml, so every hex is clear and every verdict
depends only on what the position and the test state; terrain, towns and rivers a test
needs are added here with ``dataclasses.replace``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from rules.data.fields import Provenance
from rules.data.loader import load_game
from rules.hexes import Hex, HexSide, hexside, neighbours
from rules.model import GameMap, Town
from rules.referee.dos import (
    AXIS,
    SOVIET,
    DriveOnStalingradReferee,
    SupplyState,
    halve,
    odds_at,
    odds_index,
)
from rules.referee.engine import RefereeError
from rules.referee.odds import Contribution, OddsReport
from rules.referee.position import Position, UnitState, setup_position
from rules.referee.position_file import read_position_file
from rules.referee.verdict import Verdict
from rules.tables import Odds
from tests.referee.expectations import assert_odds, assert_verdicts
from tests.support.games import shipped_game

POSITIONS = Path(__file__).parent / "positions" / "dos"


# ----- helpers ----------------------------------------------------------------------------


def position(name: str) -> Position:
    return read_position_file(POSITIONS / f"{name}.toml")


def at(position_: Position, name: str) -> Hex:
    found = position_.spec.parse_hex(name)
    assert found is not None, name
    return found[1]


def with_map(position_: Position, game_map: GameMap) -> Position:
    return replace(position_, spec=replace(position_.spec, maps=(game_map,)))


def with_towns(position_: Position, *names: str, kind: str = "town") -> Position:
    towns = tuple(
        Town(f"Test town {name}", at(position_, name), kind, Provenance()) for name in names
    )
    return with_map(position_, replace(position_.game_map, towns=position_.game_map.towns + towns))


def with_terrain(position_: Position, terrain: str, *names: str) -> Position:
    changed = {at(position_, name): terrain for name in names}
    return with_map(
        position_, replace(position_.game_map, terrain={**position_.game_map.terrain, **changed})
    )


def with_sides(position_: Position, feature: str, sides: set[HexSide]) -> Position:
    features = dict(position_.game_map.hexside_features)
    for side in sides:
        features[side] = features.get(side, frozenset()) | {feature}
    return with_map(position_, replace(position_.game_map, hexside_features=features))


def yy(position_: Position, hex_: Hex) -> int:
    return int(position_.label(hex_)[3:5])


def with_volga(position_: Position) -> Position:
    """A straight Volga between the North map's YY 11 and YY 12 hexes: from the N1311/N1312
    side to the N4111/N4211/N4212 corner, as rule 9.17 runs it."""
    referee = DriveOnStalingradReferee(position_)
    north = referee.board_hexes("North")
    sides = {
        hexside(hex_, other)
        for hex_ in north
        if yy(position_, hex_) == 11
        for other in neighbours(hex_)
        if other in north and yy(position_, other) == 12
    }
    return with_sides(position_, "volga", sides)


def with_settings(position_: Position, **settings: str) -> Position:
    return replace(position_, settings={**position_.settings, **settings})


def with_units(position_: Position, **placements: str) -> Position:
    added = tuple(
        UnitState(
            position_.spec.units[unit_id.replace("_", "-")], hex_name, at(position_, hex_name), 1
        )
        for unit_id, hex_name in placements.items()
    )
    return replace(position_, units=position_.units + added)


def verdicts(position_: Position, topic: str) -> dict[str, Verdict]:
    return {
        verdict.subject: verdict
        for verdict in DriveOnStalingradReferee(position_).check()
        if verdict.topic == topic
    }


def supply_of(position_: Position, unit_id: str) -> Verdict:
    return next(
        verdict
        for subject, verdict in verdicts(position_, "supply").items()
        if subject.startswith(f"{unit_id} in ")
    )


def odds(position_: Position, defender: str, *attackers: str) -> OddsReport:
    referee = DriveOnStalingradReferee(position_)
    return referee.odds(at(position_, defender), [at(position_, name) for name in attackers])


def refusals(report: OddsReport) -> str:
    """The reasons an attack the rules forbid is refused, each with its rules: a verdict,
    not an error."""
    assert not report.allowed and report.final_column is None and not report.results
    return "; ".join(
        f"{verdict.explanation} (rule {', '.join(verdict.rules)})"
        for verdict in report.verdicts
        if verdict.outcome == "not allowed"
    )


# ----- hand-built positions on the shipped map -----------------------------------------

SHIPPED_MAP_POSITIONS = sorted(
    path for path in POSITIONS.glob("*.toml") if "# expect" in path.read_text("utf-8")
)


def test_there_are_hand_built_positions_on_the_shipped_map() -> None:
    assert len(SHIPPED_MAP_POSITIONS) >= 5


@pytest.mark.parametrize("path", SHIPPED_MAP_POSITIONS, ids=lambda path: path.stem)
def test_hand_built_position(path: Path) -> None:
    """Each position's ``# expect`` lines, worked out in its comments from the rule text."""
    assert path.read_text(encoding="utf-8").startswith("# "), "the reasoning comes first"
    referee = DriveOnStalingradReferee(read_position_file(path))
    assert_verdicts(path, referee.check())
    assert_odds(path, referee)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda p: replace(p, scenario="uranus"),
            r"Taman S1343 is on the South map, which Uranus does not use \(3.3\)",
        ),
        (
            lambda p: with_settings(p, soviet_control="S1343"),
            r"soviet_control lists it \(3.4, 7.4\)",
        ),
    ],
)
def test_7_4_taman_active_that_the_position_contradicts_is_refused(
    change: Callable[[Position], Position], message: str
) -> None:
    """7.4: taman_active means an Axis unit entered Taman and the Soviets have not retaken it;
    a position that says otherwise is refused with its reason, never silently ignored."""
    with pytest.raises(RefereeError, match=message):
        DriveOnStalingradReferee(
            change(read_position_file(POSITIONS / "taman_shipped_map.toml"))
        ).check()


def test_9_9_and_11_20_the_manych_lake_on_the_shipped_map() -> None:
    """9.32 ends the floodable Manych river at N4127/N4227 and says the Manych lake stays a
    lake; 11.20's example puts a lake side between S1125 and S1126. The lake's sides run from
    the one to the other, and no 1942 lake fills a whole hex at this scale."""
    referee = DriveOnStalingradReferee(read_position_file(POSITIONS / "manych_lake_attack.toml"))
    board = referee.board
    lake = board.sides_with("lake_side")
    assert hexside(at(referee.position, "S1125"), at(referee.position, "S1126")) in lake
    river_end = hexside(at(referee.position, "N4127"), at(referee.position, "N4227"))
    assert river_end in board.game_map.lines["manych"] and river_end not in lake
    assert not any(board.terrain(hex_) == "lake" for hex_ in board.playable)


@pytest.mark.parametrize(("weather", "axis_crosses"), [(None, False), ("frozen", True)])
def test_7_12_and_10_2_the_manych_lake_in_uranus(weather: str | None, axis_crosses: bool) -> None:
    """7.12: Soviet lines cross the lake in any weather, Axis ones only once it has frozen in
    Uranus; 9.19, 10.2: no unit moves across it, frozen or not (artificial lakes are not
    affected by the freeze)."""
    base = replace(read_position_file(POSITIONS / "east_of_don_south.toml"), weather=weather)
    south, north = at(base, "N4227"), at(base, "N4226")
    referee = DriveOnStalingradReferee(base)
    north_map = referee.board_hexes("North")
    assert referee.line_step(AXIS, north_map)(south, north) is axis_crosses
    assert referee.line_step(SOVIET, north_map)(south, north)
    walker = next(state for state in base.units if state.unit.id == "de-44id")
    moved = replace(walker, location="N4227", hex=south)
    assert referee.movement_cost(moved, [south, north]).points is None


def test_4_4_the_german_starts_blue_with_no_vp_hex() -> None:
    """4.4: Blue starts at 0 German VP, so every rebuilt VP hex lies on the Soviet side of
    the Blue start line, and the set-up's count is 0."""
    referee = DriveOnStalingradReferee(setup_position(shipped_game("dos"), "blue"))
    victory_hexes = referee.board.game_map.victory_hexes
    assert len(victory_hexes) >= 6 and all(
        item.provenance.reconstructed and item.provenance.note for item in victory_hexes
    )
    assert all(referee.control.control(item.hex) == SOVIET for item in victory_hexes)
    (verdict,) = [verdict for verdict in referee.victory() if verdict.subject == "Blue"]
    assert verdict.details["german_vp_from_hexes"] == "0"


def test_11_23_only_hexes_of_the_line_are_destroyed() -> None:
    """11.23: the setting lists line hexes a German unit has occupied; a hex outside the
    line, where Germans stood beside it, is refused with the rule."""
    beside = replace(
        read_position_file(POSITIONS / "don_volga_beside.toml"),
        settings={"don_volga_destroyed": "N2924"},
    )
    with pytest.raises(RefereeError, match=r"N2924 is not a hex of the Don–Volga line \(11.23\)"):
        DriveOnStalingradReferee(beside).check()


def test_11_23_the_shipped_line_closes_round_stalingrad() -> None:
    """11.23: the line and the Volga close an inside round Stalingrad, so the line has hexes
    to stand in; each of its sides has one hex inside and one outside."""
    referee = DriveOnStalingradReferee(read_position_file(POSITIONS / "don_volga_beside.toml"))
    board = referee.board
    assert board.town_hex("Stalingrad") in board.don_volga_inside
    for side in board.sides_with("don_volga_line"):
        assert len(set(side.hexes) & board.don_volga_inside) == 1, side


# ----- the rules' worked examples ------------------------------------------------------


def test_11_8_odds_round_down() -> None:
    """11.8: attack 26 against defence 7 is 3-1 (26/7 = 3.71); the text's "27" also gives 3-1."""
    assert odds_at(odds_index(Fraction(26), Fraction(7))) == Odds(3, 1)
    assert odds_at(odds_index(Fraction(27), Fraction(7))) == Odds(3, 1)


def test_11_9_poor_odds_round_up() -> None:
    """11.9: attack 5 against defence 11: 11/5 = 2.2, rounded up: 1-3."""
    assert odds_at(odds_index(Fraction(5), Fraction(11))) == Odds(1, 3)


def test_11_10_columns_and_automatic_results() -> None:
    """11.10: the columns run 1-3 to 6-1; worse than 1-3 is an automatic AL1 (1-4, the
    digest's T8) and beyond the table an automatic DE."""
    referee = DriveOnStalingradReferee(position("ultimate_direct"))
    assert [str(column) for column in referee.table.columns] == [
        "1-3",
        "1-2",
        "1-1",
        "2-1",
        "3-1",
        "4-1",
        "5-1",
        "6-1",
    ]
    assert referee.automatic_result(Fraction(1), Fraction(4), 0) == "AL1"
    assert referee.automatic_result(Fraction(1), Fraction(3), 0) is None
    assert referee.automatic_result(Fraction(6), Fraction(1), 0) is None
    assert referee.automatic_result(Fraction(7), Fraction(1), 0) == "DE"


def test_11_15_and_11_16_terrain_shifts() -> None:
    """11.15: 3-1 against a hill (1L) is 2-1; 11.16: 3-1 against a mountain (2L) is 1-1."""
    referee = DriveOnStalingradReferee(position("ultimate_direct"))
    assert referee.column(Fraction(9), Fraction(3), -1) == (Odds(3, 1), Odds(2, 1))
    assert referee.column(Fraction(9), Fraction(3), -2) == (Odds(3, 1), Odds(1, 1))


def test_11_29_shifts_before_clamping() -> None:
    """11.29: 20-1 with 2L is 18-1, an automatic DE with no roll — not the top column (7-1
    or 6-1) shifted 2L to 4-1 or 5-1."""
    referee = DriveOnStalingradReferee(position("ultimate_direct"))
    assert referee.automatic_result(Fraction(20), Fraction(1), -2) == "DE"
    assert odds_at(odds_index(Fraction(20), Fraction(1)) - 2) == Odds(18, 1)
    # 9-1 with 3L is 6-1, a rolled column: the raw odds are not clamped to 6-1 first.
    assert referee.automatic_result(Fraction(9), Fraction(1), -3) is None
    assert referee.column(Fraction(9), Fraction(1), -3)[1] == Odds(6, 1)


def test_11_29_six_to_one_roll_five_is_de() -> None:
    """11.29: at 6-1 a roll of 5 gives DE — the one result of the printed table the text keeps."""
    table = load_game("dos").tables.odds_tables["crt"]
    assert table.result(Odds(6, 1), 5) == "DE"


@pytest.mark.parametrize(("strength", "half"), [(3, 1), (2, 1), (1, 1), (7, 3), (15, 7), (0, 0)])
def test_1_3_halving_rounds_down_never_below_one(strength: int, half: int) -> None:
    """1.3: half of 3 is 1, half of 2 is 1, and a 1-strength unit halved stays 1."""
    assert halve(strength) == half


@pytest.mark.parametrize(
    ("strengths", "total"), [((3, 2), 2), ((3, 3), 3), ((1, 1), 1), ((7, 7, 7, 7), 14)]
)
def test_1_3_and_11_12_sum_first_then_halve(strengths: tuple[int, ...], total: int) -> None:
    """1.3, 11.12: several units halved together are added first: 3 + 2 halved is 2, not 1 + 1."""
    referee = DriveOnStalingradReferee(position("ultimate_direct"))
    items = [
        Contribution(f"u{index}", "N2030", Fraction(value), halvings=1)
        for index, value in enumerate(strengths)
    ]
    assert referee.total_strength(items, attacking=True) == total


def test_11_12_groups_halved_separately_by_how_often() -> None:
    """1.3: units halved once and a unit halved twice (out of supply and across a river) are
    summed by how often they are halved: (7 + 7) / 2 + 8 / 4 = 9."""
    referee = DriveOnStalingradReferee(position("ultimate_direct"))
    items = [
        Contribution("a", "N2030", Fraction(7), halvings=1),
        Contribution("b", "N2030", Fraction(7), halvings=1),
        Contribution("c", "N2030", Fraction(8), halvings=2),
        Contribution("d", "N2030", Fraction(5)),
    ]
    assert referee.total_strength(items, attacking=True) == 14


@pytest.mark.parametrize(("roll", "strength"), [(5, 2), (1, 1)])
def test_2_15_question_mark_rolled_then_halved(roll: int, strength: int) -> None:
    """2.15: a '?' unit out of supply rolls first, then halves (1.3): 5 gives 2, 1 stays 1."""
    position_ = with_settings(position("air_supply"), question_rolls=f"ro-inf={roll}")
    referee = DriveOnStalingradReferee(position_)
    romanian = next(state for state in position_.units if state.unit.id == "ro-inf")
    item = referee.defence_strength(romanian)
    assert (item.strength, item.halvings) == (Fraction(roll), 1)
    assert referee.total_strength([item], attacking=False) == strength


def test_2_15_unrolled_question_mark_names_the_setting() -> None:
    position_ = position("air_supply")
    referee = DriveOnStalingradReferee(position_)
    romanian = next(state for state in position_.units if state.unit.id == "ro-inf")
    with pytest.raises(RefereeError, match="question_rolls"):
        referee.defence_strength(romanian)


def test_9_21_mechanized_river_into_hills_costs_six() -> None:
    """9.21: a mechanized unit crossing a non-Volga river into hills pays 4 + 2 = 6."""
    position_ = with_terrain(position("volga_blocks_axis"), "hills", "N2513")
    position_ = with_sides(
        position_, "river", {hexside(at(position_, "N2512"), at(position_, "N2513"))}
    )
    referee = DriveOnStalingradReferee(position_)
    panzer = next(state for state in position_.units if state.unit.id == "pz1")
    cost = referee.movement_cost(panzer, [at(position_, "N2512"), at(position_, "N2513")])
    assert (cost.points, cost.entries) == (6, (6,))


def test_9_24_assault_pays_double_to_enter() -> None:
    """9.24: a mechanized assault pays double the normal cost to enter the defender's hex."""
    position_ = with_units(
        with_terrain(position("volga_blocks_axis"), "forest", "N2513"), rd2="N2513"
    )
    referee = DriveOnStalingradReferee(position_)
    panzer = next(state for state in position_.units if state.unit.id == "pz1")
    path = [at(position_, "N2512"), at(position_, "N2513")]
    assert referee.movement_cost(panzer, path, assault=True).points == 4
    blocked = referee.movement_cost(panzer, path)
    assert blocked.points is None and "9.4" in blocked.rules


# ----- supply positions ------------------------------------------------------------------


def test_chain_of_three_towns_all_legs_within_seven() -> None:
    position_ = with_towns(position("chain_supplied"), "N2037", "N2030", "N2023")
    verdict = supply_of(position_, "inf1")
    assert verdict.outcome == str(SupplyState.REGULAR)
    assert verdict.path[0] == "N2016" and verdict.path[-1] == "N2044" and len(verdict.path) == 29
    assert {"7.3", "7.12"} <= set(verdict.rules)
    assert "Kharkov N2044" in verdict.explanation
    assert supply_of(position_, "inf2").outcome == str(SupplyState.OUT)
    assert "8 hexes" in supply_of(position_, "inf2").explanation


def test_chain_with_a_leg_of_eight_is_out_of_supply() -> None:
    position_ = with_towns(position("chain_gap"), "N2037", "N2030", "N2022")
    verdict = supply_of(position_, "inf1")
    assert verdict.outcome == str(SupplyState.OUT)
    assert "N2030, is 15 hexes away" in verdict.explanation
    assert "7.15" in verdict.rules


def test_direct_line_counts_seven_not_eight() -> None:
    position_ = position("ultimate_direct")
    verdict = supply_of(position_, "inf1")
    assert verdict.outcome == str(SupplyState.REGULAR)
    assert verdict.explanation == "7 hexes to the ultimate source Kharkov N2044"
    assert supply_of(position_, "inf2").outcome == str(SupplyState.OUT)


def test_rostov_before_taman_is_active() -> None:
    position_ = with_towns(position("rostov_before_taman"), "N3337", "S1338")
    through_rostov = supply_of(position_, "inf1")
    assert through_rostov.outcome == str(SupplyState.REGULAR)
    assert "Rostov N3635" in through_rostov.explanation and through_rostov.path[-1] == "N3044"
    assert "7.4" in through_rostov.rules
    stranded = supply_of(position_, "inf2")
    assert stranded.outcome == str(SupplyState.OUT)
    assert "Taman is not active" in stranded.explanation


def test_taman_active_and_north_map_units_keep_to_the_north_map() -> None:
    position_ = with_towns(position("taman_active"), "N3337", "S1338")
    assert supply_of(position_, "inf1").outcome == str(SupplyState.REGULAR)
    via_taman = supply_of(position_, "inf2")
    assert via_taman.outcome == str(SupplyState.REGULAR)
    assert via_taman.path[-1] == "S1343"
    north = supply_of(position_, "inf3")
    assert north.outcome == str(SupplyState.OUT)
    assert "North-map Axis units trace on the North map only" in north.explanation


def test_taman_held_by_the_soviets_does_not_work() -> None:
    """7.4: if the Soviets retake Taman it deactivates, whatever the setting says."""
    position_ = with_units(with_towns(position("taman_active"), "N3337", "S1338"), rd1="S1343")
    assert supply_of(position_, "inf2").outcome == str(SupplyState.OUT)


def test_coastal_supply_is_for_defence_only() -> None:
    position_ = with_terrain(position("coastal"), "sea", "N2529", "S2712")
    assert supply_of(position_, "inf1").outcome == str(SupplyState.COASTAL)
    assert supply_of(position_, "inf1").rules == ("7.5",)
    assert supply_of(position_, "inf2").outcome == str(SupplyState.OUT)
    assert supply_of(position_, "inf3").outcome == str(SupplyState.OUT)
    referee = DriveOnStalingradReferee(position_)
    coastal = next(state for state in position_.units if state.unit.id == "inf1")
    assert referee.defence_strength(coastal).halvings == 0
    assert referee.attack_strength(coastal).halvings == 1
    assert referee.movement_allowance(coastal) == 2


def test_air_supply_is_for_defence_only_and_lets_nationalities_mix() -> None:
    position_ = position("air_supply")
    assert supply_of(position_, "inf1").outcome == str(SupplyState.AIR)
    assert supply_of(position_, "it-inf").outcome == str(SupplyState.AIR)
    assert supply_of(position_, "inf2").outcome == str(SupplyState.OUT)
    stacking = verdicts(position_, "stacking")
    assert set(stacking) == {"hex N2533"}
    assert (stacking["hex N2533"].outcome, stacking["hex N2533"].rules) == (
        "nationalities mixed",
        ("6.3",),
    )
    referee = DriveOnStalingradReferee(position_)
    airborne = next(state for state in position_.units if state.unit.id == "inf1")
    assert (
        referee.attack_strength(airborne).halvings,
        referee.defence_strength(airborne).halvings,
    ) == (1, 0)


def test_soviet_units_east_of_the_volga_are_always_supplied() -> None:
    position_ = with_volga(position("east_of_volga"))
    east = supply_of(position_, "rd1")
    assert (east.outcome, east.rules) == (str(SupplyState.AUTOMATIC), ("7.9",))
    assert supply_of(position_, "rd2").outcome == str(SupplyState.OUT)


def test_no_volga_on_the_map_means_no_automatic_supply() -> None:
    assert supply_of(position("east_of_volga"), "rd1").outcome == str(SupplyState.OUT)


def lake_ring(position_: Position) -> Position:
    rings = [
        neighbour
        for centre in ("N2040", "N4016")
        for neighbour in neighbours(at(position_, centre))
    ]
    return with_terrain(position_, "lake", *(position_.label(hex_) for hex_ in rings))


def test_frozen_lakes_carry_axis_supply_in_uranus() -> None:
    position_ = lake_ring(position("lake_uranus_frozen"))
    assert supply_of(position_, "inf1").outcome == str(SupplyState.REGULAR)
    assert supply_of(position_, "rd1").outcome == str(SupplyState.REGULAR)


def test_unfrozen_lakes_block_axis_supply_not_soviet() -> None:
    position_ = lake_ring(position("lake_uranus_clear"))
    assert supply_of(position_, "inf1").outcome == str(SupplyState.OUT)
    assert supply_of(position_, "rd1").outcome == str(SupplyState.REGULAR)


def test_frozen_weather_in_blue_does_not_open_the_lakes() -> None:
    position_ = lake_ring(replace(position("lake_uranus_frozen"), scenario="blue"))
    assert supply_of(position_, "inf1").outcome == str(SupplyState.OUT)


def test_enemy_units_block_supply_lines() -> None:
    position_ = position("enemy_blocks")
    blocked = supply_of(position_, "inf1")
    assert blocked.outcome == str(SupplyState.OUT)
    assert "no line avoiding enemy units" in blocked.explanation
    through_gap = supply_of(position_, "inf2")
    assert through_gap.outcome == str(SupplyState.REGULAR)
    assert through_gap.path[:2] == ("N2640", "N2641")


def test_captured_source_stops_working_and_ends_blue() -> None:
    position_ = position("captured_source")
    verdict = supply_of(position_, "inf1")
    assert verdict.outcome == str(SupplyState.OUT)
    assert "Kursk N1143, is 9 hexes away" in verdict.explanation
    victory = verdicts(position_, "victory")["Blue"]
    assert (victory.outcome, victory.rules) == ("Soviet win", ("4.6",))
    assert "Kharkov N2044" in victory.explanation


def test_captured_source_left_by_the_enemy_stays_lost_until_retaken() -> None:
    position_ = position("captured_source_left")
    assert supply_of(position_, "inf1").outcome == str(SupplyState.OUT)
    assert verdicts(position_, "victory")["Blue"].outcome == "game goes on"
    retaken = with_units(position_, inf2="N2044")
    assert supply_of(retaken, "inf1").outcome == str(SupplyState.REGULAR)


def test_network_marker_joins_a_town_and_a_marker_off_a_town_is_reported() -> None:
    """7.14: a town joins the network by its side's marker; a marker on open ground does nothing."""
    base = with_towns(position("chain_supplied"), "N2037", "N2030", "N2023")
    markers = {"german-supply-network": (at(base, "N2023"), at(base, "N2025"))}
    position_ = replace(with_settings(base, axis_network="N2037 N2030"), markers=markers)
    assert supply_of(position_, "inf1").outcome == str(SupplyState.REGULAR)
    assert verdicts(position_, "supply")["german-supply-network marker in N2025"].rules == ("7.14",)
    unmarked = replace(position_, markers={})
    assert supply_of(unmarked, "inf1").outcome == str(SupplyState.OUT)


def test_soviet_south_map_units_use_astrakhan_in_blue_only() -> None:
    position_ = position("soviet_south_map")
    verdict = supply_of(position_, "rd1")
    assert verdict.outcome == str(SupplyState.REGULAR) and verdict.path[-1] == "N4211"
    assert "7.10" in verdict.rules
    assert supply_of(replace(position_, scenario="uranus"), "rd1").outcome == str(SupplyState.OUT)


def test_axis_lines_do_not_cross_the_volga() -> None:
    position_ = with_volga(position("volga_blocks_axis"))
    referee = DriveOnStalingradReferee(position_)
    north = referee.board_hexes("North")
    west, east = at(position_, "N2512"), at(position_, "N2511")
    assert not referee.line_step(AXIS, north)(west, east)
    assert referee.line_step(SOVIET, north)(west, east)


# ----- stacking and movement -------------------------------------------------------------


def test_stacking_eight_and_artillery_three() -> None:
    stacking = verdicts(position("stacking_limits"), "stacking")
    assert set(stacking) == {"hex N2530", "hex N2535"}
    assert "9 units count toward the limit of 8" in stacking["hex N2530"].explanation
    assert "4 artillery units" in stacking["hex N2535"].explanation
    assert (stacking["hex N2530"].outcome, stacking["hex N2535"].outcome) == (
        "over-stacked",
        "too much artillery",
    )
    assert stacking["hex N2535"].rules == ("6.4",)


def test_stacking_nationalities() -> None:
    stacking = verdicts(position("stacking_nationalities"), "stacking")
    assert set(stacking) == {"hex N2530", "hex N2534"}
    # Item 13: a mix of nationalities is named as such, not "over-stacked".
    assert (stacking["hex N2530"].outcome, stacking["hex N2530"].rules) == (
        "nationalities mixed",
        ("6.3",),
    )


def test_allied_panzer_needs_german_mechanized_company() -> None:
    """6.3 as decided: an allied panzer division beside German infantry alone breaks the rule."""
    base = position("stacking_nationalities")
    moved = replace(
        base,
        units=tuple(
            replace(state, location="N2536", hex=at(base, "N2536"))
            if state.unit.id == "ro-pz"
            else state
            for state in base.units
        ),
    )
    assert set(verdicts(moved, "stacking")) == {"hex N2530", "hex N2534", "hex N2536"}


def test_volga_blocks_axis_movement_not_soviet() -> None:
    position_ = with_volga(position("volga_blocks_axis"))
    referee = DriveOnStalingradReferee(position_)
    panzer = next(state for state in position_.units if state.unit.id == "pz1")
    rifles = next(state for state in position_.units if state.unit.id == "rd1")
    across = referee.movement_cost(panzer, [at(position_, "N2512"), at(position_, "N2511")])
    assert across.points is None and "9.16" in across.problem
    along = referee.movement_cost(
        panzer, [at(position_, name) for name in ("N2512", "N2513", "N2514")]
    )
    assert along.points == 2
    assert (
        referee.movement_cost(rifles, [at(position_, "N2612"), at(position_, "N2611")]).points == 2
    )


def test_8_4_a_held_reserve_unit_may_not_move_and_a_released_one_may() -> None:
    """8.4 (errata 2002: four reserve armies): 7RA, 9 hexes from the nearest Axis unit, stays
    put; 8RA, released by the settings, moves."""
    position_ = position("reserve_held_one_hex_further")
    referee = DriveOnStalingradReferee(position_)
    held, released = (
        next(state for state in position_.units if state.unit.id == unit)
        for unit in ("b7ra-rd1", "b8ra-rd1")
    )
    refused = referee.movement_cost(held, [at(position_, "N3022"), at(position_, "N3023")])
    assert (
        refused.points is None
        and "8.4 (errata 2002)" in refused.rules
        and "7RA is held in reserve" in refused.problem
    )
    assert (
        referee.movement_cost(released, [at(position_, "N1516"), at(position_, "N1517")]).points
        is not None
    )


def test_8_4_a_reserve_army_off_its_set_up_hex_was_released() -> None:
    """A 7RA unit outside N3022 has moved, which only a released army may do (8.4)."""
    moved = with_units(position("reserve_held_one_hex_further"), b7ra_rd2="N3023")
    verdict = next(
        v
        for v in DriveOnStalingradReferee(moved).check()
        if v.subject == "7RA" and v.topic == "reserves"
    )
    assert verdict.outcome == "released" and "N3023" in verdict.explanation


def test_8_6_an_axis_unit_beyond_the_voronezh_don_line_releases_every_reserve() -> None:
    """8.6: an Axis unit in N2720, east of the line in 8.6's own example, releases 7RA,
    held in reserve_held_one_hex_further.toml."""
    crossed = with_units(position("reserve_held_one_hex_further"), de_95id="N2720")
    released = verdicts(crossed, "reserves")["7RA"]
    assert (
        released.outcome == "released"
        and "N2720" in released.explanation
        and "8.6" in released.rules
    )


def test_8_4_only_the_four_reserve_armies_may_be_released_by_the_settings() -> None:
    with pytest.raises(
        RefereeError, match="reserves_released: '51A' is not one of the reserve armies"
    ):
        DriveOnStalingradReferee(
            with_settings(position("reserve_8_4_example"), reserves_released="51A")
        )


def test_movement_allowance_halved_out_of_supply_and_on_uranus_turn_one() -> None:
    position_ = replace(position("air_supply"), turn=1)
    referee = DriveOnStalingradReferee(position_)
    infantry = next(state for state in position_.units if state.unit.id == "inf2")
    assert referee.movement_allowance(infantry) == 1


# ----- combat ----------------------------------------------------------------------------


def test_concentric_german_attack_after_attacking_first() -> None:
    """11.28, 5.6 (the digest's T34): raw 2-1, +1R for attacking first, +2R concentric: 5-1."""
    report = odds(position("combat_concentric"), "N2040", "N2041", "N2039")
    assert (report.attack, report.defence) == (Fraction(14), Fraction(7))
    assert (report.base_column, report.final_column) == (Odds(2, 1), Odds(5, 1))
    assert {modifier.rules: modifier.column_shift for modifier in report.modifiers} == {
        ("5.6",): 1,
        ("11.28",): 2,
    }
    assert [code for _, code in report.results] == ["DE", "DE", "DE", "EX", "DR", "DR"]
    assert all("halved with the others" in item.note for item in report.defenders)


def test_concentric_attack_with_allies_is_one_column() -> None:
    """11.28, 11.39 (T35): German and Romanian units attacking concentrically get 1R."""
    base = with_settings(
        position("combat_concentric"), phase_order="move_first", question_rolls="ro-inf=3"
    )
    position_ = replace(
        base,
        units=tuple(state for state in base.units if state.unit.id != "inf2")
        + (UnitState(base.spec.units["ro-inf"], "N2039", at(base, "N2039"), 1),),
    )
    report = odds(position_, "N2040", "N2041", "N2039")
    assert [(modifier.rules, modifier.column_shift) for modifier in report.modifiers] == [
        (("11.28", "11.39"), 1)
    ]


def test_city_attack() -> None:
    """11.22 (T36): raw 4-1 against a city is 2-1; no concentric bonus; AS and DR become AL1."""
    position_ = with_towns(position("combat_city"), "N4016", kind="city")
    report = odds(position_, "N4016", "N4017", "N4015", "N3916")
    assert (report.attack, report.defence) == (Fraction(30), Fraction(7))
    assert (report.base_column, report.final_column) == (Odds(4, 1), Odds(2, 1))
    assert [modifier.rules for modifier in report.modifiers] == [("11.22",)]
    assert [code for _, code in report.results] == ["EX", "AL1", "AL1", "AL1", "AL1", "AL1"]
    panzer = next(item for item in report.attackers if item.unit == "pz1")
    assert panzer.halvings == 2 and "against a city" in panzer.note


def test_mechanized_assault_and_air_and_armour() -> None:
    """9.27 (T32, T33): 5-1 assault in clear is 3-1; concentrated air and armour cancel the 2L."""
    position_ = position("combat_assault")
    report = odds(position_, "N2040", "N2041")
    assert (report.attack, report.defence) == (Fraction(16), Fraction(3))
    assert (report.base_column, report.final_column) == (Odds(5, 1), Odds(3, 1))
    assert [code for _, code in report.results] == ["DE", "EX", "DR", "DR", "AS", "AL1"]
    cancelled = odds(with_settings(position_, air_and_armour="yes"), "N2040", "N2041")
    assert cancelled.final_column == Odds(5, 1)
    assert (
        cancelled.modifiers[0].rules == ("9.27", "11.25")
        and cancelled.modifiers[0].column_shift == 0
    )


def test_manstein_in_uranus() -> None:
    """8.9 (T37): Manstein's 2R offsets the assault's 2L."""
    position_ = with_settings(
        replace(position("combat_assault"), scenario="uranus", turn=2), manstein="yes"
    )
    report = odds(position_, "N2040", "N2041")
    assert report.final_column == Odds(5, 1)
    in_blue = with_settings(position("combat_assault"), manstein="yes")
    assert "rule 8.9" in refusals(odds(in_blue, "N2040", "N2041"))


def test_automatic_de_reports_raw_odds() -> None:
    """11.10, 11.29: 16 against a lone rifle division out of supply (4 -> 2) is 8-1: DE, no roll."""
    position_ = with_settings(position("combat_assault"), attack="prepared")
    position_ = replace(
        position_, units=tuple(state for state in position_.units if state.unit.id != "cc1")
    )
    report = odds(position_, "N2040", "N2041")
    assert (report.automatic, report.final_column, report.base_column) == ("DE", None, Odds(8, 1))
    assert (
        "RECONSTRUCTED" in report.table_note
        and "printed CRT (rule 12.7) is lost" in report.table_note
    )


def without_panzers(position_: Position) -> Position:
    return replace(
        position_,
        units=tuple(state for state in position_.units if state.unit.id not in ("pz1", "pz2")),
    )


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda p: with_terrain(p, "forest", "N2040"), "rule 9.25, 11.14"),
        (lambda p: with_towns(p, "N2040", kind="city"), "rule 11.22"),
        (lambda p: with_units(without_panzers(p), mot1="N2041"), "rule 9.23"),
        (lambda p: with_sides(p, "river", {hexside(at(p, "N2040"), at(p, "N2041"))}), "rule 10.2"),
        (lambda p: replace(p, scenario="uranus", turn=1), "rule 3.3"),
    ],
)
def test_assaults_the_rules_forbid(change: Callable[[Position], Position], rule: str) -> None:
    assert rule in refusals(odds(change(position("combat_assault")), "N2040", "N2041"))


def test_attacks_the_rules_forbid() -> None:
    volga = with_volga(position("volga_blocks_axis"))
    across = refusals(odds(with_units(volga, rd2="N2511"), "N2511", "N2512"))
    assert "across the Volga (rule 9.16, 11.19)" in across
    allies = with_settings(
        with_units(position("combat_concentric"), ro_inf="N2140", it_inf="N2139"),
        question_rolls="ro-inf=2 it-inf=2",
    )
    assert "rule 11.39" in refusals(odds(allies, "N2040", "N2140", "N2139"))
    garrison = with_units(position("combat_concentric"), fa1="N2530", inf9="N2531")
    assert "rule 11.12" in refusals(odds(garrison, "N2531", "N2530"))


def test_soviet_artillery_needs_a_partner_and_is_capped() -> None:
    """11.26: artillery attacks with a non-artillery unit of its hex and counts no more than it."""
    base = replace(
        position("combat_city"),
        scenario="uranus",
        turn=3,
        units=(),
        settings={"phase_order": "attack_first"},
    )
    lone_gun = with_units(base, inf1="N4017", art1="N4016")
    assert "rule 11.20, 11.26" in refusals(odds(lone_gun, "N4017", "N4016"))
    with_partner = with_units(base, inf1="N4017", art1="N4016", rd1="N4016")
    report = odds(with_partner, "N4017", "N4016")
    gun = next(item for item in report.attackers if item.unit == "art1")
    assert gun.strength == 3 and "capped" in gun.note


def shifts(position_: Position) -> dict[tuple[str, ...], int]:
    report = odds(position_, "N2040", "N2041", "N2039")
    return {modifier.rules: modifier.column_shift for modifier in report.modifiers}


@pytest.mark.parametrize(
    ("terrain", "order", "expected"),
    [
        ("hills", "move_first", {("11.15",): -1}),
        ("mountain", "move_first", {("11.16",): -2}),
        ("desert_steppe", "move_first", {("11.18",): 1}),
        ("forest", "move_first", {("11.14",): -1}),
        ("forest", "attack_first", {("5.6",): 1}),
        ("swamp", "move_first", {("11.17",): 1}),
    ],
)
def test_terrain_shifts_of_a_prepared_attack(
    terrain: str, order: str, expected: dict[tuple[str, ...], int]
) -> None:
    """11.14-11.18: the defender's terrain; in forest only when the attacker moved first.
    The attack is made from one side only, so no concentric bonus comes in."""
    base = with_settings(position("combat_concentric"), phase_order=order)
    base = replace(base, units=tuple(state for state in base.units if state.unit.id != "inf2"))
    report = odds(with_terrain(base, terrain, "N2040"), "N2040", "N2041")
    assert {modifier.rules: modifier.column_shift for modifier in report.modifiers} == expected


def test_support_ring_and_flak() -> None:
    """11.25: two German air markers give 2R, the Soviet has none in Blue; 11.24: every
    attacker across the intact ring gives 1L; 11.27: the 9th Flak alone attacks with 1."""
    base = with_settings(position("combat_concentric"), phase_order="move_first", air_attack="2")
    assert shifts(base) == {("11.25",): 2, ("11.28",): 2}
    assert "rule 11.25" in refusals(
        odds(with_settings(base, air_defence="1"), "N2040", "N2041", "N2039")
    )
    ring = {hexside(at(base, "N2040"), at(base, name)) for name in ("N2041", "N2039")}
    assert shifts(with_sides(base, "stalingrad_ring", ring))[("11.24",)] == -1
    assert ("11.24",) not in shifts(
        with_sides(with_settings(base, stalingrad_ring="broken"), "stalingrad_ring", ring)
    )
    flak = replace(base, units=tuple(state for state in base.units if state.unit.id != "inf1"))
    flak = with_units(flak, flak="N2041")
    report = odds(flak, "N2040", "N2041", "N2039")
    assert next(item for item in report.attackers if item.unit == "flak").strength == 1


def test_5_4_orders_the_rules_impose() -> None:
    """5.4: in Blue the Soviet attacks before moving; on Blue turn 1 the German moves first."""
    soviet = replace(position("combat_concentric"), settings={})
    soviet = replace(
        soviet, units=tuple(state for state in soviet.units if state.unit.id in ("rd1", "inf1"))
    )
    assert odds(soviet, "N2041", "N2040").attack == 1  # attack 3, out of supply: halved
    moved_first = with_settings(soviet, phase_order="move_first")
    assert "attack first (rule 5.4)" in refusals(odds(moved_first, "N2041", "N2040"))
    first_turn = replace(position("combat_concentric"), turn=1)
    assert "move first (rule 5.4)" in refusals(odds(first_turn, "N2040", "N2041", "N2039"))


# ----- victory ---------------------------------------------------------------------------


def test_blue_german_win_with_out_of_supply_eliminations() -> None:
    victory = verdicts(position("victory_blue_vp"), "victory")["Blue"]
    assert victory.outcome == "German win"
    assert victory.details["german_vp"] == "6"


@pytest.mark.parametrize(("eliminated", "vp"), [("39", "1"), ("40", "2")])
def test_4_3_one_vp_for_every_twenty(eliminated: str, vp: str) -> None:
    position_ = with_settings(
        position("victory_blue_vp"),
        german_vp="0",
        soviet_eliminated_out_of_supply=eliminated,
        end_of_game="no",
    )
    victory = verdicts(position_, "victory")["Blue"]
    assert (victory.outcome, victory.details["german_vp"]) == ("game goes on", vp)


def test_4_5_fewer_than_six_at_the_end_is_a_soviet_win() -> None:
    position_ = with_settings(position("victory_blue_vp"), soviet_eliminated_out_of_supply="0")
    victory = verdicts(position_, "victory")["Blue"]
    assert (victory.outcome, victory.details["german_vp"]) == ("Soviet win", "5")


def test_uranus_soviet_win_by_german_losses_out_of_supply() -> None:
    victory = verdicts(position("victory_uranus"), "victory")["Uranus"]
    assert (victory.outcome, victory.rules) == ("Soviet win", ("4.8",))
    assert victory.details["german_eliminated_out_of_supply_or_air"] == "20"


def test_uranus_soviet_win_by_taking_rostov() -> None:
    victory = verdicts(with_units(position("victory_uranus"), rd1="N3635"), "victory")["Uranus"]
    assert (victory.outcome, victory.rules) == ("Soviet win", ("4.9",))


def test_uranus_german_win_east_of_the_don_read_literally() -> None:
    """4.9 read literally (the east_of_don = "literal" setting): at the end of a Soviet player
    turn, two towns on Astrakhan's side of the Don line German-held and in ground supply win
    for the German. The test's Don runs between YY 30 and YY 31."""
    base = with_towns(position("chain_supplied"), "N2037", "N2030", "N2029")
    base = replace(
        base,
        scenario="uranus",
        turn=4,
        units=(),
        settings={
            "axis_network": "N2037 N2030 N2029",
            "end_of_soviet_turn": "yes",
            "east_of_don": "literal",
        },
    )
    referee = DriveOnStalingradReferee(base)
    north = referee.board_hexes("North")
    don = {
        hexside(hex_, other)
        for hex_ in north
        if yy(base, hex_) == 30
        for other in neighbours(hex_)
        if other in north and yy(base, other) == 31
    }
    position_ = with_units(
        with_map(base, replace(base.game_map, lines={"voronezh_don": frozenset(don)})),
        inf1="N2030",
        inf2="N2029",
    )
    assert verdicts(position_, "victory")["Uranus"].outcome == "German win"
    one_town = replace(position_, units=position_.units[:1])
    assert verdicts(one_town, "victory")["Uranus"].outcome == "game goes on"


# ----- settings and data -----------------------------------------------------------------


def test_unknown_setting_is_refused() -> None:
    with pytest.raises(RefereeError, match="taman_activ"):
        DriveOnStalingradReferee(with_settings(position("ultimate_direct"), taman_activ="yes"))


def test_shipped_data_has_the_markers_the_referee_reads() -> None:
    spec = load_game("dos")
    assert {"german-supply-network", "soviet-supply-network", "german-air-supply"} <= set(
        spec.markers
    )
    assert spec.tables.odds_tables["crt"].provenance.reconstructed


def test_shipped_set_ups_are_refereed() -> None:
    """Every unit of both shipped set-ups gets a supply verdict, and each scenario a victory verdict."""
    spec = load_game("dos")
    for scenario in spec.scenarios.values():
        units = []
        for placement in scenario.setup:
            found = spec.parse_hex(placement.location)
            if found is not None:
                unit = spec.units[placement.unit]
                units.append(
                    UnitState(
                        unit, placement.location, found[1], placement.steps or len(unit.steps)
                    )
                )
        checked = DriveOnStalingradReferee(
            Position(spec, scenario.id, scenario.first_turn, None, None, tuple(units))
        ).check()
        assert sum(verdict.topic == "supply" for verdict in checked) == len(units)
        assert sum(verdict.topic == "victory" for verdict in checked) == 1
