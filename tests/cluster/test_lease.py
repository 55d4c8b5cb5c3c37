"""One owner per table, against a real nats-server: a lease only one host holds, renewed
while the host lives, lapsed and taken over by another host when it dies."""

from __future__ import annotations

import asyncio
from pathlib import Path

import nats
import pytest
from nats.aio.client import Client
from nats.errors import NoServersError

from cardtui.cluster.credentials import Credentials, NoCredentials, find
from cardtui.cluster.lease import RENEWALS_PER_LEASE, Leases
from tests.support.services import NatsServer

#: Short leases keep the test quick; the room's are LEASE_SECONDS.
LEASE = 1.0


async def _connect(server: NatsServer, password: str | None = None) -> Client:
    secret = Credentials(user=server.user, password=password or server.password)
    return await nats.connect(server.url, allow_reconnect=False, connect_timeout=2,
                              **secret.connect_options())




async def test_a_host_without_the_password_is_refused(nats_server: NatsServer) -> None:
    with pytest.raises((NoServersError, nats.errors.Error, OSError)):
        await _connect(nats_server, password="wrong")
    with pytest.raises(NoCredentials):
        find(None, {})
    client = await _connect(nats_server)
    assert client.is_connected
    await client.close()


async def test_one_owner_and_a_dead_hosts_table_is_taken_over(nats_server: NatsServer) -> None:
    one, two = await _connect(nats_server), await _connect(nats_server)
    lost: list[str] = []
    first = await Leases.open(one.jetstream(), "friday", "host-1", lease_seconds=LEASE,
                              on_lost=lost.append)
    second = await Leases.open(two.jetstream(), "friday", "host-2", lease_seconds=LEASE)
    assert await first.claim("t1")
    assert not await second.claim("t1")  # one owner
    assert await second.owner("t1") == "host-1"
    first.start()
    # Renewed more often than a lease lasts: after more than a lease's worth of
    # renewals it is still host-1's.
    claimed_at = first.held["t1"]
    while first.held["t1"] < claimed_at + 2 * RENEWALS_PER_LEASE:
        await asyncio.sleep(LEASE / 10)
    assert not await second.claim("t1")
    await first.stop()  # host-1 "dies": no more renewals (as after kill -9)
    await one.close()
    claims = 0
    while not await second.claim("t1"):  # taken over once the lease lapses
        claims += 1
        assert claims < 100, "the lease never lapsed"
        await asyncio.sleep(LEASE / 5)
    assert await second.owner("t1") == "host-2"
    await second.release("t1")
    assert await second.owner("t1") is None
    await two.close()


async def test_a_host_that_stalled_past_its_lease_gives_the_table_up(
        nats_server: NatsServer) -> None:
    one, two = await _connect(nats_server), await _connect(nats_server)
    lost: list[str] = []
    slow = await Leases.open(one.jetstream(), "friday", "host-1", lease_seconds=LEASE,
                             on_lost=lost.append)
    other = await Leases.open(two.jetstream(), "friday", "host-2", lease_seconds=LEASE)
    assert await slow.claim("t2")
    while not await other.claim("t2"):  # host-1 stalls: no renewal, the lease lapses
        await asyncio.sleep(LEASE / 5)
    await slow.renew()  # host-1 wakes up: its renewal finds the table taken
    assert lost == ["t2"] and "t2" not in slow.held
    assert await other.owner("t2") == "host-2"
    await one.close()
    await two.close()


def test_credentials_come_from_a_file_or_the_environment(tmp_path: Path) -> None:
    file = tmp_path / "nats.secret"
    file.write_text("host:pw\n")
    assert find(file, {}).connect_options() == {"user": "host", "password": "pw"}
    assert find(None, {"CARDTUI_NATS_TOKEN": "tok"}).connect_options() == {"token": "tok"}
    assert "pw" not in repr(find(file, {}))
