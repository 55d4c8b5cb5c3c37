"""The cluster's background beats stop when asked, even when nats-py swallowed the cancel.

The first test is the canary of cardtui/cluster/beat.py's workaround: it checks that
nats-py still catches a cancellation inside ``publish`` (nats-io/nats.py#469). Once it
fails, nats-py lets the cancel through and the workaround may go.
"""

from __future__ import annotations

import asyncio
import contextlib

import nats

from cardtui.clock import FakeClock
from cardtui.cluster.beat import Beat
from cardtui.cluster.credentials import Credentials
from tests.support.services import NatsServer


async def test_canary_nats_py_swallows_a_cancel_inside_publish(nats_server: NatsServer) -> None:
    # pending_size=1: every publish waits for the flusher, inside nats-py's
    # `except asyncio.CancelledError: pass` (Client._flush_pending, nats-py 2.16).
    nc = await nats.connect(nats_server.url, pending_size=1, **Credentials(
        nats_server.user, nats_server.password).connect_options())
    published_anyway = asyncio.Event()

    async def publish_then_wait() -> None:
        await nc.publish("canary", b"chirp")
        published_anyway.set()  # the cancel did not stop it
        await asyncio.Event().wait()

    task = asyncio.create_task(publish_then_wait())
    await asyncio.sleep(0)  # the task runs to its first wait: inside publish
    task.cancel()
    anyway = asyncio.create_task(published_anyway.wait())
    await asyncio.wait({task, anyway}, return_when=asyncio.FIRST_COMPLETED)
    assert published_anyway.is_set() and not task.done(), (
        "nats-py now lets a cancel through publish: cardtui/cluster/beat.py's flag and "
        "bounded wait may be simplified")
    task.cancel()  # (asleep now: this one lands)
    await asyncio.wait({task})
    assert task.cancelled()
    await nc.close()


async def test_a_beat_stops_after_a_step_that_swallowed_the_cancel() -> None:
    clock = FakeClock()
    in_step, steps = asyncio.Event(), []

    async def step() -> None:
        steps.append(clock.monotonic())
        in_step.set()
        with contextlib.suppress(asyncio.CancelledError):  # (as nats-py's publish does)
            await asyncio.Event().wait()

    beat = Beat(0.5, step, "the test's step", clock)
    beat.start()
    await asyncio.sleep(0)
    await clock.run(0.5)
    await in_step.wait()
    await beat.stop()  # without the flag, this waited for ever: the loop slept again
    assert not beat.running and len(steps) == 1


async def test_a_beat_steps_every_interval_and_stops_asleep() -> None:
    clock = FakeClock()
    steps: list[float] = []

    async def step() -> None:
        steps.append(clock.monotonic())

    beat = Beat(0.5, step, "the test's step", clock)
    beat.start()
    await asyncio.sleep(0)
    start = clock.monotonic()
    await clock.run(1.6)
    assert [round(t - start, 3) for t in steps] == [0.5, 1.0, 1.5]
    await beat.stop()
    assert not beat.running
    await clock.run(1.0)
    assert len(steps) == 3
