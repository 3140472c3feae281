"""The turn-1 events, Operation Z (#1) and IAI Operation No. 1 (#2), and their special
rules (17.11, 5.31)."""

from __future__ import annotations
