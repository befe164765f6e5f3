"""The server behind `zenonzard serve`: textual-serve's `Server`, bounded (issue 20, section 3).

Whoever reaches the server is a stranger, so this subclass gives them the game and nothing more:
- the terminal size a browser asks for (the websocket's query and every resize) is clamped to
  MIN_SIZE..MAX_SIZE, and anything that is not a number is the default (a resize to 10**9 gave
  OverflowError; a 100000x100000 screen grew its app to gigabytes);
- at most `max_sessions` games at once: the next browser is told so on its terminal, which keeps
  the words on screen for FULL_WAIT seconds (a websocket closed at once put textual-serve's
  "Session ended" over them), then its websocket is closed (1013, try again later); at most
  MAX_TURNED_AWAY such tabs wait at once, the next is closed at once;
- the page points the browser at the host it asked for (the request's Host, when it is a host
  name), not at the address bound (0.0.0.0 is nobody's address);
- a websocket opened by a page from another site (its Origin is not this server) is refused,
  so a web page cannot play, or save, in the user's name;
- a malformed message from the browser is ignored (it ended the session with a traceback).

textual-serve is wrapped, never patched: `handle_index`, `handle_websocket` and
`_process_messages` are overridden; the rest is textual-serve's own.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import math
import re
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMessage, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from zenonzard_tui.cli.serve_cmd import DEFAULT_MAX_SESSIONS

log = logging.getLogger("zenonzard-serve")

MIN_SIZE = (20, 8)  # columns, rows
MAX_SIZE = (400, 150)  # a 4K screen at a small font; the duel needs 80x24
DEFAULT_SIZE = (80, 24)
MAX_MESSAGE_BYTES = 64 * 1024  # a browser sends keys and sizes: small messages
FULL_WAIT = 120.0  # seconds a tab turned away keeps its message on screen
MAX_TURNED_AWAY = 16  # tabs turned away that wait so at once (no process behind them)
_HOST_RE = re.compile(
    r"^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$"
)


def is_loopback(host: str) -> bool:
    """True when `host` is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _number(value: object, default: int) -> int:
    """A size a browser sent (a query string or JSON): a whole number, else `default`."""
    if isinstance(value, bool):
        return default
    if isinstance(value, float):
        return int(value) if math.isfinite(value) else default
    if isinstance(value, int):
        return value
    if isinstance(value, str) and 0 < len(value) <= 12:
        try:
            return int(value)
        except ValueError:
            return default
    return default


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """The terminal size to give a session: what the browser asked for, within bounds."""
    w = _number(width, DEFAULT_SIZE[0])
    h = _number(height, DEFAULT_SIZE[1])
    return min(max(w, MIN_SIZE[0]), MAX_SIZE[0]), min(max(h, MIN_SIZE[1]), MAX_SIZE[1])


def full_message(max_sessions: int) -> bytes:
    """What a browser turned away sees on its terminal."""
    games = "1 game" if max_sessions == 1 else f"{max_sessions} games"
    return (
        f"\r\n  Zenonzard: this server already runs {games}, as many as it takes at once."
        "\r\n  Try again when one has ended (reload this page).\r\n"
    ).encode()


# The page's keyboard goes to the game from the start: textual-serve's page gives the keys to its
# terminal (xterm.js's input box) only once it has been clicked, so keys typed first were lost.
# This focuses that box as soon as the terminal is made, and again whenever the page comes back
# to the front; a click still works as before.
KEYS_FIRST = """<script>
(function () {
  var tries = 0;
  function focusGame() {
    var box = document.querySelector(".textual-terminal .xterm-helper-textarea");
    if (box === null) {
      if (tries++ < 100) { setTimeout(focusGame, 50); }
      return;
    }
    if (document.activeElement !== box) { box.focus({preventScroll: true}); }
  }
  window.addEventListener("load", function () { tries = 0; focusGame(); });
  window.addEventListener("focus", function () { tries = 0; focusGame(); });
})();
</script>
"""


def with_keys_first(page: str) -> str:
    """The page with `KEYS_FIRST` before its end (at its end when it has no `</body>`)."""
    at = page.rfind("</body>")
    return page + KEYS_FIRST if at < 0 else page[:at] + KEYS_FIRST + page[at:]


