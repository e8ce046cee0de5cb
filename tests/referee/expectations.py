"""Hand-built positions state the verdicts they expect in comment lines, under the
reasoning that gives them; this module reads those lines and holds a referee to them.

- ``# expect: subject | topic[ | outcome[ | key=value ...]]`` — a verdict of ``check``;
  ``rule=X`` among the key=values asks that it cite rule X, ``reading=X`` that it name
  reading X ("4.9 (a)");
- ``# expect none: subject | topic[ | outcome]`` — no such verdict;
- ``# expect odds: DEFENDER <- ATTACKER ATTACKER | what | ...`` — the working of that
  attack, where ``what`` is ``modifier | name | shift[ | die]``, ``no modifier | name``,
  ``columns | base | final``, ``column note | text``, ``results | code code ...``,
  ``automatic | code``, ``reading | X`` (a modifier names the reading "11.22 (a)" it
  applied),
  ``allowed`` or ``not allowed | rule`` (the attack is refused by a verdict citing that rule),
  ``meaning | code | text`` (what that result does here says ``text``) and ``kind | bombardment``;
- ``# expect move: UNIT -> HEX | outcome[ | key=value ...]`` — the verdict on the unit moving
  to HEX by its cheapest legal path, or ``UNIT via HEX HEX ...`` along that path (a game
  refereed from its data);
- ``# expect arrival: UNIT HEX | legal or illegal[ | key=value ...]`` — the unit coming
  onto the map in HEX now.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.hexes import Hex
from rules.referee.hexgame import HexReferee
from rules.referee.odds import OddsReport
from rules.referee.verdict import Verdict


def expectations(path: Path) -> list[tuple[bool, list[str]]]:
    """``(present, fields)`` for each ``# expect:`` (present) or ``# expect none:`` line."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        for prefix, present in (("# expect:", True), ("# expect none:", False)):
            if line.startswith(prefix):
                found.append((present, [field.strip() for field in line[len(prefix) :].split("|")]))
    return found


def odds_expectations(path: Path) -> list[tuple[str, list[str], list[str]]]:
    """``(defender, attackers, fields)`` for each ``# expect odds:`` line."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect odds:"):
            attack, *fields = (field.strip() for field in line[len("# expect odds:") :].split("|"))
            defender, _, attackers = attack.partition("<-")
            found.append((defender.strip(), attackers.split(), fields))
    return found


def matches(verdict: Verdict, fields: Sequence[str]) -> bool:
    """Whether a verdict is the one an expect line describes (subject, topic[, outcome,
    details]); ``rule=X`` among the details asks that the verdict cite rule X, ``reading=X``
    that it name reading X."""
    subject, topic, *rest = fields
    if (verdict.subject, verdict.topic) != (subject, topic):
        return False
    if rest and verdict.outcome != rest[0]:
        return False
    details = dict(item.split("=", 1) for item in rest[1:])
    cited = details.pop("rule", None)
    if cited is not None and cited not in verdict.rules:
        return False
    reading = details.pop("reading", None)
    if reading is not None and reading not in verdict.readings:
        return False
    return all(verdict.details.get(key) == value for key, value in details.items())


def assert_verdicts(path: Path, verdicts: Sequence[Verdict]) -> None:
    """Every ``# expect:`` line of ``path`` holds of ``verdicts``, and no ``# expect none:``."""
    expected = expectations(path)
    for present, fields in expected:
        found = [verdict for verdict in verdicts if matches(verdict, fields)]
        if present:
            near = [v.as_text() for v in verdicts if (v.subject, v.topic) == tuple(fields[:2])]
            assert found, f"no verdict {' | '.join(fields)}; got {near}"
        else:
            assert not found, f"unexpected {found[0].as_text()}"


def assert_odds(path: Path, referee: HexReferee) -> None:
    """Every ``# expect odds:`` line of ``path`` holds of the referee's odds."""
    spec = referee.spec

    def hex_named(name: str) -> Hex:
        found = spec.parse_hex(name)
        assert found is not None, name
        return found[1]

    for defender, attackers, fields in odds_expectations(path):
        report = referee.odds(hex_named(defender), [hex_named(name) for name in attackers])
        what, *values = fields
        assert_report(report, what, values, f"{defender} <- {' '.join(attackers)}")


def assert_report(report: OddsReport, what: str, values: Sequence[str], attack: str) -> None:
    """One ``# expect odds:`` line's claim about ``report``."""
    shifts = {modifier.name: modifier.column_shift for modifier in report.modifiers}
    if what == "modifier":
        name, shift, *die = values
        assert shifts.get(name) == int(shift), f"{attack}: {name} {shift}; got {shifts}"
        if die:
            dice = {modifier.name: modifier.die_modifier for modifier in report.modifiers}
            assert dice[name] == int(die[0]), (
                f"{attack}: {name} {die[0]} to the die; got {dice[name]}"
            )
    elif what == "no modifier":
        assert values[0] not in shifts, f"{attack}: unexpected {values[0]}"
    elif what == "reading":
        named = [reading for modifier in report.modifiers for reading in modifier.readings]
        assert values[0] in named, f"{attack}: no modifier names reading {values[0]}; got {named}"
    elif what == "columns":
        got = (str(report.base_column), str(report.final_column))
        assert got == tuple(values), f"{attack}: columns {values}; got {got}"
    elif what == "column note":
        assert report.column_note == values[0], (
            f"{attack}: column note {values[0]!r}; got {report.column_note!r}"
        )
    elif what == "results":
        assert [code for _, code in report.results] == values[0].split(), (
            f"{attack}: {report.results}"
        )
    elif what == "automatic":
        assert report.automatic == values[0], f"{attack}: {report.automatic}"
    elif what == "allowed":
        assert report.allowed, f"{attack}: refused: {[v.as_text() for v in report.verdicts]}"
    elif what == "meaning":
        code, text = values
        meanings = {meaning.code: meaning.text for meaning in report.meanings}
        assert text in meanings.get(code, ""), f"{attack}: {code} says {meanings.get(code)!r}"
    elif what == "kind":
        assert report.kind == values[0], f"{attack}: a {report.kind}"
    elif what == "not allowed":
        refusals = [verdict for verdict in report.verdicts if verdict.outcome == "not allowed"]
        assert not report.allowed and any(values[0] in verdict.rules for verdict in refusals), (
            f"{attack}: not allowed by rule {values[0]}; got {[v.as_text() for v in report.verdicts]}"
        )
    else:
        raise AssertionError(f"unknown odds expectation {what!r}")


def move_expectations(path: Path, kind: str) -> list[tuple[str, list[str]]]:
    """``(what, fields)`` for each ``# expect move:`` (``kind`` "move") or ``# expect
    arrival:`` line: what is asked (``a1 -> 0404``), then the verdict's fields."""
    prefix = f"# expect {kind}:"
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(prefix):
            asked, *fields = (field.strip() for field in line[len(prefix) :].split("|"))
            found.append((asked, fields))
    return found


def assert_outcome(verdict: Verdict, fields: Sequence[str], asked: str) -> None:
    """A move's or arrival's verdict against an expect line's outcome and key=values."""
    outcome, *rest = fields
    assert verdict.outcome == outcome, f"{asked}: {verdict.as_text()}"
    details = dict(item.split("=", 1) for item in rest)
    cited = details.pop("rule", None)
    assert cited is None or cited in verdict.rules, f"{asked}: rule {cited}; {verdict.as_text()}"
    for key, value in details.items():
        assert verdict.details.get(key) == value, f"{asked}: {key}={value}; {verdict.as_text()}"
