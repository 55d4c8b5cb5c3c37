"""Animations off stops Textual's own animations too (smooth scrolling): nothing moves."""

from __future__ import annotations

from collections.abc import Callable

from textual import constants

from cardtui.settings import AnimationSpeed
from cardtui.ui.app import CardtuiApp

MakeApp = Callable[..., CardtuiApp]


async def test_animations_off_turns_textual_s_off_and_back(make_app: MakeApp) -> None:
    app = make_app(animation="off")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.animation_level == "none"
        app.settings.choose_animation(AnimationSpeed.NORMAL)
        app.apply_animation()
        assert app.animation_level == constants.TEXTUAL_ANIMATIONS


async def test_a_moving_table_keeps_textual_s_level(make_app: MakeApp) -> None:
    app = make_app(animation="normal")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.animation_level == constants.TEXTUAL_ANIMATIONS
