"""A client that closes while its game is still drawing is a hang-up, not a traceback.

asyncssh raises BrokenPipeError from ``write`` on a channel the client has
closed, before ``connection_lost`` arrives; the bridge used to let it out
into the host's log (found with real SSH players hanging up).
"""

from __future__ import annotations

from cardtui.serve.bridge import BridgeSession
from cardtui.serve.limits import Limits


class ClosedChannel:
    def __init__(self) -> None:
        self.exited = False

    def write(self, data: bytes) -> None:
        raise BrokenPipeError("Channel not open for sending")

    def write_stderr(self, data: bytes) -> None:
        raise BrokenPipeError("Channel not open for sending")

    def exit(self, status: int) -> None:
        self.exited = True


async def test_writing_to_a_closed_channel_is_a_hang_up() -> None:
    session = BridgeSession(None, None, None, Limits(), log=print,  # type: ignore[arg-type]
                            on_finished=lambda s: None)
    channel = ClosedChannel()
    session.connection_made(channel)  # type: ignore[arg-type]
    session._forward(b"\x1b[2Jthe last frame")
    assert session._hung_up.is_set()
    session._notice("Goodbye")  # nothing more is written, nothing raised
    session._close_channel(0)
    assert not channel.exited
