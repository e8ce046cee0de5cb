"""Which rules of each game's rules text Stavka judges, and how it reads the unclear ones.

Each game's referee package holds a ``coverage.toml`` beside the code it describes: a row
for every numbered rule (for Turning Point, every section of its unnumbered text, named
as the verdicts cite it) with its status, the code that judges it and the tests that
prove it; and a register of readings, the rules whose text admits more than one meaning,
with lettered options, the one Stavka applies and the setting that selects another.
Tests hold the rows to the rules texts, the code and the verdicts, so the compliance
statement rendered from them (``stavka coverage``, ``docs/coverage.md``, each module's
help) can only say what is true; its numbers are counted here, never typed.

A game refereed from its data alone has no package: its coverage is read from its
``[referee]`` table (:func:`rules.data_coverage.data_coverage`), a row for each section
the data names, with the engine's module that judges it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rules.errors import DataError

STATUSES: Mapping[str, str] = {
    "position": "judged in a position",
    "log": "judged in a log",
    "unobservable": "not observable in a saved game",
    "open": "open",
    "descriptive": "states nothing to judge",
}
"""Each status a row may have, with what it means to a player, in the order shown."""

JUDGED = frozenset({"position", "log"})
"""The statuses of rules a verdict may rest on."""

MATRIX = "coverage.toml"
"""The coverage matrix a game's referee package carries."""


@dataclass(frozen=True)
class RuleRow:
    """One rule of the rules text and what Stavka does with it.

    ``number`` is the rule as verdicts cite it ("7.14"; for Turning Point the section
    name, "Supply (B)(2)"); ``letters`` are the letters of the Turning Point text the
    section carries. ``code`` and ``tests`` name the files (and test functions, as
    ``file::function``) that judge and prove a judged rule; ``note`` says why a rule is
    not observable, what an open one would take, or what a descriptive one describes.
    ``setting`` names the yes/no setting that turns an optional rule on: the modules
    offer it as a global property of that name, which the referee reads from a save.
    """

    number: str
    title: str
    status: str
    code: tuple[str, ...]
    tests: tuple[str, ...]
    note: str
    letters: tuple[str, ...]
    setting: str = ""


@dataclass(frozen=True)
class Reading:
    """A rule whose text admits more than one reading.

    ``options`` maps a letter to a reading in our own words; ``default`` is the letter
    Stavka applies; ``setting`` names the position setting that selects another, with
    ``values`` mapping each letter to that setting's value (empty when no setting selects
    one, and ``note`` then says what it would take).
    """

    rule: str
    question: str
    options: Mapping[str, str]
    default: str
    setting: str
    values: Mapping[str, str]
    note: str


@dataclass(frozen=True)
class Coverage:
    """One game's coverage matrix and register of readings."""

    game: str
    title: str
    rules_text: str
    rows: tuple[RuleRow, ...]
    readings: tuple[Reading, ...]

    def counts(self) -> dict[str, int]:
        """How many rows have each status, every status present (zero included)."""
        return {status: sum(1 for row in self.rows if row.status == status) for status in STATUSES}

    def row(self, number: str) -> RuleRow | None:
        """The row of rule ``number``, or None."""
        return next((row for row in self.rows if row.number == number), None)

    def judged_share(self) -> float:
        """Judged rows as a share of the rows that state a rule (descriptive ones aside)."""
        counts = self.counts()
        ruled = len(self.rows) - counts["descriptive"]
        return sum(counts[status] for status in JUDGED) / ruled if ruled else 0.0


def has_matrix(game_id: str) -> bool:
    """Whether the game's referee package carries a coverage matrix (its ``coverage.toml``)."""
    return (
        game_id.isidentifier() and (resources.files("rules.referee") / game_id / MATRIX).is_file()
    )


