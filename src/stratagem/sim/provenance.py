"""What produced a result: the code's version, the packages' versions and Python's.

Every result file and report carries it, so a figure can be traced to the code that made
it. It holds nothing of the host or the clock, so the same study on one process, a pool or
Ray writes the same file.
"""

from __future__ import annotations

import platform
import subprocess
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from stratagem.core import JsonDict

PACKAGES = ("stratagem", "numpy", "scipy", "matplotlib", "pydantic", "tomli-w", "ray")
"""The packages whose versions bear on the figures (``ray`` only when installed)."""


def _commit() -> str | None:
    """The git commit of the source tree (``+dirty`` when it has changes), if it is one."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, check=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
            cwd=here.parent,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+dirty" if changed else "")


@lru_cache(maxsize=1)
def provenance() -> JsonDict:
    """``{"code": commit, "python": version, "packages": {name: version}}``."""
    versions: dict[str, str] = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return {"code": _commit(), "python": platform.python_version(), "packages": versions}
