"""``stavka report`` as a file: every verdict in it, nothing hidden leaked, nothing fetched,
hostile text escaped, counters where the module puts them, and the size budget.

The pages are the session's (``conftest.report_cases``), written by the command itself.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from lxml import html

from builder.report.page import build_report
from rules.referee.hidden import player_view, referee_view
from rules.referee.position import setup_position
from tests.cli.test_cli import run
from tests.report.conftest import ReportCase
from tests.report.positions import DOS_BLUE_TURN_3, Changes, write_position
from tests.support.games import hex_of, shipped_game

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
LIMIT_BYTES = 3 * 1024 * 1024


def page_data(page: Path) -> dict[str, object]:
    """The JSON block the page's script reads."""
    tree = html.fromstring(page.read_bytes())
    (block,) = tree.xpath('//script[@id="report-data"]')
    data: dict[str, object] = json.loads(block.text)
    return data


@pytest.mark.parametrize("name", ["dos", "dos-as-axis", "tps"])
def test_every_verdict_of_check_is_in_the_page(report_cases: dict[str, ReportCase], name: str) -> None:
    case = report_cases[name]
    tree = html.fromstring(case.page.read_bytes())
    rows = tree.xpath('//li[contains(@class, "verdict")]')
    assert len(rows) == len(case.verdicts) > 100
    for row, verdict in zip(rows, case.verdicts):
        assert row.xpath('string(.//*[contains(@class, "outcome")])') == verdict["outcome"]
        assert row.xpath('string(.//*[@class="subject"])') == verdict["subject"]
        assert row.xpath('string(.//*[@class="explanation"])') == verdict["explanation"]
        assert row.xpath('string(.//*[@class="rules"])') == f"[rule {', '.join(verdict['rules'])}]"  # type: ignore[arg-type]
        path = row.xpath('string(.//*[@class="path"])')
        assert path == (f"path: {' '.join(verdict['path'])}" if verdict["path"] else "")  # type: ignore[arg-type]
        assert row.get("data-unit") == (verdict["unit"] or "")
    embedded = page_data(case.page)["verdicts"]
    assert isinstance(embedded, list)
    assert [{key: item[key] for key in verdict} for item, verdict in zip(embedded, case.verdicts)] == case.verdicts


def test_the_summary_is_checks_headline(report_cases: dict[str, ReportCase]) -> None:
    case = report_cases["tps"]
    code, output, _ = run("check", str(case.position))
    assert code == 0
    assert html.fromstring(case.page.read_bytes()).xpath("string(//h1)") == output.splitlines()[0]


def test_a_players_view_names_no_untried_unit(report_cases: dict[str, ReportCase]) -> None:
    # Rule 2.14: neither player knows an untried unit's strength, so --as shows its untried face
    # and an alias; its id (the slot of the draw, which fixes its strength) and name never appear.
    case = report_cases["dos-as-axis"]
    spec = shipped_game("dos")
    untried = [unit for unit in spec.units.values() if unit.properties.get("untried") == "yes"]
    text = case.page.read_text(encoding="utf-8")
    checked = run("check", str(case.position), "--as", "axis")[1]
    for unit in untried:
        for source in (text, checked, json.dumps(case.verdicts)):
            assert not re.search(rf"(?<![\w-]){re.escape(unit.id)}(?![\w-])", source), unit.id
            assert unit.name not in source
    units = page_data(case.page)["units"]
    assert isinstance(units, dict)
    aliases = [name for name in units if name.startswith("untried-")]
    assert len(aliases) == 117
    assert {units[name]["name"] for name in aliases} <= {"untried rifle XX", "untried cavalry XXX",
                                                         "untried tank XXX", "untried mechanized XXX"}
    assert "as the axis player sees it: 117 untried units" in text


def test_the_referees_view_shows_every_counter_as_it_is(report_cases: dict[str, ReportCase]) -> None:
    text = report_cases["dos"].page.read_text(encoding="utf-8")
    assert '"b13a-rd2"' in text and "untried-1" not in text
    assert "the referee's view: every counter as it really is" in text


@pytest.mark.parametrize("name", ["dos", "tps", "rks"])
def test_the_page_needs_nothing_from_outside(report_cases: dict[str, ReportCase], name: str) -> None:
    text = report_cases[name].page.read_text(encoding="utf-8")
    assert set(re.findall(r"https?://[^\s\"'<>]+", text)) == {"http://www.w3.org/2000/svg"}
    tree = html.fromstring(text.encode("utf-8"))
    for attribute in ("src", "href"):
        for value in tree.xpath(f"//@{attribute}"):
            assert value.startswith(("#", "data:image/png;base64,")), value
    (policy,) = tree.xpath('//meta[@http-equiv="Content-Security-Policy"]/@content')
    assert policy.startswith("default-src 'none'; img-src data:;")
    assert "unsafe" not in policy


