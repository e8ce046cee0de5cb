"""How long ``stavka build`` takes, how big the modules are, and how both compare with
an earlier revision measured in the same run.

Run ``.venv/bin/python -m bench.bench_build [--repeats N] [--against REV]``.

For each game it reports the median wall time of the whole build in this process
(drawing, encoding, assembling, writing a module to a temporary folder), the module's
size, and how many image files it holds for how many pieces' faces.

With ``--against REV`` it also times ``stavka build all`` as a user runs it (a fresh
process each time) for this tree and for ``REV`` (exported with ``git archive`` into a
temporary folder and run from there), alternating the two so that both see the same
load on a shared machine, and reports the medians of wall and processor time (the
latter disturbed far less by other jobs), their ratios, and the three modules' sizes
from each. Timings vary by machine; compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from bench.timing import median_seconds
from builder.build import build_game, buildable
from rules.data.loader import load_game, shipped_games

ROOT = Path(__file__).resolve().parents[1]
BUILD_ALL = "from builder.cli import main; main()"


def module_images(module: Path) -> tuple[int, int]:
    """How many image files ``module`` holds and their packed bytes."""
    with zipfile.ZipFile(module) as archive:
        images = [info for info in archive.infolist() if info.filename.startswith("images/")]
    return len(images), sum(info.compress_size for info in images)


def per_game(repeats: int) -> None:
    """Each game's build time in this process, module size and its images."""
    print("| game | build s (median) | module bytes | image files | image bytes (packed) |")
    print("|---|---:|---:|---:|---:|")
    for name in shipped_games():
        spec = load_game(name)
        if not buildable(spec):
            continue
        with tempfile.TemporaryDirectory() as folder:
            seconds = median_seconds(
                lambda: build_game(spec, Path(folder), lambda _step: None), repeats
            )
            module = Path(folder) / f"{name}.vmod"
            files, packed = module_images(module)
            print(f"| {name} | {seconds:.2f} | {module.stat().st_size:,} | {files} | {packed:,} |")


def export(revision: str, folder: Path) -> Path:
    """The tree of ``revision`` as files in ``folder``."""
    archive = subprocess.run(
        ["git", "archive", revision], cwd=ROOT, capture_output=True, check=True
    ).stdout
    tree = folder / "tree"
    tree.mkdir()
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def build_all(tree: Path, dist: Path) -> tuple[float, float]:
    """Wall and processor seconds of ``stavka build all`` run from ``tree`` in a fresh
    process."""
    environment = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    start, used = time.perf_counter(), _children_cpu()
    subprocess.run(
        [sys.executable, "-c", BUILD_ALL, "build", "all", "--dist", str(dist)],
        cwd=tree,
        env=environment,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start, _children_cpu() - used


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def against(revision: str, repeats: int) -> None:
    """``stavka build all`` of this tree and of ``revision``, alternated, side by side."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        trees = {revision: export(revision, folder), "this tree": ROOT}
        timings: dict[str, list[tuple[float, float]]] = {label: [] for label in trees}
        dists = {label: folder / f"dist-{index}" for index, label in enumerate(trees)}
        for dist in dists.values():
            dist.mkdir()
        for _ in range(repeats):
            for label, tree in trees.items():
                for module in dists[label].glob("*.vmod"):
                    module.unlink()
                timings[label].append(build_all(tree, dists[label]))
        print(f"\n`stavka build all`, fresh process, median of {repeats}, alternated:\n")
        print("| | " + " | ".join(trees) + " | after / before |")
        print("|---|---:|---:|---:|")
        for index, clock in enumerate(("wall", "processor")):
            before, after = (
                statistics.median(timing[index] for timing in timings[label]) for label in trees
            )
            print(f"| build all, {clock} s | {before:.2f} | {after:.2f} | {after / before:.2f} |")
        for file_name in sorted(path.name for path in dists[revision].glob("*.vmod")):
            sizes = [(dists[label] / file_name).stat().st_size for label in trees]
            print(
                f"| {file_name}, bytes | {sizes[0]:,} | {sizes[1]:,} | {sizes[1] / sizes[0]:.2f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs (median reported)")
    parser.add_argument(
        "--against", metavar="REV", help="also compare `stavka build all` with this git revision"
    )
    arguments = parser.parse_args()
    per_game(arguments.repeats)
    if arguments.against:
        against(arguments.against, arguments.repeats)


if __name__ == "__main__":
    main()
