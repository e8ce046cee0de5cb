"""What ``stavka adopt`` reads from a module someone else made, checked before the work.

A module is input like any save: a hostile one can claim anything. The module file and
its zip directory are bounded as ``--module`` bounds them (:mod:`builder.vassal.limits`);
here are what adopting reads besides. The figures of real modules are in the README's
limits table.
"""

from __future__ import annotations

from rules.data.parse.boards import MAX_BOARD_PIXELS, MAX_BOARD_SIDE
from rules.files import MEBIBYTE

MAX_MODULE_BYTES = 1024 * MEBIBYTE
"""A module file; real ones run from tens of kilobytes to a few hundred megabytes."""

MAX_BUILD_FILE_BYTES = 16 * MEBIBYTE
"""``buildFile.xml`` unpacked; Kassala's is 22 KB, big modules' a few megabytes."""

MAX_PIECES = 5_000
"""Piece slots (palette, at-start stacks, decks) and pieces of one predefined set-up:
each becomes a unit or a line of the notes. A game of counters has hundreds."""

MAX_TRAITS = 200
"""Traits of one piece, prototypes expanded; real pieces have 10 to 30."""

MAX_PROTOTYPE_DEPTH = 20
"""Prototypes within prototypes; a loop or a deeper chain is refused."""

MAX_IMAGE_BYTES = 64 * MEBIBYTE
"""One picture file unpacked (a board scan); Kassala's board is 1.9 MB."""

MAX_IMAGE_SIDE = MAX_BOARD_SIDE
MAX_IMAGE_PIXELS = MAX_BOARD_PIXELS
"""A board picture's sides and pixels, read from its header before it is decoded: the
limits of a board Stavka builds (Kassala's is 2,048 × 2,593, 5.3 million)."""

MAX_PIECE_IMAGE_PIXELS = 4_000_000
"""A piece's picture; counters are a few hundred pixels a side."""

MAX_SETUP_BYTES = 32 * MEBIBYTE
"""A predefined set-up inside the module, as a save on disk may be."""
