"""Export and import: every learner's records as one JSON text, and reading such a text back.

The format: ``{"format": "gwari-progress", "version": 2, "learners": {name: part}}``, where a part holds
``since`` (when the learner was first named), ``cards`` (word key → drill card), and lists of ``answers``
([key, correct, near, at]), ``fumbles`` ([expected, typed]), ``reached`` ([lesson, rule, at]), ``checks``
([lesson, rule, question, answer, correct, at]) and ``games`` (objects).  Version 1 (the first release) had the
drill's three only.

Reading is strict: every field's type (a yes/no is true or false, never "no" or 0), every number's range, every
text's length, no field unknown or given twice, no NaN, nesting no deeper than the format's; a fault is a
``ValueError`` naming the learner, the record and the field.  All of it is read before anything is written.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from fsrs import Card as FsrsCard

from tutor.progress import fields
from tutor.progress.fields import PlayedGame, learner_name
from tutor.progress.schema import FORMAT, VERSION, game_row

PREFIX = "progress JSON"
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
PARTS = ("since", "cards", "answers", "fumbles", "reached", "checks", "games")


def empty_part(since: str = "") -> dict[str, Any]:
    """A learner with no records yet."""
    return {"since": since, "cards": {}, "answers": [], "fumbles": [], "reached": [], "checks": [], "games": []}


def by_name(name: str) -> tuple[str, str]:
    """The order of learners' names in every store: A to Z in either case, then character by character (as SQLite's
    NOCASE, then its own order; the same whatever a database's locale)."""
    return name.translate(_ASCII_LOWER), name


def dump(data: dict[str, Any]) -> str:
    """The export's text."""
    return json.dumps({"format": FORMAT, "version": VERSION, "learners": data}, ensure_ascii=False, indent=1)


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"{PREFIX}: the field {key[:40]!r} is given twice in one object.")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{PREFIX}: {name} is not a number JSON allows.")


def loads(text: Any) -> Any:
    """JSON text read, refusing what JSON proper does not allow (NaN, a field given twice) and nesting too deep for
    Python, with a ValueError."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{PREFIX}: not JSON (the file is not UTF-8 text).") from None
    if not isinstance(text, str):
        raise ValueError(f"{PREFIX}: must be the text of an export, not {fields.kind_of(text)}.")
    try:
        return json.loads(text, object_pairs_hook=_no_twice, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{PREFIX}: not JSON ({exc.msg}, line {exc.lineno}).") from None
    except RecursionError:
        raise ValueError(f"{PREFIX}: nested far too deeply to be an export.") from None
    except ValueError as exc:
        if str(exc).startswith(PREFIX):
            raise
        raise ValueError(f"{PREFIX}: not JSON ({exc}).") from None


def read_export(text: Any) -> dict[str, dict[str, Any]]:
    """An export (version 1 or 2) read and checked, field by field; a bad one raises ValueError naming the field."""
    data = loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"{PREFIX}: must be an object with format, version and learners, not {fields.kind_of(data)}.")
    for key in data:
        if key not in ("format", "version", "learners"):
            raise ValueError(f"{PREFIX}: {key[:30]!r} is not a field of an export (format, version, learners).")
    version = data.get("version")
    if data.get("format") != FORMAT or not isinstance(version, int) or isinstance(version, bool) or \
            version not in (1, VERSION):
        raise ValueError(f"{PREFIX}: 'format' must be {FORMAT!r} and 'version' 1 or {VERSION}.")
    learners = data.get("learners")
    if not isinstance(learners, dict):
        raise ValueError(f"{PREFIX}: 'learners' must be an object of name → progress, not {fields.kind_of(learners)}.")
    out: dict[str, dict[str, Any]] = {}
    for raw, part in learners.items():
        try:
            name = learner_name(raw)
        except ValueError as exc:
            raise ValueError(f"{PREFIX}: 'learners': {exc}") from None
        if name in out:
            raise ValueError(f"{PREFIX}: learner {name!r} is given twice.")
        out[name] = read_part(part, f"{PREFIX}: learner {name!r}")
    return out


def read_part(part: Any, where: str) -> dict[str, Any]:
    """One learner's records, every field checked."""
    if not isinstance(part, dict):
        raise ValueError(f"{where}: must be an object, not {fields.kind_of(part)}.")
    for key in part:
        if key not in PARTS:
            raise ValueError(f"{where}: {key[:30]!r} is not a field of a learner's records ({', '.join(PARTS)}).")
    try:
        since = fields.when(part.get("since", ""), "since", empty=True)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    clean = empty_part(since)
    cards = part.get("cards", {})
    if not isinstance(cards, dict):
        raise ValueError(f"{where}: 'cards' must be an object of word → card, not {fields.kind_of(cards)}.")
    for key, card in cards.items():
        try:
            fields.text(key, "key", empty=False)
            fields.card(card, "card")
        except ValueError as exc:
            raise ValueError(f"{where}: 'cards': the drill card {key[:40]!r}: {exc}") from None
        clean["cards"][key] = dict(card)
    for kind in fields.ROWS:
        for i, row in enumerate(_list(part, kind, where)):
            try:
                clean[kind].append(fields.row(kind, row))
            except ValueError as exc:
                raise ValueError(f"{where}: {kind!r} item {i + 1}: {exc}") from None
    clean["games"] = [PlayedGame.from_row(row, f"{where}: 'games' item {i + 1}").row()
                      for i, row in enumerate(_list(part, "games", where))]
    return clean


