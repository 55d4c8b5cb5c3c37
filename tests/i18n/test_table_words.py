"""What the tables say in the player's language (issue 29): the hold'em engine's
refusals to run it twice or show, the house rules a shared table tells a player
sitting down, the host's announcement and removal, the local table's bankroll
notes, a bot's personality and the strategy chart's name. The room sends message
ids and arguments; each game words them; English reads as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtui import i18n
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.table import SeatSetup
from cardtui.blackjack.table import Table as BlackjackTable
from cardtui.games import Game
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import Hand
from cardtui.holdem.stats_rows import table_rows
from cardtui.i18n import N_
from cardtui.i18n.said import Said, say
from cardtui.room.config import HoldemOptions
from cardtui.room.shared import _CLOCK_ACTED, engine_refusal
from cardtui.store import Store
from cardtui.tables.bankroll import Seated
from cardtui.tables.session import Note
from cardtui.ui.screens.strategy_chart import heading
from cardtui.wire.protocol import Announcement, Kicked
from cardtui.wire.words import shown
from tests.room.support import until
from tests.tables.support import join
from tests.ui.scoreboard_data import record_play


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_engines_refusals_and_the_local_tables_notes_read_in_each_language() -> None:
    hand = Hand([500, 500], button=0, small_blind=5, big_blind=10, rng=random.Random(1))
    check = engine_refusal(hand.problem(Action.check()) or "")  # 5 to call
    assert str(check) == "you cannot check: 5 to call"
    hand.fold()  # the big blind wins uncontested
    problem = hand.show_problem(0)
    assert problem == "seat 0 did not win the pot uncontested"
    refused = engine_refusal(problem)
    assert str(refused) == "you did not win the pot uncontested"
    runs = hand.runs_problem(1, 3) or ""
    seated = Seated(300, 1_040, rebought=1_000, rebuys=2, returned=340)
    i18n.set_language("ja")
    assert shown(str(refused), refused.key, refused.words) == (
        "誰にもコールされずにポットを取ったのではありません")
    assert say(runs) == "席 1 はボードを何回配るか聞かれていません"
    assert shown(str(check), check.key, check.words) == "チェックできません: コールに 5 必要です"
    double = engine_refusal(Said(N_("you need {amount} more chips to double"), amount=20))
    assert shown(str(double), double.key, double.words) == "ダブルするにはあと 20 チップ必要です"
    assert i18n._(Personality.MANIAC.label) == "マニアック"
    # The clock's second move for a player: a room notice, worded by each game.
    assert shown("", _CLOCK_ACTED["folds"][1], {"name": "Ann"}) == (
        "Ann の持ち時間が切れました: Ann はフォールド。Ann は離席扱いになります "
        "(時計が 2 回続けて代わりに動いたため)。")
    i18n.set_language("ru")
    assert seated.note("Иван", Game.BLACKJACK) == (
        "Фишки игрока Иван, оставшиеся за этим столом, когда cardtui в прошлый раз закрылся "
        "без вставания из-за стола, сначала вернулись на баланс: 340 фишек. Иван без фишек: "
        "заведение докупает 1\xa0000 фишек (Блэкджек, докупок: 2 раза).")
    i18n.set_language("zh_CN")
    assert heading(Rules(decks=1), ascii=False).startswith("基本策略, 1 副牌 表")
    i18n.set_language("en")
    assert seated.note("Ann", Game.HOLDEM) == (
        "340 chips Ann left at this table, when cardtui last closed without standing up, "
        "came back to the balance first. Ann was broke: the house rebuys 1,000 chips "
        "(Texas Hold'em rebuys: 2 times).")


async def test_a_russian_player_reads_the_house_rules_and_the_hosts_words_in_russian(
        make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=2, action_clock=30, straddle=True,
                                   bomb_pot_every=10))
    ivan = await join(room, "Иван")
    i18n.set_language("ru")  # Иван's own game
    ivan.listen(await ivan.link.sit("t1", 1000, seat=0))
    rules = ("Правила стола: стрэддл (x или /straddle: ставить его каждый раз первым после "
             "блайндов); бомб-пот каждую 10-ю раздачу (/bomb: проголосовать за него).")
    await until(lambda: rules in [e.text for e in ivan.of(Note)])
    # The host's words as typed; the frame, and the removal, in Иван's language.
    ivan.link.dispatch(Announcement("Ann", "last hand at midnight"))
    ivan.link.dispatch(Kicked("t1", "Ann"))
    said = [e.text for e in ivan.of(Note)]
    assert "Хозяин (Ann) объявляет: last hand at midnight" in said
    assert said[-1].startswith("Хозяин (Ann) убрал вас из-за этого стола")


def test_the_statistics_name_you_and_each_bots_personality_in_the_players_language(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "scores.sqlite3")
    record_play(store, "s1")
    rows, _ = table_rows((h.text for h in store.hand_histories(tournaments=False)), "Player")
    assert [row.label for row in rows] == ["Player (you)", "Maniac bots", "Rock bots"]
    i18n.set_language("ru")
    assert [say(row.label) for row in rows] == [
        "Player (вы)", "боты «Маньяк»", "боты «Камень»"]


def test_a_local_blackjack_table_says_why_it_cannot_deal_in_the_players_language() -> None:
    table = BlackjackTable(Rules(max_bet=1_000), [SeatSetup("Ann", bankroll=500),
                                                  SeatSetup("Bob", bankroll=500)],
                           random.Random(1))
    table.set_bet(0, 490)
    table.set_bet(1, 450)
    table.seats[0].bankroll, table.seats[1].bankroll = 60, 400
    problem = table.deal_problem() or ""
    assert problem == ("nobody can cover a bet (Ann has 60 chips for a bet of 490, Bob has 400 "
                       "chips for a bet of 450)")
    i18n.set_language("zh_CN")
    assert say(problem) == ("没有人付得起下注（Ann 只有 60 枚筹码，不够下注 490, "
                            "Bob 只有 400 枚筹码，不够下注 450）")
