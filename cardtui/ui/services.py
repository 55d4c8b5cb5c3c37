"""The app as the menu and its chips line use it, typed without importing the app.

``cardtui/ui/app.py`` imports the menu (its first screen), and so does the
navigation (Escape stops at the menu). A menu typed by ``CardtuiApp`` itself
would close an import circle (a type-only import counts: a newcomer reading
the import map sees the loop either way). Screens the app does not import
may name ``CardtuiApp``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardtui.guest.joining import RoomDoor
    from cardtui.settings import Settings
    from cardtui.store import Store


class AppServices(Protocol):
    """What the menu reads of the app; :class:`~cardtui.ui.app.CardtuiApp` is one."""

    @property
    def settings(self) -> Settings:
        """The player's settings (name, card style...)."""
        ...

    @property
    def store(self) -> Store:
        """The player's scoreboard and kept chips."""
        ...

    @property
    def room(self) -> RoomDoor | None:
        """The shared room, when ``cardtui serve`` started this game."""
        ...

    def action_open(self, destination: str) -> None:
        """Go to a destination of the menu (``tables``, ``settings``, ``quit``...)."""
        ...
