"""A property changed in play (a VP marker's +5) is logged as ``MutableProperty``; the
position a log leaves must show the new value (issue 28: ``save dump`` printed 0)."""

from __future__ import annotations

from builder.vassal.commands import ChangeProperty, decode_command, encode_command
from builder.vassal.reader import parse_save_bytes
from builder.vassal.summary import summarise

START = "begin_save\x1b\x1bGlobalProperty\t;AxisVP;0;Module\x1bend_save"


def _log(*logged: str) -> bytes:
    return "\x1b".join([START, *("LOG\t" + command for command in logged)]).encode()


def test_a_logged_vp_change_is_the_value_the_log_leaves() -> None:
    game = parse_save_bytes(_log("MutableProperty\tAxisVP\t0\t5\tModule"))
    assert "Property AxisVP [Module] = 5" in summarise(game)


def test_a_change_without_container_changes_the_property_of_that_name() -> None:
    game = parse_save_bytes(
        _log("MutableProperty\tAxisVP\t0\t5", "MutableProperty\tAxisVP\t5\t7\t")
    )
    assert [(value.name, value.value, value.container) for value in game.global_properties] == [
        ("AxisVP", "7", "Module")
    ]


def test_the_change_encodes_back_to_the_text_the_engine_wrote() -> None:
    text = "MutableProperty\tAxisVP\t0\t5\tModule"
    command = decode_command(text)
    assert command == ChangeProperty("AxisVP", "0", "5", "Module")
    assert encode_command(command) == text
