"""``stavka report`` on Rattenkrieg as a file: the area map drawn from the outlines the board
is drawn from, counters on the module's spots and clear of the names, the layers of
control (3.6), isolation (8.10), the enemy rear (3.5) and the objectives (4.0) as the
referee rules them, control markers as placed, and hidden cards kept hidden.

A save or a position holds every card. ``--as SIDE`` must never put a card of the other
side's steps, hand or face-down duel cards into the page — not in its text, its SVG, its
attributes or its embedded data — under any name a card has (``Q♥``, ``Queen of hearts``,
``"qh"``). These tests search the pages of a dealt save of the built module and of a
position file in which both sides have played a card face down.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from lxml import html
from shapely.geometry import box

from builder.art.area_board import NAME_COLOUR
from builder.art.area_layout import name_layout, piece_spots
from builder.art.look import SIDE_COLOURS
from builder.report.svg import colour
from builder.saves.positions import position_from_save
from rules.areas import AreaMap
from rules.cards import Card
from rules.referee.position import Position
from rules.referee.position_file import read_position_file
from tests.report.conftest import ReportCase
from tests.report.test_page import attribute, find, page_data, parse, strings, text
from tests.support.games import shipped_game

GERMAN, SOVIET = "german", "soviet"
OTHER = {GERMAN: SOVIET, SOVIET: GERMAN}
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def area_map() -> AreaMap:
    found = shipped_game("rks").maps[0].area_map
    assert found is not None
    return found


def path_points(d: str) -> list[list[tuple[float, float]]]:
    """The polygons of a path's ``d`` (M…L…Z), as the report writes them."""
    polygons = []
    for part in d.split("Z"):
        values = [float(value) for value in NUMBER.findall(part)]
        if values:
            polygons.append(list(zip(values[::2], values[1::2], strict=True)))
    return polygons


def stack_point(stack: html.HtmlElement) -> tuple[float, float]:
    placed = re.fullmatch(r"translate\((\S+) (\S+)\)", attribute(stack, "transform"))
    assert placed is not None
    return float(placed.group(1)), float(placed.group(2))


def verdicts_of(case: ReportCase, topic: str) -> list[dict[str, Any]]:
    return [verdict for verdict in case.verdicts if verdict["topic"] == topic]


def test_areas_are_the_outlines_of_the_board(report_cases: dict[str, ReportCase]) -> None:
    tree = parse(report_cases["rks"].page)
    outlines = area_map()
    spec = shipped_game("rks")
    drawn = find(tree, '//*[@id="areas"]/*[@data-area]')
    assert sorted(attribute(path, "data-area") for path in drawn) == sorted(
        area.id for area in spec.maps[0].areas
    )
    for path in drawn:
        (points,) = path_points(attribute(path, "d"))
        expected = outlines.polygon(attribute(path, "data-area"))
        assert len(points) == len(expected)
        assert all(
            abs(x - ex) <= 0.06 and abs(y - ey) <= 0.06
            for (x, y), (ex, ey) in zip(points, expected, strict=True)
        )
    for area in spec.maps[0].areas:
        names = find(tree, f'//*[@data-name-of="{area.id}"]')
        assert " ".join(name.text or "" for name in names) == area.name
        assert {attribute(name, "fill") for name in names} == {colour(NAME_COLOUR[area.kind])}
    (stars,) = find(tree, '//*[@class="objective-stars"]')
    assert len(path_points(attribute(stars, "d"))) == 3
    (shafts, heads) = find(tree, '//*[@id="crossings"]/*')
    assert attribute(shafts, "d").count("M") == len(outlines.crossings) == 3
    assert len(path_points(attribute(heads, "d"))) == 6
    assert len(find(tree, '//*[@data-water="Volga"]')) == 1


