"""``[[referee.movement.route]]``: what a road or rail costs per hex, by mobility class."""

from __future__ import annotations

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.referee import Known, mp, section
from rules.referee_data.routes import RAIL, RouteRule


def routes(movement: Table, known: Known, default_section: str) -> tuple[RouteRule, ...]:
    """Each route kind's costs; a kind must be a road kind of the map, or ``rail``."""
    kinds = [*known.road_kinds, *([RAIL] if known.has_rail else [])]
    found: dict[str, RouteRule] = {}
    for table in movement.tables("route"):
        table.only("kind", "cost", "section")
        kind = table.text("kind")
        if kind not in kinds:
            raise table.error(
                unknown_name_message("route kind (a [[map.road]] kind, or rail)", kind, kinds),
                "kind",
            )
        if kind in found:
            raise table.error(f"route kind {kind!r} is priced twice", "kind")
        cost_table = table.table("cost")
        classes = [*known.mobilities, "all"]
        costs = {}
        for mobility, _ in cost_table.items():
            if mobility not in classes:
                raise cost_table.error(
                    unknown_name_message("mobility class", mobility, classes), mobility
                )
            costs[mobility] = mp(cost_table, mobility)
        if not costs:
            raise table.error("a route needs a cost for at least one mobility class", "cost")
        found[kind] = RouteRule(kind, costs, section(table, default_section))
    return tuple(found.values())
