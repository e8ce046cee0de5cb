"""The game data cache: used when the files are unchanged, never trusted otherwise."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from rules.data import cache, parse
from rules.data.loader import games_directory, load_game, load_game_data
from rules.errors import DataError
from rules.model import GameSpec


@pytest.fixture
def own_tps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the TPS data and an empty cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "tps"
    shutil.copytree(games_directory() / "tps", folder)
    return folder


def _refuse_to_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(folder: Path, with_generated: bool) -> GameSpec:
        raise AssertionError(f"{folder} was parsed, not read from the cache")

    monkeypatch.setattr(parse, "parse_game_folder", fail)


def _cache_files() -> list[Path]:
    return sorted(cache.cache_directory().glob("*.pickle"))


def test_second_load_comes_from_the_cache(own_tps: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_game(str(own_tps))
    assert len(_cache_files()) == 1
    _refuse_to_parse(monkeypatch)
    assert load_game(str(own_tps)) == first


def test_any_changed_data_file_is_read_again(own_tps: Path) -> None:
    first = load_game(str(own_tps))
    game_toml = own_tps / "game.toml"
    game_toml.write_text(
        game_toml.read_text(encoding="utf-8").replace(first.title, "Retitled"), encoding="utf-8"
    )
    assert load_game(str(own_tps)).title == "Retitled"
    assert len(_cache_files()) == 1  # the entry for the folder was replaced, not added to


def test_a_broken_file_is_an_error_even_after_a_cached_load(own_tps: Path) -> None:
    load_game(str(own_tps))
    (own_tps / "units.toml").write_text("[[unit]\n", encoding="utf-8")
    with pytest.raises(DataError, match="units.toml:1"):
        load_game(str(own_tps))


def test_another_version_of_the_code_misses_the_cache(
    own_tps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_game(str(own_tps))
    monkeypatch.setattr(cache, "_code_fingerprint", lambda: b"another Stavka")
    calls: list[Path] = []
    real = parse.parse_game_folder

    def counted(folder: Path, with_generated: bool) -> GameSpec:
        calls.append(folder)
        return real(folder, with_generated)

    monkeypatch.setattr(parse, "parse_game_folder", counted)
    load_game(str(own_tps))
    assert calls == [own_tps]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",
        lambda data: data[: len(data) // 2],
        lambda data: data[:200] + bytes(reversed(data[200:])),
        lambda data: (
            data.split(b"\n", 2)[0]
            + b"\n"
            + data.split(b"\n", 2)[1]
            + b"\n"
            + pickle.dumps({"not": "a game"})
        ),
        lambda data: b"\x80\x04garbage",
    ],
    ids=["empty", "truncated", "scrambled", "foreign-object", "no-header"],
)
def test_a_corrupt_cache_is_rebuilt_silently(own_tps: Path, damage: object) -> None:
    first = load_game(str(own_tps))
    (entry,) = _cache_files()
    entry.write_bytes(damage(entry.read_bytes()))  # type: ignore[operator]
    assert load_game(str(own_tps)) == first
    assert load_game(str(own_tps)) == first


def test_an_unwritable_cache_is_no_error(
    own_tps: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("the cache folder cannot be made under a file")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert load_game(str(own_tps)).id == "tps"
    assert load_game(str(own_tps)).id == "tps"


def test_shipped_game_loads_the_same_from_files_and_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parsed = load_game("dos")
    cached = load_game("dos")
    assert cached == parsed
    assert cached is not parsed


def test_the_fingerprint_covers_the_parsers() -> None:
    """A new parser (rules/data/parse/) reads the same files into another spec, so it
    must miss the entries an older one wrote: a mobility class it now refuses, say."""
    sources = {
        str(path.relative_to(Path(cache.__file__).parents[1]))
        for path in cache.fingerprinted_sources()
    }
    assert {"data/parse/units.py", "data/parse/tables.py", "data/loader.py", "model.py"} <= sources


def test_a_modules_data_is_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The service judges every press of the module's plugin with the module's data:
    parsed once, then read from the cache while the data and its label are the same."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = games_directory() / "tps"
    files = {
        name: (folder / name).read_bytes()
        for name in (
            "game.toml",
            "map.toml",
            "units.toml",
            "scenarios.toml",
            "tables.toml",
            "terrain.toml",
        )
    }
    label = tmp_path / "my-tps.vmod" / "stavka-data"
    first = load_game_data(label, files)
    assert len(_cache_files()) == 1

    def fail(label: Path, files: object) -> GameSpec:
        raise AssertionError(f"{label} was parsed, not read from the cache")

    real = parse.parse_game_files
    monkeypatch.setattr(parse, "parse_game_files", fail)
    assert load_game_data(label, files) == first
    # Other data, or the same data under another module's name, is parsed anew.
    monkeypatch.setattr(parse, "parse_game_files", real)
    changed = {
        **files,
        "game.toml": files["game.toml"].replace(
            f'title = "{first.title}"'.encode(), b'title = "Retitled"', 1
        ),
    }
    assert load_game_data(label, changed).title == "Retitled"
    other = load_game_data(tmp_path / "other.vmod" / "stavka-data", files)
    assert other.folder.endswith("other.vmod/stavka-data")
