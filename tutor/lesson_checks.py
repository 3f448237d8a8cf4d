"""A lesson's scenarios and checks, and the readers of a lesson file's small fields (``tutor.lessons`` reads the rest).

A ``Scenario`` is a prepared position (a deal or seed, moves, and tries the rules refuse); a ``Check`` is a quick
question whose every wrong answer has its own reason.  ``read_scenario`` and ``read_check`` build them from a lesson
file's tables, refusing a field they cannot use with a ``LessonError`` naming the file, the rule and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from tutor.engine import IllegalMove, Record, State


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Scenario:
    """A prepared position: a deal (or seed), options, the moves to make, and tries that must fail."""

    game: str
    players: int
    deal: Mapping[str, Any] | None = None
    seed: int | None = None
    names: tuple[str, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()

    def record(self) -> Record:
        """The scenario as a game record (set-up and moves)."""
        return Record(self.game, self.players, self.seed, self.deal, self.names, None,
                      dict(self.options), self.actions)

    def states(self) -> list[State]:
        """Every state of the scenario, the dealt position first."""
        from tutor.games import replay

        return replay(self.record())

    def refusals(self) -> list[IllegalMove]:
        """What the rules say to each illegal try, made in the scenario's last position."""
        from tutor.games import get_game

        game = get_game(self.game)
        last = self.states()[-1]
        out = []
        for text in self.illegal:
            try:
                last.apply(game.parse_action(last, text))
            except IllegalMove as exc:
                out.append(exc)
            else:
                raise LessonError(f"{self.game}: the try {text!r} is legal, but the lesson says it is refused.")
        return out


CHOICE_KINDS = ("choice", "spot", "score")
CHECK_KINDS = (*CHOICE_KINDS, "order", "move")


@dataclass(frozen=True)
class Check:
    """A quick question that teaches: every wrong answer has its own reason, shown at once.

    - ``choice``, ``spot`` (spot the mistake) and ``score`` (what scores): pick one of ``choices``; ``answer``
      is the right index; ``why[i]`` says why choice ``i`` is wrong (``why[answer]`` is empty).
    - ``order``: put ``items`` (shown in that order) in order; ``answer`` is the item indices in the right
      order; ``why`` is one text shown when the order is wrong.
    - ``move``: make a move in the ``scenario``'s last position that ``accept`` lists; ``why`` maps a legal
      move's text to why it is not the answer, ``otherwise`` covers any other legal move.
    """

    kind: str
    question: str
    explain: str
    choices: tuple[str, ...] = ()
    answer: int | tuple[int, ...] | None = None
    scenario: Scenario | None = None
    accept: tuple[str, ...] = ()
    why: tuple[str, ...] | str | Mapping[str, str] = ()  # one a choice; one text (order); a table (move)
    items: tuple[str, ...] = ()
    otherwise: str = ""

    def is_right(self, reply: Any) -> bool:
        """Whether a reply (a choice index, a list of item indices, or a move's text) is right."""
        if self.kind in CHOICE_KINDS:
            return not isinstance(reply, bool) and reply == self.answer
        if self.kind == "order":
            try:
                return tuple(reply) == self.answer
            except TypeError:
                return False
        action = self._action(reply)
        return action is not None and str(action) in self.accept

    def reason(self, reply: Any) -> str:
        """Why a wrong reply is wrong, as the lesson says it ("" for a right reply).

        A move the rules refuse has no reason here: the learner is told the engine's own (``IllegalMove.reason``).
        """
        if self.is_right(reply):
            return ""
        if self.kind in CHOICE_KINDS:
            ok = isinstance(reply, int) and not isinstance(reply, bool) and 0 <= reply < len(self.choices)
            return self.why[reply] if ok and isinstance(self.why, tuple) and self.why else ""
        if self.kind == "order":
            return self.why if isinstance(self.why, str) else ""
        action = self._action(reply)
        if action is None:
            return ""
        table = self.why if isinstance(self.why, Mapping) else {}
        return table.get(str(action), self.otherwise)

    def _action(self, reply: Any) -> Any:
        """The legal move a move check's reply names, or None (not legal, or not readable)."""
        from tutor.games import get_game

        assert self.scenario is not None
        state = self.scenario.states()[-1]
        try:
            action = get_game(self.scenario.game).parse_action(state, str(reply))
        except IllegalMove:
            return None
        legal = {str(a) for a in state.legal_actions()}
        return action if str(action) in legal else None

    @property
    def texts(self) -> tuple[str, ...]:
        """Every text the learner reads in the check: question, choices or items, reasons, explanation."""
        if isinstance(self.why, Mapping):
            why: tuple[str, ...] = tuple(self.why.values())
        elif isinstance(self.why, str):
            why = (self.why,)
        else:
            why = self.why
        return (self.question, *self.choices, *self.items, *why, self.otherwise, self.explain)


