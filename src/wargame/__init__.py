"""wargame: rules-enforced digital editions of board wargames."""

__version__ = "0.1.0"
