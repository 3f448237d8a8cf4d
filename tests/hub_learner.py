"""What a learner's own code can do from inside their server under the hub (tests/test_hub.py runs it as the
learner's account, with their server's hub token and ``$GWARI_SERVICE_URL``, as their kernel has them).

``python tests/hub_learner.py open GAME PLAYERS | join CODE | start CODE | hand CODE | play CODE SEED |
attack CODE VICTIM RECORDS_FILE``: one JSON line on standard output.  ``attack`` tries what a learner must not do
to ``VICTIM`` and says, for each, the refusal's words (or what went through).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

from tutor.checks import IllegalMove
from tutor.service.people import Refused
from tutor.service.remote import RemoteTable
from tutor.service.seen import unpack
from tutor.service.transport import HttpTransport
from tutor.tables import TableBusy, TableError

TICK_S = 0.15  # a play app's page ticks this often


class Recorded(HttpTransport):
    """The kernel's transport, keeping every answer's JSON text and the text of every object in the payloads the
    service packed into it (a seat's positions): to look for what must never be sent."""

    answers: list[str] = []
    texts: set[str] = set()

    def call(self, area: str, op: str, args: dict[str, Any]) -> Any:
        value = super().call(area, op, args)
        Recorded.answers.append(json.dumps(value))
        walk(value, Recorded.texts, {})
        return value


def walk(value: Any, texts: set[str], seen: dict[int, Any]) -> None:
    """Add ``str()`` of ``value`` and of everything inside it to ``texts``: JSON, and the objects of any payload
    packed in it (unpacked as the kernel unpacks them), through their fields.  ``seen`` holds what was walked (by
    its id, and the object itself, so that no id is freed and reused while the walk goes on)."""
    if id(value) in seen or len(seen) > 200_000:
        return
    seen[id(value)] = value
    if isinstance(value, str):
        texts.add(value)
        if len(value) > 40:
            try:
                inner = unpack(value)
            except Exception:  # not a packed payload: plain text
                return
            walk(inner, texts, seen)
        return
    if type(value) in (int, float, bool, type(None)):  # a card may be an int of its own kind: it is said below
        return
    try:
        texts.add(str(value))
    except Exception:  # an object that cannot say itself: its fields are read below
        pass
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        fields = getattr(value, "__dict__", None) or {}
        slots = [n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", ())]
        items = [*fields.values(), *(getattr(value, n, None) for n in slots)]
    for item in items:
        walk(item, texts, seen)


def transport() -> Recorded:
    return Recorded(os.environ["GWARI_SERVICE_URL"], os.environ["JUPYTERHUB_API_TOKEN"])


def refusal(attempt: Callable[[], Any]) -> str:
    """The words an attempt is refused with; ``"DONE"`` when it went through."""
    try:
        attempt()
    except (Refused, TableError, IllegalMove, PermissionError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return "DONE"


def play(code: str, seed: int) -> dict[str, Any]:
    """Play this learner's seat to the end, a random legal move at each turn, at a page's tick."""
    table, rng, moves = RemoteTable(transport(), code), random.Random(seed), 0
    deadline = time.monotonic() + 120
    while not (table.state is not None and table.state.is_over):
        if time.monotonic() > deadline:
            raise SystemExit("the game did not end within two minutes")
        table.advance()
        state = table.state
        if state is not None and not state.is_over and table.pending is None and state.current_player == table.seat:
            try:
                table.move(str(rng.choice(state.legal_actions())))
                moves += 1
            except TableBusy:
                pass
        else:
            time.sleep(TICK_S)
    return {"moves": moves, "over": True, "seat": table.seat}


def attack(code: str, victim: str, records_file: str) -> dict[str, str]:
    """Each thing a learner must not do to ``victim`` at table ``code``, with what the service (or the machine)
    answered."""
    way = transport()
    mine = RemoteTable(way, code)
    victim_seat = 1 - mine.seat
    for _ in range(400):  # until it is the victim's turn (this seat plays its own turns meanwhile)
        mine.advance()
        if mine.state.current_player == victim_seat:
            break
        if mine.state.current_player == mine.seat and mine.pending is None:
            mine.move(str(mine.state.legal_actions()[0]))
        else:
            time.sleep(TICK_S)
    version = mine.version
    said = {
        "whoami": json.dumps(way.call("people", "whoami", {})),
        "write records": refusal(lambda: way.call("records", "reach", {"learner": victim, "lesson": "pig",
                                                                        "rule": "pig.deal"})),
        "keep a game": refusal(lambda: way.call("records", "keep_game", {"learner": victim, "game": {}})),
        "read records": refusal(lambda: way.call("records", "class_records", {})),
        "move for the seat": refusal(lambda: way.call("tables", "move", {"code": code, "move": "trail 2C",
                                                                         "seat": victim_seat})),
        "take the seat": refusal(lambda: RemoteTable.join(way, code, victim)),
        "read the record": refusal(lambda: way.call("tables", "record", {"code": code})),
        "read the tables": refusal(lambda: way.call("tables", "summary", {"code": code})),
        "deal a seed": refusal(lambda: way.call("tables", "open", {"game": "cassino", "players": 2, "seed": 1})),
        "claim the name": refusal(lambda: RemoteTable.open(way, "cassino", 2, victim)),
        "open the records' file": refusal(lambda: Path(records_file).read_bytes()),
        "open the class key": refusal(lambda: (Path(records_file).parent / "class-key").read_text()),
        "list the records' folder": refusal(lambda: os.listdir(Path(records_file).parent)),
        "hand seen": json.dumps(mine.state.view(victim_seat).seats[victim_seat].hand),
        "victim's turn": str(mine.state.current_player == victim_seat),
    }
    mine.sync()
    said["table changed"] = str(mine.version != version)
    os.environ["JUPYTERHUB_USER"] = victim  # a kernel's name under the hub: changing it changes nothing
    said["whoami as the victim's name"] = json.dumps(transport().call("people", "whoami", {}))
    said["answers"] = json.dumps(Recorded.answers)
    said["texts"] = json.dumps(sorted(Recorded.texts))
    return said


def main(argv: list[str]) -> dict[str, Any]:
    command, args = argv[0], argv[1:]
    if command == "open":
        table = RemoteTable.open(transport(), args[0], int(args[1]), level="random")
        return {"code": table.code, "seat": table.seat}
    if command == "join":
        return {"seat": RemoteTable.join(transport(), args[0]).seat}
    if command == "start":
        RemoteTable(transport(), args[0]).start()
        return {"started": True}
    if command == "hand":
        table = RemoteTable(transport(), args[0])
        return {"hand": [str(c) for c in table.state.view(table.seat).seats[table.seat].hand]}
    if command == "play":
        return play(args[0], int(args[1]))
    if command == "attack":
        return attack(args[0], args[1], args[2])
    raise SystemExit(f"no command {command!r}")


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
