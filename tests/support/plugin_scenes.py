"""The positions the referee plugin's engine tests play: per game, the side, the moves
that make out-of-supply units, isolated ones and an illegal stack, an attack, and what
the other side does at the same window after the side changes (hot-seat)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scene:
    """A game's position for the referee: the side, the moves that make it, the attack,
    and the other side's turn at the window."""

    game: str
    setup: str
    side: str
    other: str
    position: tuple[dict[str, object], ...]
    attack: tuple[dict[str, object], ...]
    attack_button: str
    pointed: tuple[str, ...]
    """Units whose menu item "Referee: verdicts" is used: one of the side's own, one of the other's."""
    asked: tuple[str, ...]
    """The buttons pressed after the check besides the menu items: layers, air."""
    others_turn: tuple[dict[str, object], ...]
    """What the other side asks once it sits at the window."""


def unit_selector(unit: str) -> dict[str, object]:
    """vcheck's selector of a unit's piece, by its UnitId."""
    return {"property": {"UnitId": unit}}


def move_step(unit: str, to: str) -> dict[str, object]:
    """vcheck's step that drags a unit's piece to a location."""
    return {"move": unit_selector(unit), "to": to}


def verdicts_menu(unit: str) -> dict[str, object]:
    """vcheck's step that chooses a unit's menu item "Referee: verdicts"."""
    return {"menu": "Referee: verdicts", "select": unit_selector(unit)}


SCENES = {
    "tps": Scene(
        "tps",
        "1",
        "Axis",
        "Soviet",
        # ro-14id among the Soviets (out of supply), a Soviet corps behind the Axis line
        # (isolated), four Axis divisions in 1204 (over-stacked).
        (
            move_step("ro-14id", "2107"),
            move_step("su-21a-rc1", "0305"),
            move_step("de-62id", "1204"),
            move_step("it-cosseria", "1204"),
            move_step("it-ravenna", "1204"),
        ),
        # The attacker alone, then the defender: the plugin notes the attacker. Only
        # de-298id attacks; the three that joined it in 1204 are left out.
        (
            {"select": unit_selector("de-298id")},
            {"button": "Odds"},
            {"select": unit_selector("su-1gdsa-rc2")},
            {"button": "Odds"},
        ),
        "Odds",
        ("ro-14id", "su-21a-rc1"),
        ("ZOC & front", "Air"),
        ({"button": "Referee"},),
    ),
    "dos": Scene(
        "dos",
        "blue",
        "Axis",
        "Soviet",
        # de-82id out of supply in the Soviet rear; a Hungarian division among Germans.
        (move_step("de-82id", "N1836"), move_step("hu-6ld", "N1443")),
        (
            {"select": unit_selector("de-79id")},
            {"button": "Odds"},
            {"select": unit_selector("b28a-rd1")},
            {"button": "Odds"},
        ),
        "Odds",
        # b28a-rd1 is untried: the Axis player sees its verdicts by an alias (2.14).
        ("de-82id", "b28a-rd1"),
        (),
        # The Soviet points at his own untried unit: he sees its verdicts (item 8); then
        # asks the odds of an attack on Hungarians whose defence is "?" (2.15, item 7).
        (
            verdicts_menu("b28a-rd1"),
            {"select": unit_selector("b21a-rd2")},
            {"button": "Odds"},
            {"select": unit_selector("hu-7ld")},
            {"button": "Odds"},
        ),
    ),
    "rks": Scene(
        "rks",
        "city",
        "German",
        "Soviet",
        # rifle2 marked isolated (8.10), rifle1 in the German rear (3.5), 14pz attacks in Orlovka.
        (
            {"select": unit_selector("rifle2"), "key": "ctrl I"},
            move_step("rifle1", "German rear"),
            move_step("14pz", "Orlovka"),
        ),
        ({"select": {"location": "Orlovka"}}, {"button": "Duel"}),
        "Duel",
        ("14pz", "rifle2"),
        (),
        # The Soviet defends: he selects his own unit and gets the defender's duel (item 6).
        ({"select": unit_selector("rifle2")}, {"button": "Duel"}),
    ),
}
