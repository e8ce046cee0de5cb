"""The Turning Point: Stalingrad settings of a position: what the counters cannot show.

- ``air_missions``: what each flying flight (``flags = ["flying"]``, placed in the hex it
  flies to) is doing, ``"unit:mission, unit:mission"`` with missions ``close_support``,
  ``interdiction``, ``combat_air_patrol``, ``air_superiority``, ``interception``.
- ``phasing_side``: ``axis`` or ``soviet``, whose player turn it is (else the first word of
  the position's phase); the position is then scored as the end of that player turn for
  the continuous front.
- ``gap_vp_axis``, ``gap_vp_soviet``: VP each side was already awarded for the other's
  front gaps in earlier player turns, which no position can recompute.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.referee.position import Position
from rules.referee.settings import SettingsReader
from rules.referee.tps.units import AXIS, SOVIET, is_flight

SETTING_NAMES = ("air_missions", "phasing_side", "gap_vp_axis", "gap_vp_soviet")
AIR_MISSIONS = ("close_support", "interdiction", "combat_air_patrol", "air_superiority", "interception")


@dataclass(frozen=True)
class Settings:
    """The TPS switches of a position, checked."""

    missions: Mapping[str, str]
    phasing_side: str | None
    earlier_gap_vp: Mapping[str, int]


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
            raise reader.fail("air_missions", f"unknown mission {mission!r} for {unit_id} (known: {', '.join(AIR_MISSIONS)})")
        missions[unit_id] = mission
    phasing = reader.text("phasing_side") or (position.phase or "").split(" ")[0].lower()
    if reader.text("phasing_side") not in ("", AXIS, SOVIET):
        raise reader.fail("phasing_side", f"{reader.text('phasing_side')!r} is not {AXIS} or {SOVIET}")
    earlier = {side: reader.whole_number(f"gap_vp_{side}") for side in (AXIS, SOVIET)}
    return Settings(missions, phasing if phasing in (AXIS, SOVIET) else None, earlier)
