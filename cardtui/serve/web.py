"""The browser door of ``cardtui serve --web PORT``: the same room, reached from a link.

Players open ``http://host:PORT/<token>/``, give a name (or none: "Guest N"),
and play in xterm.js; each tab is one game process, a guest seated in the
same room as the SSH players (``server.Floor``: the same ``--max-sessions``
count, the same shared tables through its own socket pair).

Why not textual-serve's ``Server`` as it is: its ``AppService`` starts every
tab's app with ``create_subprocess_shell(command)`` and a copy of the whole
server environment (``AppService._build_environment``, private, is the only
place to change it), over pipes, with no way to pass the room's socket pair.
A browser guest must be confined exactly like an SSH guest, so the game is
started by ``launch.spawn_game`` in a PTY, and these handlers bridge it to the
websocket. What is used from textual-serve is its client, which is most of the
work: the xterm.js bundle, its CSS and font (the package's ``static/`` folder,
served here as it is), and the page and websocket protocol it speaks
(``web_page.py``, ``web_session.py``). Nothing private is imported.

The invite token is the first part of every path, the static files included,
so a request without it gets a plain 403 before any handler runs: no page, no
process. The token is compared in constant time.

A tab comes back to its seat: the table page keeps a resume token in the
tab's ``sessionStorage`` (192 random bits from the browser's own generator,
kept across a reload, gone with the tab) and puts it in the websocket's path
(``ws/resume/<token>``); the room's profile for the tab is derived from it
(:func:`resume_profile`), so a reload, or a network lost for less than the
grace period, finds the seat kept as an SSH key's is. The token is never
logged, and nobody else can know it.

The host may play from a browser too: ``cardtui serve`` prints the host's own
link (``<invite>/host/<secret>``, a second random token, on the server's
terminal only). Opening it sets an HttpOnly, SameSite=Strict cookie with the
secret on this door's path and goes to the door; a websocket that brings the
cookie (compared in constant time) plays with the host's controls.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import textual_serve
from aiohttp import web

from cardtui.i18n import language_code
from cardtui.names import name_problem
from cardtui.room.hosting import RoomHost, closing_notice
from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import Floor, ServeConfig
from cardtui.serve.terminal import DEFAULT_SIZE
from cardtui.serve.web_page import (
    FAVICON,
    LANG_COOKIE,
    door_page,
    forbidden,
    name_problem_in,
    page_language,
    table_page,
)
from cardtui.serve.web_session import WebFloorSeats, WebSession

#: textual-serve's client: ``js/textual.js`` (xterm.js and its protocol), CSS, fonts.
STATIC = Path(textual_serve.__file__).parent / "static"

#: Where browsers connect unless told otherwise.
DEFAULT_WEB_PORT = 8080

#: Bytes of one message from a tab: a key, a paste (the game keeps 1,024
#: characters of it anyway) or a resize; anything bigger is not a keyboard.
MAX_MESSAGE = 64 * 1024

#: Seconds between websocket pings: a tab whose laptop slept is found gone.
HEARTBEAT = 15.0

#: Bytes of random in a generated invite token (URL-safe base64: 22 characters).
TOKEN_BYTES = 16

#: The cookie that carries the host's secret from the host's link to the websocket.
HOST_COOKIE = "cardtui_host"

#: A resume token as the table page makes it: hex, 48 characters (24 random bytes).
RESUME_CHARACTERS = frozenset("0123456789abcdef")
RESUME_LENGTH = 48


def resume_profile(token: str) -> str | None:
    """The room's profile for a tab's resume token (None: not a token a page makes).

    Hashed: the token itself is never kept or logged in the room.

    >>> resume_profile("ab" * 24)[:14], resume_profile("xyz"), resume_profile("AB" * 24)
    ('guest-web-5e00', None, None)
    """
    if len(token) != RESUME_LENGTH or not set(token) <= RESUME_CHARACTERS:
        return None
    return "guest-web-" + hashlib.sha256(token.encode("ascii")).hexdigest()


def new_token() -> str:
    """A fresh invite token, safe in a URL path.

    >>> len(new_token()), new_token() != new_token()
    (22, True)
    """
    return secrets.token_urlsafe(TOKEN_BYTES)


def encode_name(name: str) -> str:
    """A chosen name as one path segment of the websocket's address.

    >>> encode_name("Ann/Bob ♠"), decode_name(encode_name("Ann/Bob ♠"))
    ('QW5uL0JvYiDimaA', 'Ann/Bob ♠')
    """
    return base64.urlsafe_b64encode(name.encode("utf-8")).decode("ascii").rstrip("=")


def decode_name(segment: str) -> str | None:
    """The name in a websocket address, or None if it is not one a player could pick."""
    try:
        name = base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return None if name_problem(name) else name


@dataclass(frozen=True)
class WebConfig:
    """The browser door: where it listens and the invite its links carry."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_WEB_PORT
    token: str = ""
    #: The host's own secret ("": no browser hosts the room): :attr:`RunningWebDoor.host_link`.
    host_token: str = ""

    def link(self, port: int, host: str | None = None) -> str:
        """The address to share, token included."""
        shown = host or self.host
        if ":" in shown:
            shown = f"[{shown}]"  # an IPv6 address
        return f"http://{shown}:{port}/{quote(self.token, safe='')}/"


