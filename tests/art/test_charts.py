"""Charts come from the table data and mark reconstructed rows."""

from __future__ import annotations

import pytest

from builder.art.charts import (
    RECONSTRUCTED_MARK,
    SCREEN_PPI,
    game_charts,
    odds_table_chart,
    printable,
    render_table,
    terrain_chart,
    turn_record_groups,
)
from builder.art.drawing import png_bytes
from rules.data.loader import load_game


def test_crt_chart_is_the_table() -> None:
    crt = load_game("tps").tables.odds_tables["crt"]
    chart = odds_table_chart(crt)
    assert [column.heading for column in chart.columns][1:] == [str(odds) for odds in crt.columns]
    assert chart.rows[-1][-1] == crt.result(crt.columns[-1], 8)
    assert any(note.startswith("1/2Ex:") for note in chart.notes)


def test_dos_terrain_marks_reconstructed_rows() -> None:
    dos = load_game("dos")
    chart = terrain_chart(dos)
    volga = next(row for row in chart.rows if row[0].startswith("Volga"))
    assert volga[0].endswith(RECONSTRUCTED_MARK)
    assert "axis prohibited" in volga[1]
    assert any("crossing cost is assumed" in note for note in chart.notes)
    clear = next(row for row in chart.rows if row[0] == "Clear")
    assert clear[0].endswith("Clear") and "rule 9.10" in clear[3]


@pytest.mark.parametrize("game_id", ["tps", "dos", "rks"])
def test_every_chart_renders_deterministically(game_id: str) -> None:
    game = load_game(game_id)
    charts = game_charts(game)
    assert "terrain" in charts
    for chart in charts.values():
        image = render_table(chart, SCREEN_PPI)
        assert image.width > 300 and image.height > 100
        assert png_bytes(image) == png_bytes(render_table(chart, SCREEN_PPI))


def test_tps_victory_charts_and_grouped_turn_records() -> None:
    tps = load_game("tps")
    charts = game_charts(tps)
    assert charts["victory_levels"].rows[0] == ("-30 or less", "Axis decisive victory")
    assert charts["victory_levels"].rows[-1] == ("25 or more", "Soviet decisive victory")
    assert len(charts["victory_points"].rows) == len(tps.tables.victory_points)
    groups = turn_record_groups(tps)
    assert sum(len(group) for group in groups) == len(tps.scenarios) and len(groups) < len(
        tps.scenarios
    )


def test_japanese_section_names_are_dropped() -> None:
    assert (
        printable("戦闘結果表 (combat results table), with errata")
        == "combat results table, with errata"
    )
    assert (
        printable("VP schedule and VP table (VP スケジュール, VP 表)") == "VP schedule and VP table"
    )
