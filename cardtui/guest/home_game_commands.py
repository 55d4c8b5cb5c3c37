"""A player's home-game choices at a shared hold'em table, typed in the chat box.

The room asks (:class:`~cardtui.wire.protocol.HomeGameAsk`): the table's log
says which key answers (the screen's 2 and 1, w), and in the chat box ``/twice``
or ``/once`` answers "run it twice?", ``/show`` or ``/muck`` answers "show the
hand that won?". At any time ``/straddle``
(``/straddle off``) chooses to straddle whenever under the gun, and ``/bomb``
(``/bomb off``) votes for a bomb pot next hand. The game only turns the line
into the request; the room checks it (a table without straddles, an answer
nobody asked for) and says why it refuses.

>>> ask = HomeGameAsk("t1", 7, "runs", 0.0)
>>> home_game_command("/twice", "t1", ask)
HomeGameChoice(ref=None, table='t1', hand=7, kind='runs', value=2)
>>> home_game_command("/show", "t1", ask)
'Nobody asked you to show.'
>>> home_game_command("/straddle off", "t1", None)
HomeGameChoice(ref=None, table='t1', hand=0, kind='straddle', value=0)
>>> home_game_command("/pause", "t1", None) is None
True
"""

from __future__ import annotations

from cardtui.i18n import _
from cardtui.wire.protocol import HomeGameAsk, HomeGameChoice

#: The answers to a question, by command: (the question's kind, the value).
ANSWERS = {"/twice": ("runs", 2), "/once": ("runs", 1), "/show": ("show", 1),
           "/muck": ("show", 0)}
#: Choices at any time, by command.
STANDING = {"/straddle": "straddle", "/bomb": "bomb_pot"}


def home_game_command(line: str, table: str,
                      asked: HomeGameAsk | None) -> HomeGameChoice | str | None:
    """The request ``line`` makes, a line saying why it makes none, or None (not ours)."""
    words = line.strip().lower().split()
    if not words:
        return None
    command, rest = words[0], words[1:]
    if command in ANSWERS:
        kind, value = ANSWERS[command]
        if asked is None or asked.kind != kind:
            return (_("Nobody asked you to run it twice.") if kind == "runs"
                    else _("Nobody asked you to show."))
        return HomeGameChoice(table, asked.hand, kind, value)
    if command in STANDING:
        if rest not in ([], ["on"], ["off"]):
            return _("{command} or {command} off").format(command=command)
        return HomeGameChoice(table, 0, STANDING[command], 0 if rest == ["off"] else 1)
    return None


def question(asked: HomeGameAsk, seconds: int) -> str:
    """What the table's log says when the room asks.

    >>> question(HomeGameAsk("t1", 7, "runs", 0.0), 8)
    'All in: run it twice? 2: twice, 1: once (8 s; no answer: once).'
    """
    if asked.kind == "runs":
        return _("All in: run it twice? 2: twice, 1: once ({seconds} s; no answer: once)."
                 ).format(seconds=seconds)
    return _("You won uncontested: w shows your hand ({seconds} s; no answer: muck)."
             ).format(seconds=seconds)
