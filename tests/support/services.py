"""Throwaway PostgreSQL and nats-server processes for the cluster's tests.

Each runs from the distribution's packages (``postgresql``, ``nats-server``; .ci/run
installs them) in a temporary folder, on a free port, and is stopped by the test
that started it. Nothing here skips: a server that cannot start fails the test with
what it said, since CI always has both installed.

``CARDTUI_TEST_POSTGRES``: the URL of a server already running (.ci/run starts one);
each test still gets a schema of its own on it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

#: A server already started for the tests (.ci/run), used instead of starting one.
POSTGRES_VARIABLE = "CARDTUI_TEST_POSTGRES"
#: How long a server may take to accept connections.
START_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _postgres_bin(name: str) -> str:
    """Debian keeps initdb and pg_ctl out of PATH, under /usr/lib/postgresql/<n>/bin."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (apt-get install postgresql)")
    return found


def _as_postgres_user() -> list[str]:
    """initdb refuses to run as root: as root, run the server as the package's user."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError as error:
        raise RuntimeError("running as root without a 'postgres' user to start "
                           "PostgreSQL as (apt-get install postgresql makes one)") from error
    return ["runuser", "-u", "postgres", "--"]


@dataclass
class PostgresServer:
    folder: Path
    port: int
    url: str
    _as: list[str] = field(default_factory=list)

    def stop(self, mode: str = "immediate") -> None:
        subprocess.run([*self._as, _postgres_bin("pg_ctl"), "-D", str(self.folder / "data"),
                        "-m", mode, "-w", "stop"], capture_output=True, check=False)

    def start(self) -> None:
        """(Again, after :meth:`stop`.) Fails loudly with the server's log."""
        log = self.folder / "log"
        run = subprocess.run(
            [*self._as, _postgres_bin("pg_ctl"), "-D", str(self.folder / "data"), "-l", str(log),
             "-t", str(int(START_TIMEOUT)), "-w", "-o",
             f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
             "-c max_connections=200", "start"],
            capture_output=True, text=True, check=False)
        if run.returncode != 0:
            said = log.read_text(errors="replace") if log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start: {run.stdout}{run.stderr}{said}")


def start_postgres(folder: Path) -> PostgresServer:
    """A new PostgreSQL in ``folder`` (trust authentication on 127.0.0.1 only)."""
    folder.mkdir(parents=True, exist_ok=True)
    runner = _as_postgres_user()
    if runner:
        shutil.chown(folder, "postgres")
        folder.chmod(0o700)
    run = subprocess.run(
        [*runner, _postgres_bin("initdb"), "-D", str(folder / "data"), "-A", "trust",
         "-U", "cardtui", "-E", "UTF8", "--no-sync"], capture_output=True, text=True,
        check=False)
    if run.returncode != 0:
        raise RuntimeError(f"initdb failed: {run.stdout}{run.stderr}")
    port = free_port()
    server = PostgresServer(folder, port, f"postgresql://cardtui@127.0.0.1:{port}/postgres",
                            runner)
    server.start()
    return server


@dataclass
class NatsServer:
    folder: Path
    port: int
    user: str
    password: str
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


def start_nats(folder: Path, user: str = "cardtui", password: str = "room-secret",
               port: int | None = None, authorization: str | None = None) -> NatsServer:
    """nats-server with JetStream (the tables' leases live in its key-value store) and
    one user: a connection without the password is refused. ``authorization``: the
    config's block instead (a user per host, :func:`cardtui.cluster.subjects.nats_users`)."""
    binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
    if not Path(binary).exists():
        raise RuntimeError("nats-server is not installed (apt-get install nats-server)")
    folder.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    config = folder / "nats.conf"
    config.write_text(
        f"listen: 127.0.0.1:{port}\n"
        f'jetstream {{ store_dir: "{folder / "js"}" }}\n'
        + (authorization or f'authorization {{ user: "{user}", password: "{password}" }}\n'))
    process = subprocess.Popen([binary, "-c", str(config)], stdout=subprocess.DEVNULL,
                               stderr=open(folder / "log", "ab"))  # noqa: SIM115 - the child's
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("nats-server did not start: "
                                   + (folder / "log").read_text(errors="replace")) from None
            time.sleep(0.05)
    return NatsServer(folder, port, user, password, process)
