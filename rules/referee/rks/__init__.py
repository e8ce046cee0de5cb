"""The Rattenkrieg: Stalingrad referee, one module per rule area.

Rule numbers are those of the rules text (``003_d32c7d38aceca51a``).

- :mod:`~rules.referee.rks.board` — areas, rears, objectives, units' strengths and steps;
- :mod:`~rules.referee.rks.settings` — a position's ``[settings]``;
- :mod:`~rules.referee.rks.sight` — which cards the reader of a verdict may see;
- :mod:`~rules.referee.rks.control` — control of the city areas (3.6);
- :mod:`~rules.referee.rks.isolation` — isolation and retreats (8.9, 8.10);
- :mod:`~rules.referee.rks.movement` — where an acting unit may go and what it pays (7.1-7.3);
- :mod:`~rules.referee.rks.placement` — the enemy rear (3.5), units face up (10.3);
- :mod:`~rules.referee.rks.steps` — step cards against each unit's maximum (3.3, 7.5, 8.12);
- :mod:`~rules.referee.rks.hands` — hand sizes (3.4, 10.1, 10.2);
- :mod:`~rules.referee.rks.deck` — the 52 cards and what lies face up (2.4, 3.4);
- :mod:`~rules.referee.rks.events` — events in force (9.4, 9.5, 9.7, 9.8);
- :mod:`~rules.referee.rks.reinforcements` — arrivals and the T-34's return (6);
- :mod:`~rules.referee.rks.victory` — victory (4.0);
- :mod:`~rules.referee.rks.strength`, :mod:`~rules.referee.rks.duel`,
  :mod:`~rules.referee.rks.odds`, :mod:`~rules.referee.rks.strikes`,
  :mod:`~rules.referee.rks.combat` — the duel (8.3-8.12), its exact chances, strikes
  (9.2, 9.3);
- :mod:`~rules.referee.rks.referee` — :class:`RattenkriegReferee`, which wires them into
  the engine's root.

Readings where the text leaves a choice (docs/players/readings.md lists them for players):

* The ace is worth 1 (the deck data's reconstruction): the lowest card, so it always hits
  in a duel and hits a strike only against strength 1. 10 is a number card worth 10;
  J, Q and K are face cards, which never hit in a duel (8.4) and hit a strike only as 9.2
  and 9.3 say.
* After raises (8.6) each side's last card is the one 8.7 compares; the earlier ones are
  lost.
* 8.7 (3) applies when both cards hit and both or neither are of their side's colour;
  two misses are the bluffs of 8.7 (5), which the defender wins.
* 8.8 names infantry and German panzer divisions only: motorised infantry and the T-34
  are unmodified. The T-34's strength, added to another unit's (8.12), is not modified.
* Events serve the acting unit, which is the attacker (7.1, 8.1); "next combat" (9.5,
  9.7, 9.8) covers the duel fought again after equal cards, which is the same combat.
* The T-34 returns (6.3) at the start of any turn after the one it was eliminated in
  that finds the Tractor Factory Soviet.
* Air support (9.3) keeps the other limits of artillery (9.2): target in the acting
  unit's area or next to it, never in the enemy rear.
* A strike's draw: to a player, each card it has not seen is equally likely (the deck
  is shuffled for every draw); to the referee, each card of the deck. With the deck
  empty, the discard pile is the deck (3.4).
"""

from __future__ import annotations

from rules.referee.rks.referee import RattenkriegReferee

__all__ = ["RattenkriegReferee"]
