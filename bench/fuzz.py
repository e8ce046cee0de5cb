"""The mutation fuzz at length: ``python -m bench.fuzz [--cases N] [--seed S]``.

Runs ``N`` damaged inputs of every kind in :mod:`tests.support.fuzzing` (the CI test
runs a share of them), prints each kind's count, how many were refused with a clean
error, how many positions the referee checked, and the time. Any exception other than
Stavka's own error stops the run with its case number and seed.
"""

from __future__ import annotations

import argparse

from tests.support.fuzzing import KINDS, SEED, fuzz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000, help="damaged inputs per kind")
    parser.add_argument("--seed", type=int, default=SEED)
    arguments = parser.parse_args()
    print(f"seed {arguments.seed}, {arguments.cases:,} cases per kind\n")
    print("| kind | cases | refused cleanly | referee checks | s | cases/s |")
    print("|---|---:|---:|---:|---:|---:|")
    total = 0
    for kind in KINDS:
        result = fuzz(kind, arguments.cases, arguments.seed)
        total += result.cases
        print(
            f"| {kind} | {result.cases:,} | {result.refused:,} | {result.checked:,} | {result.seconds:.0f} "
            f"| {result.cases / result.seconds:,.0f} |"
        )
    print(f"\n{total:,} cases, no exception but Stavka's own errors")


if __name__ == "__main__":
    main()
