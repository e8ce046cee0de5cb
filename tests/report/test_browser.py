"""The report page in a real browser: it loads clean and offline, a click shows the supply
line ``stavka check`` traced, every layer toggles what is drawn, verdicts and counters
point at each other, filters filter, and it reads on a phone and prints on one page.

Each game's screenshot is the guide's picture of it: run with ``STAVKA_DOC_IMAGES=1`` to
write them into ``docs/images``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import BrowserContext, Page
from pypdf import PdfReader

from tests.report.conftest import ReportCase, open_report
from tests.report.test_page import page_data, write_hostile_report
from tests.support.games import hex_of, shipped_game

pytestmark = pytest.mark.browser

DOC_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
SUPPLY_COLOURS = {"out": (208, 48, 42), "limited": (224, 160, 0), "supplied": (46, 139, 61)}
RKS_COLOURS = {
    "German control (grey at 0.3 over an ordinary area)": (184, 179, 158),
    "Soviet control (red at 0.3 over an ordinary area)": (216, 169, 146),
    "isolated units": (123, 45, 155),
    "a control marker to turn over": (255, 106, 0),
    "the Volga": (150, 186, 220),
    "the arrows of 3.5": (176, 36, 30),
}


def view_box(page: Page) -> list[float]:
    return [float(value) for value in page.get_attribute("#map", "viewBox").split()]  # type: ignore[union-attr]


def top_units_with_lines(case: ReportCase, count: int) -> list[dict[str, Any]]:
    """Verdicts of units on top of their stacks whose supply line runs several hexes."""
    tops = {names[-1] for names in page_data(case.page)["stacks"].values()}
    chosen = [
        verdict
        for verdict in case.verdicts
        if verdict["unit"] in tops and verdict["topic"] == "supply" and len(verdict["path"]) >= 4
    ]
    assert len(chosen) >= min(count, 4)
    return chosen[:: max(1, len(chosen) // count)][:count]


@pytest.mark.parametrize(
    "name", ["dos", "dos-as-axis", "tps", "rks", "rks-as-german", "rks-as-soviet"]
)
def test_the_page_loads_with_no_error_and_no_request(
    browser: BrowserContext, report_cases: dict[str, ReportCase], name: str
) -> None:
    opened = open_report(browser, report_cases[name].page)
    opened.page.click("#zoom-in")
    assert opened.console_errors == []
    assert [url for url in opened.requests if not url.startswith("data:")] == [
        report_cases[name].page.as_uri()
    ]
    opened.page.close()


@pytest.mark.parametrize("name", ["dos", "tps"])
def test_clicking_a_unit_shows_the_line_check_traced(
    browser: BrowserContext, report_cases: dict[str, ReportCase], name: str
) -> None:
    case = report_cases[name]
    spec = shipped_game(case.game)
    hex_map = spec.maps[0].hex_map
    assert hex_map is not None
    page = open_report(browser, case.page).page
    for verdict in top_units_with_lines(case, 4):
        page.click(f'.stack[data-units$="{verdict["unit"]}"]', force=True)
        line = page.locator("#supply-line")
        assert line.get_attribute("data-unit") == verdict["unit"]
        assert line.get_attribute("data-hexes") == " ".join(verdict["path"])
        drawn = line.get_attribute("points")
        assert drawn is not None
        points = [tuple(map(float, point.split(","))) for point in drawn.split()]
        expected = [hex_map.centre(hex_of(spec, label)) for label in verdict["path"]]
        assert len(points) == len(expected)
        assert all(
            abs(x - ex) <= 0.06 and abs(y - ey) <= 0.06
            for (x, y), (ex, ey) in zip(points, expected, strict=True)
        )
        selected = page.locator(".verdict.selected")
        assert (
            selected.count() >= 1 and selected.first.get_attribute("data-unit") == verdict["unit"]
        )
    page.close()


def test_clicking_a_verdict_shows_its_unit(
    browser: BrowserContext, report_cases: dict[str, ReportCase]
) -> None:
    case = report_cases["dos"]
    page = open_report(browser, case.page).page
    index = next(
        i for i, verdict in enumerate(case.verdicts) if verdict["outcome"] == "out of supply"
    )
    before = view_box(page)
    page.click(f"#verdict-{index}")
    unit = case.verdicts[index]["unit"]
    assert page.locator(f"#verdict-{index}").get_attribute("class") == "verdict selected"
    assert page.locator("#highlight .selected-ring").count() == 1
    assert page.locator("#selection").is_visible()
    assert f"{unit} — " in page.inner_text("#selection-units")
    after = view_box(page)
    assert after != before and after[2] < before[2]
    # a verdict about a hex, not a unit: the stacking breach is ringed, with no supply line
    stacking = next(i for i, verdict in enumerate(case.verdicts) if verdict["topic"] == "stacking")
    page.click(f"#verdict-{stacking}")
    assert page.locator("#highlight .selected-ring").count() == 1
    assert page.locator("#supply-line").count() == 0
    page.close()


def changed_pixels(first: bytes, second: bytes) -> int:
    """How many pixels differ between two screenshots of the same size."""
    difference = ImageChops.difference(
        Image.open(io.BytesIO(first)).convert("RGB"), Image.open(io.BytesIO(second)).convert("RGB")
    ).convert("L")
    return sum(count for value, count in enumerate(difference.histogram()) if value > 40)


@pytest.mark.parametrize("name", ["dos", "tps"])
def test_toggling_each_layer_changes_what_is_drawn(
    browser: BrowserContext, report_cases: dict[str, ReportCase], name: str
) -> None:
    page = open_report(browser, report_cases[name].page).page
    (shown,) = top_units_with_lines(report_cases[name], 1)
    page.click(f'.stack[data-units$="{shown["unit"]}"]', force=True)  # a supply line to toggle
    toggles = page.locator("input[data-layer]:not([disabled])")
    layers = [toggles.nth(i).get_attribute("data-layer") for i in range(toggles.count())]
    expected = {"units", "supply", "line", "stacking", "odds"} | (
        {"network-axis", "network-soviet"}
        if name == "dos"
        else {"zoc-axis", "zoc-soviet", "front-soviet"}
    )
    assert set(layers) == expected

    def drawn() -> bytes:
        return page.locator("#map").screenshot(animations="disabled")

    # Chromium's smoothing of scaled counters and long paths differs slightly from one paint
    # to the next, so pixels count as changed only when they change clearly.
    with_units = drawn()
    page.uncheck('input[data-layer="units"]')
    without_units = drawn()
    assert changed_pixels(with_units, without_units) > 10000
    for layer in layers:
        if layer == "units":
            continue
        box = page.locator(f'input[data-layer="{layer}"]')
        before = drawn()
        box.click()
        assert page.locator(f"#layer-{layer}").is_visible() == box.is_checked()
        assert changed_pixels(before, drawn()) > 50, f"layer {layer} changed nothing"
        box.click()
        assert changed_pixels(before, drawn()) <= 5, f"layer {layer} did not come back"
    page.close()


def test_toggling_each_rattenkrieg_layer_changes_what_is_drawn(
    browser: BrowserContext, report_cases: dict[str, ReportCase]
) -> None:
    page = open_report(browser, report_cases["rks"].page).page
    page.click("#zoom-in")
    toggles = page.locator("input[data-layer]:not([disabled])")
    layers = [toggles.nth(i).get_attribute("data-layer") for i in range(toggles.count())]
    assert layers == ["units", "markers", "control", "isolated", "enemy-rear", "objectives"]

    def drawn() -> bytes:
        return page.locator("#map").screenshot(animations="disabled")

    for layer in layers:
        box = page.locator(f'input[data-layer="{layer}"]')
        before = drawn()
        box.click()
        assert not page.locator(f"#layer-{layer}").is_visible()
        assert changed_pixels(before, drawn()) > 300, f"layer {layer} changed nothing"
        box.click()
        assert changed_pixels(before, drawn()) <= 5, f"layer {layer} did not come back"
    page.close()


def screen_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where map pixel (x, y) is on the screen."""
    found = page.evaluate(
        """([x, y]) => {
        const svg = document.getElementById("map");
        const point = svg.createSVGPoint();
        point.x = x;
        point.y = y;
        const screen = point.matrixTransform(svg.getScreenCTM());
        return [screen.x, screen.y];
    }""",
        [x, y],
    )
    return float(found[0]), float(found[1])


