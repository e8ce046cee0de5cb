"""The ``savedGame`` payload: obfuscated, plain or compressed bytes to and from text.

VASSAL has written ``!VCSK`` (hex of XOR-ed UTF-8, either hex case in the wild) since
2.x, reads un-obfuscated text too, and VASSAL 3.8 adds ``VOBS`` (raw XOR-ed bytes);
XZ-compressed payloads also circulate. Reading accepts them all; writing produces only
``!VCSK``, which every VASSAL 3.x loads (docs/vassal-format.md §4.2).
"""

from __future__ import annotations

import lzma
import re

from builder.vassal.limits import check_unpacked
from rules.errors import SaveError

HEX_HEADER = b"!VCSK"
RAW_HEADER = b"VOBS"
XZ_MAGIC = b"\xfd7zXZ\x00"

_NOT_HEX = re.compile(rb"[^0-9A-Fa-f]")
_CHUNK = 1 << 20


def _xor_table(key: int) -> bytes:
    return bytes(value ^ key for value in range(256))


def _unhex(body: bytes, offset: int) -> bytes:
    """Hex pairs to bytes, rejecting what VASSAL's reader rejects.

    ``bytes.fromhex`` would skip whitespace, which the engine treats as corruption.
    """
    bad = _NOT_HEX.search(body)
    if bad is not None:
        raise SaveError(None, f"byte {offset + bad.start()}", "obfuscated payload has a non-hex digit")
    if len(body) % 2:
        raise SaveError(None, f"byte {offset + len(body) - 1}", "obfuscated payload is truncated (odd number of hex digits)")
    return bytes.fromhex(body.decode("ascii"))


def _unxz(payload: bytes) -> bytes:
    """Decompress an XZ payload, stopping as soon as it unpacks too much."""
    decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    parts: list[bytes] = []
    produced = 0
    data = payload
    try:
        while not decompressor.eof:
            part = decompressor.decompress(data, max_length=_CHUNK)
            data = b""
            produced += len(part)
            check_unpacked(produced, len(payload), "XZ payload")
            parts.append(part)
            if not part and decompressor.needs_input:
                raise SaveError(None, "XZ payload", "compressed data is truncated")
    except lzma.LZMAError as error:
        raise SaveError(None, "XZ payload", f"compressed data is corrupt ({error})") from error
    return b"".join(parts)


def deobfuscate(payload: bytes) -> str:
    """The command text of a ``savedGame`` payload in any of the formats in the wild.

    Malformed UTF-8 becomes U+FFFD, as in VASSAL; broken hex, a missing key or broken
    XZ data raise :class:`SaveError` with the byte offset as the place.
    """
    if payload.startswith(XZ_MAGIC):
        payload = _unxz(payload)
    if payload.startswith(HEX_HEADER):
        start = len(HEX_HEADER)
        key_digits = payload[start : start + 2]
        if len(key_digits) < 2:
            raise SaveError(None, f"byte {start}", "obfuscated payload has no key")
        key = _unhex(key_digits, start)[0]
        data = _unhex(payload[start + 2 :], start + 2).translate(_xor_table(key))
    elif payload.startswith(RAW_HEADER):
        start = len(RAW_HEADER)
        if len(payload) <= start:
            raise SaveError(None, f"byte {start}", "obfuscated payload has no key")
        data = payload[start + 1 :].translate(_xor_table(payload[start]))
    else:
        data = payload
    return data.decode("utf-8", errors="replace")


def obfuscate(text: str, key: int) -> bytes:
    """``!VCSK`` + key + lower-case hex of the XOR-ed UTF-8, as VASSAL writes it."""
    if not 0 <= key <= 255:
        raise ValueError(f"obfuscation key {key} is not a byte")
    return HEX_HEADER + b"%02x" % key + text.encode("utf-8").translate(_xor_table(key)).hex().encode("ascii")
