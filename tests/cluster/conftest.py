from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.pg_fixtures import postgres_server, postgres_url
from tests.support.services import NatsServer, start_nats

__all__ = ["nats_server", "postgres_server", "postgres_url"]


@pytest.fixture
def nats_server() -> Iterator[NatsServer]:
    """A nats-server of its own for the test (with JetStream, one user and password)."""
    folder = Path(tempfile.mkdtemp(prefix="cardtui-nats-"))
    server = start_nats(folder)
    try:
        yield server
    finally:
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)
