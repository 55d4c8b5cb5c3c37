"""The Texas Hold'em table's screens: the table, its dialogs, the history and the replayer.

- :mod:`.screen`: the table (:class:`~cardtui.ui.holdem.screen.HoldemScreen`),
  talking to a table session through the seam; :mod:`.felt` draws it,
  :mod:`.moves` and :mod:`.hands_between` are what its keys do;
- :mod:`.wording` (the table in words) and :mod:`.pace` (how long each step lingers);
- dialogs over the table: :mod:`.raise_box` (the amount), :mod:`.pass_screen`
  (hot seat's "pass to"), :mod:`.setup` (the table's setup);
- :mod:`.history` (the session's hands) and :mod:`.export` (their format);
- :mod:`.replay` (a hand played again) and :mod:`.replay_list` (a file's hands).

Each screen's stylesheet is beside it. Importing the package imports none of them.
"""
