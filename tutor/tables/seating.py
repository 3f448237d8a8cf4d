"""Opening, joining and starting a table of classmates: the table's card, the seats' keys, and the lists of tables a
class opens at once or a learner may join.

A table's card (its ``meta`` in the store) says which game is played, by how many, with which options, seed and
bots' level, who sits where, and the digest of each seat's key.  The key itself is made here when a learner opens
or joins the table and handed to their kernel only: the store keeps its digest, so a page can act for one seat
only, the one whose key its kernel holds.  Every argument is checked before anything is kept.  The game played at
the table (``tutor.tables.referee.Table``) reads the card; nothing here plays.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from tutor.bots import LEVELS
from tutor.checks import check_seed
from tutor.games import get_game
from tutor.progress.fields import learner_name
from tutor.tables import damage
from tutor.tables.store import TableError, TableStore

__all__ = ["AWAY_MS", "STATUSES", "begin", "digest", "fill_tables", "open_card", "open_tables", "seat_key", "seat_of",
           "summary_of", "table_codes", "take_seat"]

AWAY_MS = 30_000  # a learner's page silent this long: a bot plays their seat until they are back
STATUSES = damage.STATUSES


def digest(key: str) -> str:
    """What the store keeps of a seat's key."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def seat_key(key: Any) -> str:
    """A seat's key as a page gave it, checked for its form (not yet for its table)."""
    if not isinstance(key, str) or not 8 <= len(key) <= 100:
        raise TableError("seat key: that is not a key to a seat at this table.")
    return key


def seat_of(meta: dict[str, Any], key: Any, code: str) -> int:
    """The seat whose key ``key`` is at table ``code`` of card ``meta`` (a TableError when it is no key there)."""
    wanted = digest(seat_key(key))
    seats = [i for i, k in enumerate(meta["keys"]) if k is not None and hmac.compare_digest(k, wanted)]
    if not seats:
        raise TableError(f"seat key: that is not a key to a seat at table {code}.")
    return seats[0]


def open_card(store: TableStore, game: Any, players: Any, name: Any = None, *, options: Any = None,
              level: Any = "strong", seed: Any = None, away_ms: Any = AWAY_MS,
              seats: Any = None) -> tuple[str, str | None]:
    """Keep the card of a new table (see ``Table.open``); returns its code and the host's key (``None`` for a class
    table, opened from no seat)."""
    try:
        rules = get_game(game)
    except (KeyError, TypeError):
        raise TableError(f"game: no game {str(game)[:30]!r}; one of the games' names, such as 'burn'.") from None
    if not isinstance(players, int) or isinstance(players, bool):
        raise TableError(f"players: a whole number of players for {rules.title}, from {rules.min_players} to "
                         f"{rules.max_players}.")
    if options is not None and not isinstance(options, dict):
        raise TableError("options: a mapping of option names to values, such as {'short': True}.")
    options = dict(options or {})
    if level not in LEVELS:
        raise TableError(f"bot level: one of {', '.join(LEVELS)}, not {level!r}.")
    if seed is None:
        seed = secrets.randbelow(10_000)
    check_seed(seed)
    if not isinstance(away_ms, int) or isinstance(away_ms, bool) or not 1_000 <= away_ms <= 3_600_000:
        raise TableError("away time: a whole number of milliseconds from 1000 (a second) to 3600000 (an hour).")
    rules.start(players=players, seed=seed, **options)  # the players and options, checked by the game
    names: list[str | None] = [None] * players
    if seats is not None:
        if name is not None:
            raise TableError("seats: a learner opening a table sits at seat 1; only a class table lists seats.")
        if not isinstance(seats, list) or len(seats) != players:
            raise TableError(f"seats: a list of {players} names (None for a seat open to anyone).")
        names = [None if s is None else learner_name(s) for s in seats]
        taken = [s for s in names if s is not None]
        if len(set(taken)) != len(taken):
            raise TableError("seats: each learner sits at one seat only; a name is listed twice.")
    key = None
    keys: list[str | None] = [None] * players
    if name is not None:
        names[0] = learner_name(name)
        key = secrets.token_urlsafe(18)
        keys[0] = digest(key)
    meta = {"game": rules.slug, "players": players, "options": options, "level": level, "seed": seed,
            "names": names, "keys": keys, "bots": [], "status": "open", "away_ms": away_ms,
            "host": 0 if name is not None else None, "started": None,
            "reserved": [i for i, n in enumerate(names) if n is not None and name is None]}
    code = store.create(meta)
    if key is not None:
        store.beat(code, 0)
    return code, key


def undone(meta: Any, code: str) -> None:
    """A TableError naming the damage of a table's card, or of a table closed for damage (nothing is changed)."""
    reason = damage.card_damage(meta, code) or meta.get("damaged")
    if reason:
        raise TableError(reason)


