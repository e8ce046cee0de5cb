"""Drive on Stalingrad victory (rule 4): sudden death, VP, and the end-of-game tests.

Blue: Soviet units entering Kursk, Stalino, Lozovaya or Kharkov win at once (4.6); the
German wins with 6 VP (4.2, 4.3, 4.5). Uranus: the Soviet wins by taking Kharkov, Stalino
or Rostov, or by 20 German units lost out of supply (4.8, 4.9); the German wins by
holding two towns east of the Don in ground supply at the end of a Soviet turn (4.9),
or by lasting (4.10).
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from rules.coverage import reading_applied
from rules.hexes import Hex
from rules.model import VictoryHex
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.referee.dos.settings import BLUE, Settings
from rules.referee.dos.supply import SupplyLines, SupplyState
from rules.referee.dos.units import AXIS, SOVIET, german
from rules.referee.position import Position
from rules.referee.verdict import Verdict

BLUE_SUDDEN_DEATH = ("Kursk", "Stalino", "Lozovaya", "Kharkov")
URANUS_OBJECTIVES = ("Kharkov", "Stalino", "Rostov")


@dataclass(frozen=True, eq=False)
class Victory:
    """The victory state of one position."""

    position: Position
    board: Board
    control: Control
    supply: SupplyLines
    settings: Settings

    def verdicts(self) -> list[Verdict]:
        """The scenario's victory state: sudden death, VP and the end-of-game tests."""
        return self._blue() if self.settings.scenario == BLUE else self._uranus()

    def _entered(self, names: Sequence[str]) -> list[str]:
        return [
            f"{name} {self.board.label(self.board.town_hex(name))}"
            for name in names
            if self.board.town_hex(name) in self.control.occupied_by[SOVIET]
        ]

    def vp_hexes_held(self) -> list[VictoryHex]:
        """The Blue VP hexes the German controls (4.2: whatever their supply)."""
        return [
            victory_hex
            for victory_hex in self.board.game_map.victory_hexes
            if BLUE in victory_hex.scenarios and self.control.control(victory_hex.hex) == AXIS
        ]

    def _blue(self) -> list[Verdict]:
        settings = self.settings
        entered = self._entered(BLUE_SUDDEN_DEATH)
        if entered:
            return [
                Verdict(
                    "Blue",
                    "victory",
                    "Soviet win",
                    ("4.6",),
                    f"Soviet units have entered {', '.join(entered)}: the game ends at once",
                )
            ]
        stranded = [
            state
            for state in self.position.units_of(SOVIET)
            if settings.end_of_game and self.supply.supply_of(state).state is SupplyState.OUT
        ]
        eliminated = settings.soviet_eliminated_out_of_supply + len(stranded)
        held = self.vp_hexes_held()
        hexes_vp = (
            settings.german_vp
            if settings.german_vp is not None
            else sum(item.points for item in held)
        )
        vp = hexes_vp + eliminated // 20
        details = {
            "german_vp_from_hexes": str(hexes_vp),
            "soviet_eliminated_out_of_supply": str(eliminated),
            "german_vp": str(vp),
            "vp_hexes_held": " ".join(self.board.label(item.hex) for item in held),
        }
        counted = (
            f"; {len(stranded)} Soviet units out of supply on the map count as eliminated at the end"
            if settings.end_of_game
            else ""
        )
        if settings.german_vp is not None:
            from_hexes = f"{hexes_vp} VP from VP hexes (the german_vp setting)"
        else:
            names = (
                ", ".join(f"{item.name} {self.board.label(item.hex)}" for item in held) or "none"
            )
            from_hexes = f"{hexes_vp} VP from VP hexes held ({names})"
        working = (
            f"{from_hexes} and {eliminated // 20} for {eliminated} Soviet units "
            f"eliminated out of supply (1 per 20){counted}"
        )
        if vp >= 6:
            return [
                Verdict(
                    "Blue",
                    "victory",
                    "German win",
                    ("4.2", "4.3", "4.5"),
                    f"the German has {vp} VP, 6 or more: {working}",
                    details=details,
                )
            ]
        if settings.end_of_game:
            return [
                Verdict(
                    "Blue",
                    "victory",
                    "Soviet win",
                    ("4.3", "4.5"),
                    f"the German ends turn {self.position.turn} with {vp} VP, fewer than 6: {working}",
                    details=details,
                )
            ]
        return [
            Verdict(
                "Blue",
                "victory",
                "game goes on",
                ("4.2", "4.3", "4.5"),
                f"German VP {vp} of the 6 that win at once: {working}",
                details=details,
            )
        ]

    def held_east_of_don(self) -> list[Hex]:
        """The towns and cities east of the Don that the German controls in ground supply (4.9).

        "East of the Don" is read, by default, as the land between the Don and the Volga
        round Stalingrad: read literally, as every town on Astrakhan's side of the
        Voronezh/Don line, the unchanged Uranus start already holds many, and every game
        would end in a German win after the first Soviet turn. The setting ``east_of_don =
        "literal"`` keeps the literal reading.
        """
        region = (
            self.board.between_don_and_volga
            if self.settings.east_of_don == "interfluve"
            else self.board.east_of_don
        )
        return [
            hex_
            for hex_ in sorted(self.board.towns, key=self.board.label)
            if hex_ in region
            and self.control.control(hex_) == AXIS
            and self.supply.supply_at(AXIS, hex_).state is SupplyState.REGULAR
        ]

    def _east_of_don_reading(self) -> str:
        if self.settings.east_of_don == "interfluve":
            return "between the Don and the Volga"
        return "anywhere on Astrakhan's side of the Voronezh/Don line"

    def _east_of_don_applied(self) -> str:
        return reading_applied("dos", "4.9", self.settings.east_of_don)

    def _uranus(self) -> list[Verdict]:
        settings = self.settings
        entered = self._entered(URANUS_OBJECTIVES)
        if entered:
            return [
                Verdict(
                    "Uranus",
                    "victory",
                    "Soviet win",
                    ("4.9",),
                    f"Soviet units have taken {', '.join(entered)}: the game ends at once",
                )
            ]
        stranded = [
            state
            for state in self.position.units_of(AXIS)
            if settings.end_of_game
            and german(state)
            and self.supply.supply_of(state).state in (SupplyState.OUT, SupplyState.AIR)
        ]
        lost = settings.german_eliminated_out_of_supply + len(stranded)
        details = {"german_eliminated_out_of_supply_or_air": str(lost)}
        counted = (
            f" ({len(stranded)} of them German units out of supply or under air supply on the map at the end)"
            if settings.end_of_game
            else ""
        )
        if lost >= 20:
            return [
                Verdict(
                    "Uranus",
                    "victory",
                    "Soviet win",
                    ("4.8",),
                    f"{lost} German units eliminated out of supply or under air supply{counted}, 20 or more",
                    details=details,
                )
            ]
        if settings.end_of_soviet_turn:
            held = self.held_east_of_don()
            if len(held) >= 2:
                names = ", ".join(self.board.place_name(hex_) for hex_ in held)
                return [
                    Verdict(
                        "Uranus",
                        "victory",
                        "German win",
                        ("4.9",),
                        f"at the end of a Soviet player turn the German holds {names} east of the Don "
                        f"({self._east_of_don_reading()}) in ground supply: two or more",
                        details=details,
                        readings=(self._east_of_don_applied(),),
                    )
                ]
        if settings.end_of_game:
            return [
                Verdict(
                    "Uranus",
                    "victory",
                    "German win",
                    ("4.8", "4.10"),
                    f"the Soviet has met no victory condition by the end of turn {self.position.turn}: "
                    f"{lost} German units lost out of supply{counted}, fewer than 20",
                    details=details,
                )
            ]
        return [
            Verdict(
                "Uranus",
                "victory",
                "game goes on",
                ("4.8", "4.9"),
                f"{lost} of the 20 German units eliminated out of supply or under air supply that win for the "
                "Soviet; no Soviet unit in Kharkov, Stalino or Rostov",
                details=details,
                # At the end of a Soviet turn the 4.9 count was made, under a reading.
                readings=(self._east_of_don_applied(),) if settings.end_of_soviet_turn else (),
            )
        ]
