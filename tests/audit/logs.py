"""Writing minimal game logs for the audit's cases: a module's set-up save, then logged
steps in the engine's own command text (moves to hex centres, the turn tracker's
state, a VP change), packed as VASSAL packs a .vlog."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from zipfile import ZipFile

from lxml import etree

from builder.module.turns import TURN_TRACKER_ID, last_turn, turn_tracker_state
from builder.vassal.archive import MODULE_DATA, SAVED_GAME, zip_archive
from builder.saves.names import DIE_BUTTON, dead_pile_name
from builder.vassal.commands import (
    AddPiece,
    ChangePiece,
    MovePiece,
    SetTurn,
    decode_command,
    encode_command,
)
from builder.vassal.model import SavedGame
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import read_saved_game
from builder.vassal.savefile import read_save_file
from builder.vassal.sequence import encode
from builder.vassal.traits import Layer, Marker, Mask, Trait, chain_texts, parse_chain
from rules.model import GameSpec
from tests.support.games import shipped_game


@cache
def _setup_read(path: Path) -> SavedGame:
    """A set-up save of the run's ``dist``, read once per process: every step a log
    takes looks its pieces up in it, and nothing writes over it."""
    return read_saved_game(path)


def _unit_of(traits: tuple[Trait, ...] | None, key: str = "UnitId") -> str | None:
    """The unit id (or with ``key`` ``CardId``, the card id) a piece's marker names."""
    for trait in traits or ():
        if isinstance(trait, Marker) and key in trait.keys:
            return dict(zip(trait.keys, trait.values, strict=False))[key]
    return None


