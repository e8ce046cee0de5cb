"""Adopting a module someone else made: its game read as a Stavka game folder
(``stavka adopt``), and the referee added to it as an extension (``stavka extension``)
or an attached copy (``stavka attach``); docs/designers/adopting-a-module.md."""
