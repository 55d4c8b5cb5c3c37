"""After a full disk frees up, the waiting rounds are saved promptly, not after the longest pause.

Seen in play: once the disk was full long enough for the writer's pause to
grow to 30 s, freeing space left the rounds waiting up to 30 s unless another
round was played. The writer's pauses are on an injected clock: here it never
moves, so only the disk freeing up can bring the retry.
"""

from __future__ import annotations

from pathlib import Path

from tests.disk_conditions import run_on_full_disk


def test_a_freed_disk_saves_the_waiting_rounds_without_waiting_out_the_pause(
        tmp_path: Path) -> None:
    result = run_on_full_disk(tmp_path / "disk", """
        import json, threading
        from cardtui.clock import FakeClock
        from cardtui.games import Game
        from cardtui.store import Outcome, SeatResult, Store
        from cardtui.store.database import Database
        tries = []
        write = Database.record_round
        def counted(self, *args, **kwargs):
            tries.append(1)
            return write(self, *args, **kwargs)
        Database.record_round = counted
        pause = threading.Event()
        # Virtual time that never moves: a pause, however short, is never over.
        store = Store(DISK + "/cardtui.sqlite3", retry_first=1.0, clock=FakeClock())
        win = [SeatResult("Ann", 10, 10, Outcome.WIN)]
        store.record_round(Game.BLACKJACK, win)
        fill_disk()
        recorded, kept = 1, 0
        while kept == 0 and recorded < 500:  # until the disk has no room left at all
            recorded += 1
            kept += store.record_round(Game.BLACKJACK, win) is None
        waiting = len(store.unsaved())
        refused = len(tries)
        for _ in range(3000):  # until the writer thread has tried it too, and failed
            if len(tries) > refused:
                break
            pause.wait(0.01)
        free_disk()  # and no other round is played
        for _ in range(3000):  # a bound against a hang; nothing is timed
            if not store.unsaved():
                break
            pause.wait(0.01)
        print(json.dumps({"waiting": waiting, "unsaved": len(store.unsaved()),
                          "recorded": recorded, "saved": store.round_count()}))
        store.close(wait=0)
    """)
    assert result["waiting"] == 1
    assert result["unsaved"] == 0 and result["saved"] == result["recorded"]
