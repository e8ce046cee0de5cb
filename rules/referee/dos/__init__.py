"""The Drive on Stalingrad referee, one module per rule area.

Rule numbers are those of the rules text (``001_8dfbaa587e9665bd``), read through the
digest's decisions where the text contradicts itself (see "Decisions" below).

- :mod:`~rules.referee.dos.units` — nationality, arm and mobility as the rules read them;
- :mod:`~rules.referee.dos.settings` — a position's ``[settings]``, scenario and weather;
- :mod:`~rules.referee.dos.board` — boards, towns, rivers, coasts, regions of the map;
- :mod:`~rules.referee.dos.control` — control of hexes, the Don–Volga line, the ring;
- :mod:`~rules.referee.dos.supply` — supply networks and states (rule 7);
- :mod:`~rules.referee.dos.stacking` — stacking (rule 6);
- :mod:`~rules.referee.dos.movement` — movement costs (rule 9);
- :mod:`~rules.referee.dos.strength` — combat strengths and halving;
- :mod:`~rules.referee.dos.shifts` — odds columns, shifts, the order of play;
- :mod:`~rules.referee.dos.attacks` — which attacks the rules allow;
- :mod:`~rules.referee.dos.victory` — victory (rule 4);
- :mod:`~rules.referee.dos.referee` — :class:`DriveOnStalingradReferee`, which wires them
  into the hex engine.

Markers read: ``german-supply-network``, ``soviet-supply-network`` (7.14) and
``german-air-supply`` (7.6).

Decisions where the text is unclear or contradicts itself (digest §7, §8):

* Top and bottom of the CRT (11.10 vs 11.29): odds from 1-3 to 6-1 are rolled; shifts are
  added to the raw odds first, then 7-1 or better is an automatic DE and worse than 1-3 an
  automatic AL1.
* Rostov (7.4, 7.13): Axis South-map units may chain through South-map network towns,
  but their line reaches the North map's sources only through Rostov; Taman, once active,
  is a further ultimate source for them.
* Blue turn 1 German order (3.2 vs 5.4): movement first (5.4, the sequence of play).
* Concentric attacks on cities (11.22 vs 11.28): none, as 11.22 says explicitly; the
  setting ``concentric_on_cities = "allowed"`` reads 11.28's last sentence instead, and the
  odds name the reading applied whenever a city is attacked concentrically.
* Mechanized assault across a non-Volga river before the freeze: not allowed (10.2
  allows it once frozen, as it allows assaults into swamps, which were barred before).
  Across the Volga never (9.16, 11.19 over 9.25).
* Allied panzer divisions (6.3): may share a hex with German mechanized units only, and
  with no other allied nation.
* Soviet artillery alone in a hex defends with 1 (1.3, 11.12); artillery bombarding across
  water (11.20) is capped by the other non-artillery attackers, wherever they stand.
* Lozovaya's sudden-death hex (4.6 N3143 vs 7.3 N3044): the map's Lozovaya town.
"""

from __future__ import annotations

from rules.referee.dos.referee import DriveOnStalingradReferee
from rules.referee.dos.shifts import odds_at, odds_index
from rules.referee.dos.strength import halve
from rules.referee.dos.supply import SupplyState
from rules.referee.dos.units import AXIS, SOVIET

__all__ = [
    "AXIS",
    "SOVIET",
    "DriveOnStalingradReferee",
    "SupplyState",
    "halve",
    "odds_at",
    "odds_index",
]
