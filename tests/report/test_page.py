"""``stavka report`` as a file: every verdict in it, nothing hidden leaked, nothing fetched,
hostile text escaped, counters where the module puts them, and the size budget.

The pages are the session's (``conftest.report_cases``), written by the command itself.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import html

from builder.report.page import report_page
from rules.referee.hidden import player_view, referee_view
from rules.referee.position import setup_position
from tests.cli.test_cli import run
from tests.report.conftest import ReportCase, verdict_fields
from tests.report.positions import DOS_BLUE_TURN_3, Changes, write_position
from tests.support.games import hex_of, shipped_game

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
LIMIT_BYTES = 3 * 1024 * 1024


def parse(page: Path) -> html.HtmlElement:
    return html.fromstring(page.read_bytes())


def find(node: html.HtmlElement, path: str) -> list[html.HtmlElement]:
    """The elements an XPath finds (SVG ones included: the HTML parser keeps them as elements)."""
    found = node.xpath(path)
    assert isinstance(found, list)
    return [item for item in found if isinstance(item, html.HtmlElement)]


def strings(node: html.HtmlElement, path: str) -> list[str]:
    """The attribute values or texts an XPath finds."""
    found = node.xpath(path)
    assert isinstance(found, list)
    return [str(item) for item in found]


def text(node: html.HtmlElement, path: str) -> str:
    """XPath's string value of the first node ``path`` finds ("" when none)."""
    value = node.xpath(f"string({path})")
    assert isinstance(value, str)
    return value


def attribute(node: html.HtmlElement, name: str) -> str:
    value = node.get(name)
    assert value is not None, name
    return str(value)


def page_data(page: Path) -> dict[str, Any]:
    """The JSON block the page's script reads."""
    (block,) = find(parse(page), '//script[@id="report-data"]')
    data: dict[str, Any] = json.loads(block.text or "")
    return data


@pytest.mark.parametrize(
    ("name", "least"),
    [
        ("dos", 100),
        ("dos-as-axis", 100),
        ("tps", 100),
        ("rks", 35),
        ("rks-as-german", 35),
        ("rks-as-soviet", 35),
    ],
)
def test_every_verdict_of_check_is_in_the_page(
    report_cases: dict[str, ReportCase], name: str, least: int
) -> None:
    case = report_cases[name]
    rows = find(parse(case.page), '//li[contains(@class, "verdict")]')
    assert len(rows) == len(case.verdicts) > least
    for row, verdict in zip(rows, case.verdicts, strict=True):
        assert text(row, './/*[contains(@class, "outcome")]') == verdict["outcome"]
        assert text(row, './/*[@class="subject"]') == verdict["subject"]
        assert text(row, './/*[@class="explanation"]') == verdict["explanation"]
        assert text(row, './/*[@class="rules"]') == f"[rule {', '.join(verdict['rules'])}]"
        assert text(row, './/*[@class="path"]') == (
            f"path: {' '.join(verdict['path'])}" if verdict["path"] else ""
        )
        assert row.get("data-unit") == (verdict["unit"] or "")
    embedded = page_data(case.page)["verdicts"]
    assert [
        {key: item[key] for key in verdict}
        for item, verdict in zip(embedded, case.verdicts, strict=True)
    ] == case.verdicts


@pytest.mark.parametrize(
    ("name", "options"), [("tps", ()), ("rks", ()), ("rks-as-soviet", ("--as", "soviet"))]
)
def test_the_summary_is_checks_headline(
    report_cases: dict[str, ReportCase], name: str, options: tuple[str, ...]
) -> None:
    case = report_cases[name]
    code, output, _ = run("check", str(case.position), *options)
    assert code == 0
    assert text(parse(case.page), "//h1") == output.splitlines()[0]


def test_a_players_view_names_no_untried_unit(report_cases: dict[str, ReportCase]) -> None:
    # Rule 2.14: neither player knows an untried unit's strength, so --as shows its untried face
    # and an alias; its id (the slot of the draw, which fixes its strength) and name never appear.
    case = report_cases["dos-as-axis"]
    spec = shipped_game("dos")
    untried = [unit for unit in spec.units.values() if unit.properties.get("untried") == "yes"]
    written = case.page.read_text(encoding="utf-8")
    checked = run("check", str(case.position), "--as", "axis")[1]
    # One pattern of every untried id and name, each id whole (not a part of a longer
    # name): a search per source, not one per unit.
    ids = "|".join(re.escape(unit.id) for unit in untried)
    names = "|".join(re.escape(unit.name) for unit in untried)
    told = re.compile(rf"(?<![\w-])(?:{ids})(?![\w-])|{names}")
    for source in (written, checked, json.dumps(case.verdicts)):
        assert told.findall(source) == []
    units = page_data(case.page)["units"]
    aliases = [name for name in units if name.startswith("untried-")]
    assert len(aliases) == 117
    assert {units[name]["name"] for name in aliases} <= {
        "untried rifle XX",
        "untried cavalry XXX",
        "untried tank XXX",
        "untried mechanized XXX",
    }
    assert "as the axis player sees it: 117 untried units" in written


