"""Adapters around the ``rules`` model: art, VASSAL files, print-and-play, command line."""
