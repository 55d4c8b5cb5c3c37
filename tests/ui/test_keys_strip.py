"""The table's keys line is one widget: the mouse finds each key in it as on Textual's footer."""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Region

from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.widgets.table_footer import KeysStrip, TableFooter

MakeApp = Callable[..., CardtuiApp]


def line(strip: KeysStrip) -> str:
    return "".join(strip.render_lines(Region(0, 0, strip.size.width, 1))[0].text)


def x_of(strip: KeysStrip, description: str) -> int:
    """A cell inside the key named ``description``."""
    return next(start + 1 for start, _, key in strip._spans()  # noqa: SLF001
                if key.description == description)


async def test_a_click_on_a_key_is_its_key_and_a_click_past_the_keys_is_nothing(
        make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        strip = screen.query_one(KeysStrip)
        assert " d Deal " in line(strip)
        await pilot.click(KeysStrip, offset=(strip.drawn_width + 2, 0))
        await pilot.pause()
        assert screen.presenter.view is None  # nothing dealt
        await pilot.click(KeysStrip, offset=(x_of(strip, "Deal"), 0))
        for _ in range(3):
            await pilot.pause()
        assert screen.presenter.view is not None and screen.presenter.view.dealer  # dealt, as by d


async def test_a_disabled_key_rings_the_bell_and_does_nothing(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        strip = app.screen.query_one(KeysStrip)
        deal = next(key for key in strip.keys if key.description == "Deal")
        strip.show([deal.__class__(**{**{f: getattr(deal, f) for f in deal.__slots__},
                                      "enabled": False})])
        await pilot.pause()
        rung: list[bool] = []
        app.bell = lambda: rung.append(True)  # type: ignore[method-assign]
        await pilot.click(KeysStrip, offset=(1, 0))
        await pilot.pause()
        assert rung == [True] and app.screen.presenter.view is None


async def test_hovering_a_key_repaints_the_line_only(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        strip = app.screen.query_one(KeysStrip)
        footer = app.screen.query_one(TableFooter)
        before = strip.render_lines(Region(0, 0, strip.size.width, 1))[0]
        await pilot.hover(KeysStrip, offset=(x_of(strip, "Deal"), 0))
        await pilot.pause()
        hovered = strip.render_lines(Region(0, 0, strip.size.width, 1))[0]
        assert hovered.text == before.text and list(hovered) != list(before)  # restyled
        assert footer.shown == [*strip.keys, *footer.shown[len(strip.keys):]]
        await pilot.hover(KeysStrip, offset=(strip.drawn_width + 3, 0))
        await pilot.pause()
        assert list(strip.render_lines(Region(0, 0, strip.size.width, 1))[0]) == list(before)
