"""The referee commands' outputs kept as digests, so a change meant to leave them alone
(issue 23: verdicts as data) is shown to leave them alone.

Stavka's version, which pages and saves record and which moves with every commit, is
read as ``VERSION`` (so is the version a set-up was built with), and an annotated copy as its entries' names and contents (a zip's
own bytes hold their times).

Every hand-built position under ``tests/referee/positions`` and every module set-up
under ``dist/setups`` (when the modules are built) is run through ``check``, ``odds``
(each ``# expect odds:`` attack), ``air`` (TPS), ``duel`` (Rattenkrieg: the first unit of
each side), and ``report``, in text and JSON, as the referee and as each side; each
set-up also through ``check --annotate``, whose annotated copy is kept too. A JSON
output is compared after dropping the keys added since its digest was recorded
(:data:`ADDED_VERDICT_KEYS`, :data:`ADDED_TOP_KEYS`): fields may be added, never changed.

``python -m tests.golden.cases`` recomputes every output and names each that differs;
``--record`` records the digests anew (only after a change meant to alter an output,
saying which in the commit). The test suite recomputes the quick cases.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main as stavka
from builder.release import stavka_version
from rules.data.loader import load_game
from rules.referee.position_file import read_position_file

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "tests" / "referee" / "positions"
SETUPS = ROOT / "dist" / "setups"
DIGESTS = Path(__file__).with_name("digests.json")

ADDED_VERDICT_KEYS = frozenset({"state", "place", "force"})
"""Keys a verdict's JSON gained after the digests were recorded (issue 23)."""

ADDED_TOP_KEYS = frozenset({"version", "hides", "selected", "left_out"})
"""Keys a command's JSON answer gained after the digests were recorded (issues 23, 35)."""

ADDED_ANSWER_KEYS = {
    "odds": frozenset({"hidden"}),
    "duel": frozenset({"hidden"}),
    "air": frozenset({"hidden"}),
}
"""Keys a command's JSON answer gained that another command's answer had before (issue 35:
``check`` always said ``hidden``, the others since)."""


@dataclass(frozen=True)
class Case:
    """One command line, named by its arguments relative to the repository. ``quick``
    cases are the ones the test suite recomputes (the rest take minutes on two cores)."""

    arguments: tuple[str, ...]
    writes_page: bool = False
    writes_save: bool = False
    quick: bool = False

    @property
    def name(self) -> str:
        return " ".join((*self.arguments, *(("--annotate",) if self.writes_save else ())))


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


@functools.cache
def sides_of(game: str) -> tuple[str, ...]:
    """The game's side ids, for ``--as`` (read once per game: every position asks)."""
    return tuple(side.id for side in load_game(game).sides)


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def cases() -> Iterator[Case]:
    """Every command line whose output is kept."""
    positions = [(path, path.parent.name) for path in position_files()]
    if SETUPS.is_dir():
        positions += [(path, path.name.split("-")[0]) for path in sorted(SETUPS.glob("*.vsav"))]
    reported: set[str] = set()
    for path, game in positions:
        where = relative(path)
        position_file = path.suffix == ".toml"
        views: list[tuple[str, ...]] = [(), *(("--as", side) for side in sides_of(game))]
        if not position_file:
            yield Case(("check", where), writes_save=True)
        for view in views:
            for output in ("text", "json"):
                # A player's view hides something only in DoS (2.14) and Rattenkrieg.
                quick = position_file and (not view or (game == "dos" and output == "json"))
                yield Case(("check", where, "--format", output, *view), quick=quick)
        for defender, attackers in odds_attacks(path):
            for output in ("text", "json"):
                yield Case(
                    ("odds", where, "--attack", defender, "--from", attackers, "--format", output),
                    quick=True,
                )
        if game == "tps":
            for output in ("text", "json"):
                yield Case(("air", where, "--format", output), quick=position_file)
        pair = duellists(path) if game == "rks" and position_file else None
        if pair is not None:
            for view in views:
                for output in ("text", "json"):
                    yield Case(("duel", where, *pair, "--format", output, *view), quick=True)
        attack = [("--attack", odds[0], "--from", odds[1]) for odds in odds_attacks(path)[:1]]
        first_of_game = position_file and game not in reported
        reported.add(game)
        yield Case(
            ("report", where, *(attack[0] if attack else ())), writes_page=True, quick=first_of_game
        )
        if game == "dos":
            yield Case(("report", where, "--as", "soviet"), writes_page=True)


