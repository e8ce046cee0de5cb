"""The Rattenkrieg audit: each logged step of an area game judged by the RKS referee's own code.

A Rattenkrieg player turn is one action (7.1): one unit of the phasing side moves and
fights as long as its cards last. The audit follows the cards and the units from step to
step and judges, with the referee's modules and never a rule of its own:

- a move: the cheapest way in (:class:`~rules.referee.rks.movement.Movement`), through
  friendly areas free (7.2), one card piled for each empty enemy area entered (7.3),
  never into the enemy rear (3.5) nor out of isolation (8.10); one unit acts (7.1);
- the cards paid: at the end of the action, the cards piled from the hand or the acting
  unit's steps against the enemy areas entered (7.3);
- a duel: when the cards both sides played face down are all shown, the winner by 8.7
  (:class:`~rules.referee.rks.combat.Combat`) on the position where they lay, then what
  the loser did (8.9); judged no sooner, so that no reader learns the result of cards
  still hidden from it;
- a step card dealt from the deck: a replenishment (7.5) or a reinforcement's steps (6);
- cards drawn into a hand (from the deck, or the discard pile that becomes it, 3.4): only
  in the replenishment phase (10.1), up to the hand limit
  (:func:`~rules.referee.rks.hands.hand_verdicts`);
- control changes (3.6) and victory at each turn's end (4.0).

Every entry is written for each reader (:class:`~rules.referee.rks.sight.Sight`): a card
is named only to a reader who sees it at that step, so ``--as SIDE`` never shows a card
that side has not seen.

Over 500 lines: one job, the walk through a Rattenkrieg log, whose parts share the
action in progress and what each reader has seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from rules.audit.continuity import chain_breaks, digests_of, skipped
from rules.audit.ledger import NOT_JUDGED, Entry, Ledger
from rules.audit.trail import Snapshot, Trail
from rules.cards import Card
from rules.referee.position import Position, UnitState
from rules.referee.rks.board import Board, phase_rank, phasing_side
from rules.referee.rks.control import Control
from rules.referee.rks.duel import ATTACKER, DEFENDER
from rules.referee.rks.hands import hand_verdicts
from rules.referee.rks.isolation import Isolation
from rules.referee.rks.movement import Movement
from rules.referee.rks.referee import RattenkriegReferee
from rules.referee.rks.reinforcements import arrival_verdicts
from rules.referee.rks.retreats import (
    CONTINUE_RULE,
    RETREAT_RULES,
    combat_goes_on,
    retreat_problem,
)
from rules.referee.rks.settings import read_settings
from rules.referee.rks.sight import Sight, seen_by
from rules.referee.rks.steps import ACTED
from rules.referee.rks.victory import victory_verdict
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.verdict import Place as MapPlace
from rules.referee.verdict import Topic, Verdict

SEQUENCE = ("5.0",)
"""The sequence of play (5.0), cited for what happens outside an action."""

Place = tuple[str, str]
"""Where a card lies: ``("hand", side)``, ``("steps", unit)``, ``("played", side)``,
``("deck", "")``, ``("discard", "")`` or ``("face up", "")``."""

DECK: Place = ("deck", "")
DISCARD: Place = ("discard", "")
FACE_UP: Place = ("face up", "")


def places(position: Position) -> dict[Card, Place]:
    """Where each card of ``position`` lies."""
    card_places = position.cards
    if card_places is None:
        return {}
    where: dict[Card, Place] = {}
    for kind, groups in (
        ("steps", card_places.steps),
        ("hand", card_places.hands),
        ("played", card_places.played),
    ):
        for owner, cards in groups.items():
            where.update((card, (kind, owner)) for card in cards)
    where.update((card, DECK) for card in card_places.deck)
    where.update((card, DISCARD) for card in card_places.discard)
    where.update((card, FACE_UP) for card in card_places.face_up)
    return where


@dataclass(frozen=True)
class Moment:
    """One step as a reader sees it: the position after the step and the cards visible."""

    position: Position
    sight: Sight

    def name(self, cards: Iterable[Card]) -> str:
        """The cards as printed for a reader who sees them, else only how many."""
        listed = list(cards)
        if self.sight.viewer is None:
            return " ".join(card.short_name for card in listed)
        seen = seen_by(self.position, self.sight.viewer) if self.position.cards else frozenset()
        if all(card in seen for card in listed):
            return " ".join(card.short_name for card in listed)
        return f"{len(listed)} card{'s' if len(listed) != 1 else ''} not shown to this side"


Say = Callable[[Moment], Verdict]
"""A verdict written for one reader."""


@dataclass
class _Action:
    """What the acting unit of one player turn has done so far (7.1): the enemy areas it
    owes a card for and the cards piled, the loser of its last duel while its loss is
    due (8.9), whether it has fought (8.11), the units that retreated and where, and
    whether its own retreat ended the action (8.11)."""

    unit: str | None = None
    owed: list[str] = field(default_factory=list)
    piled: list[Card] = field(default_factory=list)
    loser: str | None = None
    fought: bool = False
    retreated: dict[str, str] = field(default_factory=dict)
    ended: bool = False


class _Walk:
    """The audit's state while it walks an area game's trail."""

    def __init__(self, start: Position) -> None:
        self.board = Board(start.spec)
        self.readers: tuple[str | None, ...] = (None, *(side.id for side in start.spec.sides))
        self.entries: dict[str | None, list[Entry]] = {reader: [] for reader in self.readers}
        self.action = _Action()
        self.duel: tuple[Position, Position] | None = None

    def add(self, step: int, position: Position, side: str | None, say: Say) -> None:
        for reader in self.readers:
            verdict = say(Moment(position, Sight(reader)))
            self.entries[reader].append(Entry(step, position.turn, position.phase, side, verdict))

    def add_plain(self, step: int, position: Position, side: str | None, verdict: Verdict) -> None:
        self.add(step, position, side, lambda _moment: verdict)

    # ----- the end of an action, of a phase, of a turn --------------------------------

    def end_action(self, step: int, position: Position, over: bool = True) -> None:
        """The cards paid for the enemy areas the acting unit entered (7.3), and what
        the loser of its last duel did (8.9). A file that ends before the player turn
        does (``over`` False) may end before the cards or the loss, which is said."""
        action, self.action = self.action, _Action()
        self._after_combat(step, position, action, over)
        if action.loser is not None:
            self.add_plain(
                step,
                position,
                None,
                Verdict(
                    unit_ref(action.loser),
                    "loss",
                    "illegal" if over else NOT_JUDGED,
                    ("8.9",),
                    "lost its duel but neither retreated, lost a step nor was eliminated"
                    + ("" if over else " before the file ends"),
                    unit=action.loser,
                    violation=over,
                ),
            )
        if action.unit is None or not (action.owed or action.piled):
            return
        owed, piled = len(action.owed), list(action.piled)
        areas = ", ".join(self.board.name(area) for area in action.owed) or "no enemy area"
        legal = len(piled) >= owed
        breach = not legal and over
        outcome = "legal" if legal else "illegal" if breach else "not paid when the file ends"

        def say(moment: Moment) -> Verdict:
            return Verdict(
                unit_ref(action.unit) if action.unit else "",
                "cards paid",
                outcome,
                ("7.3",),
                f"entered {owed} empty enemy area{'s' if owed != 1 else ''} ({areas}) and piled "
                f"{len(piled)} card{'s' if len(piled) != 1 else ''}"
                + (f" ({moment.name(piled)})" if piled else "")
                + ("" if legal else f": {owed - len(piled)} short, one card for each area"),
                details={"areas": str(owed), "piled": str(len(piled))},
                unit=action.unit,
                violation=breach,
                state="legal" if legal else "illegal" if breach else None,
            )

        self.add(step, position, action.unit and position.spec.units[action.unit].side, say)

    def _after_combat(self, step: int, position: Position, action: _Action, over: bool) -> None:
        """Each unit that retreated turned over (8.9 (1), 8.11), and an attacker left with
        the enemy in its area after its combat attacked again or retreated (8.11), judged
        when the action ends; a file that ends first says so."""
        if not over:
            return
        on_map = {state.unit.id: state for state in position.units}
        for unit, area in action.retreated.items():
            state = on_map.get(unit)
            if state is None or ACTED in state.flags:
                continue
            self.add_plain(
                step,
                position,
                state.side,
                _judged(
                    unit_ref(unit),
                    "retreat",
                    False,
                    RETREAT_RULES,
                    f"retreated into {self.board.name(area)} but was not turned over when the "
                    "action ended: a unit that retreats turns over there",
                    unit=unit,
                ),
            )
        attacker = action.unit
        if (
            attacker is not None
            and action.fought
            and action.loser != attacker
            and attacker not in action.retreated
            and combat_goes_on(position, self.board, attacker)
        ):
            area = self.board.name(on_map[attacker].location)
            self.add_plain(
                step,
                position,
                on_map[attacker].side,
                _judged(
                    unit_ref(attacker),
                    "duel",
                    False,
                    (CONTINUE_RULE,),
                    f"after its combat in {area} units of both sides still stand there, and it "
                    "neither attacked again nor retreated: the attacker must do one or the other",
                    unit=attacker,
                ),
            )

    def end_phase(self, step: int, position: Position) -> None:
        """The action ends with its player turn; the hands after a replenishment (10.1,
        10.2); victory after the last phase of a turn (4.0)."""
        self.end_action(step, position)
        if position.phase != position.spec.phases[-1] or position.cards is None:
            return
        board, control = self.board, Control(position, self.board)
        settings = read_settings(position)
        for reader in self.readers:
            for verdict in hand_verdicts(position, board, control, settings, Sight(reader)):
                self.entries[reader].append(
                    Entry(step, position.turn, position.phase, verdict.details.get("side"), verdict)
                )
        self.add_plain(step, position, None, victory_verdict(position, board, control))

    # ----- what changed in one step ---------------------------------------------------

    def step(self, step: int, before: Position, after: Position) -> None:
        """Judge every change from ``before`` to ``after``, the position logged step ``step`` left."""
        self._units(step, before, after)
        self._cards(step, before, after)
        self._control(step, before, after)

    def _units(self, step: int, before: Position, after: Position) -> None:
        old = {state.unit.id: state for state in before.units}
        eliminated = {unit.id for unit in before.eliminated}
        for state in after.units:
            previous = old.get(state.unit.id)
            if previous is None:
                self._arrived(step, after, state)
            elif previous.location != state.location:
                self._moved(step, before, after, previous, state)
        for unit in after.eliminated:
            if unit.id not in eliminated:
                lost = self._took_loss(unit.id)
                self.add_plain(
                    step,
                    after,
                    unit.side,
                    Verdict(
                        unit_ref(unit.id),
                        "elimination",
                        "legal" if lost else NOT_JUDGED,
                        ("8.9",),
                        "eliminated after losing its duel"
                        if lost
                        else "eliminated; the log shows no duel it lost",
                        unit=unit.id,
                    ),
                )

    def _took_loss(self, unit: str) -> bool:
        """Whether ``unit`` is the loser of the last duel, whose loss (8.9) this is."""
        if self.action.loser != unit:
            return False
        self.action.loser = None
        return True

    def _arrived(self, step: int, after: Position, state: UnitState) -> None:
        problems = [
            verdict
            for verdict in arrival_verdicts(after, self.board)
            if verdict.subject == state.unit.id
        ]
        rebuilt = state.unit == self.board.t34
        verdict = (
            problems[0]
            if problems
            else Verdict(
                unit_ref(state.unit.id),
                "reinforcement",
                "legal",
                ("6.3",) if rebuilt else ("6.1", "6.2"),
                f"entered the map in {self.board.name(state.location)}",
                unit=state.unit.id,
            )
        )
        self.add_plain(step, after, state.side, verdict)

    def _moved(
        self, step: int, before: Position, after: Position, old: UnitState, new: UnitState
    ) -> None:
        board, action = self.board, self.action
        phasing = phasing_side(after.spec, before.phase)
        unit = new.unit.id
        target = board.name(new.location)
        if phasing is not None and new.side != phasing:
            # The defender's units move only in retreat (8.9, 8.10).
            retreat = (
                new.location in board.neighbours(old.location)
                and Control(before, board).of(new.location) == new.side
                and board.rear_owner(new.location) in (None, new.side)
            )
            self._took_loss(unit)
            self.add_plain(
                step,
                after,
                new.side,
                _judged(
                    unit_ref(unit),
                    "retreat",
                    retreat,
                    ("8.9", "8.10"),
                    f"{board.name(old.location)} → {target}: "
                    + (
                        "a retreat into an adjacent friendly area"
                        if retreat
                        else "not the player's turn, and no retreat into an adjacent friendly area"
                    ),
                    unit=unit,
                ),
            )
            return
        if action.unit is None:
            action.unit = unit
        lost = self._took_loss(unit)
        if lost or (action.fought and unit == action.unit and combat_goes_on(before, board, unit)):
            # The attacker beaten in its duel, or leaving the enemy it fought, retreats
            # (8.9, 8.11); it never moves on.
            self._retreat(step, before, after, old, new, lost)
            return
        if action.ended and unit == action.unit:
            self.add_plain(
                step,
                after,
                new.side,
                _judged(
                    unit_ref(unit),
                    "movement",
                    False,
                    (CONTINUE_RULE,),
                    f"{board.name(old.location)} → {target}, but its action ended when it "
                    "retreated",
                    unit=unit,
                ),
            )
            return
        t34_along = new.unit == board.t34 and any(
            state.unit.id == action.unit and state.location == new.location for state in after.units
        )
        if action.unit != unit and not t34_along:
            self.add_plain(
                step,
                after,
                new.side,
                _judged(
                    unit_ref(unit),
                    "movement",
                    False,
                    ("7.1",),
                    f"{board.name(old.location)} → {target}, but "
                    + unit_ref(action.unit)
                    + " is the unit acting in this player turn: one unit acts per turn",
                    unit=unit,
                ),
            )
            return
        control = Control(before, board)
        isolated = Isolation(before, board, control, None).isolated(old)
        route = Movement(board, control).route(old, new.location, isolated)
        if route is None:
            self.add_plain(
                step,
                after,
                new.side,
                _judged(
                    unit_ref(unit),
                    "movement",
                    False,
                    ("7.2", "7.3", "3.5", "8.10"),
                    f"{board.name(old.location)} → {target}: no way in; a unit moves through its "
                    "side's areas and empty enemy areas only, never into the enemy rear, and not at "
                    "all when isolated",
                    unit=unit,
                ),
            )
            return
        fights = any(state.side != new.side for state in control.units_in(new.location))
        entered = [area for area in route.areas[1:] if control.of(area) != new.side]
        paid = [area for area in entered if not (fights and area == new.location)]
        action.owed += paid
        way = " → ".join(board.name(area) for area in route.areas)
        self.add_plain(
            step,
            after,
            new.side,
            _judged(
                unit_ref(unit),
                "movement",
                True,
                ("7.2", "7.3") + (("8.1",) if fights else ()),
                f"by {way}: {len(paid)} card{'s' if len(paid) != 1 else ''} to pile"
                + (f", and a combat with the enemy in {target}" if fights else ""),
                path=route.areas,
                details={"cards": str(len(paid))},
                unit=unit,
            ),
        )

    def _retreat(
        self,
        step: int,
        before: Position,
        after: Position,
        old: UnitState,
        new: UnitState,
        lost: bool,
    ) -> None:
        """The acting unit, beaten in its duel (``lost``) or leaving the enemy it fought,
        moves: a retreat into an adjacent area of its side, which turns it over and ends its
        action (8.9 (1), 8.11), or no retreat."""
        unit = new.unit.id
        problem = retreat_problem(before, self.board, old, new.location)
        self.action.ended = True
        if not problem:
            self.action.retreated[unit] = new.location
        self.add_plain(
            step,
            after,
            new.side,
            _judged(
                unit_ref(unit),
                "retreat",
                not problem,
                RETREAT_RULES,
                f"{self.board.name(old.location)} → {self.board.name(new.location)}, "
                + ("after losing its duel: " if lost else "leaving the enemy it fought: ")
                + (
                    "a retreat into an adjacent area of its side; it turns over there and its "
                    "action ends"
                    if not problem
                    else (
                        "it may only retreat, lose a step or be eliminated"
                        if lost
                        else "it may only attack again or retreat"
                    )
                    + f", but {problem}"
                ),
                unit=unit,
            ),
        )

    def _cards(self, step: int, before: Position, after: Position) -> None:
        old, new = places(before), places(after)
        moved = [
            (card, old[card], new[card]) for card in new if card in old and old[card] != new[card]
        ]
        phasing = phasing_side(after.spec, before.phase)
        replenishment = before.phase == before.spec.phases[-1]
        drawn: dict[str, list[Card]] = {}
        dealt: dict[str, list[Card]] = {}
        for card, source, target in moved:
            if target == DISCARD and source[0] in ("hand", "steps") and not replenishment:
                self._piled(step, after, card, source, phasing)
            elif source in (DECK, DISCARD) and target[0] == "hand":
                drawn.setdefault(target[1], []).append(card)
            elif source == DECK and target[0] == "steps":
                dealt.setdefault(target[1], []).append(card)
        for side, cards in drawn.items():
            self._drawn(step, after, side, cards, replenishment)
        for unit, cards in dealt.items():
            self._dealt(step, before, after, unit, cards)
        card_places = after.cards
        if card_places is not None and all(
            card_places.played.get(side.id) for side in after.spec.sides
        ):
            if self.duel is None:
                self.duel = (before, after)
            else:
                self.duel = (self.duel[0], after)
        elif self.duel is not None and not any(card_places.played.values() if card_places else ()):
            self._duel(step, after, *self.duel)
            self.duel = None

    def _piled(
        self, step: int, after: Position, card: Card, source: Place, phasing: str | None
    ) -> None:
        """A card piled from a hand or a unit's steps: a payment of the acting unit's side
        (7.3), or the step the loser of a duel gives up (8.9)."""
        action = self.action
        kind, owner = source
        if kind == "steps" and owner == action.loser:
            action.loser = None
            self.add_plain(
                step,
                after,
                after.spec.units[owner].side,
                Verdict(
                    unit_ref(owner),
                    "step loss",
                    "legal",
                    ("8.9",),
                    "lost a step after losing its duel",
                    unit=owner,
                ),
            )
            return
        side = owner if kind == "hand" else after.spec.units[owner].side
        if side == phasing and (kind == "hand" or owner == action.unit):
            action.piled.append(card)

    def _drawn(
        self, step: int, after: Position, side: str, cards: list[Card], replenishment: bool
    ) -> None:
        def say(moment: Moment) -> Verdict:
            return _judged(
                f"{self.board.side_name(side)} hand",
                "draw",
                replenishment,
                ("10.1",),
                f"drew {moment.name(cards)}"
                + ("" if replenishment else ": cards are drawn only in the replenishment phase"),
                details={"side": side, "cards": str(len(cards))},
            )

        self.add(step, after, side, say)

    def _dealt(
        self, step: int, before: Position, after: Position, unit: str, cards: list[Card]
    ) -> None:
        """Step cards from the deck: a reinforcement's (6.1, 6.2) or a replenishment (7.5)."""
        board = self.board
        state = next((item for item in after.units if item.unit.id == unit), None)
        arriving = all(item.unit.id != unit for item in before.units)
        held = len(after.cards.steps_of(unit)) if after.cards else 0
        maximum = board.step_maximum(after.spec.units[unit])
        if arriving or state is None:
            problem = "" if held <= maximum else f"{held} steps, over its {maximum}"
            rules: tuple[str, ...] = ("6.1", "6.2")
            what = "its reinforcement steps"
        else:
            before_state = next(item for item in before.units if item.unit.id == unit)
            problems = [
                text
                for text, wrong in (
                    (
                        "it is not in its side's rear",
                        board.rear_owner(state.location) != state.side,
                    ),
                    ("it was already turned over", ACTED in before_state.flags),
                    (f"it would hold {held} steps, over its {maximum}", held > maximum),
                    (f"{len(cards)} cards at once, one per replenishment", len(cards) > 1),
                )
                if wrong
            ]
            problem, rules, what = "; ".join(problems), ("7.5",), "a replenished step"
        side = after.spec.units[unit].side

        def say(moment: Moment) -> Verdict:
            return _judged(
                unit_ref(unit),
                "replenishment" if rules == ("7.5",) else "reinforcement",
                not problem,
                rules,
                f"{what} from the deck: {moment.name(cards)}"
                + (f", but {problem}" if problem else ""),
                details={"cards": str(len(cards)), "steps": str(held)},
                unit=unit,
            )

        self.add(step, after, side, say)

    def _duel(self, step: int, shown: Position, before: Position, after: Position) -> None:
        """The cards both sides played (lying in ``after``; ``before`` the position before
        the second was played) are shown in ``shown``: the duel's winner by 8.7, as the
        referee rules it. The defender is the enemy unit in the area whose step card was
        played, else the first there (a hand card does not say which unit defends)."""
        action = self.action
        card_places = after.cards
        assert card_places is not None
        attacker = next((state for state in after.units if state.unit.id == action.unit), None)
        if attacker is None:
            return
        defenders = [
            state
            for state in after.units
            if state.side != attacker.side and state.location == attacker.location
        ]
        if not defenders:
            return
        played = set(card_places.played.get(defenders[0].side, ()))
        steps_before = before.cards.steps if before.cards is not None else {}
        defender = next(
            (state for state in defenders if played & set(steps_before.get(state.unit.id, ()))),
            defenders[0],
        )
        report = RattenkriegReferee(after).combat.duel(attacker.unit.id, defender.unit.id)
        result = report.result
        if result is None:
            return
        loser = (
            None if result.winner is None else defender if result.winner == ATTACKER else attacker
        )
        action.loser = None if loser is None else loser.unit.id
        action.fought = True
        hidden = card_places.played

        def say(moment: Moment) -> Verdict:
            cards = {
                role: moment.name(hidden.get(state.side, ()))
                for role, state in ((ATTACKER, attacker), (DEFENDER, defender))
            }
            return Verdict(
                unit_ref(attacker.unit.id) + " on " + unit_ref(defender.unit.id),
                "duel",
                result.winner or "fought again",
                (result.rule, "8.7"),
                f"{cards[ATTACKER]} against {cards[DEFENDER]}: {result.reason}",
                details={
                    "winner": result.winner or "",
                    "loser": action.loser or "",
                    "units": unit_refs((attacker.unit.id, defender.unit.id), ","),
                },
                unit=attacker.unit.id,
                place=MapPlace("area", attacker.location),
            )

        self.add(step, shown, attacker.side, say)

    def _control(self, step: int, before: Position, after: Position) -> None:
        old, new = Control(before, self.board), Control(after, self.board)
        for area in self.board.city_areas:
            if old.of(area) != new.of(area):
                self.add_plain(
                    step,
                    after,
                    new.of(area),
                    Verdict(
                        self.board.name(area),
                        "control",
                        f"{self.board.side_name(new.of(area))} control",
                        ("3.6",),
                        f"{self.board.name(area)} passed from {self.board.side_name(old.of(area))} "
                        f"to {self.board.side_name(new.of(area))}",
                        place=MapPlace("area", area),
                    ),
                )


