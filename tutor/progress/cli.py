"""``python -m tutor.progress``: where the class's records are, a safe backup, export and import, and moving a
class's SQLite file into PostgreSQL."""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.progress import schema
from tutor.progress.schema import StoreError
from tutor.progress.store import Progress, Records


def open_store() -> Records:
    """The store ``$GWARI_PROGRESS`` names: ``Progress`` on a file, ``PostgresProgress`` on a PostgreSQL server
    (``tutor.progress.opening``: a store that cannot be opened is refused in words, naming the variable)."""
    from tutor.progress.opening import open_progress

    return open_progress()


def backup(progress: Records, target: Path | str) -> Path:
    """Copy the store to ``target`` safely while apps are writing to it (SQLite's online backup); a PostgreSQL
    store is backed up by PostgreSQL's own pg_dump, which this says."""
    if not isinstance(progress, Progress):
        raise ValueError(f"backup: the records are kept by PostgreSQL at {getattr(progress, 'address', '')}; back "
                         "them up with PostgreSQL's pg_dump (pg_dump --format=custom --file=gwari.dump ADDRESS; "
                         "pg_restore puts them back).")
    target = schema.store_path(target)
    if target.resolve() == progress.path.resolve():
        raise ValueError("backup: the copy must go to another file.")
    target.parent.mkdir(parents=True, exist_ok=True)
    source, copy = progress._connect(), schema.sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target


def main(argv: list[str] | None = None, prog: str = "python -m tutor.progress") -> int:
    """``python -m tutor.progress`` (or ``gwari``, ``prog``): where the class's records are, a backup, export and
    import."""
    import argparse

    parser = argparse.ArgumentParser(prog=prog,
                                     description="The class's records: where they are, a safe backup, export, import.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("where", help="print where the records are (the progress file's path, or the server)")
    copy = sub.add_parser("backup", help="copy the progress file safely, even while the server runs")
    copy.add_argument("target")
    sub.add_parser("export", help="print every learner's records as JSON")
    merge = sub.add_parser("import", help="merge records exported elsewhere (a JSON file)")
    merge.add_argument("file")
    move = sub.add_parser("move", help="copy a class's SQLite file into an empty PostgreSQL store, counting the rows")
    move.add_argument("file")
    move.add_argument("address", help="postgresql://user@host/database")
    args = parser.parse_args(argv)
    try:
        if args.command == "where":
            print(schema.progress_address().shown)
            return 0
        if args.command == "move":
            return _move(args.file, args.address)
        progress = open_store()
        if args.command == "backup":
            print(f"Backed up to {backup(progress, args.target)}")
        elif args.command == "export":
            print(progress.export_json())
            for what in progress.left_out:
                print(f"{parser.prog}: left out, as it cannot be read back: {what}", file=sys.stderr)
        else:
            names = progress.import_json(Path(args.file).read_bytes())
            print(f"Merged the records of {len(names)} learners.")
    except (ValueError, OSError, StoreError) as exc:
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 1
    return 0


def _move(path: str, address: str) -> int:
    from tutor.progress.move import move_in
    from tutor.progress.pg_store import PostgresProgress

    target = PostgresProgress(address)
    try:
        counted = move_in(path, target)
    finally:
        target.close()
    print(f"Moved {counted['learners']} learners' records from {path} to {target.address}; rows counted in both: "
          + ", ".join(f"{table} {n}" for table, n in counted.items()) + ".")
    return 0
