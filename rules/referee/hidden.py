"""What one player may see of a position: the referee sees every counter, a player does not.

A save holds the truth of every piece, so the referee knows what each untried Drive on
Stalingrad unit really is. Rule 2.14 keeps that from both players until the unit first
fights: an untried unit shows only its arm, size and movement. A :class:`PlayerView`
renames each untried unit to a neutral alias (``untried-3``) wherever a verdict or an
odds report names it, and withholds the strengths of attacks it takes part in, so
``check --as`` and ``report --as`` cannot tell a player which slot of the draw a counter
is. A verdict names its units as values (:mod:`rules.referee.prose`), so renaming them
never searches its English for ids. The aliases are numbered by hex and arm, never by unit id or save order, so they say
nothing the counters do not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from rules.errors import StavkaError
from rules.referee.odds import LeftOut, OddsReport, RolledOdds, left_out_text
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

Report = TypeVar("Report", bound=OddsReport | RolledOdds)
"""An attack's working: one column, or each outcome of rolls still to make."""

UNTRIED_FLAG = "untried"
UNTRIED_RULE = "2.14"


def _as_it_is(name: str) -> str:
    return name


@dataclass(frozen=True)
class PlayerView:
    """The position as ``side`` sees it (``side`` None: the referee's view, nothing hidden).

    ``aliases`` map the id of each hidden unit to the name the player sees.
    """

    side: str | None
    aliases: Mapping[str, str] = field(default_factory=dict)

    def hides(self, unit_id: str | None) -> bool:
        """True when the unit's identity and strengths are hidden from this player."""
        return unit_id is not None and unit_id in self.aliases

    def shown(self, unit_id: str) -> str:
        """The name this player sees for a unit: its id, or its alias when hidden."""
        return self.aliases.get(unit_id, unit_id)

    def verdict(self, verdict: Verdict) -> Verdict:
        """A verdict as this player may read it."""
        return verdict.named(self.shown) if self.aliases else verdict

    def verdicts(self, verdicts: Sequence[Verdict]) -> list[Verdict]:
        """Every verdict as this player may read it."""
        return [self.verdict(verdict) for verdict in verdicts]

    def odds(self, report: Report) -> Report | WithheldOdds:
        """An odds report as this player may read it. When a hidden unit takes part, its
        strength, and with it the totals, the column and the results, is withheld: the
        unit is revealed only when the combat is fought (2.14)."""
        attackers = tuple(item.unit for item in report.attackers)
        defenders = tuple(item.unit for item in report.defenders)
        if isinstance(report, OddsReport) and not report.allowed:
            # An attack the rules forbid names its units in its reasons: by their aliases.
            return replace(report, verdicts=tuple(self.verdicts(report.verdicts)))
        if not any(self.hides(unit) for unit in (*attackers, *defenders)):
            return report
        return WithheldOdds(
            defender_hex=report.defender_hex,
            attackers=tuple(self.shown(unit) for unit in attackers),
            defenders=tuple(self.shown(unit) for unit in defenders),
            rules=(UNTRIED_RULE,),
            reason="untried units take part, and their strengths are revealed only when the combat is fought",
            left_out=tuple(LeftOut(self.shown(item.unit), item.hex) for item in report.left_out),
        )


@dataclass(frozen=True)
class WithheldOdds:
    """An attack whose odds a player cannot know yet: who takes part, and why not."""

    defender_hex: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    rules: tuple[str, ...]
    reason: str
    left_out: tuple[LeftOut, ...] = ()

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output."""
        return {
            "defender_hex": self.defender_hex,
            "attackers": list(self.attackers),
            "defenders": list(self.defenders),
            "withheld": self.reason,
            "rules": list(self.rules),
            "left_out": [vars(item) for item in self.left_out],
        }

    def declaration(self, namer: Callable[[str], str] = _as_it_is) -> str:
        """The attack in one line for the log, as its player may know it."""
        return (
            f"{', '.join(map(namer, self.attackers))} on {', '.join(map(namer, self.defenders))} "
            f"in {self.defender_hex} (odds not known: {self.reason})"
        )

    def as_text(self, namer: Callable[[str], str] = _as_it_is) -> str:
        """Who takes part and why the odds are not told, as ``stavka odds`` prints it."""
        return "\n".join(
            [
                f"Attack on {self.defender_hex}",
                f"  attackers: {', '.join(map(namer, self.attackers))}",
                f"  defenders: {', '.join(map(namer, self.defenders))}",
                *left_out_text(self.left_out, namer),
                f"  odds not known: {self.reason} [rule {', '.join(self.rules)}]",
            ]
        )


def untried_units(position: Position) -> frozenset[str]:
    """The ids of the units whose identity and strength no player knows yet (2.14)."""
    return frozenset(state.unit.id for state in position.units if UNTRIED_FLAG in state.flags)


def hides_information(position: Position, cards_hidden: bool) -> bool:
    """Whether the referee's view of ``position`` shows what some player may not see:
    untried units (2.14), or a game's hidden cards (``cards_hidden``: its referee's
    ``hidden_information``)."""
    return cards_hidden or bool(untried_units(position))


def kept_back(position: Position, cards_hidden: bool, side: str | None) -> tuple[str, ...]:
    """What the answer to the player of ``side`` keeps back, in the words a player
    reads; nothing for the referee's view (None), which keeps nothing back."""
    if side is None:
        return ()
    kept = []
    if untried_units(position):
        kept.append(
            "which unit each untried counter is, and its strength, until it first fights "
            f"(rule {UNTRIED_RULE})"
        )
    if cards_hidden:
        others = " and ".join(item.name for item in position.spec.sides if item.id != side)
        kept.append(
            f"the {others} player's hand, step cards and cards played face down, "
            "and the draw deck's order"
        )
    return tuple(kept)


def referee_view() -> PlayerView:
    """Everything shown: the referee's own view of a save."""
    return PlayerView(side=None)


def player_view(position: Position, side: str) -> PlayerView:
    """What the player of ``side`` sees of ``position``.

    Untried units (the ``untried`` flag, DoS 2.14) are hidden from both players: "neither
    side knows their exact strength" until they first fight.
    """
    sides = [item.id for item in position.spec.sides]
    if side not in sides:
        raise StavkaError(
            position.source,
            None,
            f"unknown side {side!r} for --as (the sides are {', '.join(sides)})",
        )
    hidden = sorted(
        (state for state in position.units if UNTRIED_FLAG in state.flags),
        key=lambda state: (
            position.label(state.hex) if state.hex is not None else state.location,
            _kind(state),
        ),
    )
    return PlayerView(
        side=side,
        aliases={state.unit.id: f"untried-{number}" for number, state in enumerate(hidden, 1)},
    )


def _kind(state: UnitState) -> tuple[str, str, str]:
    """What an untried counter shows of its unit (2.14): arm, size and movement class."""
    return state.unit.arm, state.unit.size, state.unit.mobility
