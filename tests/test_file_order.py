"""The test files are handed out the slow ones first, then the longest last time, then
the most tests, and the engine files only to as many workers as there are engine slots
(:mod:`tests.support.file_order`), so no long file trails the run and no worker waits
for a slot."""

from __future__ import annotations

from tests.support.file_order import file_order, next_file


def test_the_slow_files_first_then_the_longest_then_the_most_tests() -> None:
    files = ["a.py"] * 3 + ["b.py"] + ["c.py"] * 2 + ["d.py"] + ["e.py"] * 5
    order = file_order(files, {"d.py"}, {"b.py": 20.0, "c.py": 5.0, "gone.py": 90.0})
    assert sorted(order, key=order.__getitem__) == ["d.py", "b.py", "c.py", "e.py", "a.py"]


def test_before_a_first_run_the_files_with_most_tests_come_first() -> None:
    order = file_order(["a.py", "b.py", "b.py"], set(), {})
    assert sorted(order, key=order.__getitem__) == ["b.py", "a.py"]


def test_engine_files_go_to_one_worker_per_slot_and_the_other_files_beside_them() -> None:
    queue = ["slow.py", "engine_a.py", "long.py", "engine_b.py", "short.py"]
    engine = {"engine_a.py", "engine_b.py"}
    # The first two workers take the first engine files, the third the first other file.
    assert next_file(queue, engine, 0, 2) == "engine_a.py"
    assert next_file(queue, engine, 1, 2) == "engine_a.py"
    assert next_file(queue, engine, 2, 2) == "slow.py"
    # When none of the kind wanted is left, the first file of the queue.
    assert next_file(["engine_b.py"], engine, 2, 2) == "engine_b.py"
    assert next_file(["short.py"], engine, 0, 2) == "short.py"
    assert next_file([], engine, 0, 2) is None
    # A run that starts no engine hands the files out in queue order.
    assert next_file(queue, set(), 2, 2) == "slow.py"
