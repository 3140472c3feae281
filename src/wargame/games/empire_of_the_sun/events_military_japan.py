"""Japanese military events (5.31): the special conditions of each card, #3 to #83."""

from __future__ import annotations
