"""The parts of a module that need no engine: its help page, the set-up saves' turn
state, and the same bytes from the same data."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from lxml import etree

from builder.build import build_game
from builder.module import keys
from builder.module.help import help_text
from builder.module.turns import turn_tracker_state
from builder.vassal.sequence import decode
from tests.support.games import shipped_game


class _Text(HTMLParser):
    """The visible text of a page and its section headings."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.headings: list[str] = []
        self._heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._heading = tag == "h2"

    def handle_endtag(self, tag: str) -> None:
        self._heading = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._heading:
            self.headings.append(data.strip())


def _page(game: str) -> _Text:
    parser = _Text()
    parser.feed(help_text(shipped_game(game)))
    return parser


def test_help_page_has_the_sections_players_look_for() -> None:
    # Issue 10: sequence of play, supply and combat procedures, where reconstructed values
    # differ from a printed copy, and the menu a scenario is started from.
    for game in ("tps", "dos"):
        page = _page(game)
        assert page.headings[:3] == ["Starting a game", "Sequence of play", "Record tracks"]
        for heading in (
            "Supply",
            "Combat",
            "Where this module differs from a printed copy",
            "Keys",
        ):
            assert heading in page.headings, (game, heading)
        text = " ".join(" ".join(page.text).split())
        assert "File > Scenarios" in text and "File > New Game" not in text
        assert "{{" not in text and "{%" not in text


def test_the_card_game_gets_the_same_help_page_with_its_cards_and_keys() -> None:
    # One help page for every game: Rattenkrieg's says how to play the cards with the
    # module's windows, with the keys of the one table, and no hex game's sections.
    page = _page("rks")
    assert page.headings[:3] == ["Starting a game", "Sequence of play", "Playing the cards"]
    assert "Keys" in page.headings and "Record tracks" not in page.headings
    text = " ".join(" ".join(page.text).split())
    assert "The battle for the city" in text and "German hand 3, Soviet hand 4" in text
    for command, key in (
        ("Discard a card", keys.DISCARD),
        ("Play a card face down in a duel", keys.PLAY_FACE_DOWN),
        ("Draw a step card for a unit", keys.DRAW_STEP),
        ("German hand", keys.HANDS[0]),
        ("Soviet steps", keys.STEPS[1]),
        ("Face up", keys.FACE_UP),
    ):
        assert f"{command} {key.text}" in text, command
    assert "Lose a step" not in text and "1d6" not in text and "Untried" not in text
    assert "{{" not in text and "{%" not in text


def test_help_page_lists_each_scenario_its_phases_and_the_reconstructed_units() -> None:
    spec = shipped_game("tps")
    text = " ".join(" ".join(_page("tps").text).split())
    assert "Scenario 7: 16 December: historical set-up 15-21" in text
    for scenario in spec.scenarios.values():
        assert f"Scenario {scenario.id}: {scenario.name}" in text, (
            "the number the charts' tabs give it (issue 21)"
        )
    assert all(phase in text for phase in spec.phases)
    reconstructed = [unit for unit in spec.units.values() if unit.provenance.reconstructed]
    assert f"Units with reconstructed values ({len(reconstructed)})" in text
    dos = " ".join(" ".join(_page("dos").text).split())
    # DoS plays two sequences (rules 5.2, 5.3): each scenario's phases name their side.
    assert re.search(r"Blue \(Fall Blau\).*each turn runs German: movement", dos)
    assert re.search(
        r"Uranus, 19 November.*each turn runs Soviet: movement, or prepared attacks", dos
    )


def test_turn_tracker_state_is_encoded_as_vassal_reads_it() -> None:
    # TurnTracker: "level|counter"; CounterTurnLevel: "current;sub;loop;loopLimit;child";
    # ListTurnLevel (phases): "current;sub;first;active flags" (VASSAL's turn package).
    level, counter = decode(turn_tracker_state(shipped_game("tps"), 15), "|")
    assert level == "0"
    current, sublevel, loop, limit, phases = decode(counter, ";")
    assert (current, sublevel, loop, limit) == ("15", "0", "false", "21")
    assert decode(phases, ";")[:3] == ["0", "0", "0"]
    assert decode(phases, ";")[3].split(",") == ["true"] * len(shipped_game("tps").phases)


def test_each_dos_scenario_plays_only_its_own_phases_starting_with_its_first_player() -> None:
    # Rules 5.2 and 5.3: the German player turn comes first in Blue, the Soviet in Uranus;
    # only Uranus rolls for the weather (10.1).
    spec = shipped_game("dos")
    for scenario_id, first in (("blue", "German: movement"), ("uranus", "Soviet: movement")):
        scenario = spec.scenarios[scenario_id]
        _, counter = decode(turn_tracker_state(spec, 1, scenario), "|")
        current, _, first_index, flags = decode(decode(counter, ";")[4], ";")
        active = [
            phase
            for phase, flag in zip(spec.phases, flags.split(","), strict=True)
            if flag == "true"
        ]
        assert active == list(scenario.phases)
        assert spec.phases[int(current)].startswith(first) and current == first_index
    assert not any("Weather" in phase for phase in spec.scenarios["blue"].phases)


def test_same_input_builds_the_same_module_bytes(built: dict[str, Path], tmp_path: Path) -> None:
    # Issue 4: "byte-identical output for identical input" (zip dates, piece ids, PNGs):
    # a build here and the run's own, by `stavka build all` in another process.
    again = build_game(shipped_game("tps"), tmp_path, lambda _step: None).path
    assert again.read_bytes() == built["tps"].read_bytes()


def test_file_scenarios_numbers_the_numbered_scenarios(
    build_files: dict[str, etree._Element],
) -> None:
    # Issue 21 item 6: the charts' turn records say "scenario 7", so the menu says it too;
    # scenarios without a number (DoS's Blue, Uranus) keep their names.
    for game in ("tps", "dos", "rks"):
        spec = shipped_game(game)
        (menu,) = [
            item
            for item in build_files[game].iter("VASSAL.build.module.PredefinedSetup")
            if item.get("isMenu") == "true"
        ]
        names = [item.get("name") for item in menu]
        expected = [
            f"Scenario {scenario.id}: {scenario.name}" if scenario.id.isdigit() else scenario.name
            for scenario in spec.scenarios.values()
            if scenario.setup
        ]
        assert names == expected
    assert "Scenario 7: 16 December: historical set-up" in [
        item.get("name") for item in build_files["tps"].iter("VASSAL.build.module.PredefinedSetup")
    ]
