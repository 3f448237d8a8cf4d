"""The machine and versions a benchmark ran on, as one Markdown line."""

from __future__ import annotations

import os
import platform
from importlib import metadata

PACKAGES = ("gwari", "voila", "ipykernel", "ipywidgets", "anywidget", "open_spiel", "rlcard", "playwright")


def cpu_name() -> str:
    """The processor's model name (Linux), else what platform says."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def memory_gib() -> float:
    """Total memory in GiB."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30


def versions() -> str:
    """Installed versions of the packages that matter here."""
    found = []
    for name in PACKAGES:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pass
    return ", ".join(found)


def describe() -> str:
    """Machine, Python and package versions."""
    return (f"Machine: {cpu_name()}, {os.cpu_count()} cores, {memory_gib():.0f} GiB, {platform.system()} "
            f"{platform.release()}; Python {platform.python_version()}; {versions()}")