@dataclass
class LogWriter:
    """A log begun on a set-up save (``dist/setups/<setup>.vsav``): each ``move``,
    ``phase`` or ``vp`` adds a logged step."""

    dist: Path
    setup: str
    steps: list[str]
    states: dict[str, str] = field(default_factory=dict)
    """Each piece's trait states as the log has left them, for the next change."""
    added: int = 0
    """Pieces added from the palette so far, which numbers their ids."""
    entered: dict[str, tuple[str, str]] = field(default_factory=dict)
    """The piece id and map of each unit brought onto the map by :meth:`enter`."""

    @classmethod
    def on(cls, dist: Path, setup: str) -> LogWriter:
        return cls(dist, setup, [])

    @property
    def path(self) -> Path:
        return self.dist / "setups" / f"{self.setup}.vsav"

    @property
    def spec(self) -> GameSpec:
        return shipped_game(self.setup.split("-")[0])

    @property
    def saved(self) -> SavedGame:
        return _setup_read(self.path)

    def piece_of(self, unit: str, key: str = "UnitId") -> tuple[str, str]:
        """The piece id and map of ``unit`` (of the card, with ``key`` ``CardId``) in the
        set-up, or where :meth:`enter` brought it."""
        if unit in self.entered:
            return self.entered[unit]
        for piece in self.saved.pieces:
            if _unit_of(piece.traits, key) == unit:
                assert piece.map is not None
                return piece.id, piece.map
        raise KeyError(unit)

    def move(self, unit: str, to: str) -> LogWriter:
        """Drag ``unit`` to the centre of hex ``to``."""
        piece_id, map_name = self.piece_of(unit)
        found = self.spec.parse_hex(to)
        assert found is not None and found[0].hex_map is not None
        x, y = found[0].hex_map.pixel_centre(found[1])
        self.steps.append(
            encode_command(
                MovePiece(piece_id, map_name, round(x), round(y), None, map_name, 0, 0, None, None)
            )
        )
        return self

    def drag(self, piece: str, map_name: str, x: int, y: int, key: str = "UnitId") -> LogWriter:
        """Drag a unit (a card, with ``key`` ``CardId``) to pixel ``x, y`` of ``map_name``."""
        piece_id, old_map = self.piece_of(piece, key)
        self.steps.append(
            encode_command(MovePiece(piece_id, map_name, x, y, None, old_map, 0, 0, None, None))
        )
        return self

    def phase(self, turn: int, phase: str) -> LogWriter:
        """The turn tracker moved on to ``phase`` of ``turn`` (every phase played)."""
        phases = self.spec.phases
        child = encode([str(phases.index(phase)), "0", "0", ",".join(["true"] * len(phases))], ";")
        counter = encode([str(turn), "0", "false", str(last_turn(self.spec)), child], ";")
        self.steps.append(encode_command(SetTurn("TurnTracker0", encode(["0", counter], "|"))))
        return self

    def turn(self, turn: int) -> LogWriter:
        """The turn tracker moved on to ``turn`` (a game whose turns have no phases)."""
        self.steps.append(
            encode_command(SetTurn(TURN_TRACKER_ID, turn_tracker_state(self.spec, turn)))
        )
        return self

    def vp(self, name: str, old: int, new: int) -> LogWriter:
        """A VP marker's menu changed the track's property."""
        self.steps.append(f"MutableProperty\t{name}\t{old}\t{new}\tModule")
        return self

    def chat(self, text: str) -> LogWriter:
        self.steps.append(f"CHAT{text}")
        return self

    def declare(self, side: str, attack: str) -> LogWriter:
        """The Referee plugin's "Declare attack" line, ``attack`` as ``stavka odds`` gives it."""
        return self.chat(f"* Attack declared ({side}): {attack}")

    def roll(self, value: int) -> LogWriter:
        """The module's die button reporting ``value``, as VASSAL words the report."""
        return self.chat(f"*** {DIE_BUTTON} = {value} *** <Player>")

    def _hex_centre(self, to: str) -> tuple[int, int]:
        found = self.spec.parse_hex(to)
        assert found is not None and found[0].hex_map is not None
        x, y = found[0].hex_map.pixel_centre(found[1])
        return round(x), round(y)

    def enter(self, unit: str, to: str) -> LogWriter:
        """Bring ``unit`` onto hex ``to``: dragged from its pool when the set-up holds it
        there (DoS reinforcements drawn untried), else added off the map from its
        palette slot first, a step of its own."""
        maps = Counter(piece.map for piece in self.saved.pieces if piece.map is not None)
        board = maps.most_common(1)[0][0]
        try:
            piece_id, pool = self.piece_of(unit)
        except KeyError:
            piece_id, pool = self._from_palette(unit), None
        x, y = self._hex_centre(to)
        self.steps.append(
            encode_command(MovePiece(piece_id, board, x, y, None, pool, 0, 0, None, None))
        )
        self.entered[unit] = (piece_id, board)
        return self

    def marker(self, marker: str, to: str) -> LogWriter:
        """Put a new ``marker`` (a marker id) from its palette slot on hex ``to``."""
        maps = Counter(piece.map for piece in self.saved.pieces if piece.map is not None)
        piece_id = self._from_palette(marker, "MarkerId")
        x, y = self._hex_centre(to)
        self.steps.append(
            encode_command(
                MovePiece(piece_id, maps.most_common(1)[0][0], x, y, None, None, 0, 0, None, None)
            )
        )
        self.entered[marker] = (piece_id, maps.most_common(1)[0][0])
        return self

    def _from_palette(self, unit: str, key: str = "UnitId") -> str:
        """Add ``unit``'s piece (a marker's, with ``key`` ``MarkerId``) from the module's
        palette, off the map; its new id."""
        game = self.setup.split("-")[0]
        with ZipFile(self.dist / f"{game}.vmod") as module:
            root = etree.fromstring(module.read("buildFile.xml"))
        for slot in root.iter("VASSAL.build.widget.PieceSlot"):
            added = decode_command(slot.text or "")
            if (
                isinstance(added, AddPiece)
                and _unit_of(parse_chain(added.type, added.state), key) == unit
            ):
                self.added += 1
                piece_id = f"9{self.added:06d}"
                self.steps.append(encode_command(AddPiece(piece_id, added.type, added.state)))
                return piece_id
        raise KeyError(unit)

    def eliminate(self, unit: str) -> LogWriter:
        """Send ``unit`` to its side's dead pile."""
        piece_id, map_name = self.piece_of(unit)
        side = next(item.name for item in self.spec.sides if item.id == self.spec.units[unit].side)
        self.steps.append(
            encode_command(
                MovePiece(piece_id, dead_pile_name(side), 20, 20, None, map_name, 0, 0, None, None)
            )
        )
        return self

    def layer(self, unit: str, name: str, level: int) -> LogWriter:
        """Set ``unit``'s layer ``name`` (``Step``: 2 is reduced; ``Untried``: 1 is
        untried) to ``level``, as its menu item does."""
        piece_id, _ = self.piece_of(unit)
        piece = self.saved.piece(piece_id)
        old_state = self.states.get(piece_id, piece.state)
        traits = parse_chain(piece.type, old_state)
        assert traits is not None
        changed = tuple(
            replace(trait, level=level)
            if isinstance(trait, Layer) and trait.name == name
            else trait
            for trait in traits
        )
        assert changed != traits, f"{unit} has no layer {name} to set to {level}"
        _, new_state = chain_texts(changed)
        self.states[piece_id] = new_state
        self.steps.append(encode_command(ChangePiece(piece_id, new_state, old_state)))
        return self

    def mask(self, piece: str, owner: str | None, key: str = "UnitId") -> LogWriter:
        """Mask ``piece`` (a card, with ``key`` ``CardId``) for ``owner``, a side's name, as
        "Play face down" does; None shows it again."""
        piece_id, _ = self.piece_of(piece, key)
        saved = self.saved.piece(piece_id)
        old_state = self.states.get(piece_id, saved.state)
        traits = parse_chain(saved.type, old_state)
        assert traits is not None
        changed = tuple(
            replace(trait, owner=owner, options=trait.options or "")
            if isinstance(trait, Mask)
            else trait
            for trait in traits
        )
        assert changed != traits, f"{piece} has no mask to set for {owner}"
        _, new_state = chain_texts(changed)
        self.states[piece_id] = new_state
        self.steps.append(encode_command(ChangePiece(piece_id, new_state, old_state)))
        return self

    def write(self, target: Path, logged: bool = True, nested: bool = False) -> Path:
        """The log (or with ``logged`` False, a save with the steps already played); with
        ``nested``, the steps in a group of their own, as VASSAL's logger leaves them
        inside the restore command it appends them to."""
        save_file = read_save_file(self.path)
        prefix = "LOG\t" if logged else ""
        steps = [prefix + step for step in self.steps]
        if nested:
            text = "\x1b".join([save_file.text, encode([encode(steps, "\x1b")], "\x1b")])
        else:
            text = "\x1b".join([save_file.text, *steps])
        entries = [(SAVED_GAME, obfuscate(text, 0x3C))]
        if save_file.module_data is not None:
            entries.append((MODULE_DATA, save_file.module_data))
        target.write_bytes(zip_archive(entries))
        return target
