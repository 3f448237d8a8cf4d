"""A table's record read with care: its card and each entry of its log checked as it is read, and a damaged one named
in words (an old backup put back, a hand edit, a process with access to the store that wrote what the referee never
would).

The referee (``tutor.tables.referee.Table``) reads every entry through ``entry_shape`` (its fields and their types,
the seat, the kind of entry) and the game's own rules (the move's notation, its legality, whose move it is, an
answer to a question that was asked); a card is read through ``card_damage``.  The first damaged thing found closes
the table in words (``closed_for``): its card says ``status: "closed"`` with the sentence (``damaged``), so every page,
every kernel and a server started again say the same; the game up to the entry before the damage is kept, and
nothing after it is read.  A card too damaged to write to is named the same way each time it is read (``stand_in``:
a closed card of no seats that every page can show).  Fields the referee does not read are left alone.
"""

from __future__ import annotations

from typing import Any

from tutor.bots import LEVELS
from tutor.checks import IllegalMove
from tutor.games import GAMES
from tutor.tables import questions, rounds
from tutor.tables.interface import TableError, TableStore

__all__ = ["KINDS", "Damaged", "card_damage", "checked_entry", "checked_move", "closed_for", "entry_shape",
           "other_kind", "read_card", "record_damaged", "seat_words", "shown", "stand_in"]

KINDS = ("move", "offer", "early", "ask", "answer")  # what the referee writes (an entry without a kind is a move)
BY = ("learner", "bot", "away")
STATUSES = ("open", "playing", "over", "closed")


class Damaged(TableError):
    """An entry of a table's log, or its card, that the referee would never have written: ``str(exc)`` says what is
    wrong with it, in words (a part of the sentence that names the damage)."""


def _whole(value: Any) -> bool:
    return type(value) is int


def shown(value: Any, most: int = 30) -> str:
    """A value as written in the store, short enough for a sentence."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def seat_words(seat: int) -> str:
    """A seat as a learner counts them (the first seat is seat 1)."""
    return f"seat {seat + 1}"


def record_damaged(code: str, number: int, why: str) -> str:
    """The sentence that names a damaged entry: ``number`` is its place in the log (from 0), ``why`` what is wrong."""
    kept = f"the game up to move {number} is kept" if number else "the game as it was dealt is kept"
    return (f"Table {code}: its record is damaged at move {number + 1} ({why}). The table is closed; {kept}.")


def card_sentence(code: str, why: str) -> str:
    return f"Table {code}: its card is damaged ({why}). The table is closed."


def _seat(value: Any, players: int, field: str) -> str | None:
    if not _whole(value):
        return f"its {field} {shown(value)} is not a seat's number"
    if not 0 <= value < players:
        return f"{seat_words(value) if value >= 0 else shown(value)} is not a seat at this table of {players}"
    return None


def entry_shape(entry: Any, players: int) -> str | None:
    """What is wrong with the fields of one entry of the log (its fields and their types, its seat in range, its
    kind), in words; ``None`` when they are as the referee writes them.  The move itself is the game's to judge."""
    if not isinstance(entry, dict):
        return f"what is kept there, {shown(entry)}, is not a move, an answer or a note"
    if "at" in entry and not _whole(entry["at"]):
        return f"its time {shown(entry['at'])} is not a time"
    if "note" in entry:
        if not isinstance(entry["note"], str) or len(entry["note"]) > 500:
            return f"its note {shown(entry['note'])} is not a sentence"
        for field in ("away", "back"):
            if field in entry:
                wrong = _seat(entry[field], players, f"{field} seat")
                if wrong:
                    return wrong
        return None
    kind = entry.get("kind", "move")
    if kind not in KINDS:
        return f"its kind {shown(kind)} is none the table writes"
    if "seat" not in entry:
        return "it names no seat"
    wrong = _seat(entry["seat"], players, "seat")
    if wrong:
        return wrong
    who = seat_words(entry["seat"])
    field = "answer" if kind == "answer" else "move"
    if not isinstance(entry.get(field), str) or not entry[field] or len(entry[field]) > 200:
        return f"{who}'s {field} {shown(entry.get(field))} is not written as a {field}"
    if entry.get("by", "learner") not in BY:
        return f"{who}'s move says it was made by {shown(entry['by'])}, neither a learner nor a bot"
    if entry.get("why") is not None and not isinstance(entry["why"], str):
        return f"{who}'s reason {shown(entry['why'])} is not written in words"
    return None