@cache
def load_coverage(game_id: str) -> Coverage:
    """The coverage of one game's referee, read from its package."""
    if not has_matrix(game_id):
        raise DataError(game_id, None, f"no coverage matrix for game {game_id!r}")
    resource = resources.files("rules.referee") / game_id / MATRIX
    place = f"rules/referee/{game_id}/{MATRIX}"
    data = tomllib.loads(resource.read_text(encoding="utf-8"))
    return _coverage(game_id, place, data)


def optional_rules(game_id: str) -> tuple[RuleRow, ...]:
    """The optional rules of a game's text that a setting turns on, in the text's order;
    none for a game without a coverage matrix."""
    if not has_matrix(game_id):
        return ()
    return tuple(row for row in load_coverage(game_id).rows if row.setting)


def reading_applied(game_id: str, rule: str, value: str | None = None) -> str:
    """How a verdict names the reading of ``rule`` it applied, "4.9 (a)": the letter of the
    option whose setting value is ``value``, or the default's when ``value`` is None.

    The letters live in the register alone, so a verdict and the compliance statement
    cannot name different options; a rule or value the register lacks is a programming
    error, which the tests catch.
    """
    coverage = load_coverage(game_id)
    reading = next(item for item in coverage.readings if item.rule == rule)
    if value is None:
        return f"{rule} ({reading.default})"
    letter = next(letter for letter, given in reading.values.items() if given == value)
    return f"{rule} ({letter})"


def _coverage(game_id: str, place: str, data: Mapping[str, object]) -> Coverage:
    rows = tuple(_row(place, item) for item in _tables(place, data, "rule"))
    numbers = [row.number for row in rows]
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    if repeated:
        raise DataError(place, None, f"rules listed twice: {', '.join(repeated)}")
    readings = tuple(_reading(place, item) for item in _tables(place, data, "reading"))
    return Coverage(
        game_id, _text(place, data, "title"), _text(place, data, "rules_text"), rows, readings
    )


def _row(place: str, item: Mapping[str, object]) -> RuleRow:
    status = _text(place, item, "status")
    if status not in STATUSES:
        raise DataError(place, None, f"rule {item.get('number')!r}: unknown status {status!r}")
    row = RuleRow(
        number=_text(place, item, "number"),
        title=_text(place, item, "title"),
        status=status,
        code=_texts(place, item, "code"),
        tests=_texts(place, item, "tests"),
        note=str(item.get("note", "")),
        letters=_texts(place, item, "letters"),
        setting=str(item.get("setting", "")),
    )
    if status in JUDGED and not (row.code and row.tests):
        raise DataError(
            place, None, f"rule {row.number}: a judged rule names its code and its tests"
        )
    if status not in JUDGED and not row.note:
        raise DataError(
            place, None, f"rule {row.number}: a rule that is not judged says why in a note"
        )
    return row


def _reading(place: str, item: Mapping[str, object]) -> Reading:
    options = _mapping(place, item, "options")
    values = _mapping(place, item, "values")
    reading = Reading(
        rule=_text(place, item, "rule"),
        question=_text(place, item, "question"),
        options=options,
        default=_text(place, item, "default"),
        setting=str(item.get("setting", "")),
        values=values,
        note=str(item.get("note", "")),
    )
    if reading.default not in options or len(options) < 2:
        raise DataError(
            place, None, f"reading of {reading.rule}: two or more options, the default among them"
        )
    if reading.setting and set(values) != set(options):
        raise DataError(place, None, f"reading of {reading.rule}: a setting value for every option")
    if not reading.setting and not reading.note:
        raise DataError(
            place, None, f"reading of {reading.rule}: no setting, so a note says what it would take"
        )
    return reading


