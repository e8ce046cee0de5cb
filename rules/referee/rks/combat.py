"""A combat judged step by step (8.1-8.12), and a strike (9.2, 9.3), for one reader.

Given the two units, the area, the events in force and the cards played, the referee
says who may fight and with which cards, each strength with its modifiers, who plays
first, which card counts after raises, the winner by 8.7 and what the loser may do. For
a player deciding what to play it gives each playable card's exact chances against the
cards that player has not seen (:mod:`rules.referee.rks.odds`), and the chance of each
strike card in hand (:mod:`rules.referee.rks.strikes`). The reader is the referee, who
sees every card, or one player, and nothing the reader may not see is used to answer
that reader: a player's chances rest on its own sight only.

Over 500 lines: one job, a combat judged for one reader: :meth:`Combat.duel` walks
8.1-8.12 in order and each helper judges one step; the duel's resolution, the chances
and the strikes are already modules of their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.cards import Card
from rules.coverage import reading_applied
from rules.referee.card_places import EventInForce
from rules.referee.engine import RefereeError
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.rks.board import SOVIET, START_CONTROL, Board, phasing_side
from rules.referee.rks.control import Control
from rules.referee.rks.duel import ATTACKER, DEFENDER, Play, Resolution, resolve
from rules.referee.rks.events import CHUIKOV
from rules.referee.rks.isolation import Isolation
from rules.referee.rks.movement import Movement
from rules.referee.rks.odds import Chances, Duelist, card_chances
from rules.referee.rks.sight import Sight, card_names, card_places_of, seen_by, unseen_by
from rules.referee.rks.settings import T34_TURNED_OVER
from rules.referee.rks.steps import ACTED
from rules.referee.rks.strength import Strength, duel_strengths, events_of
from rules.referee.rks.strikes import AIR, ARTILLERY, RULES, Strike, judge_strike


@dataclass(frozen=True)
class Step:
    """One step of the referee's reasoning, with the rules it rests on."""

    text: str
    rules: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        return {"text": self.text, "rules": list(self.rules)}


@dataclass(frozen=True)
class SideChances:
    """What one side may expect, from its own sight: each playable card and each strike."""

    side: str
    role: str
    against: str
    cards: tuple[Chances, ...]
    strikes: tuple[Strike, ...]