def test_the_referees_view_shows_every_counter_as_it_is(
    report_cases: dict[str, ReportCase],
) -> None:
    written = report_cases["dos"].page.read_text(encoding="utf-8")
    assert '"b13a-rd2"' in written and "untried-1" not in written
    assert "the referee's view: every counter as it really is" in written


@pytest.mark.parametrize("name", ["dos", "tps", "rks"])
def test_the_page_needs_nothing_from_outside(
    report_cases: dict[str, ReportCase], name: str
) -> None:
    source = report_cases[name].page.read_text(encoding="utf-8")
    assert set(re.findall(r"https?://[^\s\"'<>]+", source)) == {"http://www.w3.org/2000/svg"}
    tree = html.fromstring(source.encode("utf-8"))
    for name in ("src", "href"):
        for value in strings(tree, f"//@{name}"):
            assert value.startswith(("#", "data:image/png;base64,")), value
    (policy,) = strings(tree, '//meta[@http-equiv="Content-Security-Policy"]/@content')
    assert policy.startswith("default-src 'none'; img-src data:;")
    assert "unsafe" not in policy


def test_counters_stand_where_the_module_puts_them(report_cases: dict[str, ReportCase]) -> None:
    spec = shipped_game("dos")
    hex_map = spec.maps[0].hex_map
    assert hex_map is not None
    stacks = find(parse(report_cases["dos"].page), '//*[@class="stack"]')
    assert len(stacks) > 70
    for stack in stacks:
        placed = re.fullmatch(r"translate\((\S+) (\S+)\)", attribute(stack, "transform"))
        assert placed is not None
        x, y = float(placed.group(1)), float(placed.group(2))
        snapped = hex_map.pixel_centre(hex_of(spec, attribute(stack, "data-location")))
        assert abs(x - snapped[0]) < 0.51 and abs(y - snapped[1]) < 0.51


def test_stacks_say_their_size(report_cases: dict[str, ReportCase]) -> None:
    tree = parse(report_cases["dos"].page)
    (over,) = find(tree, '//*[@class="stack" and @data-location="N2142"]')
    assert len(attribute(over, "data-units").split()) == 9
    assert text(over, './/*[@class="stack-count-text"]') == "9"
    assert strings(tree, '//*[@id="layer-stacking"]/@data-count') == ["1"]


def test_attacks_are_drawn_with_their_column(report_cases: dict[str, ReportCase]) -> None:
    tree = parse(report_cases["tps"].page)
    (label,) = find(tree, '//*[@class="odds-label"]')
    code, output, _ = run(
        "odds",
        str(report_cases["tps"].position),
        "--attack",
        "2913",
        "--from",
        "2914",
        "--format",
        "json",
    )
    assert code == 0
    assert text(label, ".//*[local-name()='text']") == json.loads(output)["final_column"]
    assert len(find(tree, '//*[@class="odds-arrow"]')) == 1
    # --as axis: the defenders are untried, so the odds are withheld until the combat reveals them (2.14)
    withheld = parse(report_cases["dos-as-axis"].page)
    assert text(withheld, "//*[@class='odds-label']").startswith("?")
    assert "Odds not known" in text(withheld, "//*[@id='odds']")


@pytest.mark.parametrize(
    ("game", "scenario"), [("dos", "blue"), ("dos", "uranus"), ("tps", "7"), ("tps", "10")]
)
def test_the_largest_setups_stay_under_3_mb(game: str, scenario: str) -> None:
    position = setup_position(shipped_game(game), scenario)
    assert len(report_page(position, referee_view()).encode("utf-8")) < LIMIT_BYTES
    if game == "dos":
        assert (
            len(report_page(position, player_view(position, "soviet")).encode("utf-8"))
            < LIMIT_BYTES
        )


def write_hostile_report(folder: Path) -> Path:
    """The page of a position whose game folder names a unit ``<script>…`` and whose phase
    and file name carry markup, as a hostile save or position file could."""
    game = folder / "open"
    shutil.copytree(POSITIONS / "tps" / "open", game)
    units = game / "units.toml"
    units.write_text(
        units.read_text().replace(
            'name = "German infantry 1"',
            'name = "<script>alert(\'unit\')</script>"\nproperties = { designation = "<b>1</b>" }',
        )
    )
    source = (POSITIONS / "tps" / "front_gaps.toml").read_text()
    source = source.replace(
        'phase = "Axis motorised movement"', 'phase = "</script><script>alert(1)</script>"'
    )
    position = folder / "<img src=x onerror=alert(2)>.toml"
    position.write_text(source)
    page = folder / "hostile.html"
    code, _, error = run("report", str(position), "-o", str(page))
    assert code == 0, error
    return page


