"""Reading the timeline page ``stavka audit --format html`` writes: its data, its counters
at each frame, and the DOM a headless browser leaves after the page's script ran."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from builder.audit_trail import read_trail
from builder.report.page import board_for
from tests.cli.test_cli import run

DATA_OPEN = '<script type="application/json" id="timeline-data">'
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run")


def chromium() -> str | None:
    """Debian's Chromium, as the report's browser tests use it, if it is installed."""
    return shutil.which("chromium")


def write_page(page: Path, *arguments: str) -> Path:
    """The page of ``arguments`` (files and options), written through the command line."""
    code, output, error = run("audit", "--format", "html", "-o", str(page), *arguments)
    assert (code, error) == (0, ""), error
    assert output.strip() == f"wrote {page}"
    return page


def page_data(page: Path) -> dict[str, Any]:
    """The page's data block: frames, entries and the map's places."""
    text = page.read_text(encoding="utf-8")
    start = text.index(DATA_OPEN) + len(DATA_OPEN)
    data = json.loads(text[start : text.index("</script>", start)])
    assert isinstance(data, dict)
    links = re.findall(r'<a class="entry (\w+)" id="(step-(\d+)[^"]*)"', text)
    assert len(links) == len(data["entries"])
    for entry, (mark, anchor, step) in zip(data["entries"], links, strict=True):
        # Each entry's link gives its mark and anchor (whose number is its step); the data
        # leaves out a field with nothing to say, as the page's script reads it.
        entry |= {"mark": mark, "anchor": anchor, "step": int(step)}
        entry.setdefault("unit", None)
        entry.setdefault("units", [entry["unit"]] if entry["unit"] else [])
        entry.setdefault("place", None)
        entry.setdefault("path", [])
    return data


def counters_at(data: dict[str, Any], frame: int) -> dict[str, list[Any]]:
    """Every counter after ``frame``, as ``[place, x, y, level, face, tooltip]``: the
    start's, each later frame's changes applied, each read as the page's script reads it
    (``[place, level, look]`` at the place's centre, else ``[place, x, y, level, look]``)."""
    placed: dict[str, list[Any]] = {}
    for shown in data["frames"][: frame + 1]:
        for name, counter in shown["changes"].items():
            if counter is None:
                placed.pop(name, None)
                continue
            if len(counter) == 3:
                place, level, look = counter
                x, y = data["centres"][place]
            else:
                place, x, y, level, look = counter
            placed[name] = [place, x, y, level, *data["looks"][look]]
    return placed


def ledger_json(*arguments: str) -> dict[str, Any]:
    code, output, error = run("audit", "--format", "json", *arguments)
    assert (code, error) == (0, ""), error
    ledger = json.loads(output)
    assert isinstance(ledger, dict)
    return ledger


def assert_matches_the_trail(page: Path, log: Path) -> None:
    """One timeline entry per ledger entry, and each frame's units where the trail's
    snapshot has them (a unit off the map or eliminated is in no frame)."""
    data = page_data(page)
    entries = ledger_json(str(log))["entries"]
    html = page.read_text(encoding="utf-8")
    assert html.count('<a class="entry ') == len(entries) == len(data["entries"])
    assert [entry["step"] for entry in data["entries"]] == [entry["step"] for entry in entries]
    trail = read_trail(log)
    snapshots = [trail.start, *trail.snapshots]
    assert [frame["step"] for frame in data["frames"]] == [item.step for item in snapshots]
    board = board_for(trail.start.position)
    for index, snapshot in enumerate(snapshots):
        placed = {
            name: counter[0]
            for name, counter in counters_at(data, index).items()
            if not name.startswith("control:")
        }
        expected = {state.unit.id: board.location_of(state) for state in snapshot.position.units}
        assert placed == {unit: place for unit, place in expected.items() if place is not None}
    for entry in data["entries"]:
        assert data["frames"][entry["frame"]]["step"] <= entry["step"]


class _Stacks(HTMLParser):
    """The stacks of counters in a DOM, and the selection drawn on the map."""

    def __init__(self) -> None:
        super().__init__()
        self.stacks: list[dict[str, str]] = []
        self.rings: list[dict[str, str]] = []
        self.paths: list[dict[str, str]] = []
        self.body: dict[str, str] = {}
        self.selected: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        classes = attributes.get("class", "").split()
        if tag == "g" and "stack" in classes:
            self.stacks.append(attributes)
        elif tag == "circle" and "selected-ring" in classes:
            self.rings.append(attributes)
        elif tag == "polyline" and attributes.get("id") == "move-path":
            self.paths.append(attributes)
        elif tag == "body":
            self.body = attributes
        elif tag == "a" and "selected" in classes:
            self.selected.append(attributes)


def browser_dom(page: Path, fragment: str) -> _Stacks:
    """The page opened at ``#fragment`` in headless Chromium, its DOM after the script ran."""
    browser = chromium()
    assert browser is not None, "Chromium is missing: scripts/install installs Debian's chromium"
    dumped = subprocess.run(
        [browser, *CHROMIUM_FLAGS, "--dump-dom", f"{page.as_uri()}#{fragment}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    parsed = _Stacks()
    parsed.feed(dumped.stdout)
    return parsed


def place_of(dom: _Stacks, unit: str) -> tuple[str, str]:
    """The place and the ``translate`` of the stack ``unit`` is in."""
    found = [stack for stack in dom.stacks if unit in stack["data-units"].split()]
    assert len(found) == 1, f"{unit} in {len(found)} stacks"
    return found[0]["data-location"], found[0]["transform"]
