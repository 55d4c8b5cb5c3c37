"""The host's requests that every part of a room across hosts answers: kick, unban, desk.

On one host the room answers these from all its tables at once. Across hosts each table's
seats, seat requests and bans are in the part running it, so the relay asks every part
and answers the game once, from what they said: every kick done anywhere, every ban
lifted, the seat requests and bans of every part. A part being moved to another host
says nothing for a while: what came in :data:`GATHER_SECONDS` is the answer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from cardtui.clock import Clock, SystemClock, Timer
from cardtui.cluster.shards import LOBBY
from cardtui.i18n import N_
from cardtui.wire.protocol import Error, ErrorCode, HostDeskState, Message, Notice

#: Requests said to every part, answered once by the relay.
GATHERED = frozenset({b"host_kick", b"host_unban", b"host_desk"})
#: The kinds of line that answer them.
ANSWERS = frozenset({b"notice", b"error", b"host_desk_state"})
#: How long a request waits for the parts that have not answered yet.
GATHER_SECONDS = 3.0
NO_ANSWER = N_("no part of the room answered: try again in a moment")


@dataclasses.dataclass
class _Asked:
    waiting: set[str]
    answers: dict[str, Message] = dataclasses.field(default_factory=dict)
    timer: Timer | None = None


class Gatherer:
    """The requests asked of every part, by their ``ref``, until each part answered."""

    def __init__(self, say: Callable[[Message], None], clock: Clock | None = None) -> None:
        self._say = say
        self._clock = clock or SystemClock()
        self._asked: dict[int, _Asked] = {}

    @property
    def pending(self) -> bool:
        """Whether any request waits for answers (else no line needs looking at)."""
        return bool(self._asked)

    def waiting_for(self, ref: object) -> bool:
        return isinstance(ref, int) and ref in self._asked

    def asked(self, ref: int, parts: Sequence[str]) -> None:
        asked = self._asked[ref] = _Asked(set(parts))
        asked.timer = self._clock.call_later(GATHER_SECONDS, self._answer, ref)

    def answered(self, part: str, ref: int, message: Message) -> None:
        asked = self._asked.get(ref)
        if asked is None:
            return
        asked.answers[part] = message
        asked.waiting.discard(part)
        if not asked.waiting:
            self._answer(ref)

    def _answer(self, ref: int) -> None:
        asked = self._asked.pop(ref, None)
        if asked is None:
            return
        if asked.timer is not None:
            asked.timer.cancel()
        for message in merged(asked.answers, ref):
            self._say(message)

    def end(self) -> None:
        for asked in self._asked.values():
            if asked.timer is not None:
                asked.timer.cancel()
        self._asked.clear()


def merged(answers: dict[str, Message], ref: int) -> list[Message]:
    """One answer from every part's: the desks' states merged; else every part's notice
    (a kick done at two parts' tables says both; the same words said once); else the
    lobby's refusal (it knows every player here), or any part's."""
    ordered = [answers[name] for name in sorted(answers, key=lambda name: name != LOBBY)]
    states = [m for m in ordered if isinstance(m, HostDeskState)]
    if states:
        return [HostDeskState(
            requests=tuple(r for state in states for r in state.requests),
            bans=tuple(sorted({b for state in states for b in state.bans}, key=str.casefold)),
            ref=ref)]
    notices: dict[tuple[str, tuple[tuple[str, str], ...]], Notice] = {}
    for message in ordered:
        if isinstance(message, Notice):
            notices.setdefault((message.key or message.text, tuple(sorted(message.args.items()))),
                               message)
    if notices:
        return list(notices.values())
    if ordered:
        return [ordered[0]]
    return [Error(ErrorCode.REFUSED, NO_ANSWER, key=NO_ANSWER, ref=ref)]
