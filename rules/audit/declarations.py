"""Reading a declared attack from a chat line: the Referee plugin's line, or one a player typed.

The plugin's "Declare attack" button logs ``* Attack declared (Axis): A, B on C in 1805
(odds 3-1, die +0)``, the line ``stavka odds --format json`` gives as ``declare``
(``builder.cli.check_commands``), its units named as their counters show them (``--names
counter``; a unit id is read too). A player without the plugin types ``attack 1805 from
1705,1806``, optionally ``at 3-1``, anywhere in a chat line. Either names the hex
attacked and, by units or hexes, who attacks; the odds it claims are checked against the
position when the die is rolled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.hexes import Hex
from rules.referee.hidden import player_view
from rules.referee.position import Position

PLUGIN_LINE = re.compile(
    r"Attack declared(?: \((?P<side>[^)]*)\))?: (?P<attackers>.+?) on (?P<defenders>.+?) "
    r"in (?:hex )?(?P<hex>\S+) \((?P<claim>.*)\)\s*$"
)
TYPED_LINE = re.compile(
    r"\battack (?P<hex>[A-Za-z]?\d{3,4}) from (?P<hexes>[A-Za-z]?\d{3,4}(?: *, *[A-Za-z]?\d{3,4})*)"
    r"(?: at (?P<odds>\d+-\d+))?",
    re.IGNORECASE,
)
CLAIMED_ODDS = re.compile(r"odds (?P<column>[^,]+), die (?P<die>[+-]\d+)")


@dataclass(frozen=True)
class Declaration:
    """An attack as a chat line at ``step`` declared it: the hex attacked, the hexes it
    comes from, the units it names, and the column and die modifier it claims (None:
    not claimed)."""

    step: int
    text: str
    defender_hex: Hex
    attacker_hexes: tuple[Hex, ...]
    side: str | None
    claimed_column: str | None
    claimed_die: int | None


@dataclass(frozen=True)
class Unreadable:
    """A chat line that declares an attack the audit cannot place, and why."""

    step: int
    text: str
    reason: str


def _hex(position: Position, name: str) -> Hex | None:
    found = position.spec.parse_hex(name.strip())
    return None if found is None else found[1]


def _side_named(position: Position, name: str | None) -> str | None:
    for side in position.spec.sides:
        if name is not None and name.strip().lower() in (side.id, side.name.lower()):
            return side.id
    return None


def _hexes_named(position: Position, name: str, side: str | None) -> list[Hex]:
    """The hexes of the units ``name`` names: a unit's id, or the name its counter shows
    (the plugin declares by the counters' names), of the declaring ``side``'s units."""
    by_id = [state.hex for state in position.units if state.unit.id == name]
    if by_id:
        return [hex_ for hex_ in by_id if hex_ is not None]
    return sorted(
        {
            state.hex
            for state in position.units
            if state.unit.name == name and state.hex is not None and side in (None, state.side)
        }
    )


def read_declaration(step: int, text: str, position: Position) -> Declaration | Unreadable | None:
    """The attack ``text`` declares in ``position`` (the one it was said in), or None
    when it declares none."""
    plugin = PLUGIN_LINE.search(text)
    if plugin is not None:
        return _plugin_declaration(step, text, plugin, position)
    typed = TYPED_LINE.search(text)
    if typed is None:
        return None
    target = _hex(position, typed.group("hex"))
    sources = [_hex(position, name) for name in typed.group("hexes").split(",")]
    if target is None or None in sources:
        return Unreadable(step, text, "it names a hex that is not on the map")
    return Declaration(
        step,
        text,
        target,
        tuple(source for source in sources if source is not None),
        None,
        typed.group("odds"),
        None,
    )


def _plugin_declaration(
    step: int, text: str, match: re.Match[str], position: Position
) -> Declaration | Unreadable:
    target = _hex(position, match.group("hex"))
    if target is None:
        return Unreadable(step, text, f"hex {match.group('hex')} is not on the map")
    side = _side_named(position, match.group("side"))
    # A player declares an attack with an untried unit under its alias (2.14); the alias
    # is the one that player's view gives in this position.
    aliases = (
        {alias: unit for unit, alias in player_view(position, side).aliases.items()}
        if side is not None
        else {}
    )
    sources: list[Hex] = []
    for name in match.group("attackers").split(","):
        found = _hexes_named(position, aliases.get(name.strip(), name.strip()), side)
        if not found:
            return Unreadable(step, text, f"no unit {name.strip()} on the map")
        if len(found) > 1:
            return Unreadable(
                step, text, f"{name.strip()} names units in {len(found)} hexes: say which by hex"
            )
        if found[0] not in sources:
            sources.append(found[0])
    claim = CLAIMED_ODDS.search(match.group("claim"))
    return Declaration(
        step,
        text,
        target,
        tuple(sources),
        side,
        None if claim is None else claim.group("column").strip(),
        None if claim is None else int(claim.group("die")),
    )
