"""Watching a shared blackjack table in Russian: the note that bets are open read in
English ("Bets are open") under a Russian screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.games import Game
from cardtui.guest.blackjack import BlackjackRemoteSession
from cardtui.tables.session import Note
from cardtui.wire.protocol import BetsOpen, TableInfo


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _note() -> str:
    info = TableInfo("t2", Game.BLACKJACK, "Blackjack", "10-500", 7, (None,) * 7, False, 0, 0,
                     30.0)
    watcher = BlackjackRemoteSession(link=None, info=info)  # type: ignore[arg-type]
    notes = [e for e in watcher.translate_game(BetsOpen("t2", 10, 500)) if isinstance(e, Note)]
    assert len(notes) == 1
    return notes[0].text


def test_a_watcher_reads_that_bets_are_open_in_their_language() -> None:
    assert _note() == "Bets are open"
    i18n.set_language("ru")
    assert _note() == "Ставки открыты"
    i18n.set_language("ja")
    assert _note() != "Bets are open"
