"""What a game's rules say of its reinforcements' arrival, beyond each unit's own
``[[unit.arrival]]`` turn and place words: the rules a verdict cites, the phase they enter
in, and how to read their words. A game's referee gives one
(:meth:`rules.referee.hexgame.HexReferee.arrival_rules`); the log audit holds each unit
that comes onto the map against it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ArrivalRules:
    """How a game brings reinforcements on.

    ``rules`` bring them on (cited beside the rule numbers an arrival's words name);
    ``phase`` is the phase of its side's player turn a reinforcement enters in, where the
    rules fix one; ``conditions`` are words that restrict the places named further (a
    supplied hex), which are said, not judged; ``unread`` words name places no hex number
    or edge gives (a supply-network town the side controls), so a place not among the
    hexes read may still be allowed; ``rail_words`` name the places a reinforcement comes
    on at and moves on from by rail, which a verdict calls ``rail_name``.
    """

    rules: tuple[str, ...]
    phase: str | None = None
    conditions: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    rail_words: str = ""
    rail_name: str = ""
