"""Marker images for a module: each marker's faces as PNG entries, shared by both builds.

A marker's back is stored only when it shows something else (a control marker's other
side); otherwise the piece has no flip and one image serves.
"""

from __future__ import annotations

from PIL import ImageChops

from builder.art.counters import screen_format
from builder.art.drawing import png_bytes
from builder.art.markers import marker_faces
from builder.module.pieces import MarkerImages
from rules.model import GameSpec


def marker_images(spec: GameSpec, images: dict[str, bytes]) -> dict[str, MarkerImages]:
    """Each marker's faces added to ``images``; the back only when it says something else."""
    counter = screen_format()
    markers: dict[str, MarkerImages] = {}
    for marker_id, marker in spec.markers.items():
        marker_face = marker_faces(marker, spec, counter)
        front, back = f"markers/{marker_id}.png", f"markers/{marker_id}-back.png"
        images[front] = png_bytes(marker_face.front)
        two_sided = ImageChops.difference(marker_face.front.convert("RGB"), marker_face.back.convert("RGB")).getbbox()
        if two_sided:
            images[back] = png_bytes(marker_face.back)
        markers[marker_id] = MarkerImages(front=front, back=back if two_sided else None)
    return markers