def _tables(place: str, data: Mapping[str, object], key: str) -> list[Mapping[str, object]]:
    items = data.get(key, [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise DataError(place, None, f"'{key}' must be an array of tables")
    return items


def _text(place: str, data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise DataError(place, None, f"{key!r} must be a non-empty string")
    return value


def _texts(place: str, data: Mapping[str, object], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise DataError(place, None, f"{key!r} must be a list of strings")
    return tuple(value)


def _mapping(place: str, data: Mapping[str, object], key: str) -> dict[str, str]:
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(item, str) for item in value.values()):
        raise DataError(place, None, f"{key!r} must be a table of strings")
    return dict(value)


def render_markdown(coverages: Sequence[Coverage]) -> str:
    """Stavka's compliance statement: per game the coverage in numbers, the open rules and
    the readings chosen, as Markdown (the README links it; module help shows it)."""
    lines = [
        "# What the referee judges: Stavka's compliance statement",
        "",
        "Generated by `stavka coverage --format markdown` from each game's coverage matrix",
        "(`rules/referee/GAME/coverage.toml`); the tests hold every row to the rules texts, the",
        "code and the verdicts. A game refereed from its data alone is covered section by",
        "section of its `[referee]` table. Do not edit this file by hand.",
        "",
        "| game | rules | " + " | ".join(STATUSES.values()) + " | judged of the rules that rule |",
        "|---|---:|" + "---:|" * len(STATUSES) + "---:|",
    ]
    for coverage in coverages:
        counts = coverage.counts()
        cells = " | ".join(str(counts[status]) for status in STATUSES)
        lines.append(
            f"| {coverage.title} | {len(coverage.rows)} | {cells} | {coverage.judged_share():.0%} |"
        )
    for coverage in coverages:
        lines += ["", f"## {coverage.title}", "", f"Rules text: {coverage.rules_text}.", ""]
        lines += [
            "| rule | title | status | judged by | proved by / why not |",
            "|---|---|---|---|---|",
        ]
        for row in coverage.rows:
            judged_by = ", ".join(f"`{path}`" for path in row.code)
            proof = (
                ", ".join(f"`{test}`" for test in row.tests)
                if row.status in JUDGED and row.tests
                else row.note
            )
            lines.append(
                f"| {row.number} | {row.title} | {STATUSES[row.status]} | {judged_by} | {proof} |"
            )
        if coverage.readings:
            lines += ["", f"### Readings of {coverage.title}", ""]
            for reading in coverage.readings:
                lines.append(f"- **{reading.rule}** — {reading.question}")
                for letter, text in reading.options.items():
                    chosen = " *(Stavka's default)*" if letter == reading.default else ""
                    value = (
                        f' `{reading.setting} = "{reading.values[letter]}"`'
                        if reading.setting
                        else ""
                    )
                    lines.append(f"  - ({letter}) {text}{chosen}{value}")
                if reading.note:
                    lines.append(f"  - {reading.note}")
    return "\n".join(lines) + "\n"


def render_text(coverage: Coverage) -> str:
    """The coverage of one game for a terminal: the counts, then every rule not judged."""
    counts = coverage.counts()
    summary = ", ".join(f"{counts[status]} {STATUSES[status]}" for status in STATUSES)
    lines = [
        f"{coverage.title}: {len(coverage.rows)} rules — {summary}; "
        f"{coverage.judged_share():.0%} of the rules that rule are judged"
    ]
    for row in coverage.rows:
        if row.status not in JUDGED and row.status != "descriptive":
            lines.append(f"  {row.number} {row.title}: {STATUSES[row.status]} — {row.note}")
        elif row.status in JUDGED and not row.tests:
            # A game refereed from its data: each section with what judges it.
            lines.append(
                f"  {row.number} {row.title}: {STATUSES[row.status]} by {', '.join(row.code)}"
                f" ({row.note})"
            )
    for reading in coverage.readings:
        how = (
            f' ({reading.setting} = "{reading.values[reading.default]}")' if reading.setting else ""
        )
        lines.append(
            f"  reading of {reading.rule}: ({reading.default}) {reading.options[reading.default]}{how}"
        )
    return "\n".join(lines)


def section_key(number: str) -> tuple[tuple[int, int | str], ...]:
    """Sections in reading order: 4.2 before 4.10, numbers before words."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part)
        for part in number.replace(" ", ".").split(".")
    )