def _list(part: dict, key: str, where: str) -> list:
    value = part.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{where}: {key!r} must be a list, not {fields.kind_of(value)}.")
    return value


def last_review(card: FsrsCard) -> datetime:
    """When a card was last reviewed (else when it falls due): the later one wins a merge."""
    moment = card.last_review or card.due
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _json(text: Any) -> Any:
    """A value the store kept as JSON text (None when it is not)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None


# ---------------------------------------------------------------- the store's side


def export_data(conn: Any) -> tuple[dict[str, Any], list[str]]:
    """Every learner's records, read from the store through ``conn``; a record the import would refuse (kept by an
    earlier release that checked less) is left out and described in the second list."""
    left_out: list[str] = []

    def kept(kind: str, name: str, value: Any, check: Any) -> bool:
        try:
            check(value)
        except ValueError as exc:
            left_out.append(f"learner {name!r}, {kind}: {str(exc).removeprefix('whose: ')}")
            return False
        return True

    data: dict[str, Any] = {}
    for name, since in sorted(conn.execute("SELECT name, since FROM learners").fetchall(),
                              key=lambda row: by_name(row[0])):
        if not kept("name", name, name, learner_name):
            continue
        part = empty_part(since if kept("since", name, since, lambda v: fields.when(v, "since", empty=True)) else "")
        for key, text in conn.execute("SELECT key, card FROM cards WHERE learner = ? ORDER BY key", (name,)):
            card = _json(text)
            if kept("card", name, card, lambda c, key=key: (fields.text(key, "key", empty=False), fields.card(c))):
                part["cards"][key] = card
        rows = {
            "answers": ("SELECT key, correct, near, at FROM answers WHERE learner = ? ORDER BY id", (1, 2)),
            "fumbles": ("SELECT expected, typed FROM fumbles WHERE learner = ? ORDER BY id", ()),
            "reached": ("SELECT lesson, rule, at FROM reached WHERE learner = ? ORDER BY lesson, rule", ()),
            "checks": ("SELECT lesson, rule, question, answer, correct, at FROM checks WHERE learner = ? ORDER BY id",
                       (4,)),
        }
        for kind, (sql, flags) in rows.items():
            for found in conn.execute(sql, (name,)):
                row = [bool(v) if i in flags else v for i, v in enumerate(found)]
                if kept(kind, name, row, lambda r, kind=kind: fields.row(kind, r)):
                    part[kind].append(row)
        for g, o, d, s, seat, sc, w, m, lv, at in conn.execute(
                "SELECT game, options, deal, seats, seat, scores, won, moves, level, at FROM games WHERE learner = ? "
                "ORDER BY id", (name,)):
            game = {"game": g, "options": _json(o), "deal": d, "seats": _json(s), "seat": seat,
                    "scores": _json(sc), "won": bool(w), "moves": m, "level": lv, "at": at}
            if kept("game", name, game, lambda g: PlayedGame.from_row(g, "whose")):
                part["games"].append(game)
        data[name] = part
    return data, left_out


def merge(conn: Any, parsed: dict[str, dict[str, Any]], now: str) -> None:
    """Write checked records (``read_export``) into the store through ``conn``, inside the caller's transaction:
    a drill card is kept from whichever side reviewed it last; a record already here is not added twice."""
    for name, part in parsed.items():
        conn.execute("INSERT INTO learners (name, since) VALUES (?, ?) ON CONFLICT DO NOTHING",
                     (name, part["since"] or now))
        mine = {k: FsrsCard.from_json(c) for k, c in
                conn.execute("SELECT key, card FROM cards WHERE learner = ?", (name,))}
        for key, card_dict in part["cards"].items():
            theirs = FsrsCard.from_dict(card_dict)
            ours = mine.get(key)
            if ours is None or last_review(theirs) > last_review(ours):
                conn.execute("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) ON CONFLICT (learner, key) "
                             "DO UPDATE SET card = excluded.card", (name, key, theirs.to_json()))
        known = {(k, bool(c), bool(n), at) for k, c, n, at in
                 conn.execute("SELECT key, correct, near, at FROM answers WHERE learner = ?", (name,))}
        for key, correct, near, at in part["answers"]:
            if (key, correct, near, at) not in known:
                conn.execute("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, ?, ?, ?)",
                             (name, key, int(correct), int(near), at))
        had = set(conn.execute("SELECT expected, typed FROM fumbles WHERE learner = ?", (name,)))
        for expected, typed in part["fumbles"]:
            if (expected, typed) not in had:
                conn.execute("INSERT INTO fumbles (learner, expected, typed, at) VALUES (?, ?, ?, ?)",
                             (name, expected, typed, now))
        for lesson, rule, at in part["reached"]:
            conn.execute("INSERT INTO reached (learner, lesson, rule, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                         (name, lesson, rule, at))
        checked = {(a, b, q, ans, bool(c), at) for a, b, q, ans, c, at in conn.execute(
            "SELECT lesson, rule, question, answer, correct, at FROM checks WHERE learner = ?", (name,))}
        for lesson, rule, question, answer, correct, at in part["checks"]:
            if (lesson, rule, question, answer, correct, at) not in checked:
                conn.execute("INSERT INTO checks (learner, lesson, rule, question, answer, correct, at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)", (name, lesson, rule, question, answer, int(correct), at))
        stored = _games(conn, name)
        played = {_same(g) for g in stored} | {_same(g, at=False) for g in stored}
        for row in part["games"]:
            game = PlayedGame.from_row(row)
            if _same(game.row(), at=bool(game.at)) not in played:  # a game with no time: the same one at any time
                conn.execute(*game_row(name, game, game.at or now))


def _same(game: dict[str, Any], *, at: bool = True) -> str:
    """What tells one game from another (its time left out when ``at`` is false)."""
    return json.dumps({k: v for k, v in game.items() if at or k != "at"}, sort_keys=True)


def _games(conn: Any, name: str) -> list[dict[str, Any]]:
    return [{"game": g, "options": json.loads(o), "deal": d, "seats": json.loads(s), "seat": seat,
             "scores": json.loads(sc), "won": bool(w), "moves": m, "level": lv, "at": at}
            for g, o, d, s, seat, sc, w, m, lv, at in conn.execute(
                "SELECT game, options, deal, seats, seat, scores, won, moves, level, at FROM games WHERE learner = ?",
                (name,))]
