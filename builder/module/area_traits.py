"""VASSAL 3.6 traits that card-driven area games need, as typed values.

Each builder returns an :class:`builder.vassal.traits.UnknownTrait` whose type is laid
out field by field as the engine's ``mySetType`` reads it (VASSAL 3.6.0, classes named
in each docstring), so the fields are written once, here, by name. Named keystrokes are
``0,0,name``: the name alone selects the command, the numbers are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from builder.vassal.sequence import encode
from builder.vassal.traits import Layer, Trait, UnknownTrait

CONTROL = 130
"""Java modifiers for Ctrl as VASSAL writes them (old and new mask bits)."""
CONTROL_SHIFT = 195


def named(name: str) -> str:
    """A named keystroke with no key of its own (fired by other traits and commands)."""
    return f"0,0,{name}"


def key(letter: str, modifiers: int = CONTROL) -> str:
    """A real keystroke, e.g. ``key("F")`` for Ctrl+F."""
    return f"{ord(letter.upper())},{modifiers}"


def key_list(keys: Sequence[str]) -> str:
    """A list of keystrokes as NamedKeyStrokeArrayConfigurer writes it."""
    return encode(list(keys), ",")


def trigger(name: str, menu: str, keystroke: str, actions: Sequence[str], match: str = "") -> Trait:
    """A Trigger Action (``macro;``, TriggerAction): on ``keystroke``, if ``match`` holds,
    fire ``actions`` in order. An empty ``menu`` keeps it off the right-click menu."""
    fields = [name, menu, keystroke, match, "", key_list(actions), "false", "", "", "counted", "", "", "", "false", "",
              "1", "1"]
    return UnknownTrait(type="macro;" + encode(fields, ";"), state="")


def send_to_zone(menu: str, keystroke: str, map_name: str, zone: str) -> Trait:
    """Send To Location (``sendto;``, SendToLocation) to the centre of a zone; map and
    zone are message formats, so ``$DealMap$`` reads a global property."""
    fields = [menu, keystroke, map_name, "", "0", "0", "", "", "0", "0", "1", "1", "", "Z", zone, "", "", ""]
    return UnknownTrait(type="sendto;" + encode(fields, ";"), state=";;")


def send_to_point(menu: str, keystroke: str, map_name: str, x: int, y: int) -> Trait:
    """Send To Location to a fixed point of a map."""
    fields = [menu, keystroke, map_name, "", str(x), str(y), "", "", "0", "0", "1", "1", "", "L", "", "", "", ""]
    return UnknownTrait(type="sendto;" + encode(fields, ";"), state=";;")


def return_to_deck(menu: str, keystroke: str, deck: str) -> Trait:
    """Return to Deck (``return;``, ReturnToDeck, version 2) into a named draw pile."""
    fields = [menu, keystroke, "", "", "", "2", "false", deck]
    return UnknownTrait(type="return;" + encode(fields, ";"), state="")


def global_key(keystroke: str, sends: str, deck_filter: str, from_deck: int) -> Trait:
    """A piece's Global Key Command (``globalkey;``, CounterGlobalKeyCommand) that sends
    ``sends`` to ``from_deck`` cards (-1: all) of the pieces matching ``deck_filter``.
    It leaves the chat on ("report single" off), so a deck that runs out while it draws
    still says that the discards were shuffled back in."""
    fields = ["", keystroke, sends, deck_filter, "false", "1", "false", "true", "", "", str(from_deck), ""]
    return UnknownTrait(type="globalkey;" + encode(fields, ";"), state="")


def set_global_property(name: str, keystroke: str, value: str) -> Trait:
    """Set Global Property (``setprop;``, SetGlobalProperty): ``keystroke`` sets the
    module property ``name`` to the message format ``value`` read on this piece."""
    changer = encode(["P", value], ",")
    command = encode(["", keystroke, changer], ":")
    fields = [name, encode(["false", "0", "100", "false"], ","), encode([command], ","), "",
              "Current Zone/Current Map/Module", ""]
    return UnknownTrait(type="setprop;" + encode(fields, ";"), state="")


def calculated_property(name: str, expression: str) -> Trait:
    """A Calculated Property (``calcProp;``, CalculatedProperty) evaluated on demand."""
    return UnknownTrait(type="calcProp;" + encode([name, expression, ""], ";"), state="")


def report(keys: Sequence[str], message: str) -> Trait:
    """Report Action (``report;``, ReportState): ``message`` to the chat on any of ``keys``."""
    fields = [key_list(keys), message, "", "", "", "false"]
    return UnknownTrait(type="report;" + encode(fields, ";"), state="-1")


def mask(keystroke: str, menu: str, back_image: str, mask_name: str) -> Trait:
    """A Mask (``obs;``, Obscurable) a side can put on to hide the face from the other
    side (access ``side:``); its owner sees the face with the back inset ('I')."""
    fields = [keystroke, back_image, menu, "I", mask_name, "side:", "", "", "true"]
    return UnknownTrait(type="obs;" + encode(fields, ";"), state="null;")


def following_layer(name: str, images: Sequence[str], level_names: Sequence[str], property_name: str,
                    first_value: int) -> Layer:
    """A Layer whose level follows a property (level 1 shows ``first_value``)."""
    layer = Layer.build(name, tuple(images), tuple(level_names))
    fields = list(layer.fields)
    fields[21], fields[22], fields[23] = "true", property_name, str(first_value)
    return Layer(fields=tuple(fields), level=1)


def flip_layer(name: str, back_image: str, level_name: str, flip_key: str, menu: str, reset_key: str) -> Layer:
    """A two-face Layer: ``flip_key`` turns it over, ``reset_key`` always shows the front."""
    layer = Layer.build(name, ("", back_image), ("", level_name))
    fields = list(layer.fields)
    fields[3], fields[27] = menu, flip_key
    fields[10], fields[11] = reset_key, "1"
    return Layer(fields=tuple(fields), level=1)
