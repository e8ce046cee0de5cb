"""``stavka check`` and ``stavka duel`` on Rattenkrieg as players run them, hidden cards
kept hidden (issue 17 deliverables 1-3).

A save or position holds every card. ``--as SIDE`` must never print a card of the other
side's steps, hand or face-down duel cards, in text or JSON; these tests deal a full
game, play cards face down for both sides, and search every output for every such card
under every name a card has (``Q♥``, ``Queen of hearts``, ``"qh"``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.cards import Card
from tests.cli.test_cli import run
from tests.support.games import shipped_game
from tests.support.rks_deal import deal, dealt_position_text

GERMAN, SOVIET = "german", "soviet"
POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions" / "rks"


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The set-up after a seeded deal; each side has played one hand card face down."""
    path = tmp_path_factory.mktemp("rks") / "dealt.toml"
    path.write_text(
        dealt_position_text(shipped_game("rks"), 17, moves={GERMAN: 1, SOVIET: 1}), encoding="utf-8"
    )
    return path


def hidden_cards(side: str) -> list[Card]:
    """Every card of ``side``'s steps, hand and duel box in the dealt position."""
    rks = shipped_game("rks")
    steps, hands, _ = deal(rks, 17)
    own = [
        card
        for unit_id, cards in steps.items()
        if rks.units[unit_id].side == side
        for card in cards
    ]
    return own + hands[side]


def strings_in(value: object) -> list[str]:
    """Every string of a JSON document, keys and values."""
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in (str(key), *strings_in(item))]
    if isinstance(value, list):
        return [text for item in value for text in strings_in(item)]
    return [value] if isinstance(value, str) else []


def leaks(output: str, side: str, output_format: str) -> list[str]:
    """Every hidden card of ``side`` the output names: as printed (``Q♥``) or by name
    anywhere, and by id as a whole JSON string (an id such as ``as`` is also a word)."""
    names = [
        name
        for card in hidden_cards(side)
        for name in (card.short_name, card.name)
        if name in output
    ]
    if output_format == "json":
        ids = {card.id for card in hidden_cards(side)}
        names += [text for text in strings_in(json.loads(output)) if text in ids and text != "as"]
    return names


@pytest.mark.parametrize(("viewer", "other"), [(SOVIET, GERMAN), (GERMAN, SOVIET)])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_check_as_a_side_never_prints_a_card_of_the_other(
    dealt: Path, viewer: str, other: str, output_format: str
) -> None:
    code, output, error = run("check", str(dealt), "--as", viewer, "--format", output_format)
    assert (code, error) == (0, "")
    assert leaks(output, other, output_format) == []
    assert all(card.short_name in output for card in hidden_cards(viewer)), (
        "its own cards are shown"
    )


def test_check_without_as_shows_both_sides_and_says_so(dealt: Path) -> None:
    code, output, _ = run("check", str(dealt))
    assert code == 0
    assert "both sides' cards" in output.splitlines()[0]
    assert all(
        card.short_name in output for side in (GERMAN, SOVIET) for card in hidden_cards(side)
    )
    code, output, _ = run("check", str(dealt), "--format", "json")
    assert json.loads(output)["shows"] == "both sides"


def test_check_as_gives_the_other_sides_counts(dealt: Path) -> None:
    code, output, _ = run("check", str(dealt), "--as", SOVIET, "--format", "json")
    verdicts = json.loads(output)["verdicts"]
    steps = {verdict["subject"]: verdict for verdict in verdicts if verdict["topic"] == "steps"}
    assert steps["14pz"]["outcome"] == "4 of 4 steps" and "cards" not in steps["14pz"]["details"]
    assert "cards" in steps["13gds"]["details"]
    german_hand = next(verdict for verdict in verdicts if verdict["subject"] == "German hand")
    assert german_hand["details"]["cards"] == "2" and "hand" not in german_hand["details"]
    duel_box = next(verdict for verdict in verdicts if verdict["subject"] == "German duel card")
    assert duel_box["outcome"] == "1 face down" and "cards" not in duel_box["details"]


@pytest.mark.parametrize(("viewer", "other"), [(SOVIET, GERMAN), (GERMAN, SOVIET)])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_duel_as_a_side_never_prints_a_card_of_the_other(
    dealt: Path, viewer: str, other: str, output_format: str
) -> None:
    """rifle2 faces the German attack; the German's face-down card stays hidden from
    the Soviet, and the Soviet's from the German."""
    code, output, error = run(
        "duel",
        str(dealt),
        "14pz",
        "rifle2",
        "--area",
        "orlovka",
        "--as",
        viewer,
        "--format",
        output_format,
    )
    assert (code, error) == (0, "")
    assert leaks(output, other, output_format) == []


