"""The tables of classmates in Redis, for learners' servers spread over several machines (JupyterHub's spawner).

The same calls as ``SQLiteTables`` (``tutor.tables.interface.TableStore``).  Keys, under ``gwari:`` (a Redis shared
with other programs is not disturbed): ``tables`` (a sorted set of codes in the order they were made, counted by ``made``),
``table:<code>`` (the card), ``log:<code>`` (a list of entries), ``beats:<code>`` and ``touch:<code>:<race>``
(hashes by seat).  What must not race is one Lua script each, which Redis runs whole before anything else:
appending at a version, keeping a race's first touch, stamping with Redis's own ``TIME`` (one clock for every
server), changing a card (read, then written back only if nobody wrote it in between).  Nobody subscribes: each
kernel at a table reads the log's length at its page's tick (``tutor.widgets.play_table``).
"""

from __future__ import annotations

from typing import Any, Callable

from tutor.tables.interface import TableError, dumps, loads, new_code

PREFIX = "gwari:"

_NOW = "local t = redis.call('TIME') return t[1] * 1000 + math.floor(t[2] / 1000)"

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[2])
return 1
"""

_APPEND = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
for i = 2, #ARGV do
  local entry = cjson.decode(ARGV[i])
  entry['at'] = now
  redis.call('RPUSH', KEYS[1], cjson.encode(entry))
end
return 1
"""

_SET_IF_SAME = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""

_BEAT = """
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('HSET', KEYS[1], ARGV[1], now)
return now
"""

_TOUCH = """
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('HSETNX', KEYS[1], ARGV[1], now)
return tonumber(redis.call('HGET', KEYS[1], ARGV[1]))
"""


class RedisTables:
    """Tables kept in a Redis server at ``url`` (``redis://host:6379/0``, ``unix:///run/redis.sock``)."""

    def __init__(self, url: str) -> None:
        try:
            import redis
        except ImportError:  # pragma: no cover - the server extra brings it
            raise TableError("tables store: a Redis address was given, but the redis package is not installed "
                             "(pip install 'gwari[server]').") from None
        self.url = url
        try:
            self.redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=10)
            self.redis.ping()
        except (ValueError, redis.RedisError) as exc:
            raise TableError(f"tables store: the Redis server at {url} cannot be reached ({exc}).") from None
        self._scripts = {name: self.redis.register_script(text) for name, text in
                         (("now", _NOW), ("create", _CREATE), ("append", _APPEND), ("set", _SET_IF_SAME),
                          ("beat", _BEAT), ("touch", _TOUCH))}

    def _key(self, *parts: Any) -> str:
        return PREFIX + ":".join(str(p) for p in parts)

    def now_ms(self) -> int:
        return int(self._scripts["now"]())

    def create(self, meta: dict[str, Any]) -> str:
        while True:
            code = new_code()
            if self._scripts["create"](keys=[self._key("table", code), self._key("tables"), self._key("made")],
                                       args=[dumps({**meta, "code": code}), code]):
                return code

    def meta(self, code: str) -> dict[str, Any]:
        text = self.redis.get(self._key("table", code))
        if text is None:
            raise TableError(f"There is no table {code}: check the code with whoever opened it.")
        return loads(text)

    def change_meta(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        key = self._key("table", code)
        while True:
            old = self.redis.get(key)
            if old is None:
                raise TableError(f"There is no table {code}: check the code with whoever opened it.")
            new = change(loads(old))
            if self._scripts["set"](keys=[key], args=[old, dumps(new)]):
                return new

    def version(self, code: str) -> int:
        return int(self.redis.llen(self._key("log", code)))

    def entries(self, code: str, start: int = 0) -> list[dict[str, Any]]:
        return [loads(text) for text in self.redis.lrange(self._key("log", code), start, -1)]

    def append(self, code: str, version: int, entries: list[dict[str, Any]]) -> bool:
        return bool(self._scripts["append"](keys=[self._key("log", code)],
                                            args=[version] + [dumps(entry) for entry in entries]))

    def codes(self) -> list[str]:
        return list(self.redis.zrange(self._key("tables"), 0, -1))

    def beat(self, code: str, seat: int) -> int:
        return int(self._scripts["beat"](keys=[self._key("beats", code)], args=[seat]))

    def beats(self, code: str) -> dict[int, int]:
        return {int(seat): int(at) for seat, at in self.redis.hgetall(self._key("beats", code)).items()}

    def touch(self, code: str, race: int, seat: int) -> int:
        return int(self._scripts["touch"](keys=[self._key("touch", code, race)], args=[seat]))

    def touches(self, code: str, race: int) -> dict[int, int]:
        return {int(seat): int(at) for seat, at in self.redis.hgetall(self._key("touch", code, race)).items()}
