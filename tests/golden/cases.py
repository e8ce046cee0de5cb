"""The referee commands' outputs kept as digests, so a change meant to leave them alone
(issue 23: verdicts as data) is shown to leave them alone.

Every hand-built position under ``tests/referee/positions`` and every module set-up
under ``dist/setups`` (when the modules are built) is run through ``check``, ``odds``
(each ``# expect odds:`` attack), ``air`` (TPS), ``duel`` (Rattenkrieg: the first unit of
each side), and ``report``, in text and JSON, as the referee and as each side. A JSON
output is compared after dropping the keys added since its digest was recorded
(:data:`ADDED_VERDICT_KEYS`, :data:`ADDED_TOP_KEYS`): fields may be added, never changed.

``python -m tests.golden.cases`` records the digests anew (only after a change meant to
alter an output, saying which in the commit).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main
from rules.referee.position_file import read_position_file

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "tests" / "referee" / "positions"
SETUPS = ROOT / "dist" / "setups"
DIGESTS = Path(__file__).with_name("digests.json")

ADDED_VERDICT_KEYS = frozenset({"state", "place", "side"})
"""Keys a verdict's JSON gained after the digests were recorded (issue 23)."""

ADDED_TOP_KEYS = frozenset({"version"})
"""Keys a command's JSON answer gained after the digests were recorded (issue 23)."""


@dataclass(frozen=True)
class Case:
    """One command line, named by its arguments relative to the repository."""

    arguments: tuple[str, ...]
    writes_page: bool = False

    @property
    def name(self) -> str:
        return " ".join(self.arguments)


def position_files() -> list[Path]:
    """The hand-built positions, as the referee tests find them."""
    return sorted(
        path
        for path in POSITIONS.glob("*/*.toml")
        if path.name != "units.toml" and path.parent.name != "game"
    )


def odds_attacks(path: Path) -> list[tuple[str, str]]:
    """``(defender, attackers)`` of each distinct ``# expect odds:`` line of ``path``."""
    attacks: dict[tuple[str, str], None] = {}
    if path.suffix != ".toml":
        return []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"# expect odds:\s*(\S+)\s*<-\s*([^|]+)\|", line)
        if match:
            attacks[(match[1], ",".join(match[2].split()))] = None
    return list(attacks)


def duellists(path: Path) -> tuple[str, str] | None:
    """The first unit of each Rattenkrieg side in a position file, attacker first."""
    position = read_position_file(path)
    firsts: dict[str, str] = {}
    for state in position.units:
        firsts.setdefault(state.side, state.unit.id)
    if len(firsts) < 2:
        return None
    first, second = list(firsts.values())[:2]
    return first, second


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def cases() -> Iterator[Case]:
    """Every command line whose output is kept."""
    positions = [(path, path.parent.name) for path in position_files()]
    if SETUPS.is_dir():
        positions += [(path, path.name.split("-")[0]) for path in sorted(SETUPS.glob("*.vsav"))]
    for path, game in positions:
        where = relative(path)
        sides = {"tps": ("axis", "soviet"), "dos": ("axis", "soviet"), "rks": ("german", "soviet")}
        views: list[tuple[str, ...]] = [(), *(("--as", side) for side in sides[game])]
        for view in views:
            for output in ("text", "json"):
                yield Case(("check", where, "--format", output, *view))
        for defender, attackers in odds_attacks(path):
            for output in ("text", "json"):
                yield Case(("odds", where, "--attack", defender, "--from", attackers, "--format", output))
        if game == "tps":
            for output in ("text", "json"):
                yield Case(("air", where, "--format", output))
        if game == "rks" and path.suffix == ".toml":
            pair = duellists(path)
            if pair is not None:
                for view in views:
                    for output in ("text", "json"):
                        yield Case(("duel", where, *pair, "--format", output, *view))
        attack = [("--attack", odds[0], "--from", odds[1]) for odds in odds_attacks(path)[:1]]
        yield Case(("report", where, *(attack[0] if attack else ())), writes_page=True)
        if game == "dos":
            yield Case(("report", where, "--as", "soviet"), writes_page=True)


def without_added_keys(value: object, top: bool = True) -> object:
    """``value`` with the keys added since the digests were recorded taken out."""
    if isinstance(value, dict):
        is_verdict = {"subject", "topic", "outcome"} <= value.keys()
        dropped = (ADDED_TOP_KEYS if top else frozenset()) | (
            ADDED_VERDICT_KEYS if is_verdict else frozenset()
        )
        return {
            key: without_added_keys(item, False)
            for key, item in value.items()
            if key not in dropped
        }
    if isinstance(value, list):
        return [without_added_keys(item, False) for item in value]
    return value


def output_of(case: Case, scratch: Path) -> bytes:
    """What the command prints (JSON with the added keys dropped) and its exit code, or
    for ``report`` the page it writes."""
    arguments = list(case.arguments)
    page = scratch / "page.html"
    if case.writes_page:
        arguments += ["--output", str(page)]
    result = CliRunner().invoke(main, arguments)
    stdout = result.stdout.replace(str(scratch), "SCRATCH")
    if "json" in arguments and result.exit_code == 0:
        stdout = json.dumps(without_added_keys(json.loads(stdout)), ensure_ascii=False, indent=1)
    produced = f"exit {result.exit_code}\n{stdout}\n--stderr--\n{result.stderr}".encode()
    if case.writes_page and page.exists():
        produced += page_without_added_keys(page.read_text(encoding="utf-8")).encode()
        page.unlink()
    return produced


PAGE_DATA = re.compile(r'(<script type="application/json" id="report-data">)(.*?)(</script>)', re.S)
"""The data a report page carries for its script, as Jinja's ``tojson`` writes it."""


def page_without_added_keys(page: str) -> str:
    """A report page with the keys added since the digests were recorded taken out of
    its data, written back as ``tojson`` writes it (sorted keys, HTML-safe)."""

    def rewritten(match: re.Match[str]) -> str:
        data = without_added_keys(json.loads(match[2]))
        text = json.dumps(data, sort_keys=True)
        for raw, safe in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
            text = text.replace(raw, safe)
        return match[1] + text + match[3]

    return PAGE_DATA.sub(rewritten, page)


def digests(scratch: Path) -> dict[str, str]:
    """Each case's name and the SHA-256 of its output."""
    return {
        case.name: hashlib.sha256(output_of(case, scratch)).hexdigest()[:16] for case in cases()
    }


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        found = digests(Path(folder))
    DIGESTS.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} outputs recorded in {relative(DIGESTS)}", file=sys.stderr)
