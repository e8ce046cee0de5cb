"""``stavka audit`` from the command line: continuity between files, two saves, the
formats, hidden information and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.audit.logs import LogWriter
from tests.audit.test_cases_data import ford_dr
from tests.cli.test_cli import run

CORPUS_LOG = (
    Path(__file__).resolve().parents[3] / "shared" / "corpus" / "zxvt" / "zxvt_5x5_startup.vlog"
)


def _json(*arguments: str) -> dict[str, object]:
    code, output, error = run("audit", "--format", "json", *arguments)
    assert (code, error) == (0, ""), error
    result = json.loads(output)
    assert isinstance(result, dict)
    return result


def _entries(result: dict[str, object]) -> list[dict[str, object]]:
    entries = result["entries"]
    assert isinstance(entries, list)
    return entries


def test_cont_1_a_log_starting_where_the_previous_file_ends_is_continuous(
    dist: Path, tmp_path: Path
) -> None:
    previous = LogWriter.on(dist, "tps-1").path
    log = LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1103").write(tmp_path / "game.vlog")
    result = _json(str(previous), str(log))
    first = _entries(result)[0]
    assert (first["topic"], first["outcome"], first["rules"]) == (
        "continuity",
        "continuous",
        ["Sequence of play"],
    )
    digests = result["digests"]
    assert isinstance(digests, dict) and digests["previous"] == digests["start"] != digests["end"]


def test_cont_2_a_ghost_move_between_files_names_the_unit_and_both_places(
    dist: Path, tmp_path: Path
) -> None:
    previous = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1502")
        .write(tmp_path / "previous.vsav", logged=False)
    )
    log = LogWriter.on(dist, "tps-1").move("su-1gdsa-rc2", "1202").write(tmp_path / "game.vlog")
    result = _json(str(previous), str(log))
    ghosts = [entry for entry in _entries(result) if entry["outcome"] == "ghost move"]
    assert [entry["subject"] for entry in ghosts] == ["su-1gdsa-rc1"]
    assert "1502" in str(ghosts[0]["explanation"]) and "1602" in str(ghosts[0]["explanation"])
    assert ghosts[0]["rules"] == ["Sequence of play"] and ghosts[0]["violation"] is True
    digests = result["digests"]
    assert isinstance(digests, dict) and digests["previous"] != digests["start"]


def test_pair_1_two_saves_judge_the_moves_between(dist: Path, tmp_path: Path) -> None:
    before = LogWriter.on(dist, "tps-1").path
    after = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "2201")
        .write(tmp_path / "after.vsav", logged=False)
    )
    code, output, _ = run("audit", str(before), str(after))
    assert code == 0
    assert "su-1gdsa-rc1: illegal — cheapest legal path: 6 MP against an allowance of 5" in output
    assert "[rule Movement, Terrain effects table, ZOC]" in output


def test_pair_2_moves_between_saves_of_two_phases_are_judged_in_the_first(
    dist: Path, tmp_path: Path
) -> None:
    before = LogWriter.on(dist, "tps-1").path
    after = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1103")
        .phase(1, "Soviet combat")
        .write(tmp_path / "after.vsav", logged=False)
    )
    entries = _entries(_json(str(before), str(after)))
    assert [
        (entry["step"], entry["topic"], entry["phase"], entry["outcome"]) for entry in entries
    ] == [
        (1, "movement", "Soviet first movement", "legal"),
        (2, "stacking", "Soviet first movement", "legal"),
    ]


def test_text_ledger_has_headings_by_turn_and_phase_and_the_end_state(
    dist: Path, tmp_path: Path
) -> None:
    log = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1103")
        .phase(1, "Soviet combat")
        .vp("SovietVP", 0, 5)
        .write(tmp_path / "game.vlog")
    )
    code, output, _ = run("audit", str(log))
    lines = output.splitlines()
    assert code == 0
    assert lines[0] == f"Audit of {log}: Turning Point: Stalingrad, 3 logged steps"
    assert "Turn 1 — Soviet first movement" in lines and "Turn 1 — Soviet combat" in lines
    assert lines[-1] == "End: turn 1, Soviet combat; AxisVP 0, SovietVP 5"


def test_bookkeeping_save_dump_of_the_log_shows_the_vp_it_leaves(
    dist: Path, tmp_path: Path
) -> None:
    log = LogWriter.on(dist, "tps-1").vp("AxisVP", 0, 5).write(tmp_path / "game.vlog")
    code, output, _ = run("save", "dump", str(log))
    assert code == 0 and "Property AxisVP [Module] = 5" in output


def test_every_entry_names_its_rules(dist: Path, tmp_path: Path) -> None:
    log = (
        LogWriter.on(dist, "dos-blue")
        .move("de-9pd", "N2144")
        .move("b13a-rd1", "N1044")
        .phase(1, "German: the other phase")
        .write(tmp_path / "game.vlog")
    )
    entries = _entries(_json(str(log)))
    # Two moves, then stacking where each movement phase ends (the second with the file).
    assert [entry["topic"] for entry in entries] == ["movement", "movement", "stacking", "stacking"]
    assert all(entry["rules"] for entry in entries)


def test_hidden_1_as_a_player_an_untried_unit_goes_by_its_alias(dist: Path, tmp_path: Path) -> None:
    log = (
        LogWriter.on(dist, "dos-blue")
        .phase(1, "Soviet: movement")
        .move("b13a-rd1", "N1044")
        .write(tmp_path / "game.vlog")
    )
    for side in ("axis", "soviet"):
        code, output, _ = run("audit", "--as", side, str(log))
        assert code == 0 and "b13a-rd1" not in output and "untried-" in output
        assert "b13a-rd1" not in json.dumps(_json("--as", side, str(log)))
    code, output, _ = run("audit", str(log))
    assert "b13a-rd1: legal" in output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--as", "germans"), "unknown side 'germans'"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    arguments: tuple[str, ...], message: str, dist: Path
) -> None:
    code, output, error = run("audit", *arguments, str(LogWriter.on(dist, "dos-blue").path))
    assert (code, output) == (2, "") and message in error and error.count("\n") == 1


def test_bad_1_a_log_of_another_module_is_one_line_and_exit_2(dist: Path) -> None:
    code, output, error = run("audit", str(CORPUS_LOG))
    assert (code, output) == (2, "") and error.count("\n") == 1 and str(CORPUS_LOG) in error


def test_bad_2_a_truncated_log_is_one_line_and_exit_2(dist: Path, tmp_path: Path) -> None:
    log = LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1103").write(tmp_path / "game.vlog")
    broken = tmp_path / "broken.vlog"
    broken.write_bytes(log.read_bytes()[: len(log.read_bytes()) // 2])
    code, output, error = run("audit", str(broken))
    assert (
        (code, output) == (2, "")
        and error.startswith(f"stavka: {broken}")
        and error.count("\n") == 1
    )


def test_bad_3_files_of_two_games_are_one_line_and_exit_2(dist: Path) -> None:
    code, output, error = run(
        "audit", str(LogWriter.on(dist, "tps-1").path), str(LogWriter.on(dist, "dos-blue").path)
    )
    assert (code, output) == (2, "") and "is of tps" in error and error.count("\n") == 1


def test_bad_4_three_files_are_a_usage_error(dist: Path) -> None:
    path = str(LogWriter.on(dist, "tps-1").path)
    code, _, error = run("audit", path, path, path)
    assert code == 2 and error.count("\n") == 1


def test_bad_5_a_move_to_an_unknown_place_is_refused_not_judged(dist: Path, tmp_path: Path) -> None:
    log = LogWriter.on(dist, "tps-1")
    piece, map_name = log.piece_of("su-1gdsa-rc1")
    log.steps.append(f"M/{piece}/{map_name}/-5000/-5000/null/{map_name}/0/0/null")
    code, output, error = run("audit", str(log.write(tmp_path / "game.vlog")))
    assert (code, output) == (2, "") and "off the playable map" in error and error.count("\n") == 1


def test_log_steps_nested_in_a_group_are_stepped_as_the_engine_writes_them(
    dist: Path, tmp_path: Path
) -> None:
    """VASSAL's logger appends the LOG commands inside the game's restore command, so
    they lie in a group, not at the top of the file: each is still a step."""
    log = LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1103").move("su-1gdsa-rc2", "1602")
    flat = _json(str(log.write(tmp_path / "flat.vlog")))
    nested = _json(str(log.write(tmp_path / "nested.vlog", nested=True)))
    assert nested["steps"] == flat["steps"] == 2
    assert _entries(nested) == _entries(flat)
    assert [entry["outcome"] for entry in _entries(nested) if entry["topic"] == "movement"] == [
        "legal",
        "illegal",
    ]


@pytest.mark.parametrize(("name", "side"), [("Soviet", "soviet"), ("AXIS", "axis")])
def test_hidden_3_as_takes_the_roster_names_check_takes(
    name: str, side: str, dist: Path, tmp_path: Path
) -> None:
    """Issue 35 item 22: ``--as`` names a side as ``check``, ``odds`` and ``duel`` take it,
    by its id or by its name on the module's player roster, in any case."""
    log = (
        LogWriter.on(dist, "dos-blue")
        .phase(1, "Soviet: movement")
        .move("b13a-rd1", "N1044")
        .write(tmp_path / "game.vlog")
    )
    assert _json("--as", name, str(log)) == _json("--as", side, str(log))
    code, output, _ = run("audit", "--as", name, str(log))
    assert code == 0 and output == run("audit", "--as", side, str(log))[1]
    assert run("check", "--as", name, str(log))[0] == 0


