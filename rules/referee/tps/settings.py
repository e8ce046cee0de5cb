"""The Turning Point: Stalingrad settings of a position: what the counters cannot show.

- ``air_missions``: what each flying flight (``flags = ["flying"]``, placed in the hex it
  flies to) is doing, ``"unit:mission, unit:mission"`` with missions ``close_support``,
  ``interdiction``, ``combat_air_patrol``, ``air_superiority``, ``interception``.
- ``air_targets``: for air superiority flights over a hex with several enemy ground
  echelons, which each attacks, ``"flight:echelon, ..."`` (the attacker chooses).
- ``patrol_cover``: for combat air patrol flights over a hex where several of their side's
  ground echelons are attacked, which each defends, ``"flight:echelon, ..."`` (the
  defender chooses).
- ``air_rolls``: the die rolled for the air superiority attack on a ground echelon,
  ``"echelon=roll, ..."``; without it every roll's result is given and the flight is
  taken to fly on.
- ``phasing_side``: ``axis`` or ``soviet``, whose player turn it is (else the first word of
  the position's phase); the position is then scored as the end of that player turn for
  the continuous front.
- ``gap_vp_axis``, ``gap_vp_soviet``: VP each side was already awarded for the other's
  front gaps in earlier player turns, which no position can recompute.
- ``army_organisation``: ``yes`` when the players use the optional Soviet army organisation
  (a "3-4" rifle corps is supplied only within 3 hexes of another unit of its army, a
  "5-5" within 5); ``no`` by default, as an optional rule is off unless chosen.
- ``hold_orders``: ``yes`` when the players use the optional Axis hold orders (on the
  scenario's first turn, Axis units set up on their fortified line neither move nor
  attack); only with a scenario whose Axis order of battle is historical (A or C).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.referee.position import Position
from rules.referee.settings import SettingsReader
from rules.referee.tps.hold_orders import HISTORICAL_ORDERS_OF_BATTLE
from rules.referee.tps.units import AXIS, SOVIET, is_flight, is_ground_echelon

SETTING_NAMES = (
    "air_missions",
    "air_targets",
    "patrol_cover",
    "air_rolls",
    "phasing_side",
    "gap_vp_axis",
    "gap_vp_soviet",
    "army_organisation",
    "hold_orders",
)
AIR_MISSIONS = (
    "close_support",
    "interdiction",
    "combat_air_patrol",
    "air_superiority",
    "interception",
)


@dataclass(frozen=True)
class Settings:
    """The TPS switches of a position, checked."""

    missions: Mapping[str, str]
    air_targets: Mapping[str, str]
    patrol_cover: Mapping[str, str]
    air_rolls: Mapping[str, int]
    phasing_side: str | None
    earlier_gap_vp: Mapping[str, int]
    army_organisation: bool
    hold_orders: bool


def read_settings(position: Position) -> Settings:
    """The TPS settings of ``position``; an unknown or bad one raises :class:`RefereeError`,
    so a typo cannot pass unnoticed."""
    reader = SettingsReader(position, SETTING_NAMES, "Turning Point: Stalingrad")
    missions: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in reader.text("air_missions").split(","))):
        unit_id, _, mission = (piece.strip() for piece in item.partition(":"))
        if unit_id not in position.spec.units or not is_flight(position.spec.units[unit_id]):
            raise reader.fail("air_missions", f"{unit_id!r} is no air unit's flight")
        if mission not in AIR_MISSIONS:
            raise reader.fail(
                "air_missions",
                f"unknown mission {mission!r} for {unit_id} (known: {', '.join(AIR_MISSIONS)})",
            )
        missions[unit_id] = mission
    air_targets = _flight_to_echelon(reader, position, "air_targets")
    patrol_cover = _flight_to_echelon(reader, position, "patrol_cover")
    rolls: dict[str, int] = {}
    for item in reader.words("air_rolls"):
        unit_id, _, roll = item.partition("=")
        if (
            unit_id not in position.spec.units
            or not is_ground_echelon(position.spec.units[unit_id])
            or roll not in ("1", "2", "3", "4", "5", "6")
        ):
            raise reader.fail(
                "air_rolls",
                f"{item!r} is not echelon=roll with an air unit's ground echelon and a "
                "roll of 1 to 6",
            )
        rolls[unit_id] = int(roll)
    phasing = reader.text("phasing_side") or (position.phase or "").split(" ")[0].lower()
    if reader.text("phasing_side") not in ("", AXIS, SOVIET):
        raise reader.fail(
            "phasing_side", f"{reader.text('phasing_side')!r} is not {AXIS} or {SOVIET}"
        )
    earlier = {side: reader.whole_number(f"gap_vp_{side}") for side in (AXIS, SOVIET)}
    return Settings(
        missions,
        air_targets,
        patrol_cover,
        rolls,
        phasing if phasing in (AXIS, SOVIET) else None,
        earlier,
        reader.yes("army_organisation"),
        _hold_orders(reader, position),
    )


def _hold_orders(reader: SettingsReader, position: Position) -> bool:
    """The hold orders option, refused without a scenario whose Axis set-up is historical."""
    if not reader.yes("hold_orders"):
        return False
    scenario = position.spec.scenarios.get(position.scenario or "")
    if scenario is None:
        raise reader.fail("hold_orders", "the hold orders need the position's scenario")
    option = scenario.options.get("axis_order_of_battle", "")
    if option not in HISTORICAL_ORDERS_OF_BATTLE:
        raise reader.fail(
            "hold_orders",
            f"used only with a historical set-up (Axis order of battle "
            f"{' or '.join(HISTORICAL_ORDERS_OF_BATTLE)}); scenario {scenario.id} uses {option or 'none'}",
        )
    return True


def _flight_to_echelon(reader: SettingsReader, position: Position, name: str) -> dict[str, str]:
    """``"flight:echelon, ..."``, each a known flight and a known ground echelon."""
    pairs: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in reader.text(name).split(","))):
        flight, _, echelon = (piece.strip() for piece in item.partition(":"))
        units = position.spec.units
        if flight not in units or not is_flight(units[flight]):
            raise reader.fail(name, f"{flight!r} is no air unit's flight")
        if echelon not in units or not is_ground_echelon(units[echelon]):
            raise reader.fail(name, f"{echelon!r} is no air unit's ground echelon")
        pairs[flight] = echelon
    return pairs