def test_duel_reports_chances_as_exact_fractions(dealt: Path) -> None:
    code, output, _ = run(
        "duel",
        str(dealt),
        "14pz",
        "rifle2",
        "--area",
        "orlovka",
        "--as",
        GERMAN,
        "--format",
        "json",
    )
    report = json.loads(output)
    assert report["as"] == GERMAN and [item["side"] for item in report["chances"]] == [GERMAN]
    for chance in report["chances"][0]["cards"]:
        win, lose, again = (sum_of(chance[name]) for name in ("win", "lose", "again"))
        assert win + lose + again == 1


def sum_of(text: str) -> float:
    numerator, _, denominator = text.partition("/")
    return int(numerator) / int(denominator or "1")


def test_duel_text_names_each_step_with_its_rule() -> None:
    """14pz (7) attacks rifle1 (4) in Rynok-Spartakovka (ordinary): 7♠ hits in black, the
    German's colour; rifle1's step 2♥ hits in red, the Soviet's; the lower card wins."""
    position = POSITIONS / "control_contested.toml"
    code, output, _ = run(
        "duel", str(position), "14pz", "rifle1", "--attacker-cards", "7s", "--defender-cards", "2h"
    )
    assert code == 0
    assert "attacker: 7♠ hits (7 ≤ 7), its own colour [rule 8.7]" in output
    assert "defender: 2♥ hits (2 ≤ 4), its own colour [rule 8.7]" in output
    assert (
        "result: defender wins — both hit, both played their own colour, and the defender's "
        "card is lower [rule 8.7 (3)]"
    ) in output


def test_duel_a_card_the_side_may_not_play_is_not_played() -> None:
    """Issue 38 item 12: the Soviet holds no hand here and rifle1 only 2♥, so 10♥ is no card
    of his: it is not played, and with no card the defender takes a loss (8.5), where the
    10♥ was once counted as a bluff that lost (8.7 (1))."""
    position = POSITIONS / "control_contested.toml"
    code, output, _ = run(
        "duel", str(position), "14pz", "rifle1", "--attacker-cards", "7s", "--defender-cards", "10h"
    )
    assert code == 0
    assert "10♥ is not played: it is not a card the Soviet side may play here" in output
    assert "defender: 10♥" not in output
    assert "result: attacker wins — the defender declines the combat and takes a loss" in output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ("check", "{dealt}", "--as", "axis"),
            "unknown side 'axis' for --as (the sides are german, soviet)",
        ),
        (("duel", "{dealt}", "14pz", "rifle9"), "unknown unit 'rifle9'"),
        (("duel", "{dealt}", "14pz", "24pz"), "14pz and 24pz are on the same side"),
        (("duel", "{dealt}", "14pz", "16pz"), "16pz is not on the map"),
        (("duel", "{dealt}", "14pz", "rifle1", "--attacker-cards", "zz"), "unknown card 'zz'"),
        (("duel", "{dealt}", "14pz", "rifle1", "--area", "moscow"), "unknown area 'moscow'"),
    ],
)
def test_bad_requests_are_one_line_and_exit_2(
    dealt: Path, arguments: tuple[str, ...], message: str
) -> None:
    code, output, error = run(*(argument.format(dealt=dealt) for argument in arguments))
    assert code == 2 and output == ""
    assert error.count("\n") == 1 and message in error


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[unit]]\nid = "14pz"\nat = "orlovka"\ncards = ["7s", "zz"]\n', "unknown card 'zz'"),
        (
            'discard = ["7s"]\n[[unit]]\nid = "14pz"\nat = "orlovka"\ncards = ["7s"]\n',
            "card '7s' is already at",
        ),
        ('[[unit]]\nid = "14pz"\nat = "moscow"\n', "unknown area 'moscow'"),
        ('[[event]]\nname = "blitzkrieg"\nunit = "14pz"\n', "unknown event 'blitzkrieg'"),
        ('deck = ["7s"]\n', "51 cards are nowhere"),
        ('[[unit]]\nid = "14pz"\nat = "orlovka"\nflags = ["tired"]\n', "unknown flag 'tired'"),
    ],
)
def test_bad_position_files_name_the_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('game = "rks"\nturn = 2\n' + text, encoding="utf-8")
    code, output, error = run("check", str(path))
    assert code == 2 and output == ""
    assert error.startswith(f"stavka: {path}:") and message in error and error.count("\n") == 1


