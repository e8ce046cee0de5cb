"""The ``savedGame`` payload: obfuscated, plain or compressed bytes to and from text.

VASSAL has written ``!VCSK`` (hex of XOR-ed UTF-8, either hex case in the wild) since
2.x and reads un-obfuscated text too; VASSAL 3.8 adds ``VOBS`` (a raw key byte, then
raw XOR-ed bytes). XZ-compressed payloads circulate, bare or as ``!VOXZ`` (a raw key
byte, then the XZ stream XOR-ed with it). Reading accepts them all and streams: the
payload arrives in chunks and each is unhexed, XOR-ed or decompressed as it comes, so
the hex text is never held whole. Writing produces only ``!VCSK``, which every VASSAL
3.x loads (docs/vassal-format.md §4.2).
"""

from __future__ import annotations

import binascii
import lzma
import re
from collections.abc import Iterable, Iterator

from builder.vassal import limits
from rules.errors import SaveError

HEX_HEADER = b"!VCSK"
RAW_HEADER = b"VOBS"
XZ_HEADER = b"!VOXZ"
XZ_MAGIC = b"\xfd7zXZ\x00"

_NOT_HEX = re.compile(rb"[^0-9A-Fa-f]")
_HEADER_BYTES = max(len(HEX_HEADER) + 2, len(XZ_MAGIC))


def _xor_table(key: int) -> bytes:
    return bytes(value ^ key for value in range(256))


class _Chunks:
    """A payload's chunks, with the bytes already consumed counted for error places."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._chunks = iter(chunks)
        self._buffer = b""
        self.offset = 0

    def peek(self, count: int) -> bytes:
        """At least ``count`` bytes from the front, fewer only at the end."""
        while len(self._buffer) < count:
            chunk = next(self._chunks, None)
            if chunk is None:
                break
            self._buffer += chunk
        return self._buffer[:count]

    def skip(self, count: int) -> None:
        self.peek(count)
        self._buffer = self._buffer[count:]
        self.offset += count

    def __iter__(self) -> Iterator[bytes]:
        if self._buffer:
            chunk, self._buffer = self._buffer, b""
            yield chunk
        yield from self._chunks


def _unhex(chunks: _Chunks) -> Iterator[bytes]:
    """Hex pairs to bytes, rejecting what VASSAL's reader rejects (whitespace included,
    which ``bytes.fromhex`` would skip); only a bad chunk is searched for the culprit."""
    carry = b""
    offset = chunks.offset
    for chunk in chunks:
        digits = carry + chunk
        even = len(digits) - len(digits) % 2
        try:
            yield binascii.unhexlify(digits[:even])
        except binascii.Error:
            bad = _NOT_HEX.search(digits)
            position = offset + (bad.start() if bad is not None else 0)
            raise SaveError(
                None, f"byte {position}", "obfuscated payload has a non-hex digit"
            ) from None
        carry = digits[even:]
        offset += even
    if carry:
        if _NOT_HEX.match(carry):
            raise SaveError(None, f"byte {offset}", "obfuscated payload has a non-hex digit")
        raise SaveError(
            None, f"byte {offset}", "obfuscated payload is truncated (odd number of hex digits)"
        )


def _unxz(chunks: Iterable[bytes], place: str) -> Iterator[bytes]:
    """Decompress an XZ stream, stopping as soon as it unpacks too much."""
    decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    packed = produced = 0
    try:
        for chunk in chunks:
            packed += len(chunk)
            data = chunk
            while True:
                part = decompressor.decompress(data, max_length=1 << 20)
                data = b""
                produced += len(part)
                limits.check_unpacked(produced, packed, limits.MAX_PAYLOAD_BYTES, place)
                if part:
                    yield part
                if decompressor.eof or decompressor.needs_input:
                    break
            if decompressor.eof:
                return
    except lzma.LZMAError as error:
        raise SaveError(None, place, f"compressed data is corrupt ({error})") from error
    raise SaveError(None, place, "compressed data is truncated")


def _xor(chunks: Iterable[bytes], key: int) -> Iterator[bytes]:
    table = _xor_table(key)
    for chunk in chunks:
        yield chunk.translate(table)


def _raw_key(chunks: _Chunks, header: bytes) -> int:
    chunks.skip(len(header))
    key = chunks.peek(1)
    if not key:
        raise SaveError(None, f"byte {chunks.offset}", "obfuscated payload has no key")
    chunks.skip(1)
    return key[0]


def _text_bytes(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The command text's bytes in any of the formats, outer layers first."""
    payload = _Chunks(chunks)
    head = payload.peek(_HEADER_BYTES)
    if head.startswith(XZ_MAGIC):
        payload = _Chunks(_unxz(payload, "XZ payload"))
        head = payload.peek(_HEADER_BYTES)
    if head.startswith(XZ_HEADER):
        key = _raw_key(payload, XZ_HEADER)
        yield from _unxz(_xor(payload, key), "!VOXZ payload")
    elif head.startswith(HEX_HEADER):
        payload.skip(len(HEX_HEADER))
        key_digits = payload.peek(2)
        if len(key_digits) < 2:
            raise SaveError(None, f"byte {payload.offset}", "obfuscated payload has no key")
        if _NOT_HEX.search(key_digits):
            raise SaveError(
                None, f"byte {payload.offset}", "obfuscated payload has a non-hex digit"
            )
        payload.skip(2)
        yield from _xor(_unhex(payload), int(key_digits, 16))
    elif head.startswith(RAW_HEADER):
        key = _raw_key(payload, RAW_HEADER)
        yield from _xor(payload, key)
    else:
        yield from payload


def deobfuscate_chunks(chunks: Iterable[bytes]) -> str:
    """The command text of a ``savedGame`` payload given in chunks, in any format.

    Malformed UTF-8 becomes U+FFFD, as in VASSAL; broken hex, a missing key or broken
    XZ data raise :class:`SaveError` with the byte offset as the place, and text beyond
    :data:`limits.MAX_TEXT_BYTES` is refused as it arrives.
    """
    text = bytearray()
    for part in _text_bytes(chunks):
        text += part
        if len(text) > limits.MAX_TEXT_BYTES:
            raise SaveError(
                None,
                "savedGame",
                f"command text is larger than {limits.megabytes(limits.MAX_TEXT_BYTES)}",
            )
    return text.decode("utf-8", errors="replace")


def deobfuscate(payload: bytes) -> str:
    """The command text of a whole ``savedGame`` payload (see :func:`deobfuscate_chunks`)."""
    return deobfuscate_chunks([payload])


def obfuscate(text: str, key: int) -> bytes:
    """``!VCSK`` + key + lower-case hex of the XOR-ed UTF-8, as VASSAL writes it."""
    if not 0 <= key <= 255:
        raise ValueError(f"obfuscation key {key} is not a byte")
    return (
        HEX_HEADER
        + b"%02x" % key
        + text.encode("utf-8").translate(_xor_table(key)).hex().encode("ascii")
    )


def obfuscate_xz(text: str, key: int) -> bytes:
    """``!VOXZ`` + a raw key byte + the XZ stream of the UTF-8 text, XOR-ed with the key."""
    if not 0 <= key <= 255:
        raise ValueError(f"obfuscation key {key} is not a byte")
    return XZ_HEADER + bytes([key]) + lzma.compress(text.encode("utf-8")).translate(_xor_table(key))
