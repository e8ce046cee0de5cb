"""Payload formats and zip containers, including every kind of hostile file."""

from __future__ import annotations

import io
import lzma
import random
import warnings
import zipfile

import pytest

from builder.vassal import limits
from builder.vassal.archive import zip_archive, read_container
from builder.vassal.obfuscation import deobfuscate, deobfuscate_chunks, obfuscate, obfuscate_xz
from builder.vassal.savefile import decode_save_bytes
from rules.errors import SaveError

TEXT = "begin_save\x1b\x1bGlobalProperty\t;Zoé;1;Module\x1bend_save"


def _zip(entries: list[tuple[str, bytes]], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names are made on purpose
        for name, content in entries:
            archive.writestr(name, content)
    return buffer.getvalue()


def _xor(data: bytes, key: int) -> bytes:
    return bytes(value ^ key for value in data)


def test_vassal_check_vector() -> None:
    # docs/vassal-format.md §4.2, produced by VASSAL's ObfuscatingOutputStream.
    assert obfuscate("begin_save", 0x3C) == b"!VCSK3c5e595b5552634f5d4a59"


@pytest.mark.parametrize("key", [0, 0x3C, 0xAA, 0xFF])
def test_every_payload_format_reads_back(key: int) -> None:
    hexed = obfuscate(TEXT, key)
    assert deobfuscate(hexed) == TEXT
    assert deobfuscate(hexed.upper().replace(b"!VCSK", b"!VCSK")) == TEXT
    assert deobfuscate(b"VOBS" + bytes([key]) + _xor(TEXT.encode(), key)) == TEXT
    assert deobfuscate(TEXT.encode()) == TEXT
    assert deobfuscate(lzma.compress(hexed)) == TEXT
    assert deobfuscate(obfuscate_xz(TEXT, key)) == TEXT


def test_malformed_utf8_becomes_replacement_character() -> None:
    assert deobfuscate(b"begin_save\xff") == "begin_save\ufffd"


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b"!VCSK", "no key"),
        (b"!VCSK3", "no key"),
        (b"!VCSK3c5e5", "truncated"),
        (b"!VCSK3c5e 59", "non-hex"),
        (b"VOBS", "no key"),
        (lzma.compress(b"begin_save" * 100)[:-8], "XZ"),
        (b"\xfd7zXZ\x00garbage", "corrupt"),
        (b"!VOXZ", "no key"),
        (b"!VOXZ\x11" + lzma.compress(b"begin_save"), "corrupt"),
        (b"!VCSKzz00", "non-hex"),
        (b"!VCSK0000\n00", "non-hex"),
    ],
)
def test_broken_payloads_raise_save_error(payload: bytes, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        deobfuscate(payload)


def test_xz_bomb_is_stopped_by_ratio() -> None:
    with pytest.raises(SaveError, match="times its packed size"):
        deobfuscate(lzma.compress(b"\0" * 20_000_000))


def test_zip_with_metadata_and_bare_variants() -> None:
    payload = obfuscate(TEXT, 7)
    full = read_container(
        zip_archive([("savedGame", payload), ("savedata", b"<data/>"), ("moduledata", b"<data/>")])
    )
    assert (b"".join(full.payload()), full.save_data, full.module_data, full.zipped) == (
        payload,
        b"<data/>",
        b"<data/>",
        True,
    )
    only = read_container(_zip([("savedGame", payload)], zipfile.ZIP_STORED))
    assert (b"".join(only.payload()), only.module_data) == (payload, None)
    bare = read_container(payload)
    assert (b"".join(bare.payload()), bare.zipped) == (payload, False)


def test_build_zip_is_byte_identical_for_identical_input() -> None:
    entries = [("savedGame", b"x" * 1000), ("moduledata", b"<data/>")]
    assert zip_archive(entries) == zip_archive(list(entries))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"PK\x03\x04 not really a zip", "not a readable zip"),
        (_zip([("savedGame", b"x")])[:-10], "not a readable zip"),
        (_zip([("../savedGame", b"x"), ("savedGame", b"x")]), "leaves the archive"),
        (_zip([("/etc/passwd", b"x"), ("savedGame", b"x")]), "leaves the archive"),
        (_zip([("C:\\x", b"x"), ("savedGame", b"x")]), "leaves the archive"),
        (_zip([("savedGame", b"x"), ("savedGame", b"y")]), "appears twice"),
        (_zip([("buildFile.xml", b"<x/>")]), "module, not a saved game"),
        (_zip([("other", b"x")]), "no savedGame entry"),
        (_zip([("savedGame", b"\0" * 10_000_000)]), "times its packed size"),
        (
            _zip([("savedGame", b"x"), ("moduledata", random.Random(2).randbytes(1_100_000))]),
            "unpacks to more than 1 MB",
        ),
    ],
    ids=[
        "bad-zip",
        "truncated-zip",
        "dot-dot",
        "absolute",
        "drive",
        "duplicate",
        "module",
        "no-save",
        "bomb",
        "metadata",
    ],
)
def test_hostile_zips_raise_save_error(data: bytes, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        b"".join(read_container(data).payload())


def test_corrupt_entry_raises_save_error() -> None:
    data = bytearray(_zip([("savedGame", obfuscate(TEXT * 50, 1))]))
    data[60] ^= 0xFF  # inside the deflated data
    with pytest.raises(SaveError, match="savedGame"):
        b"".join(read_container(bytes(data)).payload())


def test_payload_size_limit_counts_real_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_PAYLOAD_BYTES", 1_000_000)
    # Two letters at random: deflates about 7:1, so only the unpacked total is too big.
    two_letters = bytes(random.Random(1).choices(b"ab", k=2_000_000))
    data = _zip([("savedGame", two_letters)])
    assert len(data) < 1_000_000
    with pytest.raises(SaveError, match="unpacks to more than"):
        b"".join(read_container(data).payload())


def test_not_a_save_at_all() -> None:
    with pytest.raises(SaveError, match="does not start with begin_save"):
        decode_save_bytes(b"\x89PNG\r\n\x1a\n some image")


def test_save_from_another_module_is_refused() -> None:
    module_data = b'<?xml version="1.0"?><data version="1"><name>Other Game</name></data>'
    data = zip_archive([("savedGame", obfuscate(TEXT, 1)), ("moduledata", module_data)])
    assert decode_save_bytes(data, "Other Game").module is not None
    with pytest.raises(SaveError, match="'Other Game', not 'Kassala'"):
        decode_save_bytes(data, "Kassala")


def test_hostile_metadata_xml_is_refused() -> None:
    entity_bomb = b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]><data>&a;</data>'
    data = zip_archive(
        [("savedGame", obfuscate(TEXT, 1)), ("moduledata", entity_bomb), ("savedata", b"<data")]
    )
    with pytest.raises(SaveError, match="savedata"):
        decode_save_bytes(data)


