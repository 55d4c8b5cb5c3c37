"""Table sessions: the one seam between a table screen and wherever its records come from.

A table screen talks only to a :class:`~cardtui.tables.session.TableSession`:
a local table (today's engines and bots in this process), a shared table in
the room (over the room's private channel), or a saved hand being replayed.
Hidden information is filtered here, on the session side, never by a widget.
Nothing in this package imports Textual.
"""
