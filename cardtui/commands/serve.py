"""``cardtui serve``: host a game night over SSH.

Players connect with ``ssh -p 2222 host`` and get the cardtui menu; each key
keeps its own scores and settings on the host. asyncssh is optional (the
``ssh`` extra), so it is imported only when the server actually starts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from rich.console import Console

from cardtui import locations
from cardtui.commands.arguments import whole_number
from cardtui.i18n import N_, _
from cardtui.serve import DEFAULT_FPS, DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_SESSIONS, DEFAULT_PORT

if TYPE_CHECKING:
    from cardtui.room.config import TableOptions
    from cardtui.serve.server import RunningServer, ServeConfig
    from cardtui.serve.web import RunningRoom, RunningWebDoor, WebConfig

MISSING_ASYNCSSH = N_("cardtui serve needs asyncssh: install cardtui[ssh]")
MISSING_CLUSTER = N_("cardtui serve --cluster and --store postgresql://... need nats-py and "
                     "psycopg: install cardtui[cluster]")

#: Every signal that closes the room the same orderly way (hands voided, players
#: told, games ended): the host's Ctrl-C, a service manager's stop, and the host's
#: terminal closing (SIGHUP; unhandled, it killed the server at once, no player told).
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: What the host reads once a stop signal arrives, while the games are ended.
CLOSING = N_(
    "Closing the room ({signal}): voiding the hands in play, telling every player, "
    "ending every game..."
)
MISSING_WEB = N_("cardtui serve --web needs textual-serve: install cardtui[web]")


_port = whole_number(N_("port"), 0, 65535, grouped=False)
#: --max-sessions and --fps: at least one.
_positive = whole_number(N_("the number"), 1)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected seconds, not {text}").format(
            text=repr(text))) from None
    if value < 0 or value != value:
        raise argparse.ArgumentTypeError(_("expected 0 or more seconds, not {text}").format(
            text=text))
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        metavar="URL",
        help=_("keep the room's store (leaderboard, host log, bans, kept tables) in "
               "PostgreSQL at URL (postgresql://USER@HOST/DB; the password from PGPASSWORD or "
               "~/.pgpass, not the command line) instead of DATA_DIR/room.sqlite3; needs the "
               "cluster extra"),
    )
    parser.add_argument(
        "--cluster",
        metavar="NATS_URL",
        help=_("one of several hosts running one room (nats://HOST:4222): each table runs "
               "on the host holding its lease, every host serves its own players; needs "
               "--store postgresql://... and nats-server's credentials (--cluster-credentials, "
               "or CARDTUI_NATS_USER and CARDTUI_NATS_PASSWORD, or CARDTUI_NATS_TOKEN)"),
    )
    parser.add_argument(
        "--cluster-credentials",
        metavar="FILE",
        type=Path,
        help=_("nats-server's credentials for --cluster: one line, user:password or a token"),
    )
    parser.add_argument(
        "--cluster-host",
        metavar="NAME",
        help=_("this host's name in the cluster (default: a new one each start); with a "
               "NATS user per host, the user's name, so that nats-server lets it read its own "
               "players' lines and no other host's"),
    )
    parser.add_argument(
        "--cluster-room",
        metavar="NAME",
        default="cardtui",
        help=_("the room's name on NATS, the same on every host of the room "
               "(default: cardtui)"),
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("address to listen on (default: 127.0.0.1; 0.0.0.0 for every interface)"),
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=_("port to listen on (default: {port}; 0 picks a free one)").format(
            port=DEFAULT_PORT),
    )
    # Either a list of players' keys or an open room, never both.
    access = parser.add_mutually_exclusive_group()
    access.add_argument(
        "--open",
        action="store_true",
        help=_("let anyone in: any key gets a profile, no key plays as a guest"),
    )
    access.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help=_("players' public keys (default: DATA_DIR/authorized_keys)"),
    )
    parser.add_argument(
        "--host-key",
        type=Path,
        metavar="FILE",
        help=_("the server's private key, made on first start "
               "(default: DATA_DIR/ssh_host_ed25519_key)"),
    )
    parser.add_argument(
        "--room-host",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help=_("a public key whose player runs the room (pause, close, kick, ban, blinds, "
               "announcements); repeatable; also every key in host_keys beside "
               "authorized_keys"),
    )
    parser.add_argument(
        "--room-bot",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help=_("a public key of an outside bot allowed a seat at the room's hold'em tables "
               "(cardtui arena --room); repeatable; also every key in bot_keys beside "
               "authorized_keys"),
    )
    parser.add_argument(
        "--max-sessions",
        "--max-players",
        dest="max_sessions",
        type=_positive,
        default=DEFAULT_MAX_SESSIONS,
        help=_("players at once (default: {count})").format(count=DEFAULT_MAX_SESSIONS),
    )
    parser.add_argument(
        "--idle-timeout",
        type=_seconds,
        metavar="SECONDS",
        default=DEFAULT_IDLE_TIMEOUT,
        help=_("close a session after this long without a key press "
               "(default: {seconds}; 0: never)").format(seconds=DEFAULT_IDLE_TIMEOUT),
    )
    parser.add_argument(
        "--tables",
        type=Path,
        metavar="FILE",
        help=_("the room's shared tables, a TOML file (default: one hold'em table, "
               "6 seats 5/10, and one blackjack table)"),
    )
    parser.add_argument(
        "--action-clock",
        type=_seconds,
        metavar="SECONDS",
        default=None,
        help=_("seconds a player has to act at a shared table (default: 30; "
               "a table in --tables may set its own)"),
    )
    parser.add_argument(
        "--web",
        type=_port,
        metavar="PORT",
        help=_("also let players in from a browser, on this port "
               "(see README: Play in a browser)"),
    )
    parser.add_argument(
        "--web-host",
        default="127.0.0.1",
        help=_("address the browser door listens on (default: 127.0.0.1)"),
    )
    parser.add_argument(
        "--web-token",
        metavar="TOKEN",
        help=_("the invite every browser link must carry "
               "(default: a new random one, printed)"),
    )
    parser.add_argument(
        "--no-ssh",
        action="store_true",
        help=_("no SSH door: players come in from a browser only (needs --web)"),
    )
    parser.add_argument(
        "--fps",
        type=_positive,
        default=DEFAULT_FPS,
        help=_("frames per second sent to each player (default: {fps})").format(
            fps=DEFAULT_FPS),
    )
    parser.add_argument(
        "--no-template",
        dest="template",
        action="store_false",
        help=_("start every game as a new Python process, not forked from a template "
               "that has already loaded the game (slower starts, more memory)"),
    )


def run(args: argparse.Namespace) -> int:
    try:
        from cardtui.serve.launch import Launch
        from cardtui.serve.limits import Limits
        from cardtui.serve.server import ServeConfig
        from cardtui.serve.template import GameTemplate
        from cardtui.store.sql import is_url
    except ModuleNotFoundError as error:
        if error.name != "asyncssh":
            raise
        print(_(MISSING_ASYNCSSH), file=sys.stderr)
        return 2
    if args.no_ssh and args.web is None:
        print(_("cardtui: error: {problem}").format(
            problem=_("--no-ssh leaves no door open: add --web PORT")), file=sys.stderr)
        return 2
    if args.web_token is not None and args.web is None:
        # A token without the browser door would be ignored silently (issue 24).
        print(_("cardtui: error: {problem}").format(
            problem=_("--web-token only works with --web PORT")), file=sys.stderr)
        return 2
    web = _web_config(args)
    if web is False:
        return 2
    tables = _tables(args)
    if tables is None:
        return 2
    root = locations.data_dir(args.data_dir)
    if args.store is not None and not is_url(args.store):
        print(_("cardtui: error: {problem}").format(
            problem=_("--store takes a postgresql:// URL")), file=sys.stderr)
        return 2
    if args.cluster is not None or args.store is not None:
        try:
            import psycopg  # noqa: F401 - only asked whether it is there
            if args.cluster is not None:
                import nats  # noqa: F401
        except ModuleNotFoundError:
            print(_("cardtui: error: {problem}").format(problem=_(MISSING_CLUSTER)),
                  file=sys.stderr)
            return 2
    if args.cluster is not None and args.store is None:
        # Every host must read the same chips.
        print(_("cardtui: error: {problem}").format(
            problem=_("--cluster needs --store postgresql://...")), file=sys.stderr)
        return 2
    config = ServeConfig(
        root=root,
        store=args.store,
        cluster=args.cluster,
        cluster_credentials=args.cluster_credentials,
        cluster_room=args.cluster_room,
        cluster_host=args.cluster_host,
        host=args.host,
        port=args.port,
        # Without the SSH door nobody logs in with a key: no key list is needed.
        open=args.open or args.no_ssh,
        max_sessions=args.max_sessions,
        limits=Limits(idle_timeout=args.idle_timeout),
        launch=Launch(
            ascii=args.ascii,
            seed=args.seed,
            animation=getattr(args, "animation", None),
            fps=args.fps,
            template=GameTemplate() if args.template else None,
            store=args.store,
        ),
        host_key_path=args.host_key,
        authorized_keys_path=args.authorized_keys,
        room_host_keys=tuple(args.room_host),
        room_bot_keys=tuple(args.room_bot),
        tables=tables,
    )
    console = Console(highlight=False, log_path=False)
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(_serve(config, console, web, ssh=not args.no_ssh))
    return 0


def _web_config(args: argparse.Namespace) -> WebConfig | None | Literal[False]:
    """The browser door asked for (None: none), or False after saying what is missing."""
    if args.web is None:
        return None
    try:
        from cardtui.serve.web import WebConfig, new_token
    except ModuleNotFoundError as error:
        if error.name not in ("textual_serve", "aiohttp"):
            raise
        print(_(MISSING_WEB), file=sys.stderr)
        return False
    token = args.web_token if args.web_token is not None else new_token()
    if not token or not all(c.isalnum() or c in "-_." for c in token):
        print(_("cardtui: error: {problem}").format(
            problem=_("--web-token takes letters, digits, '-', '_' and '.'")), file=sys.stderr)
        return False
    # The host's own browser link: a second secret, printed on this terminal only.
    return WebConfig(host=args.web_host, port=args.web, token=token, host_token=new_token())


def _tables(args: argparse.Namespace) -> tuple[TableOptions, ...] | None:
    """The room's tables, or None after printing the one line that says what is wrong."""
    from cardtui.room.config import DEFAULT_ACTION_CLOCK, ConfigError, default_tables, load_tables

    try:
        if args.tables is not None:
            return tuple(load_tables(args.tables, args.action_clock))
        clock = args.action_clock if args.action_clock is not None else DEFAULT_ACTION_CLOCK
        return tuple(default_tables(clock))
    except ConfigError as error:
        print(_("cardtui: error: {problem}").format(problem=error.worded()), file=sys.stderr)
        return None


