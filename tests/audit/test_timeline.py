"""``stavka audit --format html``: the ledger as a timeline beside the map, for the three
games, a log, a chain and a pair of saves; the map at each entry as the trail has it, in a
real browser too; what a player's page hides; bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.audit_trail import read_trail
from tests.audit.logs import LogWriter
from tests.audit.rks_logs import RksLog
from tests.audit.test_cases_combat import DOS_ATTACK
from tests.audit.timeline_pages import (
    assert_matches_the_trail,
    browser_dom,
    counters_at,
    page_data,
    place_of,
    write_page,
)
from tests.cli.test_cli import run

IN_BROWSER = pytest.mark.browser
"""The tests that open the page in Chromium (scripts/install installs Debian's)."""


def _tps_log(dist: Path, folder: Path) -> Path:
    """Two Soviet moves, the second one MP too long (steps 1, 2), and an Axis VP award."""
    return (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1103")
        .move("su-1gdsa-rc2", "1602")
        .vp("AxisVP", 0, 5)
        .write(folder / "game.vlog")
    )


def _dos_fight(dist: Path, folder: Path) -> Path:
    """DoS DOS-9: an attack on untried b40a-rd5, revealed at step 2, rolled (3), the
    defender eliminated (4) and de-gd reduced (5); the other untried units stay untried."""
    return (
        LogWriter.on(dist, "dos-blue")
        .declare("Axis", f"{DOS_ATTACK} (odds 3-1, die +0)")
        .layer("b40a-rd5", "Untried", -1)
        .roll(2)
        .eliminate("b40a-rd5")
        .layer("de-gd", "Step", 2)
        .write(folder / "fight.vlog")
    )


def _rks_log(rks_dist: Path, folder: Path) -> Path:
    """A Soviet move, a card drawn into the German hand (8♣, step 3), a German move."""
    return (
        RksLog.on(rks_dist)
        .phase(1, "Soviet operations")
        .move("rifle2", "tractor_factory")
        .undeck("8c", to_hand="german")
        .phase(1, "German operations")
        .move("14pz", "orlovka")
        .pile("10c")
        .write(folder / "rks.vlog")
    )


def test_timeline_1_one_entry_per_ledger_entry_each_frame_as_the_trail(
    dist: Path, tmp_path: Path
) -> None:
    log = _tps_log(dist, tmp_path)
    page = write_page(tmp_path / "tps.html", str(log))
    assert_matches_the_trail(page, log)
    data = page_data(page)
    assert [entry["anchor"] for entry in data["entries"]] == [
        "step-1",
        "step-2",
        "step-3",
        "step-3-2",
    ]
    assert [entry["mark"] for entry in data["entries"]] == ["legal", "illegal", "noted", "legal"]
    assert data["entries"][1]["path"] == ["1304", "1403", "1503", "1602"]


def test_timeline_2_the_default_page_is_beside_the_log(dist: Path, tmp_path: Path) -> None:
    log = _tps_log(dist, tmp_path)
    code, output, error = run("audit", "--format", "html", str(log))
    assert (code, error) == (0, "")
    assert output.strip() == f"wrote {tmp_path / 'game-audit.html'}"
    assert (tmp_path / "game-audit.html").read_text(encoding="utf-8").startswith("<!doctype html>")


def test_timeline_3_units_gone_arrivals_and_faces_as_each_step_left_them(
    dist: Path, tmp_path: Path
) -> None:
    log = _dos_fight(dist, tmp_path)
    page = write_page(tmp_path / "fight.html", str(log))
    assert_matches_the_trail(page, log)
    data = page_data(page)
    steps = [frame["step"] for frame in data["frames"]]
    before, after = counters_at(data, 0), counters_at(data, len(steps) - 1)
    assert "b40a-rd5" in before and "b40a-rd5" not in after
    assert before["de-gd"][4] != after["de-gd"][4], "de-gd's reduced face"
    assert "de-gd" in data["frames"][steps.index(5)]["changes"]


def test_timeline_4_a_chain_and_a_pair_of_saves(dist: Path, tmp_path: Path) -> None:
    previous = LogWriter.on(dist, "tps-1").path
    log = _tps_log(dist, tmp_path)
    chain = page_data(write_page(tmp_path / "chain.html", str(previous), str(log)))
    assert chain["entries"][0]["anchor"] == "step-0"
    assert len(chain["frames"]) == len(read_trail(log).snapshots) + 1
    after = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1103")
        .write(tmp_path / "after.vsav", logged=False)
    )
    pair = page_data(write_page(tmp_path / "pair.html", str(previous), str(after)))
    moved = next(entry for entry in pair["entries"] if entry["unit"] == "su-1gdsa-rc1")
    assert counters_at(pair, moved["frame"])["su-1gdsa-rc1"][0] == "1103"
    assert counters_at(pair, 0)["su-1gdsa-rc1"][0] != "1103"