def test_bad_6_a_log_with_a_flight_and_a_marker_moved_is_judged_not_a_traceback(
    dist: Path, tmp_path: Path
) -> None:
    """Issue 35 item 18: a logged drag of the Soviet flight vvs-8va-iad-flight ended the
    audit with a KeyError; flights are judged as flights, markers named as not judged."""
    log = (
        LogWriter.on(dist, "tps-1")
        .move("vvs-8va-iad-flight", "3417")
        .move("vvs-8va-iad-ground", "3412")
        .marker("interception", "3417")
        .write(tmp_path / "game.vlog")
    )
    code, output, error = run("audit", str(log))
    assert (code, error) == (0, "")
    assert "vvs-8va-iad-flight: legal — flies to 3417, 6 hexes from its ground echelon" in output
    assert "vvs-8va-iad-ground: legal — cheapest legal path" in output
    assert "Interception: recorded, not judged — put on 3417" in output


def _next_file(
    dist: Path, folder: Path, previous: LogWriter, name: str, game: str = "tps"
) -> LogWriter:
    """A log that starts where ``previous`` (of ``game``) ends: its steps played into a
    save, which the next log begins on."""
    (folder / "setups").mkdir(parents=True, exist_ok=True)
    previous.write(folder / "setups" / f"{game}-{name}.vsav", logged=False)
    return LogWriter.on(folder, f"{game}-{name}")


