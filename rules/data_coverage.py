"""The coverage of a game refereed from its data alone: a row for each section its
``[referee]`` table, its terrain and its results table name, with the engine's modules
that judge it (``stavka coverage ford``, ``stavka coverage lanner``, a game folder's path).

A game with a referee package of its own has a coverage matrix instead
(:func:`rules.coverage.load_coverage`); :func:`game_coverage` gives whichever a game has.
"""

from __future__ import annotations

from rules.coverage import Coverage, RuleRow, has_matrix, load_coverage, section_key
from rules.game_rules import GameRules
from rules.model import GameSpec, TerrainType
from rules.referee.mechanisms.results import meaning
from rules.referee.wording import points, with_article
from rules.referee_data.results import Blocked, RetreatZoc
from rules.referee_data.sequence import Action
from rules.referee_data.victory import Hold, Per

STACKING = "rules/referee/hexgame.py"
COMBAT = "rules/referee/hexcombat.py"
ODDS = "rules/referee/hexodds.py"
SEQUENCE = "rules/referee/sequence.py"
MECHANISMS = "rules/referee/mechanisms"
AUDIT = "rules/audit"
DOING = {Action.MOVEMENT: "move", Action.COMBAT: "attack", Action.BOMBARDMENT: "bombard"}
"""What the units a phase names do in it."""
BLOCKED = {Blocked.ELIMINATED: "is eliminated", Blocked.STEP: "loses a step and stays"}
"""What befalls a unit that cannot retreat, in words."""
THROUGH_ZOC = {
    RetreatZoc.ALLOWED: "may retreat through enemy ZOC",
    RetreatZoc.STEP: "loses a step for each enemy-ZOC hex it enters",
    RetreatZoc.ELIMINATED: "is eliminated entering enemy ZOC",
    RetreatZoc.PROHIBITED: "may not enter enemy ZOC",
}
"""What entering an enemy zone of control does to a retreating unit, in words."""


def game_coverage(spec: GameSpec) -> Coverage | None:
    """What the referee of ``spec`` judges: its package's matrix, or for a game refereed
    from its data the sections of its ``[referee]`` table; None for a game with no referee."""
    if has_matrix(spec.id):
        return load_coverage(spec.id)
    if spec.referee is not None:
        return data_coverage(spec)
    return None


class _Rows:
    """The rows found so far, one per section: a section several parts of the data cite
    gathers their titles, code and notes."""

    def __init__(self) -> None:
        self.rows: dict[str, RuleRow] = {}

    def add(self, number: str, title: str, status: str, code: tuple[str, ...], note: str) -> None:
        found = self.rows.get(number)
        if found is None:
            self.rows[number] = RuleRow(number, title, status, code, (), note, ())
            return
        self.rows[number] = RuleRow(
            number,
            found.title if title in found.title.split("; ") else f"{found.title}; {title}",
            "position" if "position" in (found.status, status) else found.status,
            tuple(dict.fromkeys(found.code + code)),
            (),
            found.note if note in found.note.split("; ") else f"{found.note}; {note}",
            (),
        )


def data_coverage(spec: GameSpec) -> Coverage:
    """The coverage of a game refereed from its ``[referee]`` table, in the sections' order."""
    rules = spec.referee
    assert rules is not None
    rows = _Rows()
    _movement(rows, spec, rules)
    _combat(rows, spec, rules)
    _supply_and_arrivals(rows, rules)
    _victory(rows, spec, rules)
    _terrain(rows, spec)
    ordered = sorted(rows.rows.values(), key=lambda row: section_key(row.number))
    return Coverage(spec.id, spec.title, spec.rules_text, tuple(ordered), ())


def _side(spec: GameSpec, side: str) -> str:
    return next(item.name for item in spec.sides if item.id == side)


