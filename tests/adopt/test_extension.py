"""``stavka extension`` and ``stavka attach``: what each archive holds, and what they
refuse. In the engine: ``test_adopted_in_vassal.py``."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from builder.module.plugin import plugin_classes
from rules.data.loader import data_digest, game_data_files
from tests.adopt.corpus import KASSALA, NEEDS_CORPUS, TEMPLATE, designed_kassala
from tests.adopt.modules import module
from tests.cli.test_cli import run

pytestmark = NEEDS_CORPUS


@pytest.fixture(scope="module")
def designed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return designed_kassala(tmp_path_factory.mktemp("designed"))


def _extension(designed: Path, path: Path) -> zipfile.ZipFile:
    code, output, error = run("extension", str(designed), "--for", str(KASSALA), "-o", str(path))
    assert code == 0, error
    assert "put it in Kassala_ext/ beside the module" in output
    return zipfile.ZipFile(path)


def test_the_extension_holds_the_plugin_the_data_and_one_element_per_button(
    designed: Path, tmp_path: Path
) -> None:
    with _extension(designed, tmp_path / "k.vmdx") as archive, zipfile.ZipFile(KASSALA) as own:
        names = archive.namelist()
        assert names[:3] == ["buildFile.xml", "extensiondata", "moduledata"]
        assert archive.read("moduledata") == own.read("moduledata")
        assert {name for name, _ in plugin_classes()} <= set(names)
        data = game_data_files(designed)
        assert {f"stavka-data/{name}" for name in data} == {
            name for name in names if name.startswith("stavka-data/")
        }
        metadata = etree.fromstring(archive.read("extensiondata"))
        assert metadata.findtext("extra1") == data_digest(data)
        assert metadata.findtext("universal") == "false"
        root = etree.fromstring(archive.read("buildFile.xml"))
    assert root.tag == "VASSAL.build.module.ModuleExtension"
    assert (root.get("module"), root.get("moduleVersion"), root.get("anyModule")) == (
        "Kassala",
        "0.2.0",
        "false",
    )
    actions = []
    for element in root:
        assert element.tag == "VASSAL.build.module.ExtensionElement"
        assert element.get("target") == "" and len(element) == 1
        actions.append(element[0].get("action"))
    assert actions == ["check", "clear", "explain", "layers", "odds", "declare"]


def test_the_same_data_gives_the_same_extension(designed: Path, tmp_path: Path) -> None:
    _extension(designed, tmp_path / "a.vmdx").close()
    _extension(designed, tmp_path / "b.vmdx").close()
    assert (tmp_path / "a.vmdx").read_bytes() == (tmp_path / "b.vmdx").read_bytes()


def test_an_extension_is_for_the_module_the_game_was_adopted_from(
    designed: Path, tmp_path: Path
) -> None:
    code, _, error = run(
        "extension", str(designed), "--for", str(TEMPLATE), "-o", str(tmp_path / "x.vmdx")
    )
    assert code == 2
    assert (
        "this is the module \"Hex'n'Counters template\"; kassala was adopted from 'Kassala'"
        in error
    )
    code, _, error = run("extension", "ford", "--for", str(KASSALA), "-o", str(tmp_path / "x.vmdx"))
    assert code == 2 and "ford was not adopted from a module (no module.toml)" in error
    assert not (tmp_path / "x.vmdx").exists()


def test_an_extension_never_replaces_a_file_it_did_not_write(
    designed: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "mine.vmdx"
    mine.write_bytes(b"a user's own file")
    code, _, error = run("extension", str(designed), "--for", str(KASSALA), "-o", str(mine))
    assert code == 2 and "is not an extension Stavka wrote" in error
    assert mine.read_bytes() == b"a user's own file"
    _extension(designed, tmp_path / "again.vmdx").close()
    _extension(designed, tmp_path / "again.vmdx").close()


def test_attach_copies_the_module_with_the_referee_and_the_unit_menu(
    designed: Path, tmp_path: Path
) -> None:
    target = tmp_path / "Kassala-referee.vmod"
    code, output, error = run("attach", str(KASSALA), "--game", str(designed), "-o", str(target))
    assert code == 0, error
    # 13 palette slots and 23 at-start stack slots, all of the game's pieces.
    assert "the unit menu item on 36 piece slots" in output
    with zipfile.ZipFile(target) as attached, zipfile.ZipFile(KASSALA) as own:
        for name in own.namelist():
            if name not in ("buildFile.xml", "moduledata"):
                assert attached.read(name) == own.read(name), name
        metadata = etree.fromstring(attached.read("moduledata"))
        assert metadata.findtext("name") == "Kassala"
        assert metadata.findtext("extra1") == data_digest(game_data_files(designed))
        build_file = attached.read("buildFile.xml").decode()
    assert build_file.count("globalhotkey;Referee: verdicts") == 36
    assert build_file.count("<stavka.Referee ") == 6
    code, _, error = run("attach", str(target), "--game", str(designed), "-o", str(target))
    assert code == 2 and "would replace the module itself" in error


def test_attach_refuses_a_module_holding_what_it_adds(designed: Path, tmp_path: Path) -> None:
    odd = module(tmp_path / "odd.vmod", extra=[("stavka-data/game.toml", b"")])
    code, _, error = run(
        "attach", str(odd), "--game", str(designed), "-o", str(tmp_path / "o.vmod")
    )
    assert code == 2 and "this is the module 'Test Module'" in error
