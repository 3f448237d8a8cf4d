"""The class's records where there is no ``sqlite3`` (Python in the browser): the same calls as ``Progress``,
kept in memory in the export's format and handed to ``saved`` after every change, so the page can keep them in the
browser's own storage and give them back after a reload (``load``).  Every field is checked as the store checks
it, so what the page keeps always imports into a store on a server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from fsrs import Card as FsrsCard

from tutor.progress import fields, transfer
from tutor.progress.fields import CheckAnswer, PlayedGame, learner_name
from tutor.progress.store import setting_key, setting_value
from tutor.vocab.schedule import Answered, Clock, Deck, utc_now
from tutor.vocab.words import Entry, entry_for_word


class BrowserProgress:
    """The class's records kept in memory (and, through ``saved``, in the browser's storage); export and import as
    ``Progress``."""

    path = Path("browser-storage")
    report = ""
    recovered = None
    left_out: list[str] = []

    def __init__(self, *, clock: Clock = utc_now, saved: Any = None) -> None:
        self.clock = clock
        self.saved = saved
        self.data: dict[str, dict[str, Any]] = {}
        self.settings: dict[str, str] = {}

    def _now(self) -> str:
        return self.clock().isoformat()

    def _learner(self, learner: str) -> dict[str, Any]:
        name = learner_name(learner)
        return self.data.setdefault(name, transfer.empty_part(self._now()))

    def _changed(self) -> None:
        if self.saved is not None:
            self.saved(self.export_json())

    def load(self, text: str) -> list[str]:
        """Take back what the browser kept (a store's export); anything unreadable is refused and changes nothing."""
        return self.import_json(text)

    # the same calls as Progress
    def add_learner(self, learner: str) -> str:
        name = learner_name(learner)
        new = name not in self.data
        self._learner(name)
        if new:
            self._changed()
        return name

    def learners(self) -> list[str]:
        return sorted(self.data, key=lambda n: (n.casefold(), n))

    def since(self, learner: str) -> str:
        return self.data.get(learner_name(learner), {}).get("since", "")

    def reset(self, learner: str) -> None:
        since = self._learner(learner)["since"]
        self.data[learner_name(learner)] = transfer.empty_part(since)
        self._changed()

    def delete(self, learner: str) -> None:
        self.data.pop(learner_name(learner), None)
        self._changed()

    def reach(self, learner: str, lesson: str, rule: str) -> None:
        name = learner_name(learner)
        row = fields.row("reached", [lesson, rule, self._now()], clip=True)
        part = self._learner(name)
        if not any(r[:2] == row[:2] for r in part["reached"]):
            part["reached"].append(row)
            self._changed()

    def reached(self, learner: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for lesson, rule, _at in self.data.get(learner_name(learner), {}).get("reached", []):
            out.setdefault(lesson, set()).add(rule)
        return out

    def answer_check(self, learner: str, lesson: str, rule: str, question: str, answer: str, correct: bool) -> None:
        name = learner_name(learner)
        row = fields.row("checks", [lesson, rule, question, answer, correct, self._now()], clip=True)
        part = self._learner(name)
        if not any(r[:2] == row[:2] for r in part["reached"]):
            part["reached"].append([row[0], row[1], row[5]])
        part["checks"].append(row)
        self._changed()

    def checks(self, learner: str) -> list[CheckAnswer]:
        return [CheckAnswer(*row) for row in self.data.get(learner_name(learner), {}).get("checks", [])]

    def keep_game(self, learner: str, game: PlayedGame) -> None:
        name = learner_name(learner)
        row = PlayedGame.from_row(game, clip=True).row()
        row["at"] = row["at"] or self._now()
        self._learner(name)["games"].append(row)
        self._changed()

    def games(self, learner: str) -> list[PlayedGame]:
        return [PlayedGame.from_row(row) for row in self.data.get(learner_name(learner), {}).get("games", [])]

    def setting(self, key: str) -> str:
        return self.settings.get(setting_key(key), "")

    def set_setting(self, key: str, value: str) -> None:
        self.update_settings((key,), lambda _now: {key: value})

    def update_settings(self, keys: Iterable[str], change: Callable[[dict[str, str]], Mapping[str, str]],
                        ) -> dict[str, str]:
        now = {setting_key(k): self.settings.get(setting_key(k), "") for k in keys}
        new = {setting_key(k): setting_value(v) for k, v in change(dict(now)).items()}
        for k, v in new.items():
            if v:
                self.settings[k] = v
            else:
                self.settings.pop(k, None)
        return new

    def deck(self, learner: str, *, clock: Clock | None = None) -> Deck:
        cards = self.data.get(learner_name(learner), {}).get("cards", {})
        return Deck({k: FsrsCard.from_dict(c) for k, c in cards.items()}, clock=clock or self.clock)

    def record(self, learner: str, answered: Answered, card: FsrsCard) -> None:
        name = learner_name(learner)
        row = fields.row("answers", [answered.key, answered.correct, answered.near, answered.when.isoformat()],
                         clip=True)
        kept = json.loads(fields.card(card.to_dict()).to_json())
        part = self._learner(name)
        part["cards"][row[0]] = kept
        part["answers"].append(row)
        self._changed()

    def answers(self, learner: str) -> list[tuple[str, bool, bool, str]]:
        return [tuple(a) for a in self.data.get(learner_name(learner), {}).get("answers", [])]  # type: ignore[misc]

    def record_fumbles(self, learner: str, fumbles: Iterable[tuple[str, str]], entries: Iterable[Entry] = (),
                       ) -> list[str]:
        name = learner_name(learner)
        rows = fields.fumbles(fumbles)
        part = self._learner(name)
        now = self.clock()
        deck = self.deck(name, clock=lambda: now)
        marked: list[str] = []
        for expected, typed in rows:
            part["fumbles"].append([expected, typed])
            entry = entry_for_word(expected, entries)
            if entry is None or entry.key in marked:
                continue
            answered = deck.review(entry.key, False)
            marked.append(entry.key)
            part["cards"][entry.key] = json.loads(deck.cards[entry.key].to_json())
            part["answers"].append([entry.key, False, False, answered.when.isoformat()])
        self._changed()
        return marked

    def fumbles(self, learner: str) -> list[tuple[str, str]]:
        return [tuple(f) for f in self.data.get(learner_name(learner), {}).get("fumbles", [])]  # type: ignore[misc]

    def export_json(self) -> str:
        return transfer.dump({name: self.data[name] for name in self.learners()})

    def import_json(self, text: str) -> list[str]:
        """Merge an export, every part checked first as ``Progress.import_json`` checks it; nothing is counted twice."""
        parsed = transfer.read_export(text)
        merged = {name: dict(part) for name, part in self.data.items()}
        for name, part in parsed.items():
            mine = merged.setdefault(name, transfer.empty_part(part["since"] or self._now()))
            for key, card in part["cards"].items():
                theirs = FsrsCard.from_dict(card)
                ours = mine["cards"].get(key)
                if ours is None or transfer.last_review(theirs) > transfer.last_review(FsrsCard.from_dict(ours)):
                    mine["cards"] = {**mine["cards"], key: card}
            for field_name in fields.ROWS:
                seen = {json.dumps(r) for r in mine[field_name]}
                mine[field_name] = mine[field_name] + [r for r in part[field_name] if json.dumps(r) not in seen]
            seen_games = {json.dumps(g, sort_keys=True) for g in mine["games"]}
            mine["games"] = mine["games"] + [g for g in part["games"] if json.dumps(g, sort_keys=True) not in seen_games]
        self.data = merged
        self._changed()
        return list(parsed)