def audit_areas(trail: Trail, previous: Snapshot | None = None) -> Ledger:
    """The ledger of a Rattenkrieg ``trail``, written for each reader."""
    start = trail.start.position
    walk = _Walk(start)
    positions: list[tuple[str, Position]] = []
    if previous is not None:
        positions.append(("previous", previous.position))
        for verdict in chain_breaks(previous.position, start, SEQUENCE, phase_rank) or [
            Verdict(
                "chain",
                "continuity",
                "continuous",
                SEQUENCE,
                "this file starts exactly where the previous one ends",
            )
        ]:
            walk.add_plain(0, start, None, verdict)
    if trail.paired:
        gap = skipped(start, trail.end.position, SEQUENCE, phase_rank)
        if gap is not None:
            walk.add_plain(0, start, None, gap)
    positions.append(("start", start))
    last = trail.start
    for snapshot in trail.snapshots:
        position = snapshot.position
        if (position.turn, position.phase) != (last.position.turn, last.position.phase):
            walk.end_phase(snapshot.step, last.position)
        walk.step(snapshot.step, last.position, position)
        last = snapshot
    walk.end_action(trail.steps, last.position, over=False)
    end = trail.end
    positions.append(("end", end.position))
    return Ledger(
        game=start.spec.id,
        source=trail.source,
        steps=trail.steps,
        digests=digests_of(positions),
        entries=tuple(walk.entries[None]),
        turn=end.position.turn,
        phase=end.position.phase,
        properties=tuple(sorted(end.properties.items())),
        start=start,
        views=tuple((side, tuple(entries)) for side, entries in walk.entries.items() if side),
        side_digests=tuple((side.id, digests_of(positions, side.id)) for side in start.spec.sides),
    )


def _judged(
    subject: str,
    topic: Topic,
    legal: bool,
    rules: tuple[str, ...],
    explanation: str,
    path: tuple[str, ...] = (),
    details: Mapping[str, str] | None = None,
    unit: str | None = None,
) -> Verdict:
    """A verdict on an act, legal or a breach: its outcome, state and violation flag all
    from the one finding."""
    return Verdict(
        subject,
        topic,
        "legal" if legal else "illegal",
        rules,
        explanation,
        path=path,
        details=details or {},
        unit=unit,
        violation=not legal,
        state="legal" if legal else "illegal",
    )