def take_seat(store: TableStore, code: str, name: str, key: str | None, trusted: bool) -> tuple[str, str | None]:
    """``name`` sits at table ``code`` (see ``Table.join``): returns the seat's key, and the note everyone is told
    when a learner comes late to the seat a class table kept for them (``None``: no note)."""
    made: dict[str, str] = {}

    def sit(meta: dict[str, Any]) -> dict[str, Any]:
        undone(meta, code)
        names, keys = list(meta["names"]), list(meta["keys"])
        if meta["status"] == "closed":
            raise TableError(f"Table {code} has been closed.")
        if key is not None:
            seat_of(meta, key, code)
            made["key"] = key
            return meta
        new = secrets.token_urlsafe(18)
        if name in names:
            seat = names.index(name)
            if keys[seat] is not None and not trusted:
                raise TableError(f"{name} already sits at table {code}. If that is you, go back to the page you "
                                 "joined from; if not, join under another name.")
            if seat in meta["bots"] and seat not in meta.get("reserved", ()):
                raise TableError(f"At table {code}, {name} is a bot: join under your own name.")
            if seat in meta["bots"]:
                made["late"] = f"{name} has come: they take their seat from the bot."
        else:
            if meta["status"] != "open":
                raise TableError(f"The game at table {code} has started: ask for another table, or open one.")
            free = [i for i, n in enumerate(names) if n is None]
            if not free:
                raise TableError(f"Table {code} is full: all {meta['players']} seats are taken.")
            seat = free[0]
            names[seat] = name
        keys[seat] = digest(new)
        made["key"] = new
        return {**meta, "names": names, "keys": keys, "bots": [b for b in meta["bots"] if b != seat]}

    store.change_meta(code, sit)
    return made["key"], made.get("late")


def begin(store: TableStore, code: str, default_names: Any) -> dict[str, Any]:
    """Start the game at table ``code``: the seats nobody took are the bots', named from ``default_names``; returns
    the new card."""
    now = store.now_ms()

    def start(meta: dict[str, Any]) -> dict[str, Any]:
        undone(meta, code)
        if meta["status"] != "open":
            raise TableError(f"The game at table {code} has already started.")
        names = list(meta["names"])
        bots = [i for i, k in enumerate(meta["keys"]) if k is None]
        taken = {n.casefold() for n in names if n}  # a learner "jory" and a bot "Jory" would be one name to the game
        spare = [n for n in default_names if n.casefold() not in taken]
        for i in bots:
            names[i] = names[i] or spare.pop(0)
        return {**meta, "names": names, "bots": bots, "status": "playing", "started": now}

    return store.change_meta(code, start)


def table_codes(store: TableStore) -> list[str]:
    """The codes of the store's tables, oldest first: a record of another kind kept beside them (a tournament's,
    ``tutor.tables.tournament_play``) is no table."""
    return [code for code in store.codes() if not damage.other_kind(store.meta(code))]


def open_tables(store: TableStore) -> list[dict[str, Any]]:
    """The tables learners may join now: code, game, players, who sits there, in the order they were opened."""
    listing = []
    for code in store.codes():
        meta = store.meta(code)
        if damage.other_kind(meta):  # a tournament's record: no table
            continue
        if damage.card_damage(meta, code) is None and meta["status"] == "open":  # a damaged card is nobody's to join
            listing.append({"code": code, "game": meta["game"], "title": get_game(meta["game"]).title,
                            "players": meta["players"], "names": list(meta["names"]),
                            "free": sum(k is None for k in meta["keys"])})
    return listing


def fill_tables(store: TableStore, game: str, learners: list[Any], size: int, **settings: Any) -> list[str]:
    """Open class tables of ``size`` for ``learners`` in the order given (the last table may have bots for the
    seats left); returns their codes."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise TableError("table size: a whole number of players.")
    if not isinstance(learners, (list, tuple)):
        raise TableError("learners: a list of the learners' names.")
    names = [learner_name(n) for n in learners]
    if not names:
        raise TableError("learners: name at least one learner.")
    codes = []
    for i in range(0, len(names), size):
        seats: list[Any] = names[i:i + size]
        seats += [None] * (size - len(seats))
        codes.append(open_card(store, game, size, seats=seats, **settings)[0])
    return codes



def summary_of(table: Any) -> dict[str, Any]:
    """A table's progress without a card (``Table.summary``): its code, game, seats (who is a bot), state, moves so
    far, whose turn, the scores once over, and the sentence naming the damage that closed it (``None``: none)."""
    meta = table.meta
    out: dict[str, Any] = {
        "code": table.code, "game": meta["game"], "players": meta["players"], "names": list(meta["names"]),
        "title": table.game.title if table.game is not None else "a game this Gwari does not know",
        "bots": sorted(set(meta["bots"]) | table.away), "status": meta["status"], "moves": table.version,
        "turn": None, "scores": None, "winners": None, "damaged": table.damage}
    if table.state is not None:
        if table.state.is_over:
            result = table.state.result()
            out["scores"] = list(result.scores)
            out["winners"] = sorted(result.winners)
        elif table.damage is None:
            out["turn"] = meta["names"][table.state.current_player]
    return out
