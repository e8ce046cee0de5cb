"""Writing minimal game logs for the audit's cases: a module's set-up save, then logged
steps in the engine's own command text (moves to hex centres, the turn tracker's
state, a VP change), packed as VASSAL packs a .vlog."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.module.turns import last_turn
from builder.vassal.archive import MODULE_DATA, SAVED_GAME, build_zip
from builder.vassal.commands import MovePiece, SetTurn, encode_command
from builder.vassal.model import SavedGame
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import read_saved_game
from builder.vassal.savefile import read_save_file
from builder.vassal.sequence import encode
from builder.vassal.traits import Marker
from rules.data.loader import load_game
from rules.model import GameSpec


@dataclass
class LogWriter:
    """A log begun on a set-up save (``dist/setups/<setup>.vsav``): each ``move``,
    ``phase`` or ``vp`` adds a logged step."""

    dist: Path
    setup: str
    steps: list[str]

    @classmethod
    def on(cls, dist: Path, setup: str) -> LogWriter:
        return cls(dist, setup, [])

    @property
    def path(self) -> Path:
        return self.dist / "setups" / f"{self.setup}.vsav"

    @property
    def spec(self) -> GameSpec:
        return load_game(self.setup.split("-")[0])

    @property
    def saved(self) -> SavedGame:
        return read_saved_game(self.path)

    def piece_of(self, unit: str, key: str = "UnitId") -> tuple[str, str]:
        """The piece id and map of ``unit`` (of the card, with ``key`` ``CardId``) in the set-up."""
        for piece in self.saved.pieces:
            for trait in piece.traits:
                if (
                    isinstance(trait, Marker)
                    and dict(zip(trait.keys, trait.values, strict=False)).get(key) == unit
                ):
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

    def vp(self, name: str, old: int, new: int) -> LogWriter:
        """A VP marker's menu changed the track's property."""
        self.steps.append(f"MutableProperty\t{name}\t{old}\t{new}\tModule")
        return self

    def chat(self, text: str) -> LogWriter:
        self.steps.append(f"CHAT{text}")
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
        target.write_bytes(build_zip(entries))
        return target
