"""Seeded mutation fuzz in CI: whatever arrives, only Stavka's own error may escape.

The machinery and the kinds of damage are in :mod:`tests.support.fuzzing`; here a
CI-sized share of each kind runs (43,300 cases in about a minute and a half), and
``python -m bench.fuzz`` runs longer. The seed makes every failure reproducible from
its case number.
"""

from __future__ import annotations

import pytest

from builder.vassal.reader import parse_save_bytes
from tests.support.fuzzing import KINDS, fuzz, small_save_text

CASES = {
    "files": 10_000,
    "payloads": 5_000,
    "texts": 15_000,
    "positions": 4_000,
    "stavka-saves": 2_000,
    "chains": 3_000,
    "dotted-keys": 1_000,
    "cache-bytes": 300,
    "turn-strings": 3_000,
}
READ_WHATEVER_THEY_HOLD = ("chains", "cache-bytes")
"""Any chain is a chain, and a damaged cache entry is passed over: neither is refused."""


def test_fuzz_seed_is_a_valid_save() -> None:
    game = parse_save_bytes(small_save_text().encode("utf-8"))
    # After the log: piece 1 moved, piece 2 placed on it, the original stack removed.
    assert [(piece.id, piece.x, piece.y) for piece in game.pieces] == [("1", 30, 40), ("2", 30, 40)]
    assert [stack.piece_ids for stack in game.stacks] == [("1", "2")]
    assert game.logged_commands == 4


@pytest.mark.parametrize("kind", KINDS)
def test_mutated_input_raises_only_stavka_errors(kind: str) -> None:
    result = fuzz(kind, CASES[kind])
    assert result.cases == CASES[kind]
    if kind in READ_WHATEVER_THEY_HOLD:
        assert result.refused == 0
    else:
        # The damage must not be so heavy that nothing gets past the first check.
        assert 0 < result.refused < result.cases


def test_ci_runs_enough_cases() -> None:
    assert sum(CASES.values()) >= 20_000 and set(CASES) == set(KINDS)