def test_areas_and_units_point_at_their_verdicts_and_back(
    browser: BrowserContext, report_cases: dict[str, ReportCase]
) -> None:
    case = report_cases["rks"]
    page = open_report(browser, case.page).page
    index = {
        (verdict["topic"], verdict["subject"]): number
        for number, verdict in enumerate(case.verdicts)
    }
    # a verdict about an area outlines the area and lists the units in it
    page.click(f"#verdict-{index[('control', 'Orlovka')]}")
    assert page.locator("#highlight .selected-area").get_attribute("data-area") == "orlovka"
    assert page.inner_text("#selection-title") == "Orlovka: 2 units"
    # the victory verdict outlines the three objectives
    page.click(f"#verdict-{index[('victory', 'victory')]}")
    outlined = page.locator("#highlight .selected-area")
    assert {outlined.nth(i).get_attribute("data-area") for i in range(outlined.count())} == {
        "tractor_factory",
        "red_october",
        "city_centre",
    }
    # clicking an area on its name selects the verdicts about the area, through every layer over it
    page.click("#zoom-fit")
    centre = page_data(case.page)["centres"]["barrikady"]
    page.mouse.click(*screen_point(page, *centre))
    selected = page.locator(".verdict.selected")
    assert (
        selected.count() == 1
        and selected.first.get_attribute("id") == f"verdict-{index[('control', 'Barrikady')]}"
    )
    assert page.locator("#highlight .selected-area").get_attribute("data-area") == "barrikady"
    assert page.inner_text("#selection-title") == "Barrikady: 0 units"
    # a unit's verdicts from its counter, and its counter ringed from a verdict
    page.click('.stack[data-units="rifle2"]', force=True)
    marked = {selected.nth(i).get_attribute("id") for i in range(selected.count())}
    assert marked == {f"verdict-{index[(topic, 'rifle2')]}" for topic in ("steps", "isolation")}
    ring = page.locator("#highlight .selected-ring")
    assert ring.count() == 1
    at = page_data(case.page)["units"]["rifle2"]["at"]
    assert [float(ring.get_attribute("cx") or ""), float(ring.get_attribute("cy") or "")] == at
    page.click(f"#verdict-{index[('rear', '389')]}")
    assert page.locator("#selection-units .current").inner_text().startswith("389 — ")
    page.close()


