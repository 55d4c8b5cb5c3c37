"""The blackjack table's screens: the table (:mod:`.screen`) and its setup (:mod:`.setup`).

The table screen composes the widgets and hands every decision to a plain
Python presenter (:mod:`.presenter`: what is shown, whose turn, which keys
are legal, what a key does to the session), which is tested without Textual.
Nothing is imported here: the widgets import :mod:`.seat_info` without
loading the screens.
"""