def test_counters_stand_on_the_modules_spots_clear_of_every_name(
    report_cases: dict[str, ReportCase],
) -> None:
    game_map = shipped_game("rks").maps[0]
    names = [box(*name_layout(area_map(), area).text) for area in game_map.areas]
    tree = parse(report_cases["rks"].page)
    by_area: dict[str, list[html.HtmlElement]] = {}
    for stack in find(tree, '//*[@class="stack"]'):
        by_area.setdefault(attribute(stack, "data-location"), []).append(stack)
    assert len(by_area["city_centre"]) == 2, "both sides' stacks show in a contested area"
    spots = piece_spots(game_map)
    for area_id, placed in by_area.items():
        assert [stack_point(stack) for stack in placed] == [spots[area_id][0], spots[area_id][2]][
            : len(placed)
        ]
    for marker in find(tree, '//*[@id="layer-markers"]/*'):
        assert stack_point(marker) == spots[attribute(marker, "data-area")][1]
    # every place of every area leaves every name readable; the module's places (units and
    # marker) of two areas touch at most at a corner
    counters = {
        (area, index): box(x - 36, y - 36, x + 36, y + 36)
        for area, placed in spots.items()
        for index, (x, y) in enumerate(placed)
    }
    for (area, index), counter in counters.items():
        assert all(not counter.intersects(name) for name in names), (area, index)
        if index < 2:
            assert all(
                counter.intersection(other).area < 0.05 * counter.area
                for (neighbour, other_index), other in counters.items()
                if neighbour != area and other_index < 2
            )
    home = {
        stack_point(stack): attribute(stack, "data-units").split()
        for stack in by_area["soviet_rear"]
    }
    assert list(home.values()) == [["13gds", "39gds"], ["389"]], (
        "the owner of a rear stands at its spot"
    )


def test_stacks_say_their_size_and_counters_their_steps(
    report_cases: dict[str, ReportCase],
) -> None:
    tree = parse(report_cases["rks-as-soviet"].page)
    (factory,) = find(tree, '//*[@class="stack" and @data-location="tractor_factory"]')
    assert attribute(factory, "data-units") == "14pz 24pz"
    assert text(factory, './/*[@class="stack-count-text"]') == "2"
    steps = {
        verdict["unit"]: verdict["details"]
        for verdict in verdicts_of(report_cases["rks-as-soviet"], "steps")
    }
    for stack in find(tree, '//*[@class="stack"]'):
        top = attribute(stack, "data-units").split()[-1]
        badges = find(stack, './/*[@class="step-badge"]')
        if steps[top]["maximum"] == "0":
            assert badges == []
        else:
            (badge,) = badges
            assert (
                attribute(badge, "data-steps") == f"{steps[top]['steps']} {steps[top]['maximum']}"
            )
    # the acted 24pz shows its acted side, unlike the 14pz below it
    uses = find(factory, ".//*[local-name()='use']")
    assert len({attribute(use, "href") for use in uses}) == 2


def test_control_is_tinted_as_the_referee_rules(report_cases: dict[str, ReportCase]) -> None:
    case = report_cases["rks"]
    tree = parse(case.page)
    areas = {verdict["details"]["area"]: verdict for verdict in verdicts_of(case, "control")}
    tinted: dict[str, str] = {}
    for path in find(tree, '//*[@id="layer-control"]/*[@data-places]'):
        if path.get("class") == "dashed-places":
            assert attribute(path, "data-places").split() == [
                area
                for area, verdict in areas.items()
                if verdict["details"]["reason"] == "contested"
            ]
            continue
        for area in attribute(path, "data-places").split():
            tinted[area] = attribute(path, "fill")
    assert tinted == {
        area: colour(SIDE_COLOURS[verdict["details"]["control"]]) for area, verdict in areas.items()
    }
    assert tinted["orlovka"] == colour(SIDE_COLOURS[GERMAN]), "isolated rifle2 does not count (3.6)"
    assert tinted["settlements"] == colour(SIDE_COLOURS[GERMAN])
    assert tinted["city_centre"] == colour(SIDE_COLOURS[SOVIET])


def test_isolated_units_and_units_in_the_enemy_rear_are_marked(
    report_cases: dict[str, ReportCase],
) -> None:
    case = report_cases["rks"]
    tree = parse(case.page)
    isolated = {
        verdict["unit"]
        for verdict in verdicts_of(case, "isolation")
        if verdict["outcome"] == "isolated"
    }
    marked = {
        unit
        for mark in find(tree, '//*[@id="layer-isolated"]/*[@class="unit-mark"]')
        for unit in attribute(mark, "data-units").split()
    }
    assert marked == isolated == {"rifle2", "rifle3"}
    in_rear = {verdict["unit"] for verdict in verdicts_of(case, "rear")}
    marked = {
        unit
        for mark in find(tree, '//*[@id="layer-enemy-rear"]/*[@class="unit-mark"]')
        for unit in attribute(mark, "data-units").split()
    }
    assert marked == in_rear == {"389"}


