"""Help > Referee (issue 39): a player who has only the module learns what the referee
does, the one line that installs Stavka on each system, and the version the module wants;
the plugin's buttons carry the same install lines for its chat."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from lxml import etree

from builder.module.help import referee_help_text
from builder.module.plugin import (
    COMPONENT,
    REFEREE_HELP_FILE,
    REFEREE_HELP_TITLE,
    jar_bytes,
    referee_buttons,
)
from builder.release import stavka_version
from tests.support.games import shipped_game

VERSION = "1.2.3"
WHEEL = "stavka-1.2.3-py3-none-any.whl"


class _Text(HTMLParser):
    """The visible text of a page, its headings and its table rows."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.headings: list[str] = []
        self.rows: list[list[str]] = []
        self._tag = ""
        self._in_row = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag = tag
        if tag == "tr":
            self.rows.append([])
            self._in_row = True

    def handle_endtag(self, tag: str) -> None:
        self._tag = ""
        self._in_row = self._in_row and tag != "tr"

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._tag in ("h1", "h2"):
            self.headings.append(data.strip())
        if self._in_row and self._tag in ("td", "tt", "b") and data.strip():
            self.rows[-1].append(data.strip())


@pytest.mark.parametrize("game", ["tps", "dos", "rks"])
def test_the_referee_page_says_what_it_does_how_to_install_and_the_version(game: str) -> None:
    spec = shipped_game(game)
    page = _Text()
    page.feed(referee_help_text(spec, VERSION))
    text = " ".join(" ".join(page.text).split())
    assert page.headings == [
        "The referee",
        "Installing Stavka",
        "Where the module looks for Stavka",
    ]
    assert [row[0] for row in page.rows[1 : 1 + len(referee_buttons(spec))]] == [
        button.text for button in referee_buttons(spec)
    ]
    assert page.rows[-3:] == [
        ["Windows", "py -m pip install --user pipx", f"py -m pipx install --force {WHEEL}"],
        ["macOS", "brew install pipx", f"pipx install --force {WHEEL}"],
        [
            "Linux",
            "sudo apt install pipx (or your distribution's pipx package)",
            f"pipx install --force {WHEEL}",
        ],
    ]
    assert f"built by Stavka {VERSION} and wants that version or a newer one" in text
    assert "File > Preferences > Stavka" in text and "PIPX_BIN_DIR" in text
    assert "stavka doctor" in text


def test_the_help_menu_has_the_referee_page_and_the_buttons_the_install_lines(
    build_files: dict[str, etree._Element],
) -> None:
    for root in build_files.values():
        pages = root.findall(
            "VASSAL.build.module.Documentation/VASSAL.build.module.documentation.HelpFile"
        )
        assert [(page.get("title"), page.get("fileName")) for page in pages][1:] == [
            (REFEREE_HELP_TITLE, REFEREE_HELP_FILE)
        ]
        wheel = f"stavka-{stavka_version()}-py3-none-any.whl"
        for button in root.findall(COMPONENT):
            assert button.get("install") == f"pipx install --force {wheel}"
            assert button.get("installWindows") == f"py -m pipx install --force {wheel}"


def test_the_plugins_jar_is_the_same_bytes_for_the_same_classes() -> None:
    classes = {"stavka/B.class": b"\xca\xfe\xba\xbeb", "stavka/A.class": b"\xca\xfe\xba\xbea"}
    jar = jar_bytes(classes)
    assert jar == jar_bytes(dict(reversed(classes.items())))
    assert jar.index(b"stavka/A.class") < jar.index(b"stavka/B.class")
