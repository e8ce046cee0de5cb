"""The referee: what the rules make of a position, every verdict with its rule number.

One engine (:mod:`rules.referee.engine`) holds the mechanisms every game shares — hex
searches, stacking counts, odds and results tables — and each game is a subclass that
overrides a few hooks, as python-chess's variants subclass ``Board``.
"""
