"""Reaching a Ray cluster within a bounded time (`zenonzard sim --ray ADDRESS`), without Ray.

`ray.init(address="127.0.0.1:1")` waits for ever for a cluster that is not there. So before Ray is
asked, `check_address` tries a plain TCP connection to the address's host and port (refused or
silent: a RunnerError at once, or after `timeout` seconds), and `within` runs the call to Ray
itself in a helper thread and gives up on it after `timeout` seconds (a cluster that takes the
connection but never answers). Both are here, apart from the Ray runner, so that their tests need
no Ray.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from typing import TypeVar

from zenonzard_tui.sim import RunnerError

T = TypeVar("T")
DEFAULT_TIMEOUT = 30.0  # seconds to reach a cluster (`sim --ray-timeout`)


def host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a Ray address ("10.0.0.5:6379", "ray://head:10001", "[::1]:6379"),
    or None for an address that names no place ("auto", "local"). RunnerError for a port that is
    not a port."""
    rest = address.split("://", 1)[1] if "://" in address else address
    if ":" not in rest:
        return None
    host, _, port = rest.rpartition(":")
    host = host.strip("[]")
    if not port.isdigit() or not 0 < int(port) < 65536 or not host:
        raise RunnerError(f"--ray {address}: not an address (HOST:PORT, e.g. 10.0.0.5:6379)")
    return host, int(port)


def check_address(address: str, timeout: float = DEFAULT_TIMEOUT) -> None:
    """RunnerError unless something listens at the address's host and port (tried for at most
    `timeout` seconds); nothing is checked for an address without one ("auto")."""
    place = host_port(address)
    if place is None:
        return
    try:
        with socket.create_connection(place, timeout=timeout):
            pass
    except TimeoutError:
        raise RunnerError(
            f"cannot reach the Ray cluster at {address}: no answer within {timeout:g} s"
        ) from None
    except OSError as exc:
        raise RunnerError(
            f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}"
        ) from None


def within(seconds: float, call: Callable[[], T], what: str) -> T:
    """What `call()` gives, if it is done within `seconds`; RunnerError naming `what` otherwise
    (the call goes on in its daemon thread, which does not keep the program from ending). An
    exception of the call is raised here."""
    done = threading.Event()
    out: dict[str, object] = {}

    def run() -> None:
        try:
            out["value"] = call()
        except BaseException as exc:  # handed to the caller
            out["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, name=f"reach {what}", daemon=True).start()
    if not done.wait(seconds):
        raise RunnerError(f"cannot reach {what}: no answer within {seconds:g} s")
    if "error" in out:
        error = out["error"]
        assert isinstance(error, BaseException)
        raise error
    return out["value"]  # type: ignore[return-value]
