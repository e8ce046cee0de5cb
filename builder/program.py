"""The ``stavka`` program: the command line (:mod:`builder.cli`) in a process of its own.

A command runs in a short process, and nearly all it allocates while starting (modules,
classes, the game data) lives until it exits. Python's collector, tuned for programs
that make garbage, would scan those objects again and again as they pile up: about a
tenth of a second-run ``stavka check``'s CPU time. So the program pauses the collector
while the command's modules load, freezes what they built out of its sight, and then
looks for garbage every 7,000 new objects rather than every 700, since what a command
goes on to load (a save, the game data, a referee) mostly lasts too. Tests call
:data:`builder.cli.main` and keep Python's defaults.
"""

from __future__ import annotations

import gc
import sys

YOUNG_OBJECTS_PER_COLLECTION = 7000
"""Ten times Python's default first-generation threshold."""


def start(command: str) -> None:
    """Load the modules of ``command`` (a first argument, or anything else) with the
    collector paused, freeze what they built and let the collector run again, less often."""
    gc.disable()
    # Imported here, not at the top, so that the command line's own imports load paused too.
    from builder.cli import load_command_module

    load_command_module(command)
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS_PER_COLLECTION)
    gc.enable()


def run() -> None:
    """Run the command line named by ``sys.argv``, its modules loaded by :func:`start`."""
    start(sys.argv[1] if len(sys.argv) > 1 else "")
    from builder.cli import main

    main()
