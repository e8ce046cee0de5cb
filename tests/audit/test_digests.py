"""The position digest: sixteen characters two players read out to know they hold the same
game. It covers everything a player could dispute (issue 38 item 7): where every unit
stands, and in Rattenkrieg every card (hands, step cards, the deck and the discard pile
as the referee sees them); and each side has a digest of its own view, which names only
what that side may see, so a digest never lets a player work out what is hidden."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.audit_trail import read_trail
from rules.audit.continuity import digest
from rules.referee.position import Position
from tests.audit.logs import LogWriter
from tests.audit.rks_logs import RksLog
from tests.cli.test_cli import run


def _dealt(rks_dist: Path) -> Position:
    return read_trail(RksLog.on(rks_dist).log.path).start.position


def _swapped(position: Position, side: str, held: str, other: str) -> Position:
    """``position`` with the card ``held`` of ``side``'s hand and the deck's ``other``
    trading places: every count as it was."""
    cards = position.cards
    assert cards is not None and position.spec.cards is not None
    into_hand, into_deck = position.spec.cards.card(other), position.spec.cards.card(held)
    hands = dict(cards.hands)
    hands[side] = tuple(into_hand if card == into_deck else card for card in hands[side])
    deck = tuple(into_deck if card == into_hand else card for card in cards.deck)
    return replace(position, cards=replace(cards, hands=hands, deck=deck))


def test_digest_1_two_files_that_differ_by_one_card_differ(rks_dist: Path) -> None:
    """Seed 7 deals the Soviet 2♠ J♦ 4♣ 3♥ and leaves 8♣ on the deck: the Soviet's 2♠
    and a card of the deck trade places, and every unit, count and control is unchanged."""
    dealt = _dealt(rks_dist)
    swapped = _swapped(dealt, "soviet", "2s", "8c")
    assert digest(dealt) != digest(swapped)
    assert digest(dealt, "soviet") != digest(swapped, "soviet")


def test_digest_2_a_side_s_digest_names_only_what_it_sees(rks_dist: Path) -> None:
    """The German cannot tell a Soviet hand card from a deck card: his digest of both
    positions is one; and the German's and the Soviet's digests differ from the referee's."""
    dealt = _dealt(rks_dist)
    swapped = _swapped(dealt, "soviet", "2s", "8c")
    assert digest(dealt, "german") == digest(swapped, "german")
    assert len({digest(dealt), digest(dealt, "german"), digest(dealt, "soviet")}) == 3


def test_digest_3_an_untried_unit_goes_by_its_alias_in_a_side_s_digest(dist: Path) -> None:
    """DoS 2.14: two untried Soviet rifle divisions of one face trading hexes are two
    positions to the referee and one to each player."""
    position = read_trail(LogWriter.on(dist, "dos-blue").path).start.position
    untried = [state for state in position.units if "untried" in state.flags]
    first, second = next(
        (one, other)
        for one in untried
        for other in untried
        if one.hex != other.hex
        and (one.unit.arm, one.unit.size, one.unit.mobility)
        == (other.unit.arm, other.unit.size, other.unit.mobility)
    )
    moved = {
        first.unit.id: replace(first, location=second.location, hex=second.hex),
        second.unit.id: replace(second, location=first.location, hex=first.hex),
    }
    traded = replace(
        position, units=tuple(moved.get(state.unit.id, state) for state in position.units)
    )
    assert digest(position) != digest(traded)
    for side in ("axis", "soviet"):
        assert digest(position, side) == digest(traded, side)


def test_digest_4_the_ledger_gives_each_reader_its_digests(rks_dist: Path, tmp_path: Path) -> None:
    log = RksLog.on(rks_dist).phase(1, "Soviet operations").write(tmp_path / "game.vlog")
    lines = {
        reader: next(
            line
            for line in run("audit", *arguments, str(log))[1].splitlines()
            if line.startswith("Position digests:")
        )
        for reader, arguments in (("referee", ()), ("german", ("--as", "german")))
    }
    position = read_trail(log).end.position
    assert f"end {digest(position)}" in lines["referee"]
    assert f"end {digest(position, 'german')}" in lines["german"]
    assert digest(position) not in lines["german"]