def other_kind(meta: Any) -> bool:
    """Whether a card of the store is a record of another kind kept beside the tables (a tournament's): no table's
    card, never closed as a damaged one."""
    return isinstance(meta, dict) and meta.get("kind") is not None


def card_damage(meta: Any, code: str) -> str | None:
    """The sentence naming what is wrong with a table's card (a field missing or of the wrong type, a game this Gwari
    does not know, seats that do not add up); ``None`` for a card as ``tutor.tables.seating`` writes it."""
    why = _card_why(meta, code)
    return None if why is None else card_sentence(code, why)


def _card_why(meta: Any, code: str) -> str | None:  # noqa: C901 - one check a field, in the card's order
    if not isinstance(meta, dict):
        return f"it cannot be read as a table's card: {shown(meta)}"
    if other_kind(meta):
        return f"it is the record of a {shown(meta['kind'])}, not a table"
    if meta.get("code", code) != code:
        return f"it is the card of table {shown(meta.get('code'))}"
    if meta.get("game") not in GAMES:
        return f"its game {shown(meta.get('game'))} is no game this Gwari knows"
    rules = GAMES[meta["game"]]
    players = meta.get("players")
    if not _whole(players) or not rules.min_players <= players <= rules.max_players:
        return f"its players {shown(players)} is not a number of players for {rules.title}"
    for field in ("names", "keys"):
        seats = meta.get(field)
        if not isinstance(seats, list) or len(seats) != players or \
                not all(s is None or isinstance(s, str) and 0 < len(s) <= 100 for s in seats):
            return f"its {field} are not one per seat for {players} players"
    for field in ("bots", "reserved"):
        seats = meta.get(field, [])
        if not isinstance(seats, list) or not all(_whole(s) and 0 <= s < players for s in seats):
            return f"its {field} are not seats at this table"
    if not isinstance(meta.get("options"), dict):
        return f"its options {shown(meta.get('options'))} are not a game's options"
    if meta.get("level") not in LEVELS:
        return f"its bots' level {shown(meta.get('level'))} is none of {', '.join(LEVELS)}"
    if not _whole(meta.get("seed")) or meta["seed"] < 0:
        return f"its seed {shown(meta.get('seed'))} is not a whole number"
    if not _whole(meta.get("away_ms")) or meta["away_ms"] <= 0:
        return f"its away time {shown(meta.get('away_ms'))} is not a number of milliseconds"
    if meta.get("status") not in STATUSES:
        return f"its state {shown(meta.get('status'))} is none of {', '.join(STATUSES)}"
    if meta.get("host") is not None and _seat(meta["host"], players, "host"):
        return f"its host {shown(meta['host'])} is not a seat at this table"
    started = meta.get("started")
    if started is not None and not _whole(started) or started is None and meta["status"] in ("playing", "over"):
        return f"its start {shown(started)} is not the time the game began"
    if started is not None and not all(isinstance(n, str) for n in meta["names"]):
        return "a seat in the game has no name"
    if meta.get("damaged") is not None and not isinstance(meta["damaged"], str):
        return f"its note of damage {shown(meta['damaged'])} is not a sentence"
    return None


def stand_in(meta: Any, code: str, reason: str) -> dict[str, Any]:
    """A closed card of no seats, in place of a card too damaged to read: what every page can show of the table."""
    game = meta.get("game") if isinstance(meta, dict) else None
    return {"code": code, "game": game if game in GAMES else None, "players": 0, "options": {}, "level": LEVELS[0],
            "seed": 0, "names": [], "keys": [], "bots": [], "reserved": [], "status": "closed", "away_ms": 30_000,
            "host": None, "started": None, "damaged": reason}


def closed_for(store: TableStore, code: str, reason: str) -> dict[str, Any]:
    """Close table ``code`` for the damage ``reason`` names: its card says so (the first reason found is kept, when
    several kernels find it at once); returns the card (a stand-in when the card itself cannot be written to)."""
    def close(meta: Any) -> dict[str, Any]:
        if not isinstance(meta, dict):
            raise Damaged(reason)
        return {**meta, "status": "closed", "damaged": meta.get("damaged") or reason}

    try:
        return store.change_meta(code, close)
    except Damaged:
        return stand_in(None, code, reason)


