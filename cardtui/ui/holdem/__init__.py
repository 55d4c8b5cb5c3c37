"""The Texas Hold'em table's screens: the table, its dialogs, the history and the replayer.

- :mod:`.screen`: the table (:class:`~cardtui.ui.holdem.screen.HoldemScreen`),
  its keys and the dialogs they open;
- :mod:`.presenter`: the table without Textual (what is shown, whose turn,
  which keys are live, what a key does to the session), tested without an app;
- :mod:`.felt`: the widgets, drawn from the presenter, and each step shown in
  turn (the table and the replayer share it);
- :mod:`.moves` (which moves are legal), :mod:`.advance` (moves chosen ahead of
  the turn), :mod:`.wording` (the table in words) and :mod:`.pace` (how long each
  step lingers, how long a bot thinks);
- :mod:`.bet_bar` (the amount of a bet, docked in the buttons' row; its keys'
  arithmetic in :mod:`.bet_sizing`);
- dialogs over the table: :mod:`.pass_screen` (hot seat's "pass to"),
  :mod:`.setup` (the table's setup);
- :mod:`.history` (the session's hands) and :mod:`.export` (their format);
- :mod:`.replay` (a hand played again) and :mod:`.replay_list` (a file's hands).

Each screen's stylesheet is beside it. Importing the package imports none of them.
Imports point one way: screen -> history -> replay -> felt -> presenter (no circle).
"""
