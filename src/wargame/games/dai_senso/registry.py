"""The rules this package enforces, by rule number (see ``wargame rules dai-senso``)."""

from pathlib import Path

from wargame.engine.rules import RuleRegistry

RULES = RuleRegistry("dai-senso", Path(__file__).parent / "data" / "rules.yaml")