async def _serve(
    config: ServeConfig, console: Console, web: WebConfig | None = None, *, ssh: bool = True
) -> int:
    from cardtui.serve.door import AcceptFailures
    from cardtui.serve.limits import raise_open_file_limit
    from cardtui.serve.server import start_server

    def log(text: str) -> None:
        # After SIGHUP the host's terminal is gone: a line that cannot be written
        # must not stop the room from closing in order.
        with contextlib.suppress(OSError):
            console.log(text, markup=False)

    raise_open_file_limit()
    # Running out of descriptors is counted, not logged once per refused connection.
    asyncio.get_running_loop().set_exception_handler(AcceptFailures(log))

    if ssh and not config.open and not config.authorized_keys_file.exists():
        print(_("cardtui: error: {problem}").format(
            problem=_("no players' keys at {path}: add their public keys there, or pass "
                      "--open").format(path=config.authorized_keys_file)), file=sys.stderr)
        return 2
    # The SSH server, announced with its address and key; without it, the room alone.
    server: RunningServer | None = None
    running: RunningServer | RunningRoom
    try:
        if ssh:
            running = server = await start_server(config, log)
        else:
            from cardtui.serve.web import start_room

            running = await start_room(config, log)
    except (OSError, ValueError) as error:
        print(_("cardtui: error: {problem}").format(problem=error), file=sys.stderr)
        return 2
    browsers: RunningWebDoor | None = None
    stop = asyncio.Event()
    close_on_signals(stop, log)
    try:
        if web is not None:
            from cardtui.serve.web import start_web_door

            try:
                browsers = await start_web_door(
                    running.room, web, config.launch, config.limits, log
                )
            except OSError as error:
                print(_("cardtui: error: {problem}").format(
                    problem=_("browser door: {reason}").format(reason=error)), file=sys.stderr)
                return 2
        if server is not None:
            _announce(console, config, server)
        if browsers is not None:
            _announce_web(console, browsers)
        if not ssh:
            console.print(_("Ctrl-C closes the room."))
        await stop.wait()
    finally:
        if browsers is not None:
            await browsers.close()
        await running.close()
        with contextlib.suppress(OSError):
            console.print(_("The room is closed."))
    return 0


