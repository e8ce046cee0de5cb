"""The module's help pages (Help > How to play, Help > Referee), one template each for
every game.

It says, in our own words, how to start a scenario, the sequence of play, the record
tracks, the game's own sections from its data (supply, combat, what differs from a
printed copy), how to play the cards of a card game with the module's windows, every
key (toolbar buttons and the commands the game's pieces have, from the one key table),
how to have a game checked, and which units' values are reconstructed. The referee's page
says what its buttons do, how to install Stavka on each system (the plugin's chat lines
send a player there) and where the plugin looks for it.
"""

from __future__ import annotations

import jinja2

from builder.art.markers import is_two_sided
from builder.art.tracks import scenario_label, scenario_title
from builder.module import keys
from builder.module.areas import face_up_phase
from builder.module.buildfile import toolbar
from builder.module.cards import card_piece_keys
from builder.module.keys import Key
from builder.module.plugin import REFEREE_BUTTON, referee_buttons
from builder.release import install_lines, wheel_name
from builder.saves.area_names import DRAW_DECK, hand_map_name, steps_map_name
from builder.saves.steps_layout import step_cards
from rules.coverage import JUDGED, STATUSES, has_matrix, load_coverage
from rules.data.loader import data_origin
from rules.model import GameSpec
from rules.referee.games import has_referee
from rules.resources import shipped

HELP_FILE = "help/help.html"
TEMPLATE_DIRECTORY = shipped("templates")
_TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATE_DIRECTORY),
    autoescape=jinja2.select_autoescape(["html"]),
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)


def _paragraphs(text: str) -> list[str]:
    return [
        " ".join(paragraph.split()) for paragraph in text.strip().split("\n\n") if paragraph.strip()
    ]


def piece_keys(spec: GameSpec) -> list[tuple[str, Key]]:
    """The commands the game's pieces offer, as the help page names them, with their keys."""
    units = list(spec.units.values())
    commands: list[tuple[str, Key]] = []
    if any(len(unit.steps) > 1 for unit in units):
        commands += [("Lose a step", keys.LOSE_STEP), ("Restore a step", keys.RESTORE_STEP)]
    if any(unit.untried for unit in units):
        commands.append(("Reveal an untried unit", keys.REVEAL))
    if any(step_cards(unit) for unit in units):
        commands += [
            ("Draw a step card for a unit", keys.DRAW_STEP),
            ("Draw all of a unit's step cards", keys.DRAW_ALL_STEPS),
        ]
    if any(arrival.where for unit in units for arrival in unit.arrivals) and spec.is_area_game:
        commands.append(("Arrive: a reinforcement enters its area", keys.ARRIVE))
    if any(unit.traits.rebuilt_in is not None for unit in units):
        commands.append(("Return an eliminated unit where it is rebuilt", keys.RETURN))
    if spec.is_area_game:
        commands += [
            ("Flip a unit that has acted", keys.FLIP),
            ("Mark a unit isolated, or freed", keys.ISOLATE),
        ]
    if any(is_two_sided(marker) for marker in spec.markers.values()):
        commands.append(("Flip a two-sided marker", keys.FLIP))
    commands += [
        ("Eliminate (to the side's eliminated window)", keys.ELIMINATE),
        ("Mark as moved or not moved", keys.MARK_MOVED),
        ("Delete", keys.DELETE),
    ]
    if spec.cards is not None:
        commands += card_piece_keys()
    return commands


def help_text(spec: GameSpec) -> str:
    """The module's help page (HTML)."""
    scenarios = [scenario for scenario in spec.scenarios.values() if scenario.setup]
    sequences: dict[tuple[str, ...], list[str]] = {}
    for scenario in scenarios:
        sequences.setdefault(scenario.phases or spec.phases, []).append(scenario_title(scenario))
    cards = None
    if spec.cards is not None:
        cards = {
            "deck": DRAW_DECK,
            "face_up_phase": face_up_phase(spec),
            "hands": [
                (hand_map_name(side.name), spec.cards.hands.start.get(side.id, 0))
                for side in spec.sides
            ],
            "steps": [steps_map_name(side.name) for side in spec.sides],
            "keys": {
                name: key.text
                for name, key in (
                    ("flip", keys.FLIP),
                    ("play", keys.PLAY_FACE_DOWN),
                    ("reveal", keys.REVEAL),
                    ("discard", keys.DISCARD),
                    ("draw", keys.DRAW_STEP),
                    ("draw_all", keys.DRAW_ALL_STEPS),
                    ("arrive", keys.ARRIVE),
                    ("return", keys.RETURN),
                    ("eliminate", keys.ELIMINATE),
                    ("face_up", keys.FACE_UP),
                )
            },
        }
    return _TEMPLATES.get_template("module-help.html.j2").render(
        spec=spec,
        scenarios=[(scenario_title(scenario), scenario) for scenario in scenarios],
        sequences=[("; ".join(names), phases) for phases, names in sequences.items() if phases],
        next_turn=keys.NEXT_TURN.text,
        previous_turn=keys.PREVIOUS_TURN.text,
        tracks=[
            (
                track,
                ", ".join(
                    scenario_label(spec.scenarios[scenario])
                    for scenario in track.scenarios
                    if scenario in spec.scenarios
                ),
            )
            for track in spec.tracks
        ],
        sections=[(title, _paragraphs(text)) for title, text in spec.help],
        cards=cards,
        toolbar=[(name, key.text) for name, key in toolbar(spec)],
        piece_keys=[(name, key.text) for name, key in piece_keys(spec)],
        refereed=has_referee(spec),
        coverage=load_coverage(spec.id) if has_matrix(spec.id) else None,
        statuses=STATUSES,
        judged=JUDGED,
        data_folder=data_origin(spec.folder),
        reconstructed=sorted(
            unit.name for unit in spec.units.values() if unit.provenance.reconstructed
        ),
    )


def referee_help_text(spec: GameSpec, version: str) -> str:
    """The module's page on its referee (HTML), for a module built by Stavka ``version``."""
    return _TEMPLATES.get_template("module-referee.html.j2").render(
        spec=spec,
        buttons=referee_buttons(spec),
        referee_button=REFEREE_BUTTON,
        version=version,
        wheel=wheel_name(version),
        install=install_lines(version),
    )
