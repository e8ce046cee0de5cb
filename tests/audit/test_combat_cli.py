"""``stavka audit`` on logs with attacks: the entries in text and JSON, the plugin's own
declaration line read back, and what a player's view withholds of an untried unit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.audit_trail import read_trail
from rules.audit.declarations import Declaration, read_declaration
from rules.audit.ledger import audit
from tests.audit.logs import LogWriter
from tests.cli.test_cli import run

DOS_ATTACK = "de-24pd, de-gd, de-16mid on untried-3 in N1542 (odds 3-1, die +0)"


@pytest.mark.parametrize("names", ["id", "counter"])
def test_the_odds_commands_declaration_is_read_as_the_attack_it_names(
    dist: Path, names: str
) -> None:
    """The line the plugin logs is ``stavka odds``'s ``declare``, its units named as the
    plugin asks (their counters' names) or by id: read back, it names the hex attacked
    and the hexes attacking, and claims the column and die modifier."""
    setup = LogWriter.on(dist, "tps-1").path
    code, output, error = run(
        "odds",
        str(setup),
        "--attack",
        "3212",
        "--from",
        "3312,3213",
        "--names",
        names,
        "--format",
        "json",
    )
    assert (code, error) == (0, ""), error
    line = f"* Attack declared (Soviet): {json.loads(output)['declare']}"
    position = read_trail(setup).start.position
    declaration = read_declaration(4, line, position)
    assert isinstance(declaration, Declaration)
    assert (
        position.label(declaration.defender_hex),
        sorted(position.label(hex_) for hex_ in declaration.attacker_hexes),
        declaration.side,
        declaration.claimed_column,
        declaration.claimed_die,
    ) == ("3212", ["3213", "3312"], "soviet", "4-1", -2)


def test_text_and_json_show_the_attack_and_its_result(dist: Path, tmp_path: Path) -> None:
    """The Dr retreats de-71id to 3112, beside 100jd: a friendly unit there, two units,
    which Retreat (Q) allows (3211, once used here, holds three Axis units already, and a
    fourth over-stacks it: (Q) eliminates it, as case TPS-21 has it)."""
    log = (
        LogWriter.on(dist, "tps-1")
        .phase(1, "Soviet combat")
        .chat("<Bob> attack 3212 from 3312,3213")
        .roll(5)
        .move("de-71id", "3112")
        .write(tmp_path / "game.vlog")
    )
    code, text, error = run("audit", str(log))
    assert (code, error) == (0, "")
    assert "[3] soviet attack: attack on 3212: rolled — strength 9 to 3, odds 4-1, die -2" in text
    assert "combat result: attack on 3212: applied as the table allows — Dr" in text
    code, output, error = run("audit", "--format", "json", str(log))
    entries = json.loads(output)["entries"]
    assert [
        (entry["step"], entry["topic"], entry["outcome"])
        for entry in entries
        if entry["subject"] == "attack on 3212"
    ] == [
        (2, "declaration", "declared"),
        (3, "attack", "rolled"),
        (4, "combat result", "applied as the table allows"),
    ]


def test_hidden_3_no_player_reads_an_untried_defenders_odds_before_it_is_revealed(
    dist: Path, tmp_path: Path
) -> None:
    """Rolled with its defender still untried (no reveal logged), the attack's odds and
    result stay hidden from both players for the whole log; the referee's view has them."""
    log = LogWriter.on(dist, "dos-blue").declare("Axis", DOS_ATTACK).roll(2)
    ledger = audit(read_trail(log.write(tmp_path / "game.vlog")))
    referee = {entry.verdict.topic: entry.verdict for entry in ledger.seen_by(None)}
    assert "odds 3-1" in referee["attack"].explanation
    for side in ("axis", "soviet"):
        shown = [entry.verdict for entry in ledger.seen_by(side)]
        attack = next(verdict for verdict in shown if verdict.topic == "attack")
        assert (attack.outcome, attack.rules) == ("rolled", ("2.14",))
        assert "b40a-rd5" not in str(shown)
        assert "3-1" not in str(shown) and "22" not in attack.explanation


def test_hidden_4_a_reveal_before_the_roll_shows_the_odds_from_then_on(
    dist: Path, tmp_path: Path
) -> None:
    log = (
        LogWriter.on(dist, "dos-blue")
        .declare("Axis", DOS_ATTACK)
        .layer("b40a-rd5", "Untried", -1)
        .roll(2)
        .write(tmp_path / "game.vlog")
    )
    code, output, error = run("audit", "--format", "json", "--as", "soviet", str(log))
    assert (code, error) == (0, ""), error
    entries = {(entry["step"], entry["topic"]): entry for entry in json.loads(output)["entries"]}
    declared = entries[(1, "declaration")]
    assert declared["rules"] == ["2.14"] and "b40a-rd5" not in json.dumps(declared)
    assert (entries[(2, "reveal")]["subject"], entries[(2, "reveal")]["outcome"]) == (
        "b40a-rd5",
        "legal",
    )
    assert "odds 3-1, die +0; rolled 2: EX" in entries[(3, "attack")]["explanation"]


def test_hidden_5_an_untried_reinforcement_goes_by_an_alias_from_its_arrival(
    dist: Path, tmp_path: Path
) -> None:
    """A Soviet reinforcement drawn untried from its pool (8.3) is no unit of the start's
    views; it gets an alias of its own when it comes onto the map."""
    log = (
        LogWriter.on(dist, "dos-blue")
        .phase(2, "Soviet: movement, or prepared attacks (as declared, 5.4)")
        .enter("b-south-rd1", "S1343")
        .write(tmp_path / "game.vlog")
    )
    for side in ("axis", "soviet"):
        code, output, error = run("audit", "--format", "json", "--as", side, str(log))
        assert (code, error) == (0, ""), error
        assert "b-south-rd1" not in output
        arrival = next(
            entry for entry in json.loads(output)["entries"] if entry["topic"] == "arrival"
        )
        assert arrival["subject"].startswith("untried-") and arrival["unit"] == arrival["subject"]
    code, output, error = run("audit", "--format", "json", str(log))
    assert "b-south-rd1" in output