class WebDoor:
    """The aiohttp application: the token check, the pages and one session per tab."""

    def __init__(self, seats: WebFloorSeats, config: WebConfig, launch: Launch, limits: Limits,
                 log: Callable[[str], None]) -> None:  # fmt: skip
        if not config.token:
            raise ValueError("the browser door needs an invite token")
        self._seats = seats
        self._config = config
        self._launch = launch
        self._limits = limits
        self._log = log
        #: Tabs playing now.
        self.sessions: set[WebSession] = set()
        #: The shared tables (None: a room without them).
        self.shared: RoomHost | None = seats.shared
        #: Requests turned away for a missing or wrong token.
        self.forbidden = 0
        self.app = web.Application(middlewares=[self._check_token])
        prefix = f"/{config.token}"
        self.app.add_routes([
            web.get(prefix, self._to_door),
            web.get(prefix + "/", self._door),
            web.get(prefix + "/favicon.svg", self._favicon),
            web.get(prefix + "/ws", self._play),
            web.get(prefix + "/ws/{name}", self._play),
            web.get(prefix + "/ws/resume/{resume}", self._play),
            web.get(prefix + "/ws/resume/{resume}/{name}", self._play),
            web.get(prefix + "/host/{secret}", self._host_door),
            web.static(prefix + "/static", STATIC),
        ])  # fmt: skip

    @web.middleware
    async def _check_token(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        first = request.path.removeprefix("/").partition("/")[0]
        if not hmac.compare_digest(first.encode("utf-8"), self._config.token.encode("utf-8")):
            self.forbidden += 1
            return web.Response(status=403, text=forbidden(_accepted(request)))
        response = await handler(request)
        if not isinstance(response, web.WebSocketResponse):
            response.headers["Referrer-Policy"] = "no-referrer"
            response.headers["Cache-Control"] = "no-store"
        return response

    async def _to_door(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(request.path + "/")

    async def _door(self, request: web.Request) -> web.Response:
        """The name form; with a name (or an empty one: a guest) the table page, each in
        the browser's language."""
        language = page_language(_accepted(request))
        if "name" not in request.query:
            return _html(door_page(language=language))
        name = request.query["name"].strip()
        if name and (problem := name_problem_in(name, language)):
            return _html(door_page(name, problem, language))
        scheme = "wss" if request.secure else "ws"
        address = f"{scheme}://{request.host}/{quote(self._config.token, safe='')}/ws"
        if name:
            address += "/" + encode_name(name)
        return _html(table_page(address, language=language))

    async def _host_door(self, request: web.Request) -> web.Response:
        """The host's link: the secret goes into a cookie for this door's websockets only."""
        secret = request.match_info["secret"]
        if not self._is_host_secret(secret):
            self.forbidden += 1
            return web.Response(status=403, text=forbidden(_accepted(request)))
        response = web.Response(status=302,
                                headers={"Location": f"/{quote(self._config.token, safe='')}/"})
        response.set_cookie(HOST_COOKIE, secret, path=f"/{self._config.token}/", httponly=True,
                            samesite="Strict", secure=request.secure)
        return response

    def _is_host_secret(self, secret: str | None) -> bool:
        expected = self._config.host_token
        return bool(expected) and secret is not None and hmac.compare_digest(
            secret.encode("utf-8"), expected.encode("utf-8"))

    async def _favicon(self, request: web.Request) -> web.Response:
        return web.Response(text=FAVICON, content_type="image/svg+xml")

    async def _play(self, request: web.Request) -> web.StreamResponse:
        """One tab's websocket: a guest's game for as long as it is open."""
        if not _same_origin(request):
            # Another site's page cannot drive a game with a visitor's browser.
            self.forbidden += 1
            return web.Response(status=403, text=forbidden(_accepted(request)))
        name = None
        if "name" in request.match_info:
            name = decode_name(request.match_info["name"])
            if name is None:
                return web.Response(status=400, text="400 Bad Request: not a player's name\n")
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        size = (
            _whole(request.query.get("width"), DEFAULT_SIZE[0]),
            _whole(request.query.get("height"), DEFAULT_SIZE[1]),
        )
        # The page's language (navigator.language, a cookie the table page set): the
        # player's game speaks it, as an SSH player's speaks their LANG.
        language = language_code(request.cookies.get(LANG_COOKIE, ""))
        session = WebSession(websocket, name, self._seats, self._launch, self._limits, size,
                             log=self._log, language=language)  # fmt: skip
        if "resume" in request.match_info:
            session.resume_profile = resume_profile(request.match_info["resume"])
        session.host = self._is_host_secret(request.cookies.get(HOST_COOKIE))
        self.sessions.add(session)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)
        return websocket


def _html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html")


def _accepted(request: web.Request) -> str:
    """The languages the browser asks for (its ``Accept-Language``; web_page.page_language)."""
    return request.headers.get("Accept-Language", "")[:500]


def _whole(text: str | None, default: int) -> int:
    """A size from the query string, or ``default``.

    >>> _whole("120", 80), _whole("x", 80), _whole(None, 24)
    (120, 80, 24)
    """
    return int(text) if text is not None and text.isdigit() and len(text) <= 5 else default


def _same_origin(request: web.Request) -> bool:
    """Whether a websocket request comes from this door's own page (or from no page)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser page: a script holding the token anyway
    return origin.partition("://")[2] == request.host


@dataclass
class RunningWebDoor:
    """A started browser door: where it listens and how to stop it."""

    door: WebDoor
    runner: web.AppRunner
    port: int
    link: str
    #: The host's own link ("": none), for the server's terminal only.
    host_link: str = ""

    async def close(self) -> None:
        """Stop taking tabs, void the shared room's hands (telling every player), end every
        tab's game: a tab ended first would never see its hand voided."""
        shared = self.door.shared
        if shared is not None:
            await shared.stop()
        for session in list(self.door.sessions):
            session.hang_up(closing_notice(shared))
        for session in list(self.door.sessions):
            await session.finished()
        await self.runner.cleanup()


async def start_web_door(seats: WebFloorSeats, config: WebConfig, launch: Launch, limits: Limits,
                         log: Callable[[str], None] = print) -> RunningWebDoor:  # fmt: skip
    """Listen for browsers. Raises ``OSError`` if the address cannot be used."""
    door = WebDoor(seats, config, launch, limits, log)
    runner = web.AppRunner(door.app, access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, config.host, config.port)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    port = int(runner.addresses[0][1])
    link = config.link(port, _shown_host(config.host))
    host_link = f"{link}host/{quote(config.host_token, safe='')}" if config.host_token else ""
    return RunningWebDoor(door, runner, port, link, host_link)


def _shown_host(host: str) -> str:
    """The host name for the printed link: this machine's name when listening everywhere."""
    if host in ("", "0.0.0.0", "::"):
        return socket.gethostname() or "localhost"
    return host


@dataclass
class RunningRoom:
    """The room with no SSH door (``--no-ssh``): only browsers come in."""

    room: Floor

    async def close(self) -> None:
        await self.room.close()
        if self.room.config.launch.template is not None:
            await self.room.config.launch.template.close()


async def start_room(config: ServeConfig, log: Callable[[str], None] = print) -> RunningRoom:
    """The room and its seats, as ``server.start_server`` makes them, without listening for SSH."""
    config.root.mkdir(mode=0o700, parents=True, exist_ok=True)
    room = Floor(config, log)
    if room.cluster is not None:
        await room.cluster.start()  # (as start_server does)
    room.open_guest_house()
    config.launch.start_template(config.root, log)
    return RunningRoom(room)
