"""``python -m tutor.progress where|backup|export|import``."""

from tutor.progress.cli import main

raise SystemExit(main())
