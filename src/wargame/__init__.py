"""wargame: rules-enforced digital editions of board wargames."""

from wargame.runtime import tune_collector

__version__ = "0.1.0"

tune_collector()
