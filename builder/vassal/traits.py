"""A piece's trait chain — VASSAL's decorators around one BasicPiece — as typed values.

A piece's type and state are each one TAB-nested string, outermost trait first and the
BasicPiece last (docs/vassal-format.md §3.2). The referee needs a few traits by meaning
(the name and gpid in BasicPiece, a Layer's step level, Marker values, dynamic property
values, who masked a piece); every other trait is kept as :class:`UnknownTrait` with its
type and state verbatim, so nothing a module relies on is lost when a save is rewritten.

Each typed trait can encode itself back (``type_text``/``state_text``) so the writer can
build new pieces and annotations from values instead of hand-made strings.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.vassal.nesting import Chain, split_chain
from builder.vassal.sequence import decode, encode, field, parse_int


@dataclass(frozen=True)
class BasicPiece:
    """The innermost element: image, name and where the piece is.

    ``gpid`` ties the piece to its palette slot; ``properties`` are the persistent
    key/value pairs VASSAL ≥ 3.4 stores (``UniqueID`` among them since 3.7).
    """

    image: str
    name: str
    map: str | None = None
    x: int = 0
    y: int = 0
    gpid: str = ""
    properties: tuple[tuple[str, str], ...] = ()
    clone_key: str = ""
    delete_key: str = ""

    ID = "piece;"

    def type_text(self) -> str:
        return self.ID + encode([self.clone_key, self.delete_key, self.image, self.name], ";")

    def state_text(self) -> str:
        """The state as VASSAL ≥ 3.4 writes it: always with the property count."""
        items = [
            "null" if self.map is None else self.map,
            str(self.x),
            str(self.y),
            self.gpid,
            str(len(self.properties)),
        ]
        for key, value in self.properties:
            items += [key, value]
        return encode(items, ";")


@dataclass(frozen=True)
class Layer:
    """An Embellishment (``emb2;``): a stack of images such as a unit's step levels.

    The 33 type fields are kept verbatim in ``fields`` (older files have fewer); the
    ones that matter are exposed by name. ``level`` is 1-based, negative when the layer
    is inactive, as in the state VASSAL writes.
    """

    fields: tuple[str, ...]
    level: int

    ID = "emb2;"
    _IMAGES, _LEVEL_NAMES, _NAME = 15, 16, 18

    @classmethod
    def marker(
        cls, name: str, images: tuple[str, ...], level_names: tuple[str, ...], level: int = 1
    ) -> Layer:
        """An always-active layer cycled by nothing, as a marker of state for people to read."""
        fields = [""] * 33
        fields[1], fields[4], fields[7] = "0", "0", "0"
        fields[11], fields[12], fields[13], fields[14] = "1", "false", "0", "0"
        fields[cls._IMAGES] = encode(images, ",")
        fields[cls._LEVEL_NAMES] = encode(level_names, ",")
        fields[17], fields[cls._NAME] = "true", name
        fields[21], fields[23], fields[24], fields[25] = "false", "1", "1", "true"
        fields[30], fields[32] = "1.0", "true"
        return cls(fields=tuple(fields), level=level)

    @property
    def name(self) -> str:
        return field(list(self.fields), self._NAME)

    @property
    def images(self) -> tuple[str, ...]:
        return tuple(decode(field(list(self.fields), self._IMAGES), ","))

    @property
    def level_names(self) -> tuple[str, ...]:
        return tuple(decode(field(list(self.fields), self._LEVEL_NAMES), ","))

    @property
    def active(self) -> bool:
        return self.level > 0

    def type_text(self) -> str:
        return self.ID + encode(self.fields, ";")

    def state_text(self) -> str:
        return str(self.level)


@dataclass(frozen=True)
class Marker:
    """Fixed properties (``mark;``): keys in the type, values in the state."""

    keys: tuple[str, ...]
    values: tuple[str, ...]

    ID = "mark;"

    def type_text(self) -> str:
        return self.ID + encode(self.keys, ",")

    def state_text(self) -> str:
        return encode(self.values, ",")

    def value_of(self, key: str) -> str | None:
        """The value of ``key`` (VASSAL pads missing values with the empty string)."""
        for index, own_key in enumerate(self.keys):
            if own_key == key:
                return self.values[index] if index < len(self.values) else ""
        return None


@dataclass(frozen=True)
class DynamicProperty:
    """A changeable property (``PROP;``); its current ``value`` is the whole state.

    ``fields`` keeps constraints, key commands and description verbatim.
    """

    name: str
    fields: tuple[str, ...]
    value: str

    ID = "PROP;"

    def type_text(self) -> str:
        return self.ID + encode([self.name, *self.fields], ";")

    def state_text(self) -> str:
        return self.value


@dataclass(frozen=True)
class Mask:
    """An Obscurable (``obs;``): a piece hidden from everyone but its owner.

    ``owner`` is the masking player's id or side (``None`` when unmasked); ``options``
    is VASSAL's ObscurableOptions text, kept verbatim.
    """

    fields: tuple[str, ...]
    owner: str | None
    options: str

    ID = "obs;"

    def type_text(self) -> str:
        return self.ID + encode(self.fields, ";")

    def state_text(self) -> str:
        return encode(
            ["null" if self.owner is None else self.owner, self.options if self.owner else ""], ";"
        )


@dataclass(frozen=True)
class UsePrototype:
    """A reference to a prototype (``prototype;``); saves normally hold them expanded."""

    name: str
    parameters: str | None = None

    ID = "prototype;"

    def type_text(self) -> str:
        items = [self.name] if self.parameters is None else [self.name, self.parameters]
        return self.ID + encode(items, ";")

    def state_text(self) -> str:
        return ""


@dataclass(frozen=True)
class UnknownTrait:
    """Any other trait, kept exactly as written so a rewritten save loses nothing."""

    type: str
    state: str

    @property
    def prefix(self) -> str:
        """The trait id (``report;``, ``sendto;``…) VASSAL selects the class by."""
        return trait_prefix(self.type)

    def type_text(self) -> str:
        return self.type

    def state_text(self) -> str:
        return self.state


Decorator = Layer | Marker | DynamicProperty | Mask | UsePrototype | UnknownTrait
Trait = BasicPiece | Decorator


def trait_prefix(type_text: str) -> str:
    """The part of a type VASSAL picks the trait class by: up to the first ``;``."""
    end = type_text.find(";")
    return type_text if end < 0 else type_text[: end + 1]


def join_chain(items: list[str]) -> str:
    """The inverse of :func:`split_chain`: nest ``items`` outermost first."""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = encode([item, text], "\t")
    return text


def _integer(text: str, default: int) -> int:
    value = parse_int(text)
    return default if value is None else value


def parse_basic_piece(type_text: str, state: str) -> BasicPiece:
    """A BasicPiece from its own type and state, defaulting what VASSAL defaults."""
    fields = decode(type_text[len(BasicPiece.ID) :], ";")
    fields += [""] * (4 - len(fields))
    values = decode(state, ";")
    found = len(values)
    map_id = values[0]
    properties: tuple[tuple[str, str], ...] = ()
    if found > 5:
        # VASSAL pads missing pairs with empty strings; a count beyond the tokens present
        # would only add empty pairs, so it is capped by what is there.
        count = min(max(_integer(values[4], 0), 0), (found - 4) // 2)
        properties = tuple(
            (values[5 + 2 * index], field(values, 6 + 2 * index)) for index in range(count)
        )
    return BasicPiece(
        clone_key=fields[0],
        delete_key=fields[1],
        image=fields[2],
        name=fields[3],
        map=None if map_id == "null" else map_id,
        x=_integer(values[1], 0) if found > 1 else 0,
        y=_integer(values[2], 0) if found > 2 else 0,
        gpid=values[3] if found > 3 else "",
        properties=properties,
    )


def parse_decorator(type_text: str, state: str) -> Decorator:
    """One decorator from its own type and state; unknown or odd ones stay verbatim."""
    prefix = trait_prefix(type_text)
    if prefix == Layer.ID:
        level = parse_int(state)
        if level is not None:
            return Layer(fields=tuple(decode(type_text[len(Layer.ID) :], ";")), level=level)
    elif prefix == Marker.ID:
        return Marker(
            keys=tuple(decode(type_text[len(Marker.ID) :], ",")), values=tuple(decode(state, ","))
        )
    elif prefix == DynamicProperty.ID:
        fields = decode(type_text[len(DynamicProperty.ID) :], ";")
        return DynamicProperty(name=fields[0], fields=tuple(fields[1:]), value=state)
    elif prefix == Mask.ID:
        values = decode(state, ";")
        owner = values[0]
        return Mask(
            fields=tuple(decode(type_text[len(Mask.ID) :], ";")),
            owner=None if owner == "null" else owner,
            options=field(values, 1) if owner != "null" else "",
        )
    elif prefix == UsePrototype.ID:
        fields = decode(type_text[len(UsePrototype.ID) :], ";")
        return UsePrototype(name=fields[0], parameters=fields[1] if len(fields) > 1 else None)
    return UnknownTrait(type=type_text, state=state)


def parse_chain(type_text: str, state: str) -> tuple[Trait, ...] | None:
    """A piece's traits, outermost first and BasicPiece last.

    ``None`` when the chain is not a piece VASSAL can build: its innermost element is
    not a BasicPiece, or the state has fewer elements than the type (the engine then
    refuses the piece).
    """
    types = split_chain(type_text)
    states = split_chain(state)
    if len(states) < len(types) or not types[-1].startswith(BasicPiece.ID):
        return None
    decorators = [
        parse_decorator(own_type, own_state)
        for own_type, own_state in zip(types[:-1], states, strict=False)
    ]
    return (*decorators, parse_basic_piece(types[-1], states[len(types) - 1]))


def parse_basic(type_text: str, state: str) -> BasicPiece | None:
    """Only the BasicPiece of a chain (``None`` where :func:`parse_chain` is ``None``).

    Where a piece stands and what it is called is all that playing a save out needs;
    the decorators are parsed when something asks for them.
    """
    types, states = Chain(type_text), Chain(state)
    if len(states) < len(types) or not types[-1].startswith(BasicPiece.ID):
        return None
    return parse_basic_piece(types[-1], states[len(types) - 1])


def chain_texts(traits: tuple[Trait, ...]) -> tuple[str, str]:
    """The type and state strings of a chain (inverse of :func:`parse_chain`)."""
    return (
        join_chain([trait.type_text() for trait in traits]),
        join_chain([trait.state_text() for trait in traits]),
    )
