"""The host's controls typed in a chat box: ``/pause``, ``/kick Bob``, ``/blinds 10/20``...

At a table the host has the table's chat box (``m``) and no lobby: a line
starting with ``/`` is a host's command there, as in the chat rooms people
already know, and in the lobby's chat too. The game only turns the line into
the request; the room checks the key (a non-host's command is refused with
the room's own words, whatever it is) and answers in the table's log.

>>> host_command("/pause", "t1")
HostPause(ref=None, table='t1')
>>> host_command("/close void", "t1")
HostClose(ref=None, table='t1', void=True)
>>> host_command("/ban  Bob 2", None)
HostKick(ref=None, name='Bob 2', ban=True)
>>> host_command("/blinds 10/20", "t1")
HostBlinds(ref=None, table='t1', small_blind=10, big_blind=20)
>>> host_command("hello /pause", "t1") is None, host_command("//pause", "t1")
(True, None)
>>> host_command("/pause", None)
'/pause works at a table: in the lobby, use h.'
>>> host_command("/move Bob 4", "t1")
HostMove(ref=None, table='t1', name='Bob', seat=3)
>>> host_command("/approve Cy", "t1")
HostSeatAnswer(ref=None, table='t1', name='Cy', approve=True)
>>> host_command("/approval on", "t1"), host_command("/unban Dan", None)
(HostApproval(ref=None, table='t1', on=True), HostUnban(ref=None, name='Dan'))
"""

from __future__ import annotations

from cardtui.i18n import N_, _
from cardtui.wire.protocol import (
    Announce,
    HostApproval,
    HostBlinds,
    HostClose,
    HostKick,
    HostMove,
    HostPause,
    HostRequest,
    HostResume,
    HostSeatAnswer,
    HostUnban,
)

#: What ``/help`` says (and an unknown command); marked here, translated where it is said.
HELP = N_("Host commands: /pause, /resume, /close void (the hand in play void, every bet back), "
        "/close play (after the hand in play), /kick NAME, /ban NAME, /blinds SMALL/BIG "
        "(from the next hand), /move NAME SEAT (between hands), /approval on|off (seats "
        "wait for a host), /approve NAME, /refuse NAME, /unban NAME, /announce TEXT. "
        "//text says a line starting with /.")

#: Commands that act on the table the box belongs to.
_AT_TABLE = ("/pause", "/resume", "/close", "/blinds", "/move", "/approval", "/approve",
             "/refuse")


def host_command(line: str, table: str | None) -> HostRequest | str | None:
    """The host's request ``line`` asks for at ``table`` (None: in the lobby).

    None: the line is chat (it does not start with one ``/``); a string: what
    to tell the player instead (a usage line, the help).
    """
    text = line.strip()
    if not text.startswith("/") or text.startswith("//"):
        return None
    word, _space, rest = text.partition(" ")
    word, rest = word.lower(), rest.strip()
    if word in _AT_TABLE and table is None:
        return _("{command} works at a table: in the lobby, use h.").format(command=word)
    request = _request(word, rest, table)
    return _(HELP) if request is None else request


def _request(word: str, rest: str, table: str | None) -> HostRequest | str | None:
    """The request for one command (None: not a command; a string: its usage)."""
    if word in ("/pause", "/resume"):
        assert table is not None
        return HostPause(table) if word == "/pause" else HostResume(table)
    if word == "/close":
        assert table is not None
        if rest.lower() not in ("void", "play"):
            return _("Say /close void (the hand in play void) or /close play (after it).")
        return HostClose(table, void=rest.lower() == "void")
    if word in ("/kick", "/ban"):
        if not rest:
            return _("Say whom: {command} NAME.").format(command=word)
        return HostKick(rest, ban=word == "/ban")
    if word == "/blinds":
        assert table is not None
        small, slash, big = rest.partition("/")
        if not slash or not small.strip().isdigit() or not big.strip().isdigit():
            return _("Say the blinds as /blinds SMALL/BIG, e.g. /blinds 10/20.")
        return HostBlinds(table, int(small), int(big))
    if word == "/move":
        assert table is not None
        name, _space, seat = rest.rpartition(" ")
        if not name.strip() or not seat.isdigit() or int(seat) < 1:
            return _("Say whom and where: /move NAME SEAT, e.g. /move Bob 4.")
        return HostMove(table, name.strip(), int(seat) - 1)
    if word == "/approval":
        assert table is not None
        if rest.lower() not in ("on", "off"):
            return _("Say /approval on (seats here wait for a host) or /approval off.")
        return HostApproval(table, rest.lower() == "on")
    if word in ("/approve", "/refuse"):
        assert table is not None
        if not rest:
            return _("Say whom: {command} NAME.").format(command=word)
        return HostSeatAnswer(table, rest, approve=word == "/approve")
    if word == "/unban":
        return HostUnban(rest) if rest else _("Say whom: /unban NAME.")
    if word == "/announce":
        return Announce(rest) if rest else _("Say what: /announce TEXT.")
    return None


def chat_text(line: str) -> str:
    """The chat line a ``//``-escaped line says.

    >>> chat_text("//shrug"), chat_text("hi")
    ('/shrug', 'hi')
    """
    text = line.strip()
    return text[1:] if text.startswith("//") else text