def test_filters_by_side_and_state(
    browser: BrowserContext, report_cases: dict[str, ReportCase]
) -> None:
    page = open_report(browser, report_cases["tps"].page).page
    page.select_option("#filter-side", "axis")
    shown = page.locator(".verdict:not(.filtered)")
    assert shown.count() > 10
    assert {shown.nth(i).get_attribute("data-side") for i in range(shown.count())} == {"axis"}
    page.uncheck('input[data-kind="supplied"]')
    kinds = {shown.nth(i).get_attribute("data-kind") for i in range(shown.count())}
    assert "supplied" not in kinds and "out of supply" in kinds
    assert page.inner_text("#verdict-count") == f"{shown.count()} shown"
    page.close()


def test_zoom_pan_and_hex_numbers(
    browser: BrowserContext, report_cases: dict[str, ReportCase]
) -> None:
    page = open_report(browser, report_cases["tps"].page).page
    numbers = page.locator("#hex-numbers")
    assert not numbers.is_visible()
    start = view_box(page)
    page.mouse.move(500, 400)
    for _ in range(6):
        page.mouse.wheel(0, -300)
    zoomed = view_box(page)
    assert zoomed[2] < start[2] / 3
    assert numbers.is_visible()
    spec = shipped_game("tps")
    hex_map = spec.maps[0].hex_map
    assert hex_map is not None
    assert numbers.locator("text").count() == len(list(hex_map.hexes()))
    first = numbers.locator("text").first
    x, y = hex_map.centre(hex_of(spec, first.text_content() or ""))
    drawn_x, drawn_y = float(first.get_attribute("x") or ""), float(first.get_attribute("y") or "")
    assert abs(drawn_x - x) <= 0.06 and abs(drawn_y - (y - hex_map.boards[0].grid.dy * 0.3)) <= 0.11
    page.mouse.down()
    page.mouse.move(700, 500, steps=5)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1] and panned[2] == zoomed[2]
    page.click("#zoom-fit")
    assert view_box(page) == start
    page.close()


