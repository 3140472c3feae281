"""Bots: seats played by the program. A bot sees exactly the view a human in its seat sees."""
