"""The room's wire format: the one language the room and a game process share.

:mod:`cardtui.wire.protocol` names every message and :mod:`cardtui.wire.codec`
turns them into JSON lines and back. The room (:mod:`cardtui.room`, the
server) and the game's side of it (:mod:`cardtui.guest`) both import this
package and neither imports the other.

This module itself stays light: the app reads :data:`ROOM_FD_ENV` at start-up
to know whether it was started in a room, without loading the protocol.
"""

#: The environment variable naming the inherited socket's descriptor: set by
#: the server when it spawns a player's game process, read by the game.
ROOM_FD_ENV = "CARDTUI_ROOM_FD"