def close_on_signals(stop: asyncio.Event, say: Callable[[str], None]) -> None:
    """Set ``stop`` on any of :data:`STOP_SIGNALS`, saying once what happens next."""
    loop = asyncio.get_running_loop()

    def closing(signum: signal.Signals) -> None:
        if stop.is_set():
            return  # a second Ctrl-C while the games end: the first one is at work
        name = "Ctrl-C" if signum is signal.SIGINT else signum.name
        say(_(CLOSING).format(signal=name))
        stop.set()

    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, closing, signum)


def _announce_web(console: Console, browsers: RunningWebDoor) -> None:
    console.print(_("Browsers: players open  {link}").format(link=f"[bold]{browsers.link}[/]"))
    console.print(
        _("The link carries the room's invite token: share it with your players only."),
        style="dim",
    )
    if browsers.host_link:
        console.print(_("Browsers: the host opens  {link}").format(link=browsers.host_link),
                      markup=False)
        console.print(_("That link runs the room (the host's controls): keep it to yourself."),
                      style="dim")


def _announce(console: Console, config: ServeConfig, running: RunningServer) -> None:
    console.print(_("{cardtui} is open on port {port}: players run  {command}").format(
        cardtui="[bold]cardtui[/]", port=f"[bold]{running.port}[/]",
        command=f"[bold]ssh -p {running.port} {_shown_host(config.host)}[/]"))
    console.print((_("Host key fingerprint (new): {fingerprint}") if running.host_key_created
                   else _("Host key fingerprint: {fingerprint}")).format(
                       fingerprint=f"[bold]{running.host_key_fingerprint}[/]"))
    console.print(_("Host key: {path}").format(path=config.host_key_file), markup=False,
                  style="dim")
    if config.open:
        console.print(_("Open room: any key is welcome; players without a key sit in as "
                        "guests."))
    else:
        console.print(_("Players' keys: {path} (re-read on every login)").format(
            path=config.authorized_keys_file), markup=False)
    console.print(_("Hosts' keys: {paths}").format(paths=", ".join(
        str(path) for path in (config.host_keys_file, *config.room_host_keys))), markup=False)
    console.print(_("Bots' keys: {paths}").format(paths=", ".join(
        str(path) for path in (config.bot_keys_file, *config.room_bot_keys))), markup=False)
    console.print(_("Profiles: {path}").format(path=config.root / "profiles"), markup=False,
                  style="dim")
    if config.tables:
        names = ", ".join(table.name for table in config.tables)
        console.print(_("Shared tables: {names}").format(names=names), markup=False)
    console.print(_("Ctrl-C closes the room."))


def _shown_host(host: str) -> str:
    return _("<this machine>") if host in ("", "0.0.0.0", "::") else host
