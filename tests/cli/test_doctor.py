"""``stavka doctor`` (issue 39): one line for each thing a player's install needs, the one
fix under each thing wrong, exit 0 only when all is well."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from builder import doctor
from builder.release import stavka_version
from rules.resources import checkout
from tests.cli.test_cli import run

THIS_STAVKA = Path(sys.executable).parent
"""The folder of the checkout's ``stavka``, which the plugin finds when it is on the PATH."""


@pytest.fixture
def well(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A player's environment where all is well: this Stavka on the PATH, a home and a
    cache folder of the test's own; the folder of it."""
    monkeypatch.setenv("PATH", f"{THIS_STAVKA}:/usr/bin:/bin")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PIPX_BIN_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


@pytest.fixture(scope="module")
def module(built: dict[str, Path]) -> Path:
    """Rattenkrieg's module, built by this Stavka (the run's ``stavka build all``)."""
    return built["rks"]


def _lines(output: str, subject: str) -> list[str]:
    """The line about ``subject`` and its fix line, if any."""
    lines = output.splitlines()
    index = next(n for n, line in enumerate(lines) if line[5:].startswith(f"{subject}: "))
    return lines[index : index + (2 if lines[index].startswith("fix") else 1)]


def test_all_is_well_exits_0(well: Path, module: Path) -> None:
    code, output, error = run("doctor", str(module))
    assert (code, error) == (0, ""), output
    assert output.endswith("all is well\n")
    assert _lines(output, "Stavka") == [
        f"ok   Stavka: {stavka_version()}, a checkout at {checkout()}"
    ]
    assert _lines(output, "referee")[0].endswith(
        f"this Stavka: {THIS_STAVKA / 'stavka'} (on the PATH)"
    )
    assert _lines(output, "module")[0].endswith("carries this Stavka's referee plugin")
    assert [line.split(":")[0] for line in output.splitlines()[:-1]] == [
        "ok   Python",
        "ok   Stavka",
        "ok   plugin",
        "ok   referee",
        *(f"ok   game {game}" for game in ("dos", "ford", "lanner", "rks", "tps")),
        "ok   module",
        "ok   cache",
        "ok   Java",
        "ok   VASSAL",
    ]


def test_a_stavka_the_plugin_cannot_find_names_the_preference_to_set(
    well: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    code, output, _ = run("doctor")
    assert code == 1 and output.endswith("1 to fix\n")
    assert _lines(output, "referee") == [
        "fix  referee: a module's referee will not find stavka: it is not on the PATH nor in "
        f"{well / 'home' / '.local' / 'bin'}",
        f"       in VASSAL, name {THIS_STAVKA / 'stavka'} in File > Preferences > Stavka",
    ]


def test_the_plugin_looks_in_pipxs_folder_as_the_module_does(
    well: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = well / "pipx-bin"
    folder.mkdir()
    (folder / "stavka").symlink_to(THIS_STAVKA / "stavka")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.setenv("PIPX_BIN_DIR", str(folder))
    assert doctor.plugin_finds() == (folder / "stavka", "in pipx's folder")
    monkeypatch.delenv("PIPX_BIN_DIR")
    (well / "home" / ".local").mkdir(parents=True)
    folder.rename(well / "home" / ".local" / "bin")
    assert doctor.plugin_finds() == (
        well / "home" / ".local" / "bin" / "stavka",
        "in pipx's folder",
    )
    assert _lines(run("doctor")[1], "referee")[0].startswith("ok ")


def test_another_stavka_first_on_the_path_is_named_with_its_version(
    well: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = well / "other"
    other.mkdir()
    (other / "stavka").write_text("#!/bin/sh\necho 'stavka, version 0.0.1'\n", encoding="utf-8")
    (other / "stavka").chmod(0o755)
    monkeypatch.setenv("PATH", f"{other}:{THIS_STAVKA}:/usr/bin:/bin")
    code, output, _ = run("doctor")
    assert code == 1
    assert _lines(output, "referee") == [
        f"fix  referee: a module's referee will ask {other / 'stavka'} (on the PATH), which is "
        "Stavka 0.0.1, not this one",
        f"       in VASSAL, name {THIS_STAVKA / 'stavka'} in File > Preferences > Stavka",
    ]


def test_a_module_with_another_plugin_gets_the_build_that_replaces_it(
    well: Path, module: Path
) -> None:
    older = well / "older.vmod"
    with zipfile.ZipFile(module) as source, zipfile.ZipFile(older, "w") as copy:
        for entry in source.infolist():
            data = source.read(entry)
            copy.writestr(entry, data + b"\0" if entry.filename == "stavka/Referee.class" else data)
    code, output, _ = run("doctor", str(older))
    assert code == 1
    assert _lines(output, "module")[1] == f"       stavka build rks -o '{older}'"


def test_a_module_without_the_plugin_is_no_fault(well: Path, module: Path) -> None:
    plain = well / "plain.vmod"
    with zipfile.ZipFile(module) as source, zipfile.ZipFile(plain, "w") as copy:
        for entry in source.infolist():
            if not entry.filename.startswith("stavka/"):
                copy.writestr(entry, source.read(entry))
    code, output, _ = run("doctor", str(plain))
    assert code == 0
    assert "has no Stavka referee plugin" in _lines(output, "module")[0]


def test_a_cache_folder_that_cannot_be_written_is_removed(well: Path) -> None:
    (well / "cache" / "stavka").mkdir(parents=True)
    (well / "cache" / "stavka" / "games").write_bytes(b"not a folder")
    code, output, _ = run("doctor")
    assert code == 1
    cache = well / "cache" / "stavka" / "games"
    assert _lines(output, "cache") == [
        f"fix  cache: {cache} is not a folder",
        f"       rm -rf '{cache}'",
    ]


def test_an_old_java_and_an_old_vassal_are_named(
    well: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    java = well / "java-bin"
    java.mkdir()
    (java / "java").write_text(
        "#!/bin/sh\necho 'openjdk version \"1.8.0_392\"' >&2\n", encoding="utf-8"
    )
    (java / "java").chmod(0o755)
    monkeypatch.setenv("PATH", f"{THIS_STAVKA}:{java}:/usr/bin:/bin")
    assert doctor.java_finding() == doctor.Finding(
        "Java", f"{java / 'java'} is Java 8; VASSAL needs 11", "sudo apt install default-jre"
    )
    (well / "VASSAL-3.5.8").mkdir()
    assert doctor.vassal_finding([well]).wrong
    (well / "VASSAL-3.7.15").mkdir()
    assert doctor.vassal_finding([well]) == doctor.Finding(
        "VASSAL", f"3.7.15 at {well / 'VASSAL-3.7.15'}"
    )


def test_an_old_python_is_named() -> None:
    finding = doctor.python_finding((3, 10, 4))
    assert finding.wrong and "needs 3.11 or newer" in finding.found


def test_a_module_that_is_not_one_is_bad_input(well: Path) -> None:
    (well / "broken.vmod").write_bytes(b"not a zip")
    code, output, error = run("doctor", str(well / "broken.vmod"))
    assert code == 2 and output == "" and error.count("\n") == 1
    assert error.startswith(f"stavka: {well / 'broken.vmod'}")


def test_a_report_ends_with_the_count_to_fix() -> None:
    lines = doctor.report_lines(
        [doctor.Finding("cache", "x", "rm -rf x"), doctor.Finding("Java", "Java 17")]
    )
    assert lines == ["fix  cache: x", "       rm -rf x", "ok   Java: Java 17", "1 to fix"]
