"""Processes opening one new PostgreSQL schema at once migrate it once, all of them fine.

The hosts of a room across hosts start together and open the same schemas (the lobby's,
each table's). A process that waited on the schema's lock while another migrated it
used to read "no version" from the catalog's cache and migrate again (DuplicateTable).
"""

from __future__ import annotations

import subprocess
import sys
import uuid

import pytest

from cardtui.store.sql import with_schema

pytestmark = pytest.mark.postgres


def test_three_processes_opening_a_new_schema_together_all_open_it(postgres_url: str) -> None:
    for _ in range(3):
        url = with_schema(postgres_url, f"together_{uuid.uuid4().hex[:8]}")
        code = ("from cardtui.store.backends import open_room_store; "
                f"store = open_room_store({url!r}, 't1'); "
                "print('opened', store.notice, store.usable)")
        processes = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, text=True) for _ in range(3)]
        for process in processes:
            out, _ = process.communicate(timeout=60)
            assert out.strip() == "opened None True", out