def _movement(rows: _Rows, spec: GameSpec, rules: GameRules) -> None:
    """The sequence of play, stacking, movement with its roads and rail, zones of control."""
    sequence = rules.sequence
    if sequence is not None:
        rows.add(
            sequence.section,
            "Sequence of play: " + ", ".join(phase.name for phase in sequence.phases),
            "position",
            (SEQUENCE, COMBAT, f"{AUDIT}/ledger.py"),
            "set by [referee.sequence]",
        )
        for phase in sequence.phases:
            acting = f"{phase.units.describe()} units" if phase.units is not None else "units"
            rows.add(
                phase.section,
                f"{phase.name}: {_side(spec, phase.side)} {acting} {DOING[phase.action]}",
                "position",
                (SEQUENCE, COMBAT, f"{AUDIT}/ledger.py"),
                "set by [[referee.sequence.phase]]",
            )
        if sequence.night_turns:
            rows.add(
                sequence.night_section,
                "Night turns: " + ", ".join(str(turn) for turn in sorted(sequence.night_turns)),
                "position",
                (COMBAT, f"{MECHANISMS}/conditions.py", f"{MECHANISMS}/bombardment.py"),
                "set by [referee.sequence] night_turns",
            )
    stacking = rules.stacking
    rows.add(
        stacking.section,
        f"Stacking: at most {stacking.limit} units of a side in a hex"
        + (
            f", {', '.join(sorted(stacking.not_counted))} not counted"
            if stacking.not_counted
            else ""
        ),
        "position",
        (STACKING,),
        "set by [referee.stacking]",
    )
    movement = rules.movement
    rows.add(
        movement.section,
        "Movement: terrain and hexside costs by mobility class, no enemy hex, the allowance",
        "log",
        (f"{MECHANISMS}/movement.py", f"{MECHANISMS}/moves.py", f"{AUDIT}/movement.py"),
        "set by [referee.movement] and each terrain's movement",
    )
    for route in movement.routes:
        rows.add(
            route.section,
            f"{route.kind.capitalize()}: "
            + ", ".join(f"{name} {points(cost)} MP a hex" for name, cost in route.costs.items()),
            "log",
            (f"{MECHANISMS}/routes.py", f"{MECHANISMS}/movement.py"),
            "set by [[referee.movement.route]]",
        )
    if rules.zoc is not None:
        zoc = rules.zoc
        rows.add(
            zoc.section,
            "Zones of control: the six hexes around each unit"
            + (f" but {', '.join(sorted(zoc.not_exerted_by))}" if zoc.not_exerted_by else "")
            + (f"; +{zoc.entry_cost} MP to enter" if zoc.entry_cost else "")
            + (f", +{zoc.exit_cost} to leave" if zoc.exit_cost else "")
            + ("; a unit that enters one stops" if zoc.stop else ""),
            "position",
            (f"{MECHANISMS}/forces.py", f"{MECHANISMS}/movement.py"),
            "set by [referee.zoc]",
        )


def _combat(rows: _Rows, spec: GameSpec, rules: GameRules) -> None:
    """Combat: the odds, its modifiers, results, retreats and bombardment."""
    combat = rules.combat
    table = spec.tables.odds_tables[combat.table]
    halved = rules.supply is not None and bool(rules.supply.out_of_supply & {"attack", "defence"})
    odds = combat.odds
    rows.add(
        combat.section,
        f"Combat: adjacent attacks on the {table.name}, strengths as printed"
        + (f", halved out of supply rounded {combat.rounding}" if halved else "")
        + (f"; odds rounded {odds.odds}" if odds.odds != "down" else "")
        + (f"; below the table {odds.below_table}" if odds.below_table != "lowest column" else "")
        + (f"; shifts held to {odds.shift_limit}" if odds.shift_limit is not None else ""),
        "position",
        (COMBAT, ODDS, f"{MECHANISMS}/combat.py", f"{MECHANISMS}/odds.py"),
        "set by [referee.combat]",
    )
    if table.provenance.source:
        rows.add(table.provenance.source, table.name, "position", (ODDS,), "set by the odds table")
    for modifier in combat.modifiers:
        effects = ", ".join(
            effect
            for effect in (
                f"{modifier.column_shift:+d} column" if modifier.column_shift else "",
                f"{modifier.die_modifier:+d} to the die" if modifier.die_modifier else "",
            )
            if effect
        )
        against = modifier.conditions.terrain
        rows.add(
            modifier.section,
            f"{modifier.name}: {effects}"
            + (f" against {', '.join(sorted(against))}" if against else ""),
            "position",
            (f"{MECHANISMS}/combat.py", f"{MECHANISMS}/conditions.py"),
            "set by [[referee.combat.modifier]]",
        )
    for effect in combat.results.values():
        said = meaning(effect, combat.retreat, None, str)
        rows.add(
            effect.section,
            f"{effect.code}: {said.text}",
            "position",
            (ODDS, f"{MECHANISMS}/results.py", f"{AUDIT}/combat.py"),
            "set by [[referee.combat.result]]",
        )
    if combat.retreat is not None:
        retreat = combat.retreat
        rows.add(
            retreat.section,
            f"Retreats: a unit that cannot retreat {BLOCKED[retreat.blocked]}; a retreating "
            f"unit {THROUGH_ZOC[retreat.enemy_zoc]}",
            "position",
            (f"{MECHANISMS}/results.py", f"{AUDIT}/combat.py"),
            "set by [referee.combat.retreat]",
        )
    if rules.bombardment is not None:
        bombardment = rules.bombardment
        rows.add(
            bombardment.section,
            f"Bombardment: {', '.join(sorted(bombardment.arms))} at up to "
            f"{bombardment.range} hexes on the {spec.tables.odds_tables[bombardment.table].name}",
            "position",
            (COMBAT, ODDS, f"{MECHANISMS}/bombardment.py", f"{AUDIT}/combat.py"),
            "set by [referee.bombardment]",
        )