def test_rattenkrieg_breaches_are_counted_in_the_summary_and_no_supply_line_is_given() -> None:
    """Issue 21 item 10: 24pz in the Soviet rear and 13gds in the German rear (3.5) are
    breaches; an area game has no supply, so the summary gives no supply line."""
    code, output, _ = run("check", str(POSITIONS / "enemy_rear.toml"))
    assert code == 0
    summary = output.split("\n")[1:4]
    assert summary[0] == "Summary"
    assert not any(line.startswith("  supply:") for line in output.splitlines())
    violations = next(line for line in summary if line.startswith("  violations:"))
    assert "24pz in the enemy rear" in violations and "13gds in the enemy rear" in violations
    code, output, _ = run("check", str(POSITIONS / "enemy_rear.toml"), "--format", "json")
    report = json.loads(output)
    flagged = {verdict["subject"] for verdict in report["verdicts"] if verdict["violation"]}
    assert {"24pz", "13gds"} <= flagged and report["summary"]["violations"] == len(flagged)
    assert report["summary"]["supply"] == {}


def test_duel_declines_without_the_attackers_card_is_judged() -> None:
    """Issue 21 item 12: 8.5, the defender who declines takes a loss whatever the
    attacker played, so no attacker card is needed to judge it."""
    code, output, error = run(
        "duel", str(POSITIONS / "control_contested.toml"), "14pz", "rifle1", "--declines"
    )
    assert (code, error) == (0, "")
    assert (
        "  result: attacker wins — the defender declines the combat and takes a loss (8.9) [rule 8.5]"
        in output
    )
    assert "not known" not in output


def test_a_refused_strike_prints_no_hit_chance() -> None:
    """Issue 21 item 15: the Soviet has no air support (9.1): the strike is refused, with
    no chance to hit."""
    code, output, _ = run(
        "duel", str(POSITIONS / "control_contested.toml"), "rifle1", "14pz", "--strike", "air"
    )
    assert code == 0
    assert "may not be made: the Soviet side has no air event [rule 9.1]" in output
    assert "cards hit" not in output and "%" not in output
    code, output, _ = run(
        "duel",
        str(POSITIONS / "control_contested.toml"),
        "rifle1",
        "14pz",
        "--strike",
        "air",
        "--format",
        "json",
    )
    assert json.loads(output)["chance"] is None


def test_a_duel_the_attacker_cannot_reach_prints_no_strengths_or_chances(tmp_path: Path) -> None:
    """Issue 21 item 15: 14pz in the German rear, the City centre's two neighbours held
    by Soviet units: it cannot get there (7.3, 8.1), so nothing of the duel is shown."""
    path = tmp_path / "blocked.toml"
    path.write_text(
        'game = "rks"\nturn = 2\nphase = "German operations"\n'
        + "".join(
            f'[[unit]]\nid = "{unit}"\nat = "{area}"\ncards = ["{card}"]\n'
            for unit, area, card in (
                ("14pz", "german_rear", "2s"),
                ("rifle6", "city_centre", "2h"),
                ("rifle4", "mamayev_kurgan", "3h"),
                ("rifle5", "tsaritsa", "4h"),
            )
        ),
        encoding="utf-8",
    )
    code, output, _ = run("duel", str(path), "14pz", "rifle6")
    assert code == 0
    assert "cannot get into City centre" in output
    assert "  result: no combat — 14pz cannot fight in City centre" in output
    assert "strength" not in output and "chances" not in output
    code, output, _ = run("duel", str(path), "14pz", "rifle6", "--format", "json")
    report = json.loads(output)
    assert report["refused"] and report["strengths"] == {} and report["chances"] == []


@pytest.fixture(scope="module")
def module_setup(setup_saves: dict[tuple[str, str], Path]) -> Path:
    """The module's own set-up save, as File > Open finds it in the run's built module."""
    return setup_saves[("rks", "city")]


@pytest.mark.parametrize("extra", [(), ("--strike", "artillery")])
def test_a_duel_on_the_set_up_before_the_deal_is_one_line_and_exit_2(
    module_setup: Path, extra: tuple[str, ...]
) -> None:
    """Issue 21 item 16: the set-up is saved before the deal, so no card lies in it."""
    code, output, error = run("duel", str(module_setup), "71", "rifle4", *extra)
    assert (code, output) == (2, "")
    assert error.count("\n") == 1 and "Traceback" not in error
    assert error.startswith(f"stavka: {module_setup}: ")
    assert (
        "the deal happens when the game starts in VASSAL" in error
        and "save the game after it" in error
    )
