"""The positions the referee plugin's engine tests play: per game, the side, the moves
that make out-of-supply units, isolated ones and an illegal stack, and an attack."""

from __future__ import annotations

from dataclasses import dataclass

ANSWER_WAIT: dict[str, object] = {"wait": 20}
"""Long enough for the first press, which starts the referee service, on a loaded 2-core
machine (4-12 s)."""
SERVED_WAIT: dict[str, object] = {"wait": 10}
"""Long enough for each later press, answered by the running service (1-3 s loaded)."""


@dataclass(frozen=True)
class Scene:
    """A game's position for the referee: the side, the moves that make it, and the attack."""

    game: str
    setup: str
    side: str
    position: tuple[dict[str, object], ...]
    attack: tuple[dict[str, object], ...]
    attack_arguments: tuple[str, ...]
    pointed: tuple[str, ...]
    """Units whose menu item "Referee: verdicts" is used: one of the side's own, one of the other's."""
    asked: tuple[str, ...]
    """The buttons pressed after the check besides the menu items: layers, air."""


def unit_selector(unit: str) -> dict[str, object]:
    """vcheck's selector of a unit's piece, by its UnitId."""
    return {"property": {"UnitId": unit}}


def move_step(unit: str, to: str) -> dict[str, object]:
    """vcheck's step that drags a unit's piece to a location."""
    return {"move": unit_selector(unit), "to": to}


SCENES = {
    "tps": Scene(
        "tps",
        "1",
        "Axis",
        # ro-14id among the Soviets (out of supply), a Soviet corps behind the Axis line
        # (isolated), four Axis divisions in 1204 (over-stacked).
        (
            move_step("ro-14id", "2107"),
            move_step("su-21a-rc1", "0305"),
            move_step("de-62id", "1204"),
            move_step("it-cosseria", "1204"),
            move_step("it-ravenna", "1204"),
        ),
        # Attackers alone, then the defender: the plugin notes the attackers.
        (
            {"select": unit_selector("de-298id")},
            {"button": "Odds"},
            {"select": unit_selector("su-1gdsa-rc2")},
            {"button": "Odds"},
        ),
        ("odds", "--attack", "1304", "--from", "1204"),
        ("ro-14id", "su-21a-rc1"),
        ("ZOC & front", "Air"),
    ),
    "dos": Scene(
        "dos",
        "blue",
        "Axis",
        # de-82id out of supply in the Soviet rear; a Hungarian division among Germans.
        (move_step("de-82id", "N1836"), move_step("hu-6ld", "N1443")),
        (
            {"select": unit_selector("de-79id")},
            {"button": "Odds"},
            {"select": unit_selector("b28a-rd1")},
            {"button": "Odds"},
        ),
        ("odds", "--attack", "N1942", "--from", "N1943"),
        # b28a-rd1 is untried: the Axis player sees no verdict on it (2.14).
        ("de-82id", "b28a-rd1"),
        ("ZOC & front",),
    ),
    "rks": Scene(
        "rks",
        "city",
        "German",
        # rifle2 marked isolated (8.10), rifle1 in the German rear (3.5), 14pz attacks in Orlovka.
        (
            {"select": unit_selector("rifle2"), "key": "ctrl I"},
            move_step("rifle1", "German rear"),
            move_step("14pz", "Orlovka"),
        ),
        ({"select": {"location": "Orlovka"}}, {"button": "Duel"}),
        ("duel", "14pz", "rifle2"),
        ("14pz", "rifle2"),
        (),
    ),
}
