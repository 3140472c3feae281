"""The rules this package enforces, by rule number (see ``wargame rules empire-of-the-sun``)."""

from pathlib import Path

from wargame.engine.rules import RuleRegistry

RULES = RuleRegistry("empire-of-the-sun", Path(__file__).parent / "data" / "rules.yaml")
