"""Fixtures every test folder shares: the three shipped games, loaded once; a game data
cache of the test run's own; and what Stavka writes that many tests read, made once per
test run (:mod:`tests.support.artefacts`): the modules and their set-ups, the
print-and-play PDFs.

The plugins of :mod:`tests.support.marks` (a test says what it needs) and
:mod:`tests.support.run_report` (file durations, the engines' tally) come with them.
The engine files run first, then the slow ones (:func:`pytest_collection_modifyitems`)."""

from __future__ import annotations

import os
import zipfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree
from playwright.sync_api import BrowserContext

from rules.model import GameSpec
from tests.support.browser import chromium_context
from tests.support.artefacts import MODULE_GAMES, Made, modules_made, pdfs_made, pnp_command
from tests.support.engine import VCHECK, vcheck_available
from tests.support.engine_slots import engine_process, engine_slots
from tests.support.games import shipped_game

pytest_plugins = ("tests.support.marks", "tests.support.run_report")


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist, let vcheck install itself once, before the workers start.

    Its first call runs its set-up (Debian packages, a venv); two workers making their
    first calls at once would run two set-ups against one package lock."""
    parallel = config.pluginmanager.hasplugin("xdist") and config.getoption("numprocesses")
    if parallel and not hasattr(config, "workerinput") and vcheck_available():
        engine_process([str(VCHECK), "--help"], timeout=1800)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker per engine slot, and one more for the tests that need only
    Python. Two engines keep two cores about a third busy (a step of vcheck's waits for
    the Player to settle), so that worker runs while the engines do."""
    return engine_slots() + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The order pytest-xdist hands the test files out in (``--dist loadfile`` with
    ``--no-loadscope-reorder``, in pyproject.toml): the ``engine`` files first, then the
    ``slow`` ones, then the files with the most tests, as pytest-xdist would order them
    itself. The engine files are the run's longest, and no more of them run at once than
    there are engine slots: handed out last, they trailed the run on one or two workers;
    handed out first, the other worker runs the rest beside them."""
    files = [item.nodeid.split("::")[0] for item in items]
    counts = Counter(files)
    marked: dict[str, set[str]] = {}
    for file, item in zip(files, items, strict=True):
        marked.setdefault(file, set()).update(mark.name for mark in item.iter_markers())
    order = {
        item.nodeid: ("engine" not in marked[file], "slow" not in marked[file], -counts[file])
        for file, item in zip(files, items, strict=True)
    }
    items.sort(key=lambda item: order[item.nodeid])


@pytest.fixture
def dos() -> GameSpec:
    return shipped_game("dos")


@pytest.fixture
def tps() -> GameSpec:
    return shipped_game("tps")


@pytest.fixture
def rks() -> GameSpec:
    return shipped_game("rks")


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Game data cached by the tests (and the commands they start) stays in the run's folder.

    The VASSAL engine checker keeps its installed engine where the cache folder was, by
    naming it in ``VCHECK_HOME``: under the run's own cache folder it would install the
    engine again."""
    previous = os.environ.get("XDG_CACHE_HOME")
    engine_home = os.environ.get("VCHECK_HOME")
    os.environ["VCHECK_HOME"] = engine_home or str(
        Path(previous or Path.home() / ".cache") / "vcheck"
    )
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    for name, value in (("XDG_CACHE_HOME", previous), ("VCHECK_HOME", engine_home)):
        if value is None:
            del os.environ[name]
        else:
            os.environ[name] = value


@pytest.fixture(scope="session")
def dist_build(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """``stavka build all`` as the README's main jobs run it, once per test run, and what it
    printed (the guide's and the wheel's tests judge this run)."""
    return modules_made(tmp_path_factory)


@pytest.fixture(scope="session")
def dist(dist_build: Made) -> Path:
    """The ``dist`` folder ``stavka build all`` wrote: every shipped game's module
    (dos.vmod, ford.vmod, rks.vmod, tps.vmod) and their set-ups in ``setups/``. Read
    it, never write into it: it is the whole run's."""
    return dist_build.clean().folder / "dist"


@pytest.fixture(scope="session")
def built(dist: Path) -> dict[str, Path]:
    """dist/<game>.vmod of every shipped game the module tests load, by game id."""
    return {game: dist / f"{game}.vmod" for game in MODULE_GAMES}


@pytest.fixture(scope="session")
def build_files(built: dict[str, Path]) -> dict[str, etree._Element]:
    """Each built module's buildFile.xml, parsed."""
    trees = {}
    for game, path in built.items():
        with zipfile.ZipFile(path) as archive:
            trees[game] = etree.fromstring(archive.read("buildFile.xml"))
    return trees


@pytest.fixture(scope="session")
def setup_saves(
    built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], Path]:
    """Every predefined set-up, taken out of its module, by (game, scenario)."""
    folder = tmp_path_factory.mktemp("setups")
    saves = {}
    for game in MODULE_GAMES:
        spec = shipped_game(game)
        with zipfile.ZipFile(built[game]) as archive:
            for scenario in (scenario for scenario in spec.scenarios.values() if scenario.setup):
                save = folder / f"{game}-{scenario.id}.vsav"
                save.write_bytes(archive.read(f"setups/{game}-{scenario.id}.vsav"))
                saves[(game, scenario.id)] = save
    return saves


@pytest.fixture(scope="session")
def pnp_build(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """``stavka pnp GAME`` and ``stavka pnp GAME --paper letter`` for every shipped game,
    once per test run, and what each printed."""
    return pdfs_made(tmp_path_factory)


@pytest.fixture(scope="session")
def shipped_pdfs(pnp_build: Made) -> dict[tuple[str, str], Path]:
    """``(game, paper)`` -> the PDF ``stavka pnp`` writes with default options. Read
    them, never write over them: they are the whole run's."""
    made = pnp_build.clean()
    return {
        (game, paper): made.folder / "dist" / f"{game}-pnp-{paper}.pdf"
        for game, paper in map(_printed, made.runs)
    }


def _printed(command: str) -> tuple[str, str]:
    """The game and paper of a ``stavka pnp`` command of :func:`pdfs_made`."""
    words = command.split()
    paper = words[words.index("--paper") + 1] if "--paper" in words else "a4"
    assert pnp_command(words[2], paper) == command
    return words[2], paper


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Headless Chromium with a fresh profile, one for every browser test of this process
    (:mod:`tests.support.browser` says why one)."""
    with chromium_context(tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context
