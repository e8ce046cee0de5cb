"""Stavka's game model and referee: hex geometry, game data, positions and verdicts.

Pure Python and the standard library only, so anyone can call the referee without
the drawing and packaging stack of ``builder``.
"""