def test_voxz_payload_is_xor_over_xz() -> None:
    # Built by hand to pin the layout: header, one raw key byte, then the XZ stream of
    # the UTF-8 text with every byte XOR-ed with the key.
    stream = lzma.compress(TEXT.encode("utf-8"), format=lzma.FORMAT_XZ)
    payload = b"!VOXZ" + bytes([0x9C]) + _xor(stream, 0x9C)
    assert payload == obfuscate_xz(TEXT, 0x9C)
    data = zip_archive([("savedGame", payload)])
    assert decode_save_bytes(data).text == TEXT


def test_payload_streams_across_chunk_boundaries() -> None:
    # Hex split at odd offsets, and a key split from its header: the text is the same.
    payload = obfuscate(TEXT * 40, 0x41)
    pieces = [payload[start : start + 7] for start in range(0, len(payload), 7)]
    assert deobfuscate_chunks(pieces) == TEXT * 40
    bad = bytearray(payload)
    bad[1001] = ord("g")
    with pytest.raises(SaveError, match="byte 1001: obfuscated payload has a non-hex digit"):
        deobfuscate_chunks([bytes(bad[start : start + 7]) for start in range(0, len(bad), 7)])


def test_text_limit_is_checked_as_the_text_arrives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_TEXT_BYTES", 100_000)
    with pytest.raises(SaveError, match="command text is larger than"):
        deobfuscate_chunks(iter([b"begin_save" + b"x" * 60_000] * 3))