def test_pending_1_a_result_sent_with_the_file_is_judged_in_the_next_file_of_the_chain(
    dist: Path, tmp_path: Path
) -> None:
    """Issue 38 item 4: the Soviet rolls a Dr on 3212 and sends the file; the Axis player
    retreats de-71id to 3112 (100jd there: Retreat (Q) spares it) in the next file. The
    first file alone leaves it pending; the chain judges it applied."""
    rolled = (
        LogWriter.on(dist, "tps-1")
        .phase(1, "Soviet combat")
        .declare(
            "Soviet", "su-62a-rc1, su-62a-rc3, su-62a-rc2 on de-71id in 3212 (odds 4-1, die -2)"
        )
        .roll(5)
    )
    first = rolled.write(tmp_path / "first.vlog")
    second = (
        _next_file(dist, tmp_path / "next", rolled, "rolled")
        .move("de-71id", "3112")
        .write(tmp_path / "second.vlog")
    )
    alone = [entry for entry in _entries(_json(str(first))) if entry["topic"] == "combat result"]
    assert [(entry["outcome"], entry["violation"]) for entry in alone] == [
        ("pending when the file ends", False)
    ]
    chain = _entries(_json(str(first), str(second)))
    assert [(entry["step"], entry["topic"], entry["outcome"]) for entry in chain] == [
        (0, "continuity", "continuous"),
        (0, "combat result", "pending from the previous file"),
        (1, "combat result", "part of a result"),
        (1, "combat result", "applied as the table allows"),
    ]
    misapplied = (
        _next_file(dist, tmp_path / "wrong", rolled, "wrong")
        .move("de-71id", "3313")
        .write(tmp_path / "wrong.vlog")
    )
    wrong = _entries(_json(str(first), str(misapplied)))[-1]
    assert (wrong["outcome"], wrong["violation"]) == ("misapplied", True)
    assert "retreated into 3313, an enemy ZOC with no friendly unit" in str(wrong["explanation"])


def test_order_1_a_pair_given_in_reverse_is_refused_in_one_line(dist: Path, tmp_path: Path) -> None:
    """Issue 38 item 6: the later save first. Its turn record (turn 1, Soviet combat) comes
    after the other's (turn 1, Soviet first movement), so the files run backwards."""
    before = LogWriter.on(dist, "tps-1").path
    after = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1103")
        .phase(1, "Soviet combat")
        .write(tmp_path / "after.vsav", logged=False)
    )
    code, output, error = run("audit", str(after), str(before))
    assert (code, output) == (2, "") and error.count("\n") == 1
    assert str(before) in error and "run backwards" in error
    assert "turn 1, Soviet first movement" in error and "turn 1, Soviet combat" in error


