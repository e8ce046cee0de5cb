"""Where the shared, read-only corpus and the engine checker are, seen from this repository."""

from __future__ import annotations

from tests.support.engine import SHARED

CORPUS = SHARED / "corpus"

SAVES = sorted(path for path in CORPUS.glob("*/*") if path.suffix in (".vsav", ".vlog", ".sav"))
KASSALA_MODULE = CORPUS / "kassala" / "Kassala.vmod"
KASSALA_SAVE = CORPUS / "kassala" / "Default Setup.vsav"
RAGNAROK_SAVE = CORPUS / "jzhex" / "ragnarok-start.vsav"
ZXVT_MODULE = CORPUS / "zxvt" / "zxvt.vmod"
ZXVT_LOG = CORPUS / "zxvt" / "zxvt_5x5_startup.vlog"
