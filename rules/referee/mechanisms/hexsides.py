"""Hexside features as the data-configured referee reads them: what crossing a hexside
costs a unit, whether a supply line may cross it, and which features an attack counts as
attacked across.

A feature that ``bridges`` others (a bridge over a river, a ford) replaces them on its
hexside for movement and supply: crossing pays the bridge's own cost, and the line
crosses if the bridge lets it. In combat the bridged feature still counts: an attack
over a bridge is an attack across the river.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rules.model import TerrainType
from rules.referee_data.terrain import ACROSS_ANY, SUPPLY_BLOCKED


def unbridged(features: Collection[str], terrains: Mapping[str, TerrainType]) -> list[str]:
    """The features of one hexside that count for movement and supply: every one but
    those another feature on the same side bridges, in id order."""
    bridged = {name for feature in features for name in terrains[feature].bridges}
    return sorted(feature for feature in features if feature not in bridged)


@dataclass(frozen=True)
class Crossing:
    """What crossing one hexside costs a unit: ``extra`` MP, or the features that forbid it."""

    extra: int
    prohibited_by: tuple[TerrainType, ...]


def crossing(
    features: Collection[str], terrains: Mapping[str, TerrainType], mobility: str
) -> Crossing:
    """The cost for a unit of ``mobility`` to cross a hexside with ``features``."""
    extra = 0
    prohibited = []
    for feature in unbridged(features, terrains):
        terrain = terrains[feature]
        cost = terrain.movement_cost(mobility)
        if cost is None:
            prohibited.append(terrain)
        else:
            extra += cost
    return Crossing(extra, tuple(prohibited))


def supply_crosses(features: Collection[str], terrains: Mapping[str, TerrainType]) -> bool:
    """Whether a supply line may cross a hexside with ``features``: none that counts
    blocks supply, nor forbids every unit to cross."""
    return all(
        terrains[feature].supply != SUPPLY_BLOCKED
        and terrains[feature].movement_cost("all") is not None
        for feature in unbridged(features, terrains)
    )


def attacked_across(
    crossed: Sequence[Collection[str]], terrains: Mapping[str, TerrainType]
) -> list[TerrainType]:
    """The hexside features whose combat effects an attack gets, in id order: those every
    attacker attacks across, and those with ``combat_across = "any"`` any attacker does.
    ``crossed`` holds, for each attacker, the features of the hexside it attacks across."""
    if not crossed:
        return []
    every = set.intersection(*(set(features) for features in crossed))
    some = set.union(*(set(features) for features in crossed))
    return [
        terrains[feature]
        for feature in sorted(some)
        if feature in every or terrains[feature].combat_across == ACROSS_ANY
    ]


def across(crossed: Sequence[Collection[str]], features: Collection[str], every: bool) -> bool:
    """Whether the attackers attack across one of ``features``: each of them (``every``),
    or at least one."""
    hits = [not set(features).isdisjoint(found) for found in crossed]
    return bool(hits) and (all(hits) if every else any(hits))