class BoundedServer(Server):
    """textual-serve's Server with the bounds above; `max_sessions` games at once."""

    def __init__(
        self,
        command: str,
        host: str = "127.0.0.1",
        port: int = 8000,
        title: str | None = None,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
    ) -> None:
        super().__init__(command, host=host, port=port, title=title)
        self.max_sessions = max_sessions
        self.sessions = 0  # websockets with a game behind them, now
        self.turned_away = 0  # websockets told that the server is full, waiting to be closed

    # ------------------------------------------------------------------------------------------
    # The page

    def page_url(self, request: web.Request) -> str:
        """http://HOST:PORT as the browser reached it: the request's Host when it is a plain host
        name or address (never markup or script for the page), else the address bound (or
        127.0.0.1 for a wildcard bind)."""
        host = request.host
        if not (0 < len(host) <= 255 and _HOST_RE.match(host)):
            bound = self.host
            if bound in ("0.0.0.0", "::", ""):
                bound = "127.0.0.1"
            host = f"[{bound}]" if ":" in bound else bound
            where = request.transport.get_extra_info("sockname") if request.transport else None
            host = f"{host}:{where[1] if where else self.port}"
        scheme = "https" if request.secure else "http"
        return f"{scheme}://{host}"

    async def handle_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, with `KEYS_FIRST` before its end."""
        router = request.app.router
        base = self.page_url(request)
        font_size = min(max(_number(request.query.get("fontsize", "16"), 16), 6), 64)
        websocket = base.replace("http", "ws", 1) + str(router["websocket"].url_for())
        static = base + str(router["static"].url_for(filename="/")).rstrip("/") + "/"
        context = {
            "font_size": font_size,
            "app_websocket_url": websocket,
            "config": {"static": {"url": static}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        return web.Response(text=with_keys_first(page), content_type="text/html")

    # ------------------------------------------------------------------------------------------
    # The sessions

    def same_site(self, request: web.Request) -> bool:
        """A browser says which page opened the websocket (Origin): only this server's may."""
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser (a browser always sends it with a websocket)
            return True
        try:
            return urlsplit(origin).netloc.lower() == request.host.lower()
        except ValueError:
            return False

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.same_site(request):
            log.warning(
                "refused a websocket from another site (Origin %r)", request.headers.get("Origin")
            )
            raise web.HTTPForbidden(text="This game is played from its own page.")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        await websocket.prepare(request)
        if self.sessions >= self.max_sessions:
            log.warning("turned a browser away: %d sessions already", self.sessions)
            await websocket.send_bytes(full_message(self.max_sessions))
            if self.turned_away < MAX_TURNED_AWAY:
                self.turned_away += 1
                try:  # (until the tab goes, or FULL_WAIT)
                    await asyncio.wait_for(self._only_pings(websocket), FULL_WAIT)
                except TimeoutError:
                    pass
                finally:
                    self.turned_away -= 1
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"server full")
            return websocket
        width, height = clamp_size(request.query.get("width"), request.query.get("height"))
        self.sessions += 1
        app_service: AppService | None = None
        try:
            app_service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,  # type: ignore[arg-type]  # as textual-serve passes it
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one session's failure never stops the server
            log.exception(error)
        finally:
            self.sessions -= 1
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def _only_pings(self, websocket: web.WebSocketResponse) -> None:
        """A turned-away tab's messages until it goes: its pings answered (the page takes a
        silent server for a lost one), the rest ignored."""
        async for message in websocket:
            envelope = _envelope(message)
            if envelope is not None and envelope[0] == "ping":
                await _pong(websocket, envelope[1])

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """textual-serve's loop, with every message checked: a resize is clamped, anything
        malformed is ignored."""
        async for message in websocket:
            envelope = _envelope(message)
            if envelope is None:
                continue
            kind, data = envelope
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(
                    *clamp_size(data.get("width"), data.get("height"))
                )
            elif kind == "ping":
                await _pong(websocket, data)
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


def _envelope(message: WSMessage) -> tuple[object, object] | None:
    """A browser's message as textual-serve's page sends it, `[kind, data]`; None for anything
    else (not text, not JSON, not a pair)."""
    if message.type != WSMsgType.TEXT:
        return None
    try:
        envelope = json.loads(message.data)
    except ValueError:
        return None
    if not (isinstance(envelope, list) and len(envelope) == 2):
        return None
    return envelope[0], envelope[1]


async def _pong(websocket: web.WebSocketResponse, data: object) -> None:
    """The answer to the page's ping (which it sends to tell a live server from a lost one)."""
    if isinstance(data, str | int | float):
        await websocket.send_json(["pong", data])
