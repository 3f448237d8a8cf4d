"""``python -m tutor.progress``: where the class's records are, a safe backup, export and import."""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.progress import schema
from tutor.progress.schema import StoreError, progress_path
from tutor.progress.store import Progress


def backup(progress: Progress, target: Path | str) -> Path:
    """Copy the store to ``target`` safely while apps are writing to it (SQLite's online backup)."""
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


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.progress``: where the class's records are, a backup, export and import."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tutor.progress",
                                     description="The class's records: where they are, a safe backup, export, import.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("where", help="print the progress file's path")
    copy = sub.add_parser("backup", help="copy the progress file safely, even while the server runs")
    copy.add_argument("target")
    sub.add_parser("export", help="print every learner's records as JSON")
    merge = sub.add_parser("import", help="merge records exported elsewhere (a JSON file)")
    merge.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "where":
        print(progress_path())
        return 0
    try:
        progress = Progress()
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
