"""Drawing with Pillow: map boards, counters, symbols and charts, all from game data."""
