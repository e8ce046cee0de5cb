"""The test files are handed out the slow ones first, then the longest last time, then
the most tests (:mod:`tests.support.file_order`), so no long file trails the run."""

from __future__ import annotations

from tests.support.file_order import file_order


def test_the_slow_files_first_then_the_longest_then_the_most_tests() -> None:
    files = ["a.py"] * 3 + ["b.py"] + ["c.py"] * 2 + ["d.py"] + ["e.py"] * 5
    order = file_order(files, {"d.py"}, {"b.py": 20.0, "c.py": 5.0, "gone.py": 90.0})
    assert sorted(order, key=order.__getitem__) == ["d.py", "b.py", "c.py", "e.py", "a.py"]


def test_before_a_first_run_the_files_with_most_tests_come_first() -> None:
    order = file_order(["a.py", "b.py", "b.py"], set(), {})
    assert sorted(order, key=order.__getitem__) == ["b.py", "a.py"]
