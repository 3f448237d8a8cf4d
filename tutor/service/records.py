"""The "records" area of the class service: the class's records (``tutor.progress``) kept for each signed-in
person, never for anyone they say they are.

A learner keeps and reads their own records only: the records' owner is always ``person.name``; an op naming
another learner is refused in words ("You are signed in as ann: you keep ann's records, not bob's.") and changes
nothing.  The class's teachers (the hub's teachers group) may also read every learner's records and do what the
teacher's page does: the class's records at a glance, the class list, reset or delete a learner, import and export,
set the class deal.  Nobody may write another learner's lessons, checks, games or drill, a teacher included.  Not
served at all: the class key (there is none under a hub) and the settings that count wrong keys.

Every op takes a JSON object and answers JSON: sets become sorted lists, ``CheckAnswer`` and ``PlayedGame`` dicts,
drill cards FSRS's own dicts, times ISO text; ``tutor.service.remote_records.RemoteProgress`` rebuilds them in the
kernel.  Each field is checked as the store checks it (``tutor.progress.fields``), a bad one refused with a
``ValueError`` naming it (sent as 400).
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import Any, Callable, Iterable

from tutor.deal_code import parse_class_deal
from tutor.progress import PlayedGame, class_records, learner_name
from tutor.progress.fields import kind_of, yes_no
from tutor.service.people import Person, Refused
from tutor.vocab.schedule import Answered

CLASS_DEAL = "class_deal"  # the one class setting served (``tutor.classroom.CLASS_DEAL``)
TEACHERS = "the class's teachers (the hub's teachers group)"

# op -> (its arguments, who may: "own" a learner's own records, "read" own or a teacher any, "teacher", "all")
OPS: dict[str, tuple[tuple[str, ...], str]] = {
    "add_learner": (("learner",), "own"),
    "since": (("learner",), "read"),
    "reach": (("learner", "lesson", "rule"), "own"),
    "reached": (("learner",), "read"),
    "answer_check": (("learner", "lesson", "rule", "question", "answer", "correct"), "own"),
    "checks": (("learner",), "read"),
    "keep_game": (("learner", "game"), "own"),
    "games": (("learner",), "read"),
    "deck": (("learner",), "read"),
    "record": (("learner", "answered", "card"), "own"),
    "answers": (("learner",), "read"),
    "record_fumbles": (("learner", "fumbles", "entries"), "own"),
    "fumbles": (("learner",), "read"),
    "setting": (("key",), "all"),
    "set_setting": (("key", "value"), "teacher"),
    "learners": ((), "teacher"),
    "class_records": ((), "teacher"),
    "reset": (("learner",), "teacher"),
    "delete": (("learner",), "teacher"),
    "export_json": ((), "teacher"),
    "import_json": (("text",), "teacher"),
}
OPTIONAL = {"entries"}  # record_fumbles without entries marks no word for the drill, as the store does
WHAT = {"set_setting": "set the class deal", "learners": "see the class list", "class_records": "read the class's "
        "records", "reset": "clear a learner's records", "delete": "delete a learner", "export_json": "export the "
        "class's records", "import_json": "import records"}


class RecordsArea:
    """The class's records served to signed-in people: ``call(person, op, args)`` for each op of ``OPS``."""

    ops = tuple(OPS)

    def __init__(self, progress: Any, *, vocab: Callable[[], Iterable[Any]] | None = None) -> None:
        self.progress = progress
        self._vocab = vocab

    def call(self, person: Person, op: str, args: dict[str, Any]) -> Any:
        if op not in OPS:
            raise Refused(f"The class's records have no {op!r}: they answer {', '.join(OPS)}.", 404)
        names, who = OPS[op]
        extra = sorted(set(args) - set(names))
        if extra:
            takes = ", ".join(names) or "nothing"
            raise ValueError(f"records {op}: takes {takes}; not {', '.join(map(repr, extra))}.")
        missing = [n for n in names if n not in args and n not in OPTIONAL and (n != "learner" or who == "teacher")]
        if missing:
            raise ValueError(f"records {op}: {missing[0]!r} is missing.")
        if who == "teacher" and not person.teacher:
            raise Refused(f"You are signed in as {person.name}: only {TEACHERS} may {WHAT[op]}.")
        if "learner" in names:
            name = learner_name(args.get("learner", person.name))
            if name != person.name and not (person.teacher and who in ("read", "teacher")):
                verb = "read" if who == "read" else "keep"
                raise Refused(f"You are signed in as {person.name}: you {verb} {person.name}'s records, not "
                              f"{name}'s.")
            args = {**args, "learner": name}
        return getattr(self, f"_{op}")(**args)

    # ------------------------------------------------------------ one learner's records

    def _add_learner(self, learner: str) -> str:
        return self.progress.add_learner(learner)

    def _since(self, learner: str) -> str:
        return self.progress.since(learner)

    def _reach(self, learner: str, lesson: Any, rule: Any) -> None:
        self.progress.reach(learner, lesson, rule)

    def _reached(self, learner: str) -> dict[str, list[str]]:
        return {lesson: sorted(rules) for lesson, rules in self.progress.reached(learner).items()}

    def _answer_check(self, learner: str, lesson: Any, rule: Any, question: Any, answer: Any, correct: Any) -> None:
        self.progress.answer_check(learner, lesson, rule, question, answer, yes_no(correct, "correct"))

    def _checks(self, learner: str) -> list[dict[str, Any]]:
        return [asdict(check) for check in self.progress.checks(learner)]

    def _keep_game(self, learner: str, game: Any) -> None:
        self.progress.keep_game(learner, PlayedGame.from_row(game))

    def _games(self, learner: str) -> list[dict[str, Any]]:
        return [game.row() for game in self.progress.games(learner)]

    def _deck(self, learner: str) -> dict[str, dict[str, Any]]:
        return {key: card.to_dict() for key, card in self.progress.deck(learner).cards.items()}

    def _record(self, learner: str, answered: Any, card: Any) -> None:
        from tutor.progress.fields import card as checked_card

        self.progress.record(learner, answer_from(answered), checked_card(card))

    def _answers(self, learner: str) -> list[list[Any]]:
        return [list(row) for row in self.progress.answers(learner)]

    def _record_fumbles(self, learner: str, fumbles: Any, entries: Any = ()) -> list[str]:
        if not isinstance(entries, list) or not all(isinstance(key, str) for key in entries):
            raise ValueError(f"'entries' must be a list of the drill's word keys, not {kind_of(entries)}.")
        keys = set(entries)
        vocab = [e for e in (self._vocab or _class_vocab)() if e.key in keys] if keys else []
        pairs = fumbles if not isinstance(fumbles, list) else [tuple(p) if isinstance(p, list) else p for p in fumbles]
        return self.progress.record_fumbles(learner, pairs, vocab)

    def _fumbles(self, learner: str) -> list[list[str]]:
        return [list(pair) for pair in self.progress.fumbles(learner)]

    # ------------------------------------------------------------ the class's settings

    def _setting(self, key: Any) -> str:
        return self.progress.setting(_served(key))

    def _set_setting(self, key: Any, value: Any) -> None:
        _served(key)
        if not isinstance(value, str):
            raise ValueError(f"'value' must be a deal code as text, not {kind_of(value)}.")
        self.progress.set_setting(CLASS_DEAL, parse_class_deal(value).code if value else "")

    # ------------------------------------------------------------ the teacher's page

    def _learners(self) -> list[str]:
        return self.progress.learners()

    def _class_records(self) -> dict[str, list[dict[str, Any]]]:
        return class_records(self.progress)

    def _reset(self, learner: str) -> None:
        self.progress.reset(learner)

    def _delete(self, learner: str) -> None:
        self.progress.delete(learner)

    def _export_json(self) -> str:
        return self.progress.export_json()

    def _import_json(self, text: Any) -> list[str]:
        if not isinstance(text, str):
            raise ValueError(f"'text' must be the records' JSON as text, not {kind_of(text)}.")
        return self.progress.import_json(text)