def test_timeline_5_rattenkrieg_areas_and_control_markers(rks_dist: Path, tmp_path: Path) -> None:
    log = _rks_log(rks_dist, tmp_path)
    page = write_page(tmp_path / "rks.html", str(log))
    assert_matches_the_trail(page, log)
    data = page_data(page)
    assert "orlovka" in data["areas"]
    assert any(name.startswith("control:") for name in counters_at(data, 0))
    move = next(entry for entry in data["entries"] if entry["unit"] == "14pz")
    assert counters_at(data, move["frame"])["14pz"][0] == "orlovka"
    assert move["path"] == ["german_rear", "orlovka"]


def test_timeline_6_attack_and_result_entries_carry_their_units_and_place(
    dist: Path, tmp_path: Path
) -> None:
    """Issue 38 item 8: an attack's entries (declared, rolled, its result) name the units
    that fought and the hex attacked, so the map can show the combat; a player's page
    names an untried unit among them by its alias until its reveal, as its map does."""
    log = _dos_fight(dist, tmp_path)
    fighters = ["de-24pd", "de-gd", "de-16mid", "b40a-rd5"]
    entries = page_data(write_page(tmp_path / "referee.html", str(log)))["entries"]
    about = [entry for entry in entries if entry["topic"] in ("declaration", "attack")]
    assert len(about) == 2
    result = [entry for entry in entries if entry["topic"] == "combat result"]
    for entry in about + result:
        assert entry["place"] == "N1542" and set(fighters) <= set(entry["units"]), entry
    axis = page_data(write_page(tmp_path / "axis.html", "--as", "axis", str(log)))
    declared = next(entry for entry in axis["entries"] if entry["topic"] == "declaration")
    alias = next(
        name
        for name, counter in counters_at(axis, declared["frame"]).items()
        if counter[0] == "N1542"
    )
    assert alias in declared["units"] and "b40a-rd5" not in declared["units"]


def test_timeline_7_a_duel_entry_carries_both_units_and_its_area(
    rks_dist: Path, tmp_path: Path
) -> None:
    log = (
        RksLog.on(rks_dist)
        .phase(1, "German operations")
        .move("14pz", "orlovka")
        .duel("10c", "2s")
        .write(tmp_path / "duel.vlog")
    )
    entries = page_data(write_page(tmp_path / "duel.html", "--as", "soviet", str(log)))["entries"]
    duel = next(entry for entry in entries if entry["topic"] == "duel")
    assert (duel["place"], sorted(duel["units"])) == ("orlovka", ["14pz", "rifle2"])


def test_hidden_1_an_untried_unit_by_its_alias_and_face_until_its_reveal(
    dist: Path, tmp_path: Path
) -> None:
    log = _dos_fight(dist, tmp_path)
    referee = write_page(tmp_path / "referee.html", str(log)).read_bytes()
    untried = [
        state.unit.id
        for state in read_trail(log).start.position.units
        if "untried" in state.flags and state.unit.id != "b40a-rd5"
    ]
    assert untried and all(unit.encode() in referee for unit in untried)
    for side in ("axis", "soviet"):
        page = write_page(tmp_path / f"{side}.html", "--as", side, str(log))
        text = page.read_bytes()
        leaked = [unit for unit in untried if unit.encode() in text]
        assert not leaked, f"--as {side} names {leaked}"
        data = page_data(page)
        start, revealed = counters_at(data, 0), counters_at(data, 1)
        assert "b40a-rd5" not in start and "b40a-rd5" in revealed
        alias = next(name for name, counter in start.items() if counter[0] == "N1542")
        assert alias.startswith("untried-") and alias not in revealed
        assert start[alias][5].startswith("untried ")
        # The untried face the start shows is the one every hidden unit shares.
        faces = {counter[4] for name, counter in start.items() if name.startswith("untried-")}
        assert start[alias][4] in faces


def test_hidden_2_a_card_the_reader_has_not_seen_is_nowhere_in_the_page(
    rks_dist: Path, tmp_path: Path
) -> None:
    log = _rks_log(rks_dist, tmp_path)
    card = ("8♣".encode(), b"8\\u2663")
    german = write_page(tmp_path / "german.html", "--as", "german", str(log)).read_bytes()
    assert any(form in german for form in card)
    soviet_page = write_page(tmp_path / "soviet.html", "--as", "soviet", str(log))
    soviet = soviet_page.read_bytes()
    assert not any(form in soviet for form in card)
    assert b"1 card not shown to this side" in soviet