def _supply_and_arrivals(rows: _Rows, rules: GameRules) -> None:
    """Supply lines and reinforcements."""
    if rules.supply is not None:
        supply = rules.supply
        rows.add(
            supply.section,
            f"Supply: a line of {supply.length} hexes to {with_article(supply.source_kind)}"
            + (
                "; out of supply halves " + ", ".join(sorted(supply.out_of_supply))
                if supply.out_of_supply
                else ""
            ),
            "position",
            (f"{MECHANISMS}/supply.py", f"{MECHANISMS}/hexsides.py"),
            "set by [referee.supply]",
        )
    if rules.reinforcements is not None:
        rows.add(
            rules.reinforcements.section,
            "Reinforcements: on their turn or later, at their entry hexes",
            "position",
            (f"{MECHANISMS}/arrivals.py", f"{AUDIT}/arrivals.py"),
            "set by [referee.reinforcements] and each unit's arrival hexes",
        )


def _victory(rows: _Rows, spec: GameSpec, rules: GameRules) -> None:
    """Victory points, levels, control and sudden death."""
    victory = rules.victory
    if victory is None:
        return
    code = (f"{MECHANISMS}/victory.py",)
    first, second = victory.difference
    rows.add(
        victory.section,
        f"Victory: {_side(spec, first)} VP minus {_side(spec, second)} VP",
        "position",
        code,
        "set by [referee.victory]",
    )
    label = next(game_map for game_map in spec.maps if game_map.hex_map is not None).label
    for award in victory.hexes:
        rows.add(
            award.section,
            f"{_side(spec, award.side)}: {award.points} VP for each of "
            f"{', '.join(label(hex_) for hex_ in award.hexes)} "
            + ("held" if award.hold is Hold.OCCUPIED else "controlled"),
            "position",
            code,
            "set by [[referee.victory.hex]]",
        )
        if award.hold is Hold.CONTROLLED:
            rows.add(
                victory.control_section,
                "Control: the side whose units occupy a hex, or whose ZOC alone covers it",
                "position",
                code,
                "set by [referee.victory] control_section",
            )
    for elimination in victory.eliminations:
        rows.add(
            elimination.section,
            f"{_side(spec, elimination.side)}: {elimination.points} VP for each enemy "
            + ("step" if elimination.per is Per.STEP else "unit")
            + " eliminated",
            "position",
            code,
            "set by [[referee.victory.elimination]]",
        )
    for level in victory.levels:
        rows.add(
            level.section,
            f"{level.result}: a difference of {_band(level.minimum, level.maximum)}",
            "position",
            code,
            "set by [[referee.victory.level]]",
        )
    for death in victory.sudden_deaths:
        rows.add(
            death.section,
            f"Sudden death: {_side(spec, death.side)} "
            + ("holding " if death.hold is Hold.OCCUPIED else "controlling ")
            + ", ".join(label(hex_) for hex_ in death.hexes),
            "position",
            code,
            "set by [[referee.victory.sudden_death]]",
        )


def _band(minimum: int | None, maximum: int | None) -> str:
    if minimum is None:
        return f"{maximum} or less"
    if maximum is None:
        return f"{minimum} or more"
    return str(minimum) if minimum == maximum else f"{minimum} to {maximum}"


def _terrain(rows: _Rows, spec: GameSpec) -> None:
    """The terrain chart: each terrain's source, and the section each of its effects cites."""
    by_source: dict[str, list[TerrainType]] = {}
    for terrain in spec.terrain_types.values():
        if terrain.provenance.source:
            by_source.setdefault(terrain.provenance.source, []).append(terrain)
    for source, terrains in by_source.items():
        in_combat = any(_in_combat(terrain) for terrain in terrains)
        rows.add(
            source,
            "Terrain: " + ", ".join(terrain.name for terrain in terrains),
            "position" if in_combat else "log",
            ((COMBAT,) if in_combat else ()) + (f"{MECHANISMS}/movement.py",),
            "set by [[terrain]]",
        )
    codes = {
        "movement": ("log", (f"{MECHANISMS}/movement.py", f"{MECHANISMS}/hexsides.py")),
        "supply": ("position", (f"{MECHANISMS}/supply.py", f"{MECHANISMS}/hexsides.py")),
        "combat": ("position", (f"{MECHANISMS}/combat.py", f"{MECHANISMS}/hexsides.py")),
    }
    for terrain in spec.terrain_types.values():
        for effect, section in terrain.sections.items():
            status, code = codes[effect]
            rows.add(
                section,
                f"Terrain: {terrain.name} ({effect})",
                status,
                code,
                "set by [[terrain]] rules",
            )


def _in_combat(terrain: TerrainType) -> bool:
    return bool(
        terrain.combat_column_shift or terrain.combat_die_modifier or terrain.attack_prohibited
    )