def test_objectives_are_edged_by_whether_the_german_holds_them(
    report_cases: dict[str, ReportCase],
) -> None:
    case = report_cases["rks"]
    (victory,) = verdicts_of(case, "victory")
    held = set(victory["details"]["german_holds"].split())
    edges = {
        attribute(path, "data-place"): attribute(path, "stroke")
        for path in find(parse(case.page), '//*[@id="layer-objectives"]/*[@data-place]')
    }
    assert (
        set(edges)
        == set(victory["details"]["objectives"].split())
        == {"tractor_factory", "red_october", "city_centre"}
    )
    assert held == {"tractor_factory", "red_october"}
    assert edges == {
        area: colour(SIDE_COLOURS[GERMAN if area in held else SOVIET]) for area in edges
    }


def test_control_markers_show_what_the_position_records(
    report_cases: dict[str, ReportCase],
) -> None:
    tree = parse(report_cases["rks"].page)
    markers = {
        attribute(marker, "data-area"): marker
        for marker in find(tree, '//*[@id="layer-markers"]/*')
    }
    assert {area: attribute(marker, "data-shows") for area, marker in markers.items()} == {
        "settlements": GERMAN,
        "barrikady": GERMAN,
        "mamayev_kurgan": GERMAN,
    }
    turned = [area for area, marker in markers.items() if "turn-over" in attribute(marker, "class")]
    assert turned == ["mamayev_kurgan"], (
        "rifle4 stands there alone: the marker must be turned over (3.6)"
    )
    faces = {
        attribute(use, "href")
        for use in find(tree, '//*[@id="layer-markers"]//*[local-name()="use"]')
    }
    assert len(faces) == 1


def test_verdicts_point_at_their_areas_and_units(report_cases: dict[str, ReportCase]) -> None:
    case = report_cases["rks"]
    rows = {
        (row.get("data-kind"), text(row, './/*[@class="subject"]')): row
        for row in find(parse(case.page), '//li[contains(@class, "verdict")]')
    }
    assert rows[("control", "Orlovka")].get("data-places") == "orlovka"
    assert rows[("control", "Orlovka")].get("data-side") == GERMAN
    assert (
        rows[("victory", "victory")].get("data-places") == "tractor_factory red_october city_centre"
    )
    assert rows[("isolation", "rifle2")].get("data-unit") == "rifle2"
    assert rows[("hand", "German hand")].get("data-side") == GERMAN
    units = page_data(case.page)["units"]
    assert units["rifle2"]["location"] == "orlovka" and units["rifle2"]["verdicts"]
    areas = page_data(case.page)["areas"]
    (outline,) = path_points(areas["orlovka"]["outline"])
    assert len(outline) == len(area_map().polygon("orlovka"))


# ---------------------------------------------------------------- hidden cards


def position_of(case: ReportCase) -> Position:
    """The position a page was written from, read as ``stavka`` reads it."""
    return (
        position_from_save(case.position)
        if case.position.suffix == ".vsav"
        else read_position_file(case.position)
    )


def cards_of(position: Position, side: str) -> list[Card]:
    """Every card of ``side``'s steps, hand and duel box: what only its player may see."""
    table = position.cards
    assert table is not None
    steps = [
        card
        for unit_id, cards in table.steps.items()
        if position.spec.units[unit_id].side == side
        for card in cards
    ]
    return steps + list(table.hand(side)) + list(table.played.get(side, ()))


def everything_in(page: str) -> tuple[str, list[str]]:
    """A page's text and attribute values as one string, and every string of its data block."""
    tree = html.fromstring(page.encode("utf-8"))
    words = [*strings(tree, "//text()"), *strings(tree, "//@*")]
    (block,) = find(tree, '//script[@id="report-data"]')
    data: object = json.loads(block.text or "")
    return "\n".join(words), json_strings(data)


def json_strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in (str(key), *json_strings(item))]
    if isinstance(value, list):
        return [text for item in value for text in json_strings(item)]
    return [value] if isinstance(value, str) else []


