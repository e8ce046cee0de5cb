"""Each game's hex map projected from the 1942 theatre and classified.

``games/theatre/*.toml`` hold the real geography in lon/lat; ``games/<game>/geography.toml``
says how a game's map sits on it (projection, calibration or framing) and which rule facts
the map must honour. :mod:`builder.geography.generate` turns the two into
``games/<game>/terrain.toml``, which the loader reads under ``map.toml``. Nothing here is
needed to referee a game: the referee reads the generated data, never the geometry.
"""
