"""The VASSAL 3.6 traits Stavka's pieces are made of, as typed values.

Each builder returns a trait whose type is laid out field by field as the engine's
``mySetType`` reads it (VASSAL 3.6, classes named in each docstring), so every field
layout is written once, here, by name, for every game: units, markers, record markers
and cards all use these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.module.keys import Key
from builder.vassal.sequence import encode
from builder.vassal.traits import Layer, UnknownTrait

MODULE_LEVEL = "Current Zone/Current Map/Module"
"""Where Set Global Property looks for the property: the module's own, in the end."""


@dataclass(frozen=True)
class Command:
    """A menu command: its text and key."""

    text: str
    key: Key


def key_list(keys: Sequence[Key]) -> str:
    """A list of keystrokes as NamedKeyStrokeArrayConfigurer writes it."""
    return encode([key.encoded() for key in keys], ",")


def report(keys: Key | Sequence[Key], message: str) -> UnknownTrait:
    """Report Action (``report;``, ReportState): ``message`` to the chat on any of ``keys``.

    ``message`` may use VASSAL's report properties: ``$location$``, ``$oldLocation$``,
    ``$oldPieceName$`` (before the command), ``$newPieceName$`` (after it), and any
    property of the piece or the module.
    """
    watched = [keys] if isinstance(keys, Key) else list(keys)
    fields = [key_list(watched), message, "", "", f"Report: {message}", "false"]
    return UnknownTrait(type="report;" + encode(fields, ";"), state="-1")


def layer(
    name: str,
    images: tuple[str, ...],
    level_names: tuple[str, ...],
    up: Command | None = None,
    down: Command | None = None,
    loop: bool = False,
    reset: Key | None = None,
) -> Layer:
    """A Layer (Embellishment, ``emb2;``, always active) stepped by ``up`` and ``down``.

    An empty image shows the piece beneath; a plain level name replaces the piece's
    name, ``+ suffix`` appends to it. A looping layer wraps from its last level to its
    first, so one key turns a two-sided piece back and forth; ``reset`` shows the
    first level whatever the layer shows.
    """
    fields = list(Layer.marker(name, images, level_names).fields)
    fields[17] = "true" if loop else "false"
    if up is not None:
        fields[3], fields[27] = up.text, up.key.encoded()
    if down is not None:
        fields[6], fields[28] = down.text, down.key.encoded()
    if reset is not None:
        fields[10], fields[11] = reset.encoded(), "1"
    return Layer(fields=tuple(fields), level=1)


def following_layer(
    name: str,
    images: tuple[str, ...],
    level_names: tuple[str, ...],
    property_name: str,
    first_value: int,
) -> Layer:
    """A Layer whose level follows a property (level 1 shows ``first_value``)."""
    fields = list(layer(name, images, level_names).fields)
    fields[21], fields[22], fields[23] = "true", property_name, str(first_value)
    return Layer(fields=tuple(fields), level=1)


def delete(key: Key) -> UnknownTrait:
    """Delete (``delete;``), off the menu: the piece leaves the game on ``key``."""
    return UnknownTrait(type=f"delete;;{key.encoded()};", state="")


def mark_moved(key: Key) -> UnknownTrait:
    """Mark When Moved (``markmoved;``) with VASSAL's own 'moved' flag."""
    return UnknownTrait(
        type=f"markmoved;/images/moved.gif;36;-36;Mark Moved;{key.encoded()};", state="false"
    )


def global_hotkey(menu: str, key: Key, fires: Key) -> UnknownTrait:
    """Global Hotkey (``globalhotkey;``, GlobalHotKey): the menu item ``menu`` (key
    ``key``) fires the module-wide key ``fires``, as pressing a toolbar button's key does."""
    fields = [menu, key.encoded(), fires.encoded(), menu]
    return UnknownTrait(type="globalhotkey;" + encode(fields, ";"), state="")


def send_to(
    menu: str,
    key: Key,
    map_name: str,
    *,
    point: tuple[int, int] = (0, 0),
    zone: str = "",
    region: str = "",
    board: str = "",
    description: str = "",
) -> UnknownTrait:
    """Send To Location (``sendto;``, SendToLocation): to a ``zone``, a ``region``, or
    else a ``point`` of ``map_name``. Map, zone and region are message formats or
    expressions, so ``$DealMap$`` reads a property."""
    destination = "Z" if zone else "R" if region else "L"
    fields = [
        menu,
        key.encoded(),
        map_name,
        board,
        str(point[0]),
        str(point[1]),
        "",
        "",
        "0",
        "0",
        "1",
        "1",
        description,
        destination,
        zone,
        region,
        "",
        "",
    ]
    return UnknownTrait(type="sendto;" + encode(fields, ";"), state=";;")