def _served(key: Any) -> str:
    if key != CLASS_DEAL:
        raise Refused(f"The class service serves the class deal ({CLASS_DEAL!r}) among the class's settings, and "
                      f"no other; not {key!r}." if isinstance(key, str) else
                      f"'key' must be the setting's name as text, not {kind_of(key)}.", 403 if isinstance(key, str)
                      else 400)
    return key


def _class_vocab() -> Iterable[Any]:
    from tutor.vocab.words import load_vocab

    return load_vocab()


def answer_data(answered: Answered) -> dict[str, Any]:
    """A drill answer as JSON-ready data (its times as ISO text)."""
    return {"key": answered.key, "correct": answered.correct, "near": answered.near,
            "when": answered.when.isoformat(), "due": answered.due.isoformat()}


def answer_from(data: Any) -> Answered:
    """A drill answer read back from ``answer_data``, every field checked; refused naming the field."""
    from tutor.progress.fields import text, when

    if not isinstance(data, dict) or set(data) != {"key", "correct", "near", "when", "due"}:
        raise ValueError(f"'answered' must be an object with key, correct, near, when and due, not "
                         f"{kind_of(data)}.")
    return Answered(text(data["key"], "key"), yes_no(data["correct"], "correct"), yes_no(data["near"], "near"),
                    datetime.fromisoformat(when(data["when"], "when", zone=True)),
                    datetime.fromisoformat(when(data["due"], "due", zone=True)))


__all__ = ["CLASS_DEAL", "OPS", "RecordsArea", "answer_data", "answer_from"]
