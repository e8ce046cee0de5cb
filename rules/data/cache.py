"""Checked game data kept between runs, so a second ``stavka check`` parses no TOML.

Loading a game parses and cross-checks a few hundred kilobytes of TOML (about 170 ms for
Drive on Stalingrad); unpickling the checked result takes about a tenth of that. A cache
entry is only ever a copy of what loading would give now: its key is a hash of every
data file's bytes, of the code that reads and models the data, of the Python version
and of the folder's path, so an edited file, a new Stavka or another interpreter each
miss it. One file per game folder lives under the user's cache folder
(``$XDG_CACHE_HOME/stavka`` or ``~/.cache/stavka``); each new key replaces it.

The cache is never a reason to fail, nor to be wrong: an entry is trusted only if it is
a regular file of at most :data:`MAX_CACHE_BYTES` whose body matches the SHA-256 digest
in its header, so a flipped bit is caught before ``pickle`` reads a byte of it. A
missing, corrupt, foreign, oversized or unwritable cache (or a FIFO or device in its
place) is passed over, the data loaded from its files, and the entry written anew.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from rules.errors import StavkaError
from rules.files import MAX_DATA_FILE_BYTES, MEBIBYTE, read_regular_file
from rules.model import GameSpec

_MAGIC = b"stavka game data cache 2\n"
MAX_CACHE_BYTES = 16 * MEBIBYTE
"""A cache entry; the shipped games' entries are at most 260 KB."""
_RULES = Path(__file__).resolve().parents[1]


def fingerprinted_sources() -> list[Path]:
    """The modules that read the data and define what it becomes: the game model's
    modules and the loader's, its parsers included (the referee's code makes no part of
    a spec)."""
    return sorted([*_RULES.glob("*.py"), *(_RULES / "data").rglob("*.py")])


@cache
def _code_fingerprint() -> bytes:
    """A hash of :func:`fingerprinted_sources` and the Python version."""
    digest = hashlib.sha256(sys.version.encode())
    for source in fingerprinted_sources():
        digest.update(str(source.relative_to(_RULES)).encode() + b"\0" + source.read_bytes())
    return digest.digest()


def cache_directory() -> Path:
    """Where cached game data goes; a detail no user needs to know."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "stavka" / "games"


def _key(folder: Path, files: Sequence[Path], variant: str) -> bytes:
    digest = hashlib.sha256(_code_fingerprint())
    digest.update(f"{folder}\0{variant}\0".encode())
    for path in files:
        digest.update(path.name.encode() + b"\0")
        try:
            digest.update(read_regular_file(path, MAX_DATA_FILE_BYTES, StavkaError))
        except StavkaError:
            # Missing or not a regular file: loading will say so, and nothing is cached.
            digest.update(b"\0unreadable")
    return digest.hexdigest().encode()


def _read(path: Path, key: bytes) -> GameSpec | None:
    """The entry at ``path`` if it is whole, ours and for ``key``; else ``None``."""
    try:
        data = read_regular_file(path, MAX_CACHE_BYTES, StavkaError)
    except StavkaError:
        return None
    header = _MAGIC + key + b"\n"
    digest_end = len(header) + 2 * hashlib.sha256().digest_size
    body = data[digest_end + 1 :]
    if (
        not data.startswith(header)
        or data[len(header) : digest_end] != hashlib.sha256(body).hexdigest().encode()
    ):
        return None
    try:
        spec = pickle.loads(body)
    except Exception:  # an entry from another Stavka of the same key; it is rebuilt
        return None
    return spec if isinstance(spec, GameSpec) else None


def _write(path: Path, key: bytes, spec: GameSpec) -> None:
    try:
        body = pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, RecursionError):
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.part")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(
                    _MAGIC + key + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n" + body
                )
            os.replace(temporary, path)
        finally:
            Path(temporary).unlink(missing_ok=True)
    except OSError:
        return


def cached_data(label: str, data_digest: str, load: Callable[[], GameSpec]) -> GameSpec:
    """The game held in memory under ``label`` (a module's copy of its data) from the
    cache if data of ``data_digest`` was loaded under that label before, else ``load()``.

    The module's plugin asks the service with the module on every press: its data is
    parsed once, not each time (Turning Point's takes a second and more)."""
    digest = hashlib.sha256(_code_fingerprint())
    digest.update(f"{label}\0{data_digest}\0".encode())
    key = digest.hexdigest().encode()
    slot = hashlib.sha256(f"module data\0{label}".encode()).hexdigest()[:32]
    path = cache_directory() / f"{slot}.pickle"
    spec = _read(path, key)
    if spec is None:
        spec = load()
        _write(path, key, spec)
    return spec


def cached_game(
    folder: Path, files: Sequence[Path], variant: str, load: Callable[[], GameSpec]
) -> GameSpec:
    """The game in ``folder`` from the cache if ``files`` are unchanged, else ``load()``.

    ``variant`` tells apart loads of one folder that give different specs.
    """
    key = _key(folder, files, variant)
    slot = hashlib.sha256(f"{folder.resolve()}\0{variant}".encode()).hexdigest()[:32]
    path = cache_directory() / f"{slot}.pickle"
    spec = _read(path, key)
    if spec is None:
        spec = load()
        _write(path, key, spec)
    return spec
