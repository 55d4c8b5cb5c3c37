"""The hold'em deal key reads as the prompt does (found in a QA pass).

Before any hand the prompt said "d deals the first hand." while the key and the
button read "Next hand": the key now reads "Deal" (as at the blackjack table),
which agrees with "d deals the first hand.", "d deals the next hand." and, after
a tournament, "d starts a new table.".
"""

from __future__ import annotations

from textual.widgets import Static

from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.holdem.wording import BUTTONS
from cardtui.ui.widgets.table_footer import TableFooter
from tests.support.holdem_demo import open_table, settle

HEADS_UP = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK)))


def deal_key(screen: HoldemScreen) -> str:
    (key,) = [k for k in screen.query_one(TableFooter).shown if k.action == "deal"]
    return key.description


async def test_the_deal_key_and_the_prompt_agree_before_and_after_a_hand(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"])
        await settle(pilot)
        prompt = str(screen.query_one("#prompt", Static).render())
        assert "d deals the first hand." in prompt
        assert deal_key(screen) == "Deal"
        assert ("btn-deal", "Deal d", "deal") in BUTTONS
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert "d deals the next hand." in str(screen.query_one("#prompt", Static).render())
        assert deal_key(screen) == "Deal"
