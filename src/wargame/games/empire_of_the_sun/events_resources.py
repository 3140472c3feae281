"""Resource events (5.33) and the Bridge on the River Kwai (#18)."""

from __future__ import annotations