def test_hostile_text_is_escaped(tmp_path: Path) -> None:
    written = write_hostile_report(tmp_path).read_text()
    assert "<script>alert" not in written and "<img src=x" not in written
    assert written.count("<script") == 2
    header = text(html.fromstring(written.encode("utf-8")), "//header")
    assert (
        "</script><script>alert(1)</script>" in header
        and "<img src=x onerror=alert(2)>.toml" in header
    )
    assert "<script>alert('unit')</script>" in json.dumps(
        page_data(tmp_path / "hostile.html")["units"]
    )


def test_an_earlier_page_is_replaced_but_no_other_file(
    report_cases: dict[str, ReportCase], tmp_path: Path
) -> None:
    position = report_cases["tps"].position
    target = tmp_path / "mine.html"
    target.write_text("<p>my notes</p>")
    code, output, error = run("report", str(position), "-o", str(target))
    assert (code, output) == (2, "") and "refusing to overwrite" in error
    assert target.read_text() == "<p>my notes</p>"
    earlier = tmp_path / "earlier.html"
    shutil.copy(report_cases["tps"].page, earlier)
    assert run("report", str(position), "-o", str(earlier))[0] == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--attack", "N2141"), "1 --attack but 0 --from"),
        (("--attack", "N9999", "--from", "N2142"), "unknown hex 'N9999'"),
        (("--attack", "N2141", "--from", "N1041"), "no attacking unit in the given hexes"),
        (("--as", "german"), "unknown side 'german' for --as (the sides are axis, soviet)"),
    ],
)
def test_bad_requests_are_one_line_and_write_nothing(
    tmp_path: Path, options: tuple[str, ...], message: str
) -> None:
    position = write_position(tmp_path / "dos.toml", "dos", "blue", DOS_BLUE_TURN_3)
    code, output, error = run("report", str(position), *options)
    assert (code, output) == (2, "")
    assert message in error and error.count("\n") == 1 and "Traceback" not in error
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dos.toml"]


def test_a_broken_position_is_one_line(tmp_path: Path) -> None:
    position = write_position(
        tmp_path / "tps.toml", "tps", "1", Changes(turn=1, moved={"de-14pd": "9999"})
    )
    code, _, error = run("report", str(position))
    assert code == 2 and "unknown hex or area '9999'" in error and error.count("\n") == 1
    assert not (tmp_path / "tps.html").exists()


def test_a_save_of_the_module_is_reported_like_its_position(
    built: dict[str, Path], tmp_path: Path
) -> None:
    # The Uranus set-up as the built module saves it: every unit from the save's pieces,
    # every verdict of `stavka check` on the same save.
    spec = shipped_game("dos")
    save = tmp_path / "uranus.vsav"
    with zipfile.ZipFile(built["dos"]) as archive:
        save.write_bytes(archive.read("setups/dos-uranus.vsav"))
    code, _, error = run("report", str(save))
    assert code == 0, error
    page = tmp_path / "uranus.html"
    code, output, _ = run("check", str(save), "--format", "json")
    verdicts = [verdict_fields(verdict) for verdict in json.loads(output)["verdicts"]]
    assert page_data(page)["verdicts"] == [
        {**verdict, "side": row["side"], "places": row["places"]}
        for verdict, row in zip(verdicts, page_data(page)["verdicts"], strict=True)
    ]
    placed = {name for names in page_data(page)["stacks"].values() for name in names}
    assert placed == {placement.unit for placement in spec.scenarios["uranus"].setup}


def test_a_counter_label_that_cannot_fit_is_one_line_naming_the_unit(tmp_path: Path) -> None:
    """A unit whose name makes too long a counter label is bad data: one line naming the
    unit in units.toml and exit 2, and no page (the build refuses it the same way)."""
    game = tmp_path / "open"
    shutil.copytree(POSITIONS / "tps" / "open", game)
    units = game / "units.toml"
    units.write_text(
        units.read_text().replace(
            'name = "German infantry 1"', 'name = "Panzergrenadierregimentsgruppe"'
        )
    )
    position = tmp_path / "position.toml"
    position.write_text((POSITIONS / "tps" / "front_gaps.toml").read_text())
    page = tmp_path / "page.html"
    code, _, error = run("report", str(position), "-o", str(page))
    assert code == 2
    assert len(error.strip().splitlines()) == 1
    assert "units.toml" in error and "unit ger_inf_1" in error
    assert not page.exists()
