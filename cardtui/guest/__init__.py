"""The game's side of the room: one game process joining ``cardtui serve``'s room.

- :mod:`~cardtui.guest.joining`: whether this process was started in a room
  (light; the app imports it at start-up) and joining it when first needed;
- :mod:`~cardtui.guest.client`: the inherited socket, one message at a time;
- :mod:`~cardtui.guest.link`: the lobby as it is now, each table's messages
  routed to its session;
- :mod:`~cardtui.guest.shared_table`, :mod:`~cardtui.guest.blackjack`,
  :mod:`~cardtui.guest.holdem`: the shared tables' sessions, which turn the
  room's messages into the seam's events (:mod:`cardtui.tables.session`).

It imports the wire format (:mod:`cardtui.wire`) and the seam, never the room
server (:mod:`cardtui.room`), which runs in another process.
"""
