"""Small VASSAL modules made in the test, to adopt: a valid one, and each way a module can
be one Stavka cannot adopt or one made to do harm."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

from PIL import Image

MODULE_DATA = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">'
    "<version>1.0</version><VassalVersion>3.6.7</VassalVersion><dateSaved>1700000000000"
    "</dateSaved><description>A test module</description><name>Test Module</name></data>"
)
HEX_GRID = (
    '<VASSAL.build.module.map.boardPicker.board.HexGrid dx="50" dy="58" x0="30" y0="30" '
    'sideways="false">'
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" sep="" '
    'hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="true" '
    'hDescend="false" vDescend="false" locationFormat="$gridLocation$"/>'
    "</VASSAL.build.module.map.boardPicker.board.HexGrid>"
)
BOARD = '<VASSAL.build.module.map.boardPicker.Board image="board.png" name="Board">{grid}</VASSAL.build.module.map.boardPicker.Board>'


def game_map(name: str = "Main Map", grid: str = HEX_GRID, boards: int = 1) -> str:
    return (
        f'<VASSAL.build.module.Map mapName="{name}" edgeWidth="0" edgeHeight="0">'
        "<VASSAL.build.module.map.BoardPicker>"
        + BOARD.format(grid=grid) * boards
        + "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"
    )


def slot(name: str, gpid: int) -> str:
    return (
        f'<VASSAL.build.widget.PieceSlot entryName="{name}" gpid="{gpid}">'
        f"+/null/piece;;;{name}.png;{name}/null;0;0;{gpid};0</VASSAL.build.widget.PieceSlot>"
    )


def palette(slots: str) -> str:
    return (
        '<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.TabWidget entryName="Units">'
        f"{slots}</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow>"
    )


UNITS = (
    '<VASSAL.build.widget.ListWidget entryName="Red">'
    + slot("Red_Infantry_3-2", 1)
    + '</VASSAL.build.widget.ListWidget><VASSAL.build.widget.ListWidget entryName="Blue">'
    + slot("Blue_Cavalry_2-4", 2)
    + "</VASSAL.build.widget.ListWidget>"
)


def build_file(maps: str | None = None, pieces: str = UNITS, head: str = "") -> str:
    return (
        f'{head}<VASSAL.build.GameModule name="Test Module" version="1.0" VassalVersion="3.6.7">'
        "<VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry>"
        "</VASSAL.build.module.PlayerRoster>"
        + (game_map() if maps is None else maps)
        + palette(pieces)
        + "</VASSAL.build.GameModule>"
    )


def png(size: tuple[int, int], colour: tuple[int, int, int] = (200, 180, 120)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A PNG header that claims ``width`` × ``height`` pixels, with one row of data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 10))
        + chunk(b"IEND", b"")
    )


def counters() -> dict[str, bytes]:
    return {
        "images/Red_Infantry_3-2.png": png((60, 60), (220, 60, 60)),
        "images/Blue_Cavalry_2-4.png": png((60, 60), (60, 60, 220)),
    }


def module(
    path: Path,
    xml: str | None = None,
    images: dict[str, bytes] | None = None,
    extra: list[tuple[str, bytes]] | None = None,
) -> Path:
    """A module at ``path``: its build file, moduledata, pictures and any ``extra``
    entries, written in that order."""
    entries: list[tuple[str, bytes]] = [
        ("moduledata", MODULE_DATA.encode()),
        ("buildFile.xml", (build_file() if xml is None else xml).encode()),
    ]
    pictures = {"images/board.png": png((300, 240)), **counters()} if images is None else images
    entries += list(pictures.items()) + (extra or [])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return path