@pytest.mark.parametrize("cut", [True, False], ids=["truncated", "not-a-log"])
def test_bad_1_bad_input_is_one_line_exit_2_and_no_page(
    dist: Path, tmp_path: Path, cut: bool
) -> None:
    whole = _tps_log(dist, tmp_path).read_bytes()
    bad = tmp_path / "bad.vlog"
    bad.write_bytes(whole[: len(whole) // 2] if cut else b"no log at all\n")
    code, output, error = run("audit", "--format", "html", str(bad))
    assert code == 2 and output == "" and len(error.strip().splitlines()) == 1, error
    assert "bad.vlog" in error
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bad.vlog", "game.vlog"]


def test_bad_2_a_file_that_is_not_our_page_is_never_overwritten(dist: Path, tmp_path: Path) -> None:
    log = _tps_log(dist, tmp_path)
    mine = tmp_path / "game-audit.html"
    mine.write_text("<html>my notes</html>", encoding="utf-8")
    code, _, error = run("audit", "--format", "html", str(log))
    assert code == 2 and len(error.strip().splitlines()) == 1, error
    assert mine.read_text(encoding="utf-8") == "<html>my notes</html>"
    write_page(tmp_path / "ours.html", str(log))
    write_page(tmp_path / "ours.html", str(log))  # our own page is replaced


def test_bad_3_o_without_a_page_is_a_usage_error(dist: Path, tmp_path: Path) -> None:
    log = _tps_log(dist, tmp_path)
    code, _, error = run("audit", "-o", str(tmp_path / "x.html"), str(log))
    assert code == 2 and "-o is for --format html" in error
    assert not (tmp_path / "x.html").exists()


@IN_BROWSER
def test_browser_1_the_fragment_selects_an_entry_and_the_map_as_its_step_left_it(
    dist: Path, tmp_path: Path
) -> None:
    page = write_page(tmp_path / "tps.html", str(_tps_log(dist, tmp_path)))
    start = browser_dom(page, "nothing")
    assert place_of(start, "su-1gdsa-rc1")[0] == "1602"
    assert place_of(start, "su-1gdsa-rc2")[0] == "1304"
    first = browser_dom(page, "step-1")
    assert first.body["data-selected"] == "step-1"
    assert place_of(first, "su-1gdsa-rc1")[0] == "1103"
    assert place_of(first, "su-1gdsa-rc2")[0] == "1304"
    # What the screenshot showed at step 2: the illegal move's entry picked, the unit in
    # 1602 ringed, and the audit's cheapest path drawn from 1304.
    second = browser_dom(page, "step-2")
    place, transform = place_of(second, "su-1gdsa-rc2")
    assert place == "1602"
    assert [link["id"] for link in second.selected] == ["step-2"]
    assert "illegal" in second.selected[0]["class"].split()
    assert [path["data-places"] for path in second.paths] == ["1304 1403 1503 1602"]
    ring = second.rings[0]
    assert transform == f"translate({ring['cx']} {ring['cy']})"


@IN_BROWSER
def test_browser_2_a_player_page_draws_the_alias_until_the_reveal(
    dist: Path, tmp_path: Path
) -> None:
    page = write_page(tmp_path / "axis.html", "--as", "axis", str(_dos_fight(dist, tmp_path)))
    alias = next(
        name for name, counter in counters_at(page_data(page), 0).items() if counter[0] == "N1542"
    )
    declared = browser_dom(page, "step-1")
    assert alias.startswith("untried-") and place_of(declared, alias)[0] == "N1542"
    assert not [stack for stack in declared.stacks if "b40a-rd5" in stack["data-units"]]
    revealed = browser_dom(page, "step-2")
    assert place_of(revealed, "b40a-rd5")[0] == "N1542"
    eliminated = browser_dom(page, "step-4")
    assert not [stack for stack in eliminated.stacks if "b40a-rd5" in stack["data-units"]]


@IN_BROWSER
def test_browser_3_a_rattenkrieg_move_on_the_area_map(rks_dist: Path, tmp_path: Path) -> None:
    page = write_page(tmp_path / "soviet.html", "--as", "soviet", str(_rks_log(rks_dist, tmp_path)))
    # What the screenshot showed at step 5: 14pz out of the German rear into Orlovka,
    # ringed, the path drawn from the rear; Orlovka's marker still as the log left it.
    before = browser_dom(page, "step-3")
    assert place_of(before, "14pz")[0] == "german_rear"
    moved = browser_dom(page, "step-5")
    place, transform = place_of(moved, "14pz")
    assert place == "orlovka" and moved.body["data-selected"] == "step-5"
    assert [path["data-places"] for path in moved.paths] == ["german_rear orlovka"]
    assert transform == f"translate({moved.rings[0]['cx']} {moved.rings[0]['cy']})"
    assert place_of(moved, "control:orlovka")[0] == "orlovka"


@IN_BROWSER
def test_browser_4_an_attack_entry_rings_its_units_and_the_hex_attacked(
    dist: Path, tmp_path: Path
) -> None:
    """What the DoS page shows at the roll (step 3): the three attackers in N1443 and the
    defender in N1542 ringed, and N1542 itself."""
    page = write_page(tmp_path / "fight.html", str(_dos_fight(dist, tmp_path)))
    rolled = browser_dom(page, "step-3")
    ringed = sorted(ring.get("data-unit", "") for ring in rolled.rings if ring.get("data-unit"))
    assert ringed == ["b40a-rd5", "de-16mid", "de-24pd", "de-gd"]
    assert [ring["data-place"] for ring in rolled.rings if ring.get("data-place")] == ["N1542"]
