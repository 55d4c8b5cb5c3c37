"""The fixtures that give a test a PostgreSQL (imported by the conftests that need one)."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtui.store.postgres import with_schema
from tests.support.services import POSTGRES_VARIABLE, PostgresServer, start_postgres


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer | str]:
    """One PostgreSQL for this test process: .ci/run's (its URL) or a new one in /tmp.

    In /tmp itself, not pytest's tmp_path: as root the server runs as the postgres
    user, who cannot enter root's private pytest folder.
    """
    given = os.environ.get(POSTGRES_VARIABLE)
    if given:
        yield given
        return
    folder = Path(tempfile.mkdtemp(prefix="cardtui-pg-"))
    server = start_postgres(folder)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer | str) -> str:
    """The server's URL naming a schema no other test uses."""
    base = postgres_server if isinstance(postgres_server, str) else postgres_server.url
    return with_schema(base, f"t_{uuid.uuid4().hex[:12]}")