def test_counters_stand_where_the_module_puts_them(report_cases: dict[str, ReportCase]) -> None:
    spec = shipped_game("dos")
    hex_map = spec.maps[0].hex_map
    assert hex_map is not None
    stacks = html.fromstring(report_cases["dos"].page.read_bytes()).xpath('//*[@class="stack"]')
    assert len(stacks) > 70
    for stack in stacks:
        x, y = map(float, re.fullmatch(r"translate\((\S+) (\S+)\)", stack.get("transform")).groups())  # type: ignore[union-attr]
        snapped = hex_map.pixel_centre(hex_of(spec, stack.get("data-location")))
        assert abs(x - snapped[0]) < 0.51 and abs(y - snapped[1]) < 0.51


def test_stacks_say_their_size(report_cases: dict[str, ReportCase]) -> None:
    tree = html.fromstring(report_cases["dos"].page.read_bytes())
    (over,) = tree.xpath('//*[@class="stack" and @data-location="N2142"]')
    assert len(over.get("data-units").split()) == 9
    assert over.xpath('string(.//*[@class="stack-count-text"])') == "9"
    assert tree.xpath('//*[@id="layer-stacking"]/@data-count') == ["1"]


def test_attacks_are_drawn_with_their_column(report_cases: dict[str, ReportCase]) -> None:
    tree = html.fromstring(report_cases["tps"].page.read_bytes())
    (label,) = tree.xpath('//*[@class="odds-label"]')
    code, output, _ = run("odds", str(report_cases["tps"].position), "--attack", "2913", "--from", "2914",
                          "--format", "json")
    assert code == 0
    assert label.xpath("string(.//*[local-name()='text'])") == json.loads(output)["final_column"]
    assert len(tree.xpath('//*[@class="odds-arrow"]')) == 1
    # --as axis: the defenders are untried, so the odds are withheld until the combat reveals them (2.14)
    withheld = html.fromstring(report_cases["dos-as-axis"].page.read_bytes())
    assert withheld.xpath("string(//*[@class='odds-label'])").startswith("?")
    assert "Odds not known" in withheld.xpath("string(//*[@id='odds'])")


def test_rattenkrieg_shows_its_position_without_a_referee(report_cases: dict[str, ReportCase]) -> None:
    tree = html.fromstring(report_cases["rks"].page.read_bytes())
    assert "no referee for this game yet" in tree.xpath("string(//h1)")
    locations = {stack.get("data-location") for stack in tree.xpath('//*[@class="stack"]')}
    spec = shipped_game("rks")
    assert locations == {placement.location for placement in spec.scenarios["city"].setup}
    assert len(tree.xpath('//*[@data-area]')) == len(spec.maps[0].areas)


@pytest.mark.parametrize(("game", "scenario"), [("dos", "blue"), ("dos", "uranus"), ("tps", "7"), ("tps", "10")])
def test_the_largest_setups_stay_under_3_mb(game: str, scenario: str) -> None:
    position = setup_position(shipped_game(game), scenario)
    assert len(build_report(position, referee_view()).encode("utf-8")) < LIMIT_BYTES
    if game == "dos":
        assert len(build_report(position, player_view(position, "soviet")).encode("utf-8")) < LIMIT_BYTES


def test_hostile_text_is_escaped(tmp_path: Path) -> None:
    game = tmp_path / "open"
    shutil.copytree(POSITIONS / "tps" / "open", game)
    units = game / "units.toml"
    units.write_text(units.read_text().replace('name = "German infantry 1"',
                                               'name = "<script>alert(\'unit\')</script>"'))
    source = (POSITIONS / "tps" / "front_gaps.toml").read_text()
    source = source.replace('phase = "Axis motorised movement"', 'phase = "</script><script>alert(1)</script>"')
    position = tmp_path / "<img src=x onerror=alert(2)>.toml"
    position.write_text(source)
    code, _, error = run("report", str(position), "-o", str(tmp_path / "hostile.html"))
    assert code == 0, error
    text = (tmp_path / "hostile.html").read_text()
    assert "<script>alert" not in text and "<img src=x" not in text
    assert text.count("<script") == 2
    tree = html.fromstring(text.encode("utf-8"))
    assert "</script><script>alert(1)</script>" in tree.xpath("string(//header)")
    assert "<img src=x onerror=alert(2)>.toml" in tree.xpath("string(//header)")


def test_an_earlier_page_is_replaced_but_no_other_file(report_cases: dict[str, ReportCase], tmp_path: Path) -> None:
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
def test_bad_requests_are_one_line_and_write_nothing(tmp_path: Path, options: tuple[str, ...], message: str) -> None:
    position = write_position(tmp_path / "dos.toml", "dos", "blue", DOS_BLUE_TURN_3)
    code, output, error = run("report", str(position), *options)
    assert (code, output) == (2, "")
    assert message in error and error.count("\n") == 1 and "Traceback" not in error
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dos.toml"]


def test_a_broken_position_is_one_line(tmp_path: Path) -> None:
    position = write_position(tmp_path / "tps.toml", "tps", "1", Changes(turn=1, moved={"de-14pd": "9999"}))
    code, _, error = run("report", str(position))
    assert code == 2 and "unknown hex or area '9999'" in error and error.count("\n") == 1
    assert not (tmp_path / "tps.html").exists()
