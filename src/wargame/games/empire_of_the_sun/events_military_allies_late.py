"""Allied military events (5.31): the special conditions of each card, #40 to #84."""

from __future__ import annotations