@dataclass(frozen=True)
class DuelReport:
    """A combat as one reader may see it; ``result`` is None until both cards are known.
    A combat the attacker cannot get to is ``refused``: its steps say why, and it has no
    strengths, cards, result or chances to show."""

    attacker: str
    defender: str
    area: str
    viewer: str | None
    attack: Strength
    defence: Strength
    steps: tuple[Step, ...]
    played: Mapping[str, tuple[str, ...]]
    result: Resolution | None
    losses: tuple[Step, ...]
    chances: tuple[SideChances, ...] = field(default=())
    refused: bool = False

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output; fractions as exact ``"p/q"`` strings."""
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "area": self.area,
            "as": self.viewer,
            "shows": "both sides" if self.viewer is None else self.viewer,
            "refused": self.refused,
            "strengths": {}
            if self.refused
            else {
                role: {
                    "unit": strength.unit,
                    "total": strength.total,
                    "terms": [
                        {"what": term.what, "amount": term.amount, "rules": list(term.rules)}
                        for term in strength.terms
                    ],
                }
                for role, strength in ((ATTACKER, self.attack), (DEFENDER, self.defence))
            },
            "steps": [step.as_json() for step in self.steps],
            "played": {role: list(cards) for role, cards in self.played.items()},
            "result": None
            if self.result is None
            else {
                "winner": self.result.winner,
                "rule": self.result.rule,
                "reason": self.result.reason,
            },
            "losses": [step.as_json() for step in self.losses],
            "chances": [
                {
                    "side": item.side,
                    "role": item.role,
                    "against": item.against,
                    "cards": [chance.as_json() for chance in item.cards],
                    "strikes": [strike_json(strike) for strike in item.strikes],
                }
                for item in self.chances
            ],
        }


def strike_json(strike: Strike) -> dict[str, object]:
    """A strike as a plain dict."""
    return {
        "kind": strike.kind,
        "rule": strike.rule,
        "striker": strike.striker,
        "target": strike.target,
        "strength": strike.strength,
        "terms": [
            {"what": term.what, "amount": term.amount, "rules": list(term.rules)}
            for term in strike.terms
        ],
        "problems": [{"text": text, "rule": rule} for text, rule in strike.problems],
        "face_cards_hit": strike.face_cards_hit,
        "drawn_from": strike.drawn_from,
        "pool": strike.pool,
        "hitting": strike.hitting,
        # A strike that may not be made has no chance to give.
        "chance": None if strike.problems else str(strike.chance),
        "chance_decimal": None if strike.problems else round(float(strike.chance), 4),
    }


class Combat:
    """Combats and strikes in one position."""

    def __init__(
        self,
        position: Position,
        board: Board,
        control: Control,
        isolation: Isolation,
        t34_turned_over: str = T34_TURNED_OVER[0],
    ) -> None:
        self.position = position
        self.board = board
        self.control = control
        self.isolation = isolation
        self.t34_turned_over = t34_turned_over
        """The reading of 8.12 for a T-34 turned over (the ``t34_turned_over`` setting)."""
        self.movement = Movement(board, control)
        self.places = card_places_of(position)

    def unit(self, unit_id: str) -> UnitState:
        """The unit ``unit_id`` on the map; one that is not there cannot fight."""
        if unit_id not in self.position.spec.units:
            raise RefereeError(self.position.source, None, f"unknown unit {unit_id!r}")
        for state in self.position.units:
            if state.unit.id == unit_id:
                return state
        raise RefereeError(self.position.source, None, f"{unit_id} is not on the map")

    def area(self, name: str) -> str:
        """An area named by id or name."""
        for area in self.board.areas.values():
            if name in (area.id, area.name):
                return area.id
        raise RefereeError(self.position.source, None, f"unknown area {name!r}")

    def card(self, card_id: str) -> Card:
        """A card named by id (``10s``) or as printed (``10♠``)."""
        for card in self.board.deck.cards():
            if card_id in (card.id, card.short_name):
                return card
        raise RefereeError(self.position.source, None, f"unknown card {card_id!r}")

    def event(self, name: str, unit: UnitState) -> EventInForce:
        """An event in force for ``unit``, named as in a position file (``assault_guns``)."""
        matching = [event for event in self.board.deck.events if event.id == name]
        if not matching:
            known = sorted({event.id for event in self.board.deck.events})
            raise RefereeError(
                self.position.source, None, f"unknown event {name!r} (known: {', '.join(known)})"
            )
        return EventInForce(
            next((event for event in matching if event.side == unit.side), matching[0]),
            unit.unit.id,
        )

    def fighters(self, unit_ids: Sequence[str]) -> tuple[str, str]:
        """The attacker and the defender of the combat of the selected units: the combat
        is in the one area they stand in (8.1); the attacker is the phasing player's unit
        (8.1), or, when the position does not say whose turn it is, the unit that moved
        in: its side did not hold the area before (the control the position records, or
        the start's, 3.6; a rear is its owner's), whoever the units now standing there
        would give it to; each side's unit is the one selected there, or the only one of
        its side there (8.2: the defender picks one)."""
        selected = [self.unit(unit_id) for unit_id in dict.fromkeys(unit_ids)]
        if not selected:
            raise RefereeError(self.position.source, None, "select the units of a combat")
        areas = {state.location for state in selected}
        if len(areas) > 1:
            names = ", ".join(sorted(self.board.name(area) for area in areas))
            raise RefereeError(
                self.position.source,
                None,
                f"the units selected stand in different areas ({names}): a combat is fought in one area (8.1)",
            )
        (area,) = areas
        present = self.control.units_in(area)
        sides = {state.side for state in present}
        if len(sides) < 2:
            raise RefereeError(
                self.position.source,
                None,
                f"no combat in {self.board.name(area)}: only "
                f"{self.board.side_name(next(iter(sides)))} units stand there (8.1)",
            )
        phasing = phasing_side(self.position.spec, self.position.phase)
        attacking = phasing if phasing is not None else self.board.other(self._held_before(area))
        return (
            self._fighter(area, attacking, selected, ATTACKER),
            self._fighter(area, self.board.other(attacking), selected, DEFENDER),
        )

    def _held_before(self, area: str) -> str:
        """Who held ``area`` before units moved into it: a rear's owner, or the control
        the position records (a marker), or the start's (3.6)."""
        owner = self.board.rear_owner(area)
        if owner is not None:
            return owner
        return self.position.control.get(area) or START_CONTROL

    def _fighter(self, area: str, side: str, selected: list[UnitState], role: str) -> str:
        """``side``'s unit in the combat in ``area``: the one selected, or the only one."""
        chosen = [state for state in selected if state.side == side]
        present = [state for state in self.control.units_in(area) if state.side == side]
        candidates = chosen or present
        if len(candidates) != 1:
            names = ", ".join(state.unit.name for state in candidates)
            raise RefereeError(
                self.position.source,
                None,
                f"select the {role}: {self.board.side_name(side)} units {names} stand in "
                f"{self.board.name(area)} (8.2)",
            )
        return candidates[0].unit.id

    # ----- who fights with what -------------------------------------------------------

    def usable(self, state: UnitState) -> list[tuple[Card, str]]:
        """The cards a fighting unit's side may play: the hand unless the unit is isolated
        (8.10), and the unit's steps unless it is the T-34, which has none (8.12)."""
        cards = []
        if not self.isolation.isolated(state):
            cards += [(card, "hand") for card in self.places.hand(state.side)]
        cards += [
            (card, "step of " + unit_ref(state.unit.id))
            for card in self.places.steps_of(state.unit.id)
        ]
        return cards

    def _sources(self, state: UnitState) -> Step:
        if self.isolation.isolated(state):
            return Step(
                unit_ref(state.unit.id) + " is isolated: it plays its own steps only, no hand card",
                ("8.10",),
            )
        if state.unit == self.board.t34:
            return Step("the T-34 alone plays hand cards only: it has no steps", ("8.12",))
        return Step(
            unit_ref(state.unit.id) + " plays a hand card or one of its steps", ("8.4", "8.5")
        )

    def _joining_t34(
        self, soviet: UnitState, role: str, wanted: bool
    ) -> tuple[UnitState | None, Step | None]:
        if not wanted:
            return None, None
        t34 = next((state for state in self.position.units if state.unit == self.board.t34), None)
        if soviet.unit == self.board.t34:
            return None, Step(
                "the T-34 is the unit fighting; it cannot also join itself", ("8.12",)
            )
        if t34 is None or t34.location != soviet.location:
            return None, Step(
                f"the T-34 is not in {self.board.name(soviet.location)}, so it cannot join",
                ("8.12",),
            )
        if role == ATTACKER and ACTED in t34.flags:
            return None, Step(
                "the T-34 is turned over: it cannot act with the attacker", ("8.12", "7.4")
            )
        if ACTED in t34.flags:
            reading = reading_applied("rks", "8.12", self.t34_turned_over)
            if self.t34_turned_over == T34_TURNED_OVER[1]:
                return None, Step(
                    f"the T-34 is turned over: read as {reading}, it adds nothing until it is "
                    "face up again",
                    ("8.12",),
                )
            return t34, Step(
                "the T-34 joins "
                + unit_ref(soviet.unit.id)
                + f" and adds its strength, turned over as it is (read as {reading})",
                ("8.12",),
            )
        return t34, Step(
            "the T-34 joins " + unit_ref(soviet.unit.id) + " and adds its strength", ("8.12",)
        )

    # ----- the duel ------------------------------------------------------------------

    def duel(
        self,
        attacker_id: str,
        defender_id: str,
        area_name: str | None = None,
        event_names: Iterable[str] = (),
        t34: bool = False,
        attacker_cards: Sequence[str] | None = None,
        defender_cards: Sequence[str] | None = None,
        viewer: str | None = None,
    ) -> DuelReport:
        """The combat of ``attacker_id`` on ``defender_id`` as ``viewer`` may see it."""
        sight = Sight(viewer)
        attacker, defender = self.unit(attacker_id), self.unit(defender_id)
        if attacker.side == defender.side:
            raise RefereeError(
                self.position.source, None, f"{attacker_id} and {defender_id} are on the same side"
            )
        area = defender.location if area_name is None else self.area(area_name)
        extra = [self.event(name, attacker) for name in event_names]
        steps, refused = self._legality(attacker, defender, area)
        soviet, soviet_role = (
            (attacker, ATTACKER) if attacker.side == SOVIET else (defender, DEFENDER)
        )
        joined, note = self._joining_t34(soviet, soviet_role, t34)
        if note is not None:
            steps.append(note)
        attack, defence, idle = duel_strengths(
            self.position,
            self.board,
            attacker.unit,
            defender.unit,
            area,
            extra,
            None if joined is None else joined.unit,
        )
        if refused:
            return DuelReport(
                attacker.unit.id,
                defender.unit.id,
                area,
                viewer,
                attack,
                defence,
                tuple(steps),
                {},
                None,
                (),
                (),
                refused=True,
            )
        steps += [Step(term.what, term.rules) for term in idle]
        steps += [
            Step(
                f"{role} " + unit_ref(strength.unit) + " strength " + strength.describe(),
                strength.rules,
            )
            for role, strength in ((ATTACKER, attack), (DEFENDER, defence))
        ]
        working = {
            event.event.rule
            for event in events_of(self.position, self.board, attacker.unit, extra)[0]
        }
        chuikov = CHUIKOV in working
        if chuikov:
            steps.append(
                Step(
                    "General Chuikov: the German plays first, and the Soviet answers having seen the card",
                    ("9.8",),
                )
            )
        else:
            steps.append(
                Step("the attacker plays a card face down first, then the defender", ("8.4", "8.5"))
            )
        shown_first = chuikov and sight.viewer == attacker.side
        played = {
            ATTACKER: self._played(attacker, attacker_cards, sight, steps, False),
            DEFENDER: self._played(defender, defender_cards, sight, steps, shown_first),
        }
        shown = {
            role: tuple(
                card.short_name if card is not None else "a face-down card" for card in cards
            )
            for role, cards in played.items()
        }
        result = None
        final = {role: cards[-1] if cards else None for role, cards in played.items()}
        attack_card, defence_card = final[ATTACKER], final[DEFENDER]
        unknown = any(card is None for card in played[ATTACKER] + played[DEFENDER])
        declines = defender_cards is not None and not played[DEFENDER]
        if attacker_cards is not None and attacker_cards and not played[ATTACKER]:
            steps.append(
                Step("the attacker has played no card it may play: there is no duel", ("8.4",))
            )
        elif declines:
            # 8.5: declining is taking the loss, whatever card the attacker played; so is
            # playing only cards that may not be played.
            steps.append(
                Step(
                    (
                        "the defender declines"
                        if not defender_cards
                        else "the defender has played no card it may play"
                    )
                    + ": it plays no card and takes a loss, whatever the attacker's card",
                    ("8.5",),
                )
            )
            result = Resolution(
                ATTACKER, "8.5", "the defender declines the combat and takes a loss (8.9)"
            )
        elif played[ATTACKER] and not unknown and played[DEFENDER]:
            attack_play = Play(attacker.side, attack_card, attack.total)
            defence_play = Play(defender.side, defence_card, defence.total)
            steps.append(Step("attacker: " + attack_play.describe(), ("8.7",)))
            if defence_card is not None:
                steps.append(Step("defender: " + defence_play.describe(), ("8.7",)))
            result = resolve(attack_play, defence_play)
        losses = () if result is None else self._losses(result, attacker, defender, joined, played)
        duelists = {
            ATTACKER: Duelist(attacker.side, ATTACKER, attack.total),
            DEFENDER: Duelist(defender.side, DEFENDER, defence.total),
        }
        fighting = {ATTACKER: attacker, DEFENDER: defender}
        chances = []
        for role in (ATTACKER, DEFENDER):
            if sight.sees_cards_of(fighting[role].side):
                other = DEFENDER if role == ATTACKER else ATTACKER
                known = (
                    played[other][-1] if chuikov and role == ATTACKER and played[other] else None
                )
                chances.append(
                    self._chances(
                        duelists[role],
                        duelists[other],
                        fighting[role],
                        fighting[other],
                        played[other],
                        known,
                    )
                )
        return DuelReport(
            attacker.unit.id,
            defender.unit.id,
            area,
            viewer,
            attack,
            defence,
            tuple(steps),
            shown,
            result,
            losses,
            tuple(chances),
        )

    def _legality(
        self, attacker: UnitState, defender: UnitState, area: str
    ) -> tuple[list[Step], bool]:
        """The steps that say whether the combat may be fought, and whether it is refused
        because the attacker cannot get there or pay its way (7.1-7.3)."""
        board = self.board
        steps = [
            Step(
                f"the combat is in {board.name(area)}, "
                f"{'a built-up' if board.built_up(area) else 'an ordinary'} area",
                ("2.1", "8.1"),
            )
        ]
        phasing = phasing_side(self.position.spec, self.position.phase)
        if phasing is not None and phasing != attacker.side:
            steps.append(
                Step(
                    f"it is the {board.side_name(phasing)} player's turn, so the attacker should be "
                    f"{board.side_name(phasing)}",
                    ("8.1",),
                )
            )
        if defender.location != area:
            steps.append(
                Step(
                    unit_ref(defender.unit.id)
                    + f" stands in {board.name(defender.location)}: judged as if in "
                    f"{board.name(area)}",
                    ("8.1",),
                )
            )
        route = self.movement.route(attacker, area, self.isolation.isolated(attacker))
        refused = route is None
        if route is None:
            steps.append(
                Step(
                    unit_ref(attacker.unit.id)
                    + f" cannot get into {board.name(area)}: it moves only through its "
                    "side's areas and empty enemy areas, never through one where enemy units stand, never "
                    "into the enemy rear, and not at all when isolated",
                    ("7.2", "7.3", "3.5", "8.10"),
                )
            )
        else:
            if len(route.areas) > 1:
                way = " → ".join(board.name(place) for place in route.areas)
                steps.append(
                    Step(
                        unit_ref(attacker.unit.id) + f" moves {way}; entering "
                        "an enemy area held by enemy units starts the combat",
                        ("7.2", "7.3", "8.1"),
                    )
                )
            if route.paid:
                refused = self._payment(attacker, route.paid, steps)
        if ACTED in attacker.flags:
            steps.append(
                Step(
                    unit_ref(attacker.unit.id) + " is turned over: it has acted this turn", ("7.4",)
                )
            )
        steps += [self._sources(attacker), self._sources(defender)]
        return steps, refused

    def _payment(self, attacker: UnitState, paid: Sequence[str], steps: list[Step]) -> bool:
        """The cards piled for the empty enemy areas entered on the way (7.3), each then
        held (3.6); True when the attacker's side cannot pay them and still play a card
        in the combat (8.4). The number of cards a side holds is public."""
        names = ", ".join(self.board.name(place) for place in paid)
        count = len(paid)
        steps.append(
            Step(
                unit_ref(attacker.unit.id)
                + f" piles {count} card{'s' if count > 1 else ''} (a hand card or one of "
                f"its steps each) to enter {names}, empty of enemy units, and holds "
                f"{'them' if count > 1 else 'it'} as it goes on",
                ("7.3", "3.6", "7.1"),
            )
        )
        held = len(self.usable(attacker))
        if count + 1 <= held:
            return False
        steps.append(
            Step(
                unit_ref(attacker.unit.id)
                + f"'s side may play {held} card{'s' if held != 1 else ''}: not enough to "
                f"pay {count} and play one in the combat",
                ("7.1", "7.3", "8.4"),
            )
        )
        return True

    def _played(
        self,
        state: UnitState,
        given: Sequence[str] | None,
        sight: Sight,
        steps: list[Step],
        shown: bool,
    ) -> list[Card | None]:
        """The cards ``state``'s side played, oldest first; a face-down card the reader may
        not see is None (``shown``: the German's card under Chuikov, which the Soviet sees,
        9.8). Given on the command line, a card of a side the reader sees is checked
        against what that side could play."""
        side = self.board.side_name(state.side)
        if given is None:
            cards = list(self.places.played.get(state.side, ()))
            seen = shown or sight.sees_cards_of(state.side)
            visible: list[Card | None] = [card if seen else None for card in cards]
        else:
            named = [self.card(name) for name in given]
            playable = {card for card, _ in self.usable(state)} | set(
                self.places.played.get(state.side, ())
            )
            elsewhere = (
                frozenset()
                if sight.sees_cards_of(state.side) or sight.viewer is None
                else (seen_by(self.position, sight.viewer) - set(self.places.face_up))
            )
            refused = []
            for card in named:
                if sight.sees_cards_of(state.side) and card not in playable:
                    # A card that may not be played is not played: the others decide.
                    refused.append(card)
                    steps.append(self._not_playable(state, card, side))
                elif card in elsewhere:
                    steps.append(
                        Step(
                            f"the {side} side cannot have played {card.short_name}: you see it elsewhere",
                            ("8.4",),
                        )
                    )
            visible = [card for card in named if card not in refused]
        if len(visible) > 1:
            lost = (
                "the earlier card is"
                if len(visible) == 2
                else f"the {len(visible) - 1} earlier cards are"
            )
            steps.append(
                Step(f"the {side} side raised: its last card counts, and {lost} lost", ("8.6",))
            )
        return visible

    def _not_playable(self, state: UnitState, card: Card, side: str) -> Step:
        """Why ``card`` is not played for ``state``: an isolated unit plays its own steps
        only (8.10); any other card is not one its side may play (8.4, 8.5)."""
        if self.isolation.isolated(state) and card in self.places.hand(state.side):
            return Step(
                f"{card.short_name} is not played: "
                + unit_ref(state.unit.id)
                + " is isolated and plays its own steps only, no hand card",
                ("8.10",),
            )
        return Step(
            f"{card.short_name} is not played: it is not a card the {side} side may play here",
            ("8.4", "8.5"),
        )

    def _losses(
        self,
        result: Resolution,
        attacker: UnitState,
        defender: UnitState,
        joined: UnitState | None,
        played: Mapping[str, Sequence[Card | None]],
    ) -> tuple[Step, ...]:
        if result.winner is None:
            return (
                Step(
                    "both cards are piled and the duel is fought again; if the attacker declines or has no "
                    "card, the defender wins",
                    ("8.7 (4)",),
                ),
            )
        loser, role = (defender, DEFENDER) if result.winner == ATTACKER else (attacker, ATTACKER)
        options = []
        isolated = self.isolation.isolated(loser)
        retreats = () if isolated else self.isolation.retreats(loser)
        # A step played in the duel is piled with the other cards played (8.4-8.6): it is
        # spent, and cannot be lost again as the loss.
        spent = [card for card in self.places.steps_of(loser.unit.id) if card in played[role]]
        held = len(self.places.steps_of(loser.unit.id)) - len(spent)
        if spent:
            options.append(
                Step(
                    unit_ref(loser.unit.id)
                    + f" played {card_names(spent)}, one of its steps: spent in the duel, "
                    "so it cannot be lost again",
                    ("8.4", "8.5", "8.6"),
                )
            )
        t34_instead = joined is not None and loser.side == SOVIET
        if isolated:
            options.append(
                Step(unit_ref(loser.unit.id) + " is isolated and cannot retreat", ("8.10",))
            )
        if retreats:
            names = " or ".join(self.board.name(area) for area in retreats)
            rules = ("8.9 (1)", "8.9 (4)") if loser.side == SOVIET else ("8.9 (1)",)
            options.append(
                Step(unit_ref(loser.unit.id) + f" may retreat to {names}, turned over", rules)
            )
        if held:
            options.append(
                Step(unit_ref(loser.unit.id) + f" may lose one of its {held} steps", ("8.9 (2)",))
            )
        if not retreats and not held:
            options.append(
                Step(
                    unit_ref(loser.unit.id)
                    + f" has no retreat and no step{' left' if spent else ''}: it is "
                    "eliminated",
                    ("8.9 (3)",),
                )
            )
        if t34_instead:
            options.append(Step("the Soviet may eliminate the T-34 instead", ("8.12",)))
        if loser is defender:
            others = [
                state
                for state in self.position.units
                if state.location == defender.location
                and state.side == defender.side
                and state is not defender
                and state.unit != self.board.t34
            ]
            if others:
                options.append(
                    Step(
                        "if "
                        + unit_ref(defender.unit.id)
                        + " is eliminated or retreats, "
                        + unit_refs((state.unit.id for state in others), " ")
                        + " retreat or are isolated",
                        ("8.10",),
                    )
                )
        else:
            options.append(
                Step("an attacker that retreats turns over and its action ends", ("8.11",))
            )
        return tuple(options)

    # ----- chances ---------------------------------------------------------------------

    def draw_pool(self, viewer: str | None) -> tuple[tuple[Card, ...], str]:
        """The cards a strike's draw comes from, as ``viewer`` can tell (3.4, 9.2)."""
        if not self.places.deck:
            return self.places.discard, "the discard pile, shuffled into a new deck (3.4)"
        if viewer is None:
            return self.places.deck, "the draw deck"
        unseen = unseen_by(self.position, viewer)
        return (
            unseen,
            f"the {len(unseen)} cards the {self.board.side_name(viewer)} player has not seen",
        )

    def _chances(
        self,
        own: Duelist,
        opponent: Duelist,
        state: UnitState,
        enemy: UnitState,
        opponent_played: Sequence[Card | None],
        known: Card | None,
    ) -> SideChances:
        if known is not None:
            answers: tuple[Card, ...] = (known,)
            against = f"the {known.short_name} the German played first (9.8)"
            holds: int | None = None
        else:
            answers = unseen_by(self.position, own.side)
            against = (
                f"any of the {len(answers)} cards the {self.board.side_name(own.side)} player has not seen, "
                "alike"
            )
            holds = None if opponent_played else len(self.usable(enemy))
        cards = tuple(
            card_chances(own, card, source, opponent, answers, holds)
            for card, source in self.usable(state)
        )
        pool, pool_name = self.draw_pool(own.side)
        strikes = []
        for card in self.places.hand(own.side) if own.role == ATTACKER else ():
            event = self.board.deck.event(card, own.side)
            kind = next(
                (kind for kind, rule in RULES.items() if event is not None and event.rule == rule),
                None,
            )
            if kind is not None:
                strikes.append(
                    judge_strike(self.board, self.control, kind, state, enemy, pool, pool_name)
                )
        return SideChances(own.side, own.role, against, cards, tuple(strikes))

    def strike(self, kind: str, striker_id: str, target_id: str, viewer: str | None) -> Strike:
        """A strike by ``striker_id``'s side on ``target_id``, drawn as ``viewer`` can tell."""
        if kind not in (ARTILLERY, AIR):
            raise RefereeError(
                self.position.source, None, f"unknown strike {kind!r} (artillery or air)"
            )
        pool, pool_name = self.draw_pool(viewer)
        return judge_strike(
            self.board,
            self.control,
            kind,
            self.unit(striker_id),
            self.unit(target_id),
            pool,
            pool_name,
        )
