"""``cardtui serve`` as a separate process, and the processes it leaves behind.

For tests that must kill the server itself (SIGKILL cannot be sent to the
test's own process) or hold thousands of connections against it.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


def children(parent: int) -> dict[int, str]:
    """Processes whose parent is ``parent``, from ``/proc``: pid -> state (``Z``: unreaped)."""
    found: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat(int(entry))
        if fields is not None and int(fields[1]) == parent:
            found[int(entry)] = fields[0]
    return found


def game_processes(server: int) -> dict[int, str]:
    """A server's games: its children and those of its game template, not the template.

    Games are forked from the template (``cardtui.serve.prefork``), whose
    children they are; started without it, they are the server's own.
    """
    found: dict[int, str] = {}
    for pid, state in children(server).items():
        if is_template(pid):
            found.update(children(pid))
        else:
            found[pid] = state
    return found


def is_template(pid: int) -> bool:
    """Whether ``pid`` is a game template (``python -m cardtui.serve.prefork``)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return b"cardtui.serve.prefork" in cmdline.read().split(b"\0")
    except OSError:
        return False


def is_running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie waiting to be reaped."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def controlling_terminal(pid: int) -> int:
    """The device number of ``pid``'s controlling terminal (0: it has none)."""
    fields = _stat(pid)
    return int(fields[4]) if fields is not None else 0


def proportional_memory(pid: int) -> int:
    """Bytes of ``pid``'s memory in RAM, pages shared with N processes counted 1/N
    (``Pss`` in ``/proc/PID/smaps_rollup``); 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="utf-8") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def resident_memory(pid: int) -> int:
    """Bytes of ``pid``'s memory in RAM (``VmRSS``); 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _stat(pid: int) -> list[str] | None:
    """``/proc/PID/stat`` after the command name: state, ppid, pgrp, session, tty_nr, ..."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None  # gone while we looked


@dataclass(frozen=True)
class Served:
    """A ``cardtui serve`` process that has started."""

    process: subprocess.Popen[str]
    port: int
    fingerprint: str
    #: What it printed up to its host key fingerprint.
    banner: str


def start_serve(
    data_dir: Path,
    *options: str,
    env: Mapping[str, str] | None = None,
    open_files: int | None = None,
) -> Served:
    """Start ``cardtui serve --open`` on a free port of 127.0.0.1.

    ``open_files`` caps the server's descriptors (soft and hard limit), as a
    host with the usual 1,024 would. Its stderr is merged into its stdout.
    """
    environment = {**os.environ, "COLUMNS": "200", "PYTHONUNBUFFERED": "1", **(env or {})}
    command = [sys.executable, "-m", "cardtui", "--data-dir", str(data_dir),
               "serve", "--host", "127.0.0.1", "--port", "0", "--open", *options]  # fmt: skip

    def limit() -> None:
        if open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment,
        preexec_fn=limit if open_files is not None else None,
    )  # fmt: skip
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while not any("fingerprint" in line for line in lines):
        if time.monotonic() > deadline or process.poll() is not None:
            process.kill()
            raise RuntimeError("cardtui serve did not start:\n" + "".join(lines))
        lines.append(process.stdout.readline())
    text = "".join(lines)
    port = re.search(r"ssh -p (\d+)", text)
    printed = re.search(r"(SHA256:\S+)", text)
    assert port and printed, text
    return Served(process, int(port.group(1)), printed.group(1), text)


def stop_serve(process: subprocess.Popen[str]) -> str:
    """Ctrl-C the server, as the host would; return everything it printed."""
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, out
    return out
