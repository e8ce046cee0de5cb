"""The mechanisms most hex-and-counter games share, as a game's ``[referee]`` data in
``game.toml`` configures them: the defaults of the hex engine's hooks
(:class:`rules.referee.hexgame.HexReferee`), which a game with no code of its own is
refereed by and which TPS and DoS override only where their rules differ.

One small module per mechanism, each reading its part of :class:`rules.game_rules.GameRules`:

- :mod:`~rules.referee.mechanisms.forces` — who stands where, and the zones of control;
- :mod:`~rules.referee.mechanisms.supply` — supply lines to the sources of a kind;
- :mod:`~rules.referee.mechanisms.movement` — the cost of a move and what forbids it;
- :mod:`~rules.referee.mechanisms.combat` — strengths, halving and unit-kind modifiers;
- :mod:`~rules.referee.mechanisms.configured` — :class:`Mechanisms`, the four as the data
  configures them for one position.
"""