def without_added_keys(value: object, top: bool = True, command: str = "") -> object:
    """``value`` with the keys added since the digests were recorded taken out (at the
    top, those every answer gained and those ``command``'s gained)."""
    if isinstance(value, dict):
        is_verdict = {"subject", "topic", "outcome"} <= value.keys()
        added = ADDED_TOP_KEYS | ADDED_ANSWER_KEYS.get(command, frozenset())
        dropped = (added if top else frozenset()) | (
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
    """What the command prints (JSON with the added keys dropped) and its exit code, and
    the page ``report`` writes or the copy ``check --annotate`` writes."""
    arguments = list(case.arguments)
    page = scratch / "page.html"
    annotated = scratch / "annotated.vsav"
    if case.writes_page:
        arguments += ["--output", str(page)]
    if case.writes_save:
        arguments += ["--annotate", str(annotated)]
    result = CliRunner().invoke(stavka, arguments)
    stdout = result.stdout.replace(str(scratch), "SCRATCH")
    if "json" in arguments and result.exit_code == 0:
        answer = without_added_keys(json.loads(stdout), command=case.arguments[0])
        stdout = json.dumps(answer, ensure_ascii=False, indent=1)
    stderr = result.stderr.replace(str(scratch), "SCRATCH")
    produced = f"exit {result.exit_code}\n{stdout}\n--stderr--\n{stderr}".encode()
    if case.writes_page and page.exists():
        produced += page_without_added_keys(page.read_text(encoding="utf-8")).encode()
        page.unlink()
    if case.writes_save and annotated.exists():
        with zipfile.ZipFile(annotated) as archive:
            for entry in archive.infolist():
                produced += entry.filename.encode() + archive.read(entry)
        annotated.unlink()
    # The longest first: a checkout's changed version extends the clean one it was built at.
    for version in sorted({stavka_version(), *built_versions(case)}, key=len, reverse=True):
        produced = produced.replace(version.encode(), b"VERSION")
    return produced


SAVED_VERSION = re.compile(rb"<version>([^<]+)</version>")


def built_versions(case: Case) -> list[str]:
    """The Stavka version a save the case reads was built with (``moduledata``), which an
    annotated copy keeps: a checkout changed since ``stavka build all`` is another
    version, and the same outputs."""
    saves = [Path(argument) for argument in case.arguments if argument.endswith(".vsav")]
    found = []
    for save in saves:
        if save.is_file():
            with zipfile.ZipFile(save) as archive:
                if "moduledata" in archive.namelist():
                    found += [
                        match.decode()
                        for match in SAVED_VERSION.findall(archive.read("moduledata"))
                    ]
    return found


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


def digests(scratch: Path, chosen: Iterable[Case]) -> dict[str, str]:
    """Each case's name and the start of the SHA-256 of its output."""
    return {case.name: hashlib.sha256(output_of(case, scratch)).hexdigest()[:16] for case in chosen}


def recorded() -> dict[str, str]:
    """The digests recorded in :data:`DIGESTS`."""
    found: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return found


def differences(found: Mapping[str, str], expected: Mapping[str, str]) -> list[str]:
    """The cases whose output differs from the recorded one, or that have none recorded."""
    return [name for name, digest in found.items() if expected.get(name) != digest]


def main(arguments: Sequence[str]) -> int:
    """``--record``: write the digests of every case; otherwise compare every case with
    them and name each that differs (exit 1 if any)."""
    with tempfile.TemporaryDirectory() as folder:
        found = digests(Path(folder), cases())
    if list(arguments) == ["--record"]:
        DIGESTS.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(found)} outputs recorded in {relative(DIGESTS)}", file=sys.stderr)
        return 0
    changed = differences(found, recorded())
    for name in changed:
        print(f"changed: {name}", file=sys.stderr)
    print(f"{len(found) - len(changed)} of {len(found)} outputs as recorded", file=sys.stderr)
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