def test_reads_on_a_phone(browser: BrowserContext, report_cases: dict[str, ReportCase]) -> None:
    page = open_report(browser, report_cases["dos"].page, width=390, height=844).page
    map_box = page.locator("#map-pane").bounding_box()
    panel_box = page.locator("#panel").bounding_box()
    assert map_box is not None and panel_box is not None
    assert panel_box["y"] >= map_box["y"] + map_box["height"] - 1
    assert map_box["width"] == 390 and map_box["height"] > 400
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def test_prints_on_one_page(browser: BrowserContext, report_cases: dict[str, ReportCase]) -> None:
    page = open_report(browser, report_cases["dos"].page).page
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    page.close()


def test_hostile_names_run_no_script(browser: BrowserContext, tmp_path: Path) -> None:
    opened = open_report(browser, write_hostile_report(tmp_path))
    dialogs: list[str] = []
    opened.page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    opened.page.click(".stack", force=True)
    opened.page.hover(".stack")
    assert dialogs == [] and opened.console_errors == []
    assert opened.page.evaluate("document.querySelectorAll('script').length") == 2
    opened.page.close()


@pytest.mark.parametrize("name", ["dos", "tps", "rks"])
def test_screenshot_of_each_game(
    browser: BrowserContext, report_cases: dict[str, ReportCase], name: str, tmp_path: Path
) -> None:
    page = open_report(browser, report_cases[name].page, width=1400, height=860).page
    case = report_cases[name]
    if name == "rks":
        page.click("#zoom-in")
    else:
        longest = max(top_units_with_lines(case, 1 << 10), key=lambda verdict: len(verdict["path"]))
        page.click(f"#verdict-{case.verdicts.index(longest)}")
        page.click("#zoom-out")
    folder = DOC_IMAGES if os.environ.get("STAVKA_DOC_IMAGES") else tmp_path
    target = folder / f"report-{name}.png"
    page.screenshot(path=str(target))
    image = Image.open(target).convert("RGB")
    colours = {
        tuple(colour)
        for _, colour in image.getcolors(maxcolors=1 << 24) or []
        if isinstance(colour, tuple)
    }
    counted = {
        state: any(
            max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 6 for pixel in colours
        )
        for state, colour in SUPPLY_COLOURS.items()
    }
    if name == "rks":
        seen = {
            state: any(
                max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 6 for pixel in colours
            )
            for state, colour in RKS_COLOURS.items()
        }
        assert all(seen.values()), seen
        units = page_data(case.page)["units"].values()
        assert (
            page.locator(".stack").count()
            == len({(unit["location"], unit["side"]) for unit in units})
            == 14
        )
    else:
        assert counted["out"] and counted["supplied"], counted
        assert page.locator("#supply-line").count() == 1
    if name == "dos":
        assert counted["limited"]
    page.close()
