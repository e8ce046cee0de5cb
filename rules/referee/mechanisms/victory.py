"""Victory (``[referee.victory]``): each side's victory points — hexes held or controlled,
enemy steps or units eliminated — the level their difference gives, and sudden death.

Before the game's end the level is what it would be "if the game ended now"
(:mod:`rules.referee.ending`); a sudden death is judged on every position, since it
ends the game at once whenever it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.hexes import Hex
from rules.referee_data.victory import Hold, Per, VictoryLevel, VictoryRule
from rules.referee.ending import IF_IT_ENDED_NOW, game_over
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.forces import Forces
from rules.referee.position import Position
from rules.referee.verdict import Place, Verdict
from rules.referee.wording import count


@dataclass(frozen=True)
class Score:
    """One side's VP and what they are made of."""

    side: str
    points: int
    parts: tuple[str, ...]


class Victory:
    """Control of hexes, VP and the victory level of one position."""

    def __init__(
        self, position: Position, board: HexBoard, forces: Forces, rule: VictoryRule
    ) -> None:
        self.position = position
        self.board = board
        self.forces = forces
        self.rule = rule

    def controller(self, hex_: Hex, owner: str | None) -> str | None:
        """Who controls ``hex_`` (the control rule): the side whose units occupy it;
        empty, the side whose zone of control alone covers it; else ``owner``."""
        for side in self.position.spec.sides:
            if hex_ in self.forces.occupied[side.id]:
                return side.id
        covering = [
            side.id for side in self.position.spec.sides if hex_ in self.forces.zoc[side.id]
        ]
        return covering[0] if len(covering) == 1 else owner

    def holds(self, side: str, hex_: Hex, hold: Hold, owner: str | None) -> bool:
        """Whether ``side`` holds ``hex_`` as ``hold`` asks."""
        if hold is Hold.OCCUPIED:
            return hex_ in self.forces.occupied[side]
        return self.controller(hex_, owner) == side

    def scores(self) -> Mapping[str, Score]:
        """Each side's VP with their parts."""
        found: dict[str, list[tuple[int, str]]] = {side.id: [] for side in self.position.spec.sides}
        for award in self.rule.hexes:
            held = [
                hex_
                for hex_ in award.hexes
                if self.holds(award.side, hex_, award.hold, award.owner)
            ]
            if held:
                found[award.side].append(
                    (
                        award.points * len(held),
                        f"{award.name} {', '.join(self.board.labels(held))} "
                        f"{'held' if award.hold is Hold.OCCUPIED else 'controlled'} "
                        f"({award.points} each, rule {award.section})",
                    )
                )
        for elimination in self.rule.eliminations:
            enemy = self.position.other_side(elimination.side)
            if elimination.per is Per.STEP:
                lost = sum(
                    len(unit.steps) for unit in self.position.eliminated if unit.side == enemy
                )
                lost += sum(
                    len(state.unit.steps) - state.steps
                    for state in self.position.units
                    if state.side == enemy
                )
                what = "enemy step"
            else:
                lost = sum(1 for unit in self.position.eliminated if unit.side == enemy)
                what = "enemy unit"
            if lost:
                found[elimination.side].append(
                    (
                        elimination.points * lost,
                        f"{count(lost, what)} eliminated ({elimination.points} each, "
                        f"rule {elimination.section})",
                    )
                )
        return {
            side: Score(side, sum(points for points, _ in parts), tuple(text for _, text in parts))
            for side, parts in found.items()
        }

    def level(self, difference: int) -> VictoryLevel | None:
        """The level a VP difference falls in."""
        for level in self.rule.levels:
            if (level.minimum is None or difference >= level.minimum) and (
                level.maximum is None or difference <= level.maximum
            ):
                return level
        return None

    def sudden_death(self) -> list[Verdict]:
        """A verdict for each side that wins at once in this position."""
        verdicts = []
        for death in self.rule.sudden_deaths:
            if all(self.holds(death.side, hex_, death.hold, None) for hex_ in death.hexes):
                name = self._name(death.side)
                verdicts.append(
                    Verdict(
                        subject="game",
                        topic="victory",
                        outcome=f"{name} wins by sudden death",
                        rules=(death.section,),
                        explanation=f"{name} {'holds' if death.hold is Hold.OCCUPIED else 'controls'} "
                        + ", ".join(self.board.labels(death.hexes)),
                        details={"winner": death.side},
                        place=Place("hex", self.board.label(death.hexes[0])),
                    )
                )
        return verdicts

    def verdicts(self) -> list[Verdict]:
        """Sudden death if it holds, else the VP and the level, final at the game's end
        and "if the game ended now" before."""
        sudden = self.sudden_death()
        if sudden:
            return sudden
        scores = self.scores()
        first, second = self.rule.difference
        difference = scores[first].points - scores[second].points
        level = self.level(difference)
        over = game_over(self.position)
        result = level.result if level is not None else "no victory level"
        outcome = result if over else f"{result} {IF_IT_ENDED_NOW}"
        parts = " - ".join(
            f"{self._name(score.side)} {score.points} VP"
            + (f" ({'; '.join(score.parts)})" if score.parts else "")
            for score in (scores[first], scores[second])
        )
        rules = tuple(
            dict.fromkeys(
                [
                    *(level.section for level in ((level,) if level is not None else ())),
                    *(award.section for award in self.rule.hexes),
                    *(elimination.section for elimination in self.rule.eliminations),
                    *(
                        (self.rule.control_section,)
                        if any(award.hold is Hold.CONTROLLED for award in self.rule.hexes)
                        else ()
                    ),
                ]
            )
        )
        return [
            Verdict(
                subject="game",
                topic="victory",
                outcome=outcome,
                rules=rules or (self.rule.section,),
                explanation=f"{parts} = {difference}",
                details={
                    f"{first}_vp": str(scores[first].points),
                    f"{second}_vp": str(scores[second].points),
                    "difference": str(difference),
                    "final": "yes" if over else "no",
                },
            )
        ]

    def _name(self, side: str) -> str:
        return next(item.name for item in self.position.spec.sides if item.id == side)
