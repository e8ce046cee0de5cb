"""Payload formats and zip containers, including every kind of hostile file."""

from __future__ import annotations

import io
import lzma
import random
import warnings
import zipfile

import pytest

from builder.vassal import limits
from builder.vassal.archive import build_zip, read_container
from builder.vassal.obfuscation import deobfuscate, obfuscate
from builder.vassal.reader import decode_save_bytes
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
    full = read_container(build_zip([("savedGame", payload), ("savedata", b"<data/>"), ("moduledata", b"<data/>")]))
    assert (full.saved_game, full.save_data, full.module_data, full.zipped) == (payload, b"<data/>", b"<data/>", True)
    only = read_container(_zip([("savedGame", payload)], zipfile.ZIP_STORED))
    assert (only.saved_game, only.module_data) == (payload, None)
    bare = read_container(payload)
    assert (bare.saved_game, bare.zipped) == (payload, False)


def test_build_zip_is_byte_identical_for_identical_input() -> None:
    entries = [("savedGame", b"x" * 1000), ("moduledata", b"<data/>")]
    assert build_zip(entries) == build_zip(list(entries))


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
    ],
    ids=["bad-zip", "truncated-zip", "dot-dot", "absolute", "drive", "duplicate", "module", "no-save", "bomb"],
)
def test_hostile_zips_raise_save_error(data: bytes, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        read_container(data)


def test_corrupt_entry_raises_save_error() -> None:
    data = bytearray(_zip([("savedGame", obfuscate(TEXT * 50, 1))]))
    data[60] ^= 0xFF  # inside the deflated data
    with pytest.raises(SaveError, match="savedGame"):
        read_container(bytes(data))


def test_total_size_limit_counts_real_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_UNPACKED_BYTES", 1_000_000)
    # Two letters at random: deflates about 7:1, so only the unpacked total is too big.
    two_letters = bytes(random.Random(1).choices(b"ab", k=2_000_000))
    data = _zip([("savedGame", two_letters)])
    assert len(data) < 1_000_000
    with pytest.raises(SaveError, match="unpacks to more than"):
        read_container(data)


def test_not_a_save_at_all() -> None:
    with pytest.raises(SaveError, match="does not start with begin_save"):
        decode_save_bytes(b"\x89PNG\r\n\x1a\n some image")


def test_save_from_another_module_is_refused() -> None:
    module_data = b'<?xml version="1.0"?><data version="1"><name>Other Game</name></data>'
    data = build_zip([("savedGame", obfuscate(TEXT, 1)), ("moduledata", module_data)])
    assert decode_save_bytes(data, "Other Game").module is not None
    with pytest.raises(SaveError, match="'Other Game', not 'Kassala'"):
        decode_save_bytes(data, "Kassala")


def test_hostile_metadata_xml_is_refused() -> None:
    entity_bomb = b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]><data>&a;</data>'
    data = build_zip([("savedGame", obfuscate(TEXT, 1)), ("moduledata", entity_bomb), ("savedata", b"<data")])
    with pytest.raises(SaveError, match="savedata"):
        decode_save_bytes(data)
