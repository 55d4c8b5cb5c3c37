"""cardtui: a terminal card room with Blackjack and Texas Hold'em."""

__version__ = "0.1.0"