def leaks(page: str, cards: list[Card]) -> list[str]:
    """Every card the page names: as printed (``Q♥``) or by name in its text, attributes or
    data, or by id as a word of any of them (an id such as ``as`` is also an English word)."""
    words, data = everything_in(page)
    found = [
        name
        for card in cards
        for name in (card.short_name, card.name)
        if name in words or name in "\n".join(data)
    ]
    tokens = {
        token for source in (words, *data) for token in re.split(r"[\s,;:()\[\]\"']+", source)
    }
    found += [card.id for card in cards if card.id in tokens and card.id != "as"]
    return found


@pytest.mark.parametrize("source", ["position", "save"])
@pytest.mark.parametrize(("viewer", "other"), [(SOVIET, GERMAN), (GERMAN, SOVIET)])
def test_a_players_page_holds_no_card_of_the_other_side(
    report_cases: dict[str, ReportCase],
    rks_save_cases: dict[str, ReportCase],
    source: str,
    viewer: str,
    other: str,
) -> None:
    case = (
        report_cases[f"rks-as-{viewer}"]
        if source == "position"
        else rks_save_cases[f"save-as-{viewer}"]
    )
    position = position_of(case)
    hidden, own = cards_of(position, other), cards_of(position, viewer)
    assert len(hidden) >= 14 and len(own) >= 14
    page = case.page.read_text(encoding="utf-8")
    assert leaks(page, hidden) == []
    words, _ = everything_in(page)
    assert all(card.short_name in words for card in own), "its own cards are shown"
    table = position.cards
    assert table is not None
    assert all(card.short_name in words for card in table.discard), "the discard pile is public"
    counts = [
        text(item, ".")
        for item in find(parse(case.page), f'//ul[@data-side="{other}"]//*[@class="hidden-cards"]')
    ]
    assert counts and all(re.fullmatch(r"\d+ cards?, face down", count) for count in counts)


@pytest.mark.parametrize("name", ["rks", "save"])
def test_the_referees_page_shows_both_sides_and_says_so(
    report_cases: dict[str, ReportCase], rks_save_cases: dict[str, ReportCase], name: str
) -> None:
    case = report_cases[name] if name == "rks" else rks_save_cases[name]
    position = position_of(case)
    page = case.page.read_text(encoding="utf-8")
    words, _ = everything_in(page)
    assert all(
        card.short_name in words for side in (GERMAN, SOVIET) for card in cards_of(position, side)
    )
    tree = parse(case.page)
    assert "both sides' cards" in text(tree, "//h1")
    assert "both sides' cards" in text(tree, '//*[@class="meta"]')
    assert "both sides' cards" in text(tree, '//*[@id="cards"]/h2')
    assert find(tree, '//*[@class="hidden-cards"]') == []


def test_a_save_of_the_module_is_reported_like_check(rks_save_cases: dict[str, ReportCase]) -> None:
    """The dealt save: every verdict of ``check`` on it, each unit in its area, Orlovka's
    marker on its German side and rifle2 marked isolated as the save has them."""
    for case in rks_save_cases.values():
        embedded = page_data(case.page)["verdicts"]
        assert [
            {key: item[key] for key in verdict}
            for item, verdict in zip(embedded, case.verdicts, strict=True)
        ] == case.verdicts
    case = rks_save_cases["save"]
    tree = parse(case.page)
    setup = shipped_game("rks").scenarios["city"].setup
    placed = {name: unit["location"] for name, unit in page_data(case.page)["units"].items()}
    assert placed == {placement.unit: placement.location for placement in setup}
    markers = {
        attribute(marker, "data-area"): attribute(marker, "data-shows")
        for marker in find(tree, '//*[@id="layer-markers"]/*')
    }
    assert (
        len(markers) == 12
        and markers.pop("orlovka") == GERMAN
        and set(markers.values()) == {SOVIET}
    )
    # rifle2 is flagged, and alone in Orlovka it counts for nothing: the German keeps the area
    assert strings(tree, '//*[@id="layer-isolated"]/*/@data-units') == ["rifle2"]
    assert [verdict["unit"] for verdict in case.verdicts if verdict["outcome"] == "isolated"] == [
        "rifle2"
    ]
