"""The referee plugin's buttons each game's module gets (issue 35, item 12): the layers
button only where the game's referee draws zones of control or front gaps."""

from __future__ import annotations

import pytest

from builder.module.plugin import referee_buttons
from tests.support.games import shipped_game


@pytest.mark.parametrize(
    ("game", "layers"), [("tps", True), ("ford", True), ("dos", False), ("rks", False)]
)
def test_only_a_game_with_zones_of_control_or_fronts_gets_the_layers_button(
    game: str, layers: bool
) -> None:
    actions = [button.action for button in referee_buttons(shipped_game(game))]
    assert ("layers" in actions) is layers
    assert actions[:3] == ["check", "clear", "explain"] and actions[-1] == "declare"
