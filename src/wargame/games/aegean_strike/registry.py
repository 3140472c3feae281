"""The rules this package enforces, by rule number (see ``wargame rules aegean-strike``)."""

from pathlib import Path

from wargame.engine.rules import RuleRegistry

RULES = RuleRegistry("aegean-strike", Path(__file__).parent / "data" / "rules.yaml")
