"""The mechanisms most hex-and-counter games share, as a game's ``[referee]`` data in
``game.toml`` configures them: the defaults of the hex engine's hooks
(:class:`rules.referee.hexgame.HexReferee`), which a game with no code of its own is
refereed by and which TPS and DoS override only where their rules differ.

One small module per mechanism, each reading its part of :class:`rules.game_rules.GameRules`
(the records of :mod:`rules.referee_data`):

- :mod:`~rules.referee.mechanisms.forces` — who stands where, and the zones of control;
- :mod:`~rules.referee.mechanisms.supply` — supply lines to the sources of a kind;
- :mod:`~rules.referee.mechanisms.movement` — the cost of a move and what forbids it;
- :mod:`~rules.referee.mechanisms.moves` — may this unit move from here to there;
- :mod:`~rules.referee.mechanisms.routes` — roads and rail;
- :mod:`~rules.referee.mechanisms.hexsides` — bridges, hexsides that block supply, and the
  hexsides an attack counts as attacked across;
- :mod:`~rules.referee.mechanisms.combat` — strengths, halving, terrain and conditioned
  modifiers, the shift limit;
- :mod:`~rules.referee.mechanisms.conditions` — when a conditioned combat modifier applies;
- :mod:`~rules.referee.mechanisms.odds` — rounding of halvings and of the odds;
- :mod:`~rules.referee.mechanisms.bombardment` — ranged attacks;
- :mod:`~rules.referee.mechanisms.results` — what each result does here, and retreats;
- :mod:`~rules.referee.mechanisms.arrivals` — reinforcements;
- :mod:`~rules.referee.mechanisms.victory` — victory points, levels and sudden death;
- :mod:`~rules.referee.mechanisms.configured` — :class:`Mechanisms`, these as the data
  configures them for one position.

The sequence of play, which every hex game's referee reads, is :mod:`rules.referee.sequence`.
"""