def trigger(
    name: str,
    menu: str,
    key: Key | None,
    actions: Sequence[Key],
    match: str = "",
    watched: Sequence[Key] = (),
) -> UnknownTrait:
    """A Trigger Action (``macro;``, TriggerAction): on ``key`` (or any of ``watched``),
    if ``match`` holds, fire ``actions`` in order. An empty ``menu`` keeps it off the
    right-click menu."""
    fields = [
        name,
        menu,
        "" if key is None else key.encoded(),
        match,
        key_list(watched),
        key_list(actions),
        "false",
        "",
        "",
        "counted",
        "",
        "",
        "",
        "false",
        "",
        "1",
        "1",
    ]
    return UnknownTrait(type="macro;" + encode(fields, ";"), state="")


@dataclass(frozen=True)
class PropertyChange:
    """One command of Set Global Property: ``kind`` ``I`` adds ``value``, ``P`` sets the
    property to the message format ``value``."""

    menu: str
    key: Key
    kind: str
    value: str


def set_global_property(
    name: str,
    changes: Sequence[PropertyChange],
    bounds: tuple[int, int] | None = None,
    description: str = "",
) -> UnknownTrait:
    """Set Global Property (``setprop;``, SetGlobalProperty) of the module property
    ``name``; numeric within ``bounds`` when given."""
    commands = [
        encode([change.menu, change.key.encoded(), encode([change.kind, change.value], ",")], ":")
        for change in changes
    ]
    low, high = bounds if bounds is not None else (0, 100)
    constraints = encode(
        ["true" if bounds is not None else "false", str(low), str(high), "false"], ","
    )
    fields = [name, constraints, encode(commands, ","), description, MODULE_LEVEL, ""]
    return UnknownTrait(type="setprop;" + encode(fields, ";"), state="")


def return_to_deck(menu: str, key: Key, deck: str) -> UnknownTrait:
    """Return to Deck (``return;``, ReturnToDeck, version 2) into a named draw pile."""
    fields = [menu, key.encoded(), "", "", "", "2", "false", deck]
    return UnknownTrait(type="return;" + encode(fields, ";"), state="")


def global_key(key: Key, sends: Key, selection: str, count: int) -> UnknownTrait:
    """A piece's Global Key Command (``globalkey;``, CounterGlobalKeyCommand) that sends
    ``sends`` to ``count`` cards of a deck (-1: all) among the pieces ``selection``
    matches. It leaves the chat on ("report single" off), so a deck that runs out while
    it deals still says that the discards were shuffled back in."""
    fields = [
        "",
        key.encoded(),
        sends.encoded(),
        selection,
        "false",
        "1",
        "false",
        "true",
        "",
        "",
        str(count),
        "",
    ]
    return UnknownTrait(type="globalkey;" + encode(fields, ";"), state="")


def restrict_commands(
    name: str, expression: str, restricted: Sequence[Key], disable: bool = False
) -> UnknownTrait:
    """Restrict Commands (``hideCmd;``, RestrictCommands): while ``expression`` holds, the
    ``restricted`` keys of the traits inside it are hidden from the menu (greyed out
    with ``disable``) and do nothing when typed, so no report outside them fires either.
    It must come before (outside) every trait answering those keys."""
    fields = [name, "Disable" if disable else "Hide", expression, key_list(restricted)]
    return UnknownTrait(type="hideCmd;" + encode(fields, ";"), state="")


def fixed_in_place() -> UnknownTrait:
    """Does Not Stack (``immob;``, Immobilized): never selected, band-selected or moved,
    for a piece that is part of a board's drawing."""
    return UnknownTrait(type="immob;nZ;V;L;", state="")


def calculated_property(name: str, expression: str) -> UnknownTrait:
    """A Calculated Property (``calcProp;``, CalculatedProperty) evaluated on demand."""
    return UnknownTrait(type="calcProp;" + encode([name, expression, ""], ";"), state="")


def mask(key: Key, back_image: str, mask_name: str) -> UnknownTrait:
    """A Mask (``obs;``, Obscurable) a side puts on to hide the face from the other side
    (access ``side:``); its owner sees the face with the back inset ('I')."""
    fields = [key.encoded(), back_image, "", "I", mask_name, "side:", "", "", "true"]
    return UnknownTrait(type="obs;" + encode(fields, ";"), state="null;")


def expression_text(value: str) -> str:
    """``value`` as a string literal inside a property expression."""
    return value.replace("\\", "\\\\").replace('"', '\\"')