def test_order_2_a_log_chain_given_in_reverse_is_refused(dist: Path, tmp_path: Path) -> None:
    """Two logs of one game, the second begun where the first ends, given second first:
    the turn record contradicts the order (turn 2 before turn 1)."""
    first = (
        LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1103").phase(2, "Soviet first movement")
    )
    second = (
        _next_file(dist, tmp_path / "next", first, "first")
        .move("su-1gdsa-rc1", "1203")
        .write(tmp_path / "second.vlog")
    )
    code, output, error = run("audit", str(second), str(first.write(tmp_path / "first.vlog")))
    assert (code, output) == (2, "") and "run backwards" in error and error.count("\n") == 1


def test_order_3_logs_of_one_phase_given_in_reverse_are_said_to_run_backwards(
    dist: Path, tmp_path: Path
) -> None:
    """Within one phase the turn record cannot tell the order; the positions can: the file
    given second ends exactly where the one given first begins."""
    first = LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1502")
    second = (
        _next_file(dist, tmp_path / "next", first, "same")
        .move("su-1gdsa-rc2", "1202")
        .write(tmp_path / "second.vlog")
    )
    code, output, error = run("audit", str(second), str(first.write(tmp_path / "first.vlog")))
    assert (code, output) == (2, "") and "run backwards" in error and error.count("\n") == 1


def test_order_4_a_pair_that_skips_phases_says_which(dist: Path, tmp_path: Path) -> None:
    """The first and last saves of a chain hide the middle: between turn 1, Soviet first
    movement and turn 2, Soviet combat lie six phases the pair cannot tell apart."""
    before = LogWriter.on(dist, "tps-1").path
    after = (
        LogWriter.on(dist, "tps-1")
        .move("su-1gdsa-rc1", "1103")
        .phase(2, "Soviet combat")
        .write(tmp_path / "after.vsav", logged=False)
    )
    entries = _entries(_json(str(before), str(after)))
    skipped = [entry for entry in entries if entry["outcome"] == "phases in neither file"]
    assert len(skipped) == 1 and skipped[0]["violation"] is False
    text = str(skipped[0]["explanation"])
    for phase in (
        "turn 1, Soviet combat",
        "turn 1, Soviet motorised movement",
        "turn 1, Axis first movement",
        "turn 1, Axis combat",
        "turn 1, Axis motorised movement",
        "turn 2, Soviet first movement",
    ):
        assert phase in text
    assert "6 phases" in text


def test_order_5_a_log_that_starts_phases_after_the_previous_file_says_which(
    dist: Path, tmp_path: Path
) -> None:
    previous = LogWriter.on(dist, "tps-1").path
    moved_on = LogWriter.on(dist, "tps-1").phase(1, "Axis first movement")
    log = _next_file(dist, tmp_path / "d", moved_on, "later").move("de-62id", "0502")
    entries = _entries(_json(str(previous), str(log.write(tmp_path / "game.vlog"))))
    differs = next(entry for entry in entries if entry["outcome"] == "differs")
    assert "turn 1, Soviet combat" in str(differs["explanation"])
    assert "turn 1, Soviet motorised movement" in str(differs["explanation"])


def test_view_1_whose_view_the_ledger_is_is_said_in_text_and_json(
    dist: Path, rks_dist: Path, tmp_path: Path
) -> None:
    """Issue 38 item 9: without --as the ledger is the referee's view, which names the
    card a player drew for the other to read; it says so, as check does, and its JSON
    carries the interface's version (3, which brought ``hidden`` and ``hides`` to every
    answer) and a ``hidden`` flag."""
    from tests.audit.rks_logs import RksLog

    drawn = (
        RksLog.on(rks_dist)
        .phase(1, "Soviet operations")
        .undeck("8c", to_hand="german")
        .write(tmp_path / "rks.vlog")
    )
    code, output, _ = run("audit", str(drawn))
    assert code == 0 and "8♣" in output
    assert (
        "the referee's view: both sides' cards; --as SIDE shows one player's"
        in (output.splitlines()[0])
    )
    referee = _json(str(drawn))
    assert (referee["version"], referee["hidden"], referee["shows"]) == (3, True, "both sides")
    assert referee["hides"] == []
    german = _json("--as", "German", str(drawn))
    assert (german["hidden"], german["as"]) == (False, "german") and "shows" not in german
    kept = german["hides"]
    assert isinstance(kept, list) and any("the Soviet player's hand" in item for item in kept)
    assert "as the German player sees it" in run("audit", "--as", "german", str(drawn))[1]
    untried = LogWriter.on(dist, "dos-blue").move("de-9pd", "N2144").write(tmp_path / "dos.vlog")
    assert _json(str(untried))["hidden"] is True
    assert "the referee's view: untried units by name" in run("audit", str(untried))[1]
    plain = _json(str(LogWriter.on(dist, "tps-1").path))
    assert plain["hidden"] is False and "shows" not in plain


