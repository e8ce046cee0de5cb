"""Optional rules in the module (issue 29): a player puts one in play with its toolbar
button, the game is saved, and the referee reads the rule from the save.

One engine run on TPS scenario 1: the button turns the army organisation's global
property to 1, the chat says so, and ``stavka check`` of the save the engine wrote
judges rifle corps by the option; the set-up save, where it is 0, does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import etree

from builder.module.options import optional_rule_properties
from rules.coverage import optional_rules
from tests.cli.test_cli import run
from tests.support.engine import NEEDS_VCHECK, run_vcheck
from tests.support.games import shipped_game

ARMY_ORGANISATION = "Optional: Soviet army organisation"


def test_every_optional_rule_of_a_text_has_a_setting_the_module_offers() -> None:
    """The optional rules the texts give (TPS: army organisation, hold orders; RKS 7.5;
    DoS has none), each a global property and a button."""
    assert [row.setting for row in optional_rules("tps")] == ["army_organisation", "hold_orders"]
    assert [row.setting for row in optional_rules("rks")] == ["soviet_only_replenishment"]
    assert optional_rules("dos") == ()
    properties = etree.Element("properties")
    optional_rule_properties(properties, shipped_game("tps"))
    buttons = properties.findall("*/VASSAL.build.module.properties.ChangePropertyButton")
    assert [button.get("text") for button in buttons] == [
        "Option: Army organisation",
        "Option: Hold orders",
    ]


@pytest.mark.engine
@NEEDS_VCHECK
def test_a_rule_put_in_play_in_the_engine_is_judged_from_the_save(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    module, setup = built["tps"], setup_saves[("tps", "1")]
    saved = tmp_path / "chosen.vsav"
    steps = tmp_path / "steps.json"
    steps.write_text(
        json.dumps([{"button": "Option: Army organisation"}, {"save": str(saved)}]),
        encoding="utf-8",
    )
    code, report = run_vcheck(module, setup, "--compact", "--no-state", "--actions", str(steps))
    actions = report["actions"]
    assert code == 0 and isinstance(actions, list)
    assert actions[0]["errors"] == []
    assert any("Option: Army organisation: 1 (1 in play" in line for line in actions[0]["chat"])
    _, before, _ = run("check", str(setup), "--format", "json")
    _, after, _ = run("check", str(saved), "--format", "json")
    cited = [
        verdict
        for verdict in json.loads(after)["verdicts"]
        if ARMY_ORGANISATION in verdict["rules"]
    ]
    assert ARMY_ORGANISATION not in before
    assert cited and any(verdict["outcome"] == "out of supply" for verdict in cited)
