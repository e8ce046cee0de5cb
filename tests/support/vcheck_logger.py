"""Run vcheck with VASSAL's own logger writing a .vlog of the steps it plays.

Run by vcheck's Python (it needs JPype), not the project's:
``python vcheck_logger.py VCHECK_DIR LOG.vlog VCHECK-ARGUMENTS...``. VASSAL begins a log
only from File > Begin logfile, whose file chooser vcheck does not answer, so this does
what ``BasicLogger.beginOutput`` does once the chooser has given its file (VASSAL 3.7,
``vassal-app/.../BasicLogger.java``): the output file set, the log emptied, the game's
restore command as its beginning, new save metadata. vcheck's own action runner then
plays the steps, each sent through ``GameModule.sendAndLog``, which the logger records;
last, the logger's public ``write()`` writes the file, as File > End logfile does.
"""

from __future__ import annotations

import importlib
import runpy
import sys
from pathlib import Path
from typing import Any


def _field(jclass: Any, name: str) -> Any:
    """A declared field of VASSAL's BasicLogger, made accessible (most are protected)."""
    field = jclass("VASSAL.build.module.BasicLogger").class_.getDeclaredField(name)
    field.setAccessible(True)
    return field


def main() -> None:
    tool, log, arguments = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    sys.path.insert(0, str(tool))
    sys.dont_write_bytecode = True
    vcheck_actions: Any = importlib.import_module("vcheck_actions")

    play = vcheck_actions.run_actions

    def logged(gm: Any, args: Any, jclass: Any, rep: Any, on_edt: Any, *rest: Any) -> Any:
        logger = gm.getLogger()

        def begin() -> None:
            _field(jclass, "outputFile").set(logger, jclass("java.io.File")(log))
            _field(jclass, "logOutput").get(logger).clear()
            restore = gm.getGameState().getRestoreCommand()
            _field(jclass, "beginningState").set(logger, restore)
            metadata = jclass("VASSAL.build.module.metadata.SaveMetaData")()
            _field(jclass, "metadata").set(logger, metadata)

        on_edt("begin logfile", begin)
        steps = play(gm, args, jclass, rep, on_edt, *rest)
        on_edt("end logfile", logger.write)
        return steps

    vcheck_actions.run_actions = logged
    sys.argv = [str(tool / "vcheck.py"), *arguments]
    runpy.run_path(str(tool / "vcheck.py"), run_name="__main__")


if __name__ == "__main__":
    main()
