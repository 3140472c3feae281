"""Allied military events (5.31): the special conditions of each card, #7 to #38."""

from __future__ import annotations