def table_of(raw: Any, where: str) -> None:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: must be a table, not {type(raw).__name__}.")


def text_of(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: '{key}' must be non-empty text.")
    return value


def texts_of(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> tuple[str, ...]:
    value = data.get(key)
    if (not isinstance(value, list) or not low <= len(value) <= high
            or not all(isinstance(v, str) and v.strip() for v in value)):
        raise LessonError(f"{where}: '{key}' must be a list of {low} to {high} non-empty texts.")
    return tuple(value)


def read_scenario(raw: Mapping[str, Any], slug: str, where: str) -> Scenario:
    table_of(raw, where)
    players = raw.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise LessonError(f"{where}: 'players' must be a whole number.")
    if "deal" not in raw and "seed" not in raw:
        raise LessonError(f"{where}: give a 'deal' or a 'seed'.")
    for key in ("actions", "illegal", "names"):
        if key in raw and (not isinstance(raw[key], list) or not all(isinstance(v, str) for v in raw[key])):
            raise LessonError(f"{where}: '{key}' must be a list of texts.")
    if not isinstance(raw.get("options", {}), Mapping):
        raise LessonError(f"{where}: 'options' must be a table.")
    scenario = Scenario(slug, players, raw.get("deal"), raw.get("seed"),
                        tuple(raw["names"]) if "names" in raw else None, dict(raw.get("options", {})),
                        tuple(raw.get("actions", ())), tuple(raw.get("illegal", ())))
    try:
        scenario.states()
    except (IllegalMove, ValueError, TypeError) as exc:
        raise LessonError(f"{where}: {exc}") from None
    return scenario



_CHECK_FIELDS = {
    **{kind: {"kind", "question", "choices", "answer", "explain", "why", "scenario"} for kind in CHOICE_KINDS},
    "order": {"kind", "question", "items", "answer", "explain", "why", "scenario"},
    "move": {"kind", "question", "scenario", "accept", "explain", "why", "otherwise"},
}


def read_check(raw: Mapping[str, Any], slug: str, where: str) -> Check:
    table_of(raw, where)
    kind = raw.get("kind")
    if kind not in CHECK_KINDS:
        raise LessonError(f"{where}: 'kind' must be one of {', '.join(map(repr, CHECK_KINDS))}, not {kind!r}.")
    unknown = sorted(set(raw) - _CHECK_FIELDS[kind])
    if unknown:
        raise LessonError(f"{where}: unknown field {unknown[0]!r} for a {kind!r} check "
                          f"(it has {', '.join(sorted(_CHECK_FIELDS[kind]))}).")
    question, explain = text_of(raw, "question", where), text_of(raw, "explain", where)
    scenario = read_scenario(raw["scenario"], slug, f"{where} scenario") if "scenario" in raw else None
    if kind in CHOICE_KINDS:
        choices = raw.get("choices")
        if (not isinstance(choices, list) or not 2 <= len(choices) <= 5
                or not all(isinstance(c, str) and c.strip() for c in choices)):
            raise LessonError(f"{where}: 'choices' must be a list of two or more (at most 5) non-empty texts.")
        answer = raw.get("answer")
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(choices):
            raise LessonError(f"{where}: 'answer' must be the index (from 0) of one of the "
                              f"{len(choices)} 'choices', not {answer!r}.")
        why = raw.get("why")
        if not isinstance(why, list) or len(why) != len(choices) or not all(isinstance(w, str) for w in why):
            raise LessonError(f"{where}: 'why' must be a list of {len(choices)} texts, one for each choice "
                              "(\"\" for the answer, and why each other choice is wrong).")
        if why[answer].strip():
            raise LessonError(f"{where}: 'why' for the answer (choice {answer}) must be \"\" "
                              "(the explanation is shown when it is picked).")
        missing = [i for i, w in enumerate(why) if i != answer and not w.strip()]
        if missing:
            raise LessonError(f"{where}: 'why' for wrong choice {missing[0]} "
                              f"({choices[missing[0]]!r}) must say why it is wrong.")
        why = tuple(w.strip() for w in why)
        return Check(kind, question, explain, tuple(choices), answer, scenario, why=why)
    if kind == "order":
        items = texts_of(raw, "items", where, 2, 10)
        answer = raw.get("answer")
        if (not isinstance(answer, list) or any(isinstance(a, bool) or not isinstance(a, int) for a in answer)
                or sorted(answer) != list(range(len(items)))):
            raise LessonError(f"{where}: 'answer' must list each item's index (0 to {len(items) - 1}) once, "
                              "in the right order.")
        if answer == list(range(len(items))):
            raise LessonError(f"{where}: 'items' are already in the right order; show them in another order.")
        return Check(kind, question, explain, answer=tuple(answer), scenario=scenario,
                     why=text_of(raw, "why", where).strip(), items=items)
    return _move_check(raw, slug, where, question, explain, scenario)


def _move_check(raw: Mapping[str, Any], slug: str, where: str, question: str, explain: str,
                scenario: Scenario | None) -> Check:
    from tutor.games import get_game

    if scenario is None:
        raise LessonError(f"{where}: a move check needs a 'scenario'.")
    last = scenario.states()[-1]
    legal = {str(a) for a in last.legal_actions()}
    accept = raw.get("accept", ())
    if not isinstance(accept, list) or not all(isinstance(a, str) for a in accept):
        raise LessonError(f"{where}: 'accept' must be a list of move texts.")
    if not accept or not set(accept) <= legal:
        raise LessonError(f"{where}: 'accept' must list legal moves of the position; "
                          f"{sorted(set(accept) - legal) or 'none given'} are not.")
    why: dict[str, str] = {}
    raw_why = raw.get("why", {})
    if not isinstance(raw_why, Mapping):
        raise LessonError(f"{where}: 'why' must be a table: a legal move's text = why it is not the answer.")
    game = get_game(slug)
    for text, reason in raw_why.items():
        try:
            action = game.parse_action(last, text)
            move = str(action)
            if move not in legal:
                last.apply(action)
        except IllegalMove as exc:
            raise LessonError(f"{where}: 'why' names {text!r}, which is not a legal move of the position "
                              f"(the learner trying it is told the rules' own reason: {exc.reason}); 'why' is "
                              "for legal moves that are not the answer.") from None
        if move not in legal:
            raise LessonError(f"{where}: 'why' names {text!r}, which is not a legal move of the position.")
        if move in accept:
            raise LessonError(f"{where}: 'why' names {text!r}, which 'accept' lists as right.")
        if not isinstance(reason, str) or not reason.strip():
            raise LessonError(f"{where}: 'why' for {text!r} must be non-empty text.")
        if move in why:
            raise LessonError(f"{where}: 'why' names the move {move!r} twice.")
        why[move] = reason.strip()
    otherwise = ""
    if "otherwise" in raw:
        otherwise = text_of(raw, "otherwise", where).strip()
    else:
        uncovered = sorted(legal - set(accept) - set(why))
        if uncovered:
            raise LessonError(f"{where}: 'otherwise' is needed (what to say to any other legal move): 'why' does "
                              f"not cover the legal move {uncovered[0]!r}.")
    return Check("move", question, explain, scenario=scenario, accept=tuple(accept), why=why, otherwise=otherwise)
