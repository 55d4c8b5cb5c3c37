"""The game template preloads the modules a served game runs, wherever they moved to."""

from __future__ import annotations

import pkgutil

import cardtui
from cardtui.serve.template import CARDTUI_MODULES


def preloaded(module: str) -> bool:
    # "package.*" is every module below the package, and so the package itself.
    return any(module == name.removesuffix(".*")
               or (name.endswith(".*") and module.startswith(name[:-1]))
               for name in CARDTUI_MODULES)


def test_every_module_a_served_game_joins_the_room_with_is_preloaded() -> None:
    # The room's client side and its wire format left cardtui/room/ for packages of
    # their own (guest/, wire/): a template that missed them made every game import
    # the link and the protocol itself, after the fork.
    packages = ("cardtui.guest", "cardtui.wire", "cardtui.tables", "cardtui.ui")
    modules = [info.name for info in pkgutil.walk_packages(cardtui.__path__, "cardtui.")
               if info.name.startswith(packages)]
    assert "cardtui.guest.link" in modules and "cardtui.wire.protocol" in modules
    assert [module for module in modules if not preloaded(module)] == []
