"""The rules this package enforces, by rule number (see ``wargame rules empire-of-the-sun``)."""

from pathlib import Path

from wargame.engine.rules import RuleRegistry

RULES = RuleRegistry("empire-of-the-sun", Path(__file__).parent / "data" / "rules.yaml")
RULES.declare("1.1", where="nothing to enforce: the historical background of the war")
