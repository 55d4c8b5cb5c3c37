"""The menu and its chips line name the app by a Protocol (cardtui/ui/services.py),
so that app.py, which imports the menu, is in no import circle: the app must
keep offering every member of it (mypy checks the menu's use of them)."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from cardtui.ui.app import CardtuiApp
from cardtui.ui.services import AppServices


def members() -> dict[str, object]:
    return {name: value for name, value in vars(AppServices).items()
            if not name.startswith("_")}


def test_the_app_offers_every_member_of_app_services(
        make_app: Callable[..., CardtuiApp]) -> None:  # fmt: skip
    app = make_app()
    wanted = members()
    assert {"settings", "store", "room", "action_open"} <= set(wanted)
    for name, member in wanted.items():
        assert hasattr(app, name), name
        if inspect.isfunction(member):
            mine = getattr(app, name)
            assert callable(mine), name
            assert (list(inspect.signature(mine).parameters)
                    == list(inspect.signature(member).parameters)[1:]), name
    app.store.close()