def test_data_1_a_result_pending_in_a_data_game_is_judged_in_the_next_file(
    dist: Path, tmp_path: Path
) -> None:
    """The pending result is the engine's, not the Stalingrad games': The Ford's DR sent
    with the file (FORD-10) is judged in the next, where c1 retreats to 0602 (as FORD-9),
    or, misapplied, stays put and is moved on later in the phase."""
    rolled = ford_dr(dist)
    first = rolled.write(tmp_path / "first.vlog")
    second = (
        _next_file(dist, tmp_path / "next", rolled, "rolled", "ford")
        .move("c1", "0602")
        .write(tmp_path / "second.vlog")
    )
    chain = _entries(_json(str(first), str(second)))
    assert [(entry["step"], entry["topic"], entry["outcome"]) for entry in chain] == [
        (0, "continuity", "continuous"),
        (0, "combat result", "pending from the previous file"),
        (1, "combat result", "part of a result"),
        (1, "combat result", "applied as the table allows"),
    ]
    assert chain[1]["rules"] == ["7"] and chain[-1]["rules"] == ["7.6", "7.7"]
    stayed = (
        _next_file(dist, tmp_path / "stayed", rolled, "stayed", "ford")
        .phase(2, "Crag movement")
        .write(tmp_path / "stayed.vlog")
    )
    wrong = [
        entry
        for entry in _entries(_json(str(first), str(stayed)))
        if entry["outcome"] == "misapplied"
    ]
    assert len(wrong) == 1 and wrong[0]["violation"] is True


def test_data_2_files_of_a_data_game_in_reverse_are_refused(dist: Path, tmp_path: Path) -> None:
    """The order of a chain is read from the game's own turn record: The Ford's turn 2,
    Vale combat comes after turn 1, Vale movement, so the later save given first runs
    backwards."""
    before = LogWriter.on(dist, "ford-ford").path
    after = ford_dr(dist).write(tmp_path / "after.vsav", logged=False)
    code, output, error = run("audit", str(after), str(before))
    assert (code, output) == (2, "") and error.count("\n") == 1
    assert "run backwards" in error and "turn 2, Vale combat" in error


def test_data_3_a_pair_of_a_data_game_names_the_phases_it_skips(dist: Path, tmp_path: Path) -> None:
    """Between The Lanner's turn 1, Aster movement and turn 2, Aster movement lie its
    other five phases (the game's sequence of play, 3.1)."""
    before = LogWriter.on(dist, "lanner-lanner").phase(1, "Aster movement")
    first = before.write(tmp_path / "before.vsav", logged=False)
    after = before.phase(2, "Aster movement").write(tmp_path / "after.vsav", logged=False)
    entries = _entries(_json(str(first), str(after)))
    skipped = [entry for entry in entries if entry["outcome"] == "phases in neither file"]
    assert len(skipped) == 1 and "6 phases" in str(skipped[0]["explanation"])
    for phase in ("turn 1, Aster combat", "turn 1, Brenn combat", "turn 2, Aster bombardment"):
        assert phase in str(skipped[0]["explanation"])


@pytest.mark.parametrize(("name", "side"), [("Vale", "vale"), ("CRAG", "crag")])
def test_data_4_as_takes_a_data_games_roster_names(
    name: str, side: str, dist: Path, tmp_path: Path
) -> None:
    """A game of data alone names its sides on its own roster: ``--as Vale`` is The
    Ford's Vale player."""
    log = LogWriter.on(dist, "ford-ford").move("v1", "0302").write(tmp_path / "game.vlog")
    answer = _json("--as", name, str(log))
    assert answer["as"] == side and answer == _json("--as", side, str(log))
    code, output, _ = run("audit", "--as", name, str(log))
    assert code == 0 and f"(as the {side.capitalize()} player sees it)" in output
