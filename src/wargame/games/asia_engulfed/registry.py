"""The rules this package enforces, by rule number (see ``wargame rules asia-engulfed``)."""

from pathlib import Path

from wargame.engine.rules import RuleRegistry

RULES = RuleRegistry("asia-engulfed", Path(__file__).parent / "data" / "rules.yaml")
