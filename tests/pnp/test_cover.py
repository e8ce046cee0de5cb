"""The cover's notice counts what the data marks reconstructed, and says where to look."""

from __future__ import annotations

from builder.pnp.cover_pages import reconstructed_parts, reconstruction_notice
from builder.pnp.setups import setup_sheets
from tests.support.games import shipped_game


def test_the_notice_counts_the_reconstructed_values_of_the_data() -> None:
    dos = shipped_game("dos")
    parts = reconstructed_parts(dos)
    places = [entry for sheet in setup_sheets(dos) for entry in sheet.entries]
    rebuilt = sum(entry.reconstructed for entry in places)
    assert 0 < rebuilt < len(places)  # rule 12.1 gives the 40th Army's hexes, 12.3 most of Uranus
    assert f"Set-up: {rebuilt} of the {len(places)} places on the set-up sheets." in parts
    assert (
        "Tables: the Combat Results Table." in parts
    )  # the DoS CRT was printed on the lost map (12.7)
    units = [unit for unit in dos.units.values() if unit.provenance.reconstructed]
    assert (
        f"Units: the values of {len(units)} of the {len(dos.units)} units (strengths, movement or arrival)."
        in parts
    )
    assert reconstruction_notice(dos).endswith(
        "(games/dos/*.toml): edit it to transcribe your own copy, then print again."
    )


def test_tables_the_rules_give_are_not_listed_as_reconstructed() -> None:
    tps = shipped_game("tps")
    assert any(part.startswith("The map: ") for part in reconstructed_parts(tps))
    assert not any(
        part.startswith("Tables:") for part in reconstructed_parts(tps)
    )  # the TPS tables are the rules'
