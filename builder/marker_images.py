"""Marker images for a module: each marker's faces as PNG files.

A marker's back is stored only when it shows something else (a control marker's other
side); otherwise the piece has no flip and one image serves.
"""

from __future__ import annotations

from builder.art.counters import screen_format
from builder.art.drawing import png_bytes
from builder.art.markers import is_two_sided, marker_faces
from builder.module.images import ModuleImages
from builder.module.pieces import MarkerImages
from rules.model import GameSpec


def marker_images(spec: GameSpec, images: ModuleImages) -> dict[str, MarkerImages]:
    """Each marker's faces added to ``images``; the back only when it says something else."""
    counter = screen_format()
    markers: dict[str, MarkerImages] = {}
    for marker_id, marker in spec.markers.items():
        marker_face = marker_faces(marker, spec, counter)
        front = images.add(f"markers/{marker_id}.png", png_bytes(marker_face.front))
        back = (
            images.add(f"markers/{marker_id}-back.png", png_bytes(marker_face.back))
            if is_two_sided(marker)
            else None
        )
        markers[marker_id] = MarkerImages(front=front, back=back)
    return markers
