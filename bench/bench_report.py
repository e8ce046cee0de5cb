"""How big the report page is, how long it takes to write, and how fast it opens.

Run ``.venv/bin/python -m bench.bench_report [--repeats N]``. For the largest set-up of
each game it reports the page's size, the median time of ``stavka report`` as a user runs
it (a fresh process: start-up, game data, referee, drawing, writing), the page built
alone, ``stavka check`` on the same position in the same run and the ratio of the two (a
figure that holds on a busy machine too), and the median time Chromium takes from
navigation to the end of the page's load event (the script has run and the map is drawn).
Rattenkrieg's set-up is measured just after a seeded deal (every card placed, the cards
panel full), as the referee sees it and as the Soviet player does. Timings vary by
machine; compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from bench.bench_referee import position_file
from bench.timing import median_seconds, stavka_seconds
from builder.report.page import report_page
from rules.data.loader import load_game
from rules.referee.hidden import PlayerView, player_view, referee_view
from rules.referee.position import Position, setup_position
from rules.referee.position_file import read_position_file
from tests.support.browser import chromium_context
from tests.support.rks_deal import dealt_position_text

SETUPS = (
    ("dos", "blue", None),
    ("dos", "uranus", None),
    ("tps", "7", None),
    ("rks", "city", None),
    ("rks", "city", "soviet"),
)
DEAL_SEED = 17


def _open_milliseconds(pages: list[Path], repeats: int, profile: Path) -> list[float]:
    """Per page, the median milliseconds from navigation to the end of its load event."""
    medians = []
    with chromium_context(profile) as context:
        for page_path in pages:
            timings = []
            for _ in range(repeats + 1):
                tab = context.new_page()
                tab.goto(page_path.as_uri(), wait_until="load")
                timings.append(
                    tab.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
                )
                tab.close()
            medians.append(statistics.median(timings[1:]))
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=5, help="timed runs per measure (median reported)"
    )
    arguments = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        pages = []
        for game, scenario, side in SETUPS:
            source, position = _setup(game, scenario, Path(folder))
            view: PlayerView = referee_view() if side is None else player_view(position, side)
            seen_by = [] if side is None else ["--as", side]
            page = Path(folder) / f"{game}-{scenario}{'-' + side if side else ''}.html"
            command = stavka_seconds(
                ["report", str(source), "-o", str(page), *seen_by], arguments.repeats
            )
            alone = median_seconds(lambda: report_page(position, view), arguments.repeats)
            check = stavka_seconds(["check", str(source), *seen_by], arguments.repeats)
            pages.append(page)
            name = (
                f"{game} {scenario}"
                + (", dealt" if game == "rks" else "")
                + (f", as {side}" if side else "")
            )
            rows.append(
                (name, len(position.units), page.stat().st_size / 1024, command, alone, check)
            )
        opened = _open_milliseconds(pages, arguments.repeats, Path(folder) / "profile")
    print(
        "| set-up | units | page KB | `stavka report` s (with start-up) | page built alone s | `stavka check` s "
        "| report / check | opens in Chromium ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for (name, units, size, command, alone, check), milliseconds in zip(rows, opened, strict=True):
        print(
            f"| {name} | {units} | {size:,.0f} | {command:.2f} | {alone:.2f} | {check:.2f} | {command / check:.1f} "
            f"| {milliseconds:.0f} |"
        )


def _setup(game: str, scenario: str, folder: Path) -> tuple[Path, Position]:
    """A scenario's set-up as a position file, and the position read back from it; a card
    game's just after the deal."""
    if game == "rks":
        source = folder / f"{game}-{scenario}-dealt.toml"
        source.write_text(dealt_position_text(load_game(game), DEAL_SEED), encoding="utf-8")
        return source, read_position_file(source)
    source = position_file(setup_position(load_game(game), scenario), folder)
    return source, read_position_file(source)


if __name__ == "__main__":
    main()