def read_card(store: TableStore, code: str, raw: Any, why: str | None = None) -> tuple[dict[str, Any], str | None]:
    """A table's card as read, checked (``why``: what else is wrong with it, such as options that deal no game):
    the card and ``None``; the card and the sentence of a table closed for damage; or, for a damaged card, a
    closed stand-in and the sentence (the card is closed in words if it can be written to)."""
    reason = card_damage(raw, code) if why is None else card_sentence(code, why)
    if reason is None:
        return raw, raw.get("damaged")
    if isinstance(raw, dict) and isinstance(raw.get("damaged"), str):
        reason = raw["damaged"]  # the first reason found, as every page says it
    elif isinstance(raw, dict) and not other_kind(raw):  # another kind's record is left as it is
        closed_for(store, code, reason)
    return stand_in(raw, code, reason), reason


_UNREAD = (ValueError, LookupError, TypeError, AttributeError)  # what a game may raise at text it cannot read


def checked_move(game: Any, state: Any, seat: int, text: str) -> tuple[Any, Any]:
    """``seat``'s move ``text`` read and made on ``state`` by the game's rules: (the move, the state after it); a
    Damaged names a move that is not one of the game's, or that the rule book forbids."""
    who = seat_words(seat)
    try:
        action = game.parse_action(state, text)
    except _UNREAD:
        raise Damaged(f"{who}'s {shown(text)} is not a move in {game.title}") from None
    try:
        return action, state.apply(action)
    except IllegalMove as exc:
        raise Damaged(f"{who}'s {shown(text)} is against the rule book: {exc.reason.rstrip('.')}") from None
    except _UNREAD:
        raise Damaged(f"{who}'s {shown(text)} cannot be made in {game.title} here") from None


def checked_entry(table: Any, entry: dict[str, Any]) -> tuple[Any, Any, str | None]:
    """An entry of ``table``'s log (a move, an answer, a decision made ahead), its fields already checked
    (``entry_shape``), checked against the game as it stands: (the move it makes now, the state after it, the bot's
    reason); (None, None, reason) for a question asked or a decision made ahead.  A Damaged names what is wrong."""
    game, state, seat = table.game, table.state, entry["seat"]
    kind, text, why = entry.get("kind", "move"), entry.get("move", ""), entry.get("why")
    who = seat_words(seat)
    if state.is_over:
        raise Damaged(f"{who} moves after the game is over")
    if table.pending is not None and kind != "answer":
        raise Damaged(f"{who} moves while a question waits for its answer")
    if table.race is not None and kind != "move":
        raise Damaged(f"{who} makes a move of the kind {kind!r} while the race is on")
    if kind == "answer":
        if table.pending is None:
            raise Damaged(f"{who} answers a question nobody asked")
        asker, text, why = table.pending
        action, after = checked_move(game, state, asker, text)
        if table.asked != seat:
            raise Damaged(f"{who} answers a question put to {seat_words(table.asked)}")
        offered = questions.answers(game, state, table.pending, seat)
        if not any(a.key == entry["answer"] and not a.rule for a in offered):
            raise Damaged(f"{who}'s answer {shown(entry['answer'])} is not the answer their hand gives")
        return action, after, why
    if kind == "early":
        ahead = seat != state.current_player and seat in state.current_players and seat not in table.queued \
            and not state.offers(seat)
        try:
            probe = rounds.decides_at(game, state, seat, table.queued) if ahead else None
        except TableError:
            probe = None
        if probe is None:
            raise Damaged(f"{who} decides {shown(text)} ahead when it is not theirs to decide")
        checked_move(game, probe, seat, text)
        return None, None, why
    action, after = checked_move(game, state, seat, text)
    if kind == "offer" and str(action) not in {str(a) for a in state.offers(seat)}:
        raise Damaged(f"{who}'s {shown(text)} is not a move offered to them out of turn")
    if kind != "offer" and seat != state.current_player:
        raise Damaged(f"{who}'s {shown(text)} is out of turn: it is {seat_words(state.current_player)}'s move")
    if kind == "ask" and (game.inputs.reply is None or game.inputs.reply.asked(state, action) is None):
        raise Damaged(f"{who}'s {shown(text)} asks nobody anything")
    return action, after, why
