"""The referee: what the rules make of a position, every verdict with its rule number.

One engine holds the mechanisms every game shares — :mod:`rules.referee.engine` (the
root every referee subclasses), :mod:`rules.referee.hexgame` (stacking by hex, odds
and results tables), hex searches and supply networks, checked settings — and each game
is a package of small modules, one per rule area, whose referee overrides the engine's
hooks, as python-chess's variants subclass ``Board``.
"""
