"""VASSAL saved games and logs: reading every variant in the wild, writing ones the engine loads.

Entry points: :func:`builder.vassal.reader.read_saved_game` (file to final position),
:func:`builder.vassal.writer.write_setup_save` (pieces to a new save) and
:func:`builder.vassal.writer.write_annotated_copy` (a player's save with additions, to a
new file). Layers, innermost first: ``limits`` (what a save may cost), ``sequence``
(VASSAL's escaping), ``nesting`` (nested levels decoded in one pass), ``obfuscation``
(payload bytes, streamed), ``archive`` (zip container), ``metadata``, ``savefile`` (file
to text), ``commands`` (the command tree), ``traits`` (piece trait chains), ``replay``
(commands to position), ``lines`` (the one-command-per-line view).
"""
