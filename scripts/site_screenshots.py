"""Take the pictures of the guide itself in headless Chromium: ``docs/images/site-*.png``.

Builds the guide (``mkdocs build --strict``), serves it on the loopback address and opens
it as a reader does: the home page with its navigation, a search, a page of commands with
their code blocks, the generated data files reference with its tables, and the
print-and-play page with its pictures. Run by hand after changing the guide's look:

    .venv/bin/python scripts/site_screenshots.py [FOLDER]   # default docs/images
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from builder.output import write_output
from tests.docs.site import ROOT, build_site, served
from tests.support.browser import CHROMIUM, CHROMIUM_FLAGS

WIDTH, HEIGHT = 1400, 900


def search(page: Page) -> None:
    """Open the search and type a word a reader looks for."""
    page.locator(".md-search__input").first.click()
    page.locator("input.md-search__input").fill("annotate")
    page.locator(".md-search-result__item").first.wait_for(timeout=30_000)


def scroll_to(text: str) -> object:
    def action(page: Page) -> None:
        page.locator("article").get_by_text(text, exact=False).first.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, -120)")

    return action


SHOTS = (
    ("site-home.png", "index.html", None),
    ("site-search.png", "index.html", search),
    ("site-code.png", "players/refereeing.html", scroll_to("What each command says")),
    ("site-table.png", "reference/data-files.html", scroll_to("[[unit.arrival]]")),
    ("site-pictures.png", "players/print-and-play.html", scroll_to("A test reads every page")),
)


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    with tempfile.TemporaryDirectory() as folder:
        done = build_site(Path(folder) / "site", strict=False)
        if done.returncode != 0:
            sys.exit(done.stderr[-4000:])
        with served(Path(folder) / "site") as address, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS[1:]), headless=True
            )
            for name, path, action in SHOTS:
                page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
                page.goto(address + path)
                page.wait_for_load_state("load")
                if callable(action):
                    action(page)
                page.wait_for_timeout(500)
                write_output(output / name, page.screenshot())
                print(output / name)
                page.close()
            browser.close()


if __name__ == "__main__":
    main()
