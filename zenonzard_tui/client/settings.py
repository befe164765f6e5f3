"""The client's settings: one typed object, `Settings`.

It says how a game is played (against the AI or hotseat, the human's seat, the AI level, the deck
names: what a save remembers under "client") and what the user prefers (theme, AI delay, default
decks, auto-pass: kept in the settings file). The settings file gives the defaults of a new game;
the command line wins over it; a save keeps what its game used.

The file is `settings.toml` in the user config folder (`~/.config/zenonzard-tui/` on Linux;
$ZENONZARD_CONFIG_DIR overrides it). It is read with tomllib and written by hand, atomically. A
file that cannot be used gives a warning and the defaults (for the values that are wrong), and is
moved aside as `settings.toml.bad-<date>` so that nothing the user wrote is overwritten silently.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from zenonzard_tui.ai import LEVEL_NAMES
from zenonzard_tui.clock import ClockSetting
from zenonzard_tui.engine.events import SEATS
from zenonzard_tui.engine.save import SaveError, shown, write_atomic
from zenonzard_tui.files import APP_NAME, FileReadError, clean_temps, read_limited

CONFIG_ENV = "ZENONZARD_CONFIG_DIR"
SETTINGS_FILE = "settings.toml"
MODES = ("ai", "hotseat")
SAVED_MODES = (*MODES, "network")  # a save's: a network game's save is two players' too
MAX_SETTINGS_BYTES = 100_000
DEFAULT_THEME = "textual-dark"


@dataclass
class Settings:
    """How the client plays: a game's seats and AI (saved with the game), and the user's
    preferences (saved in the settings file)."""

    mode: str = "ai"  # "ai" or "hotseat"
    seat: int = 0  # the human's seat against the AI
    ai: str = "medium"
    names: tuple[str, str] = ("", "")  # deck names, shown beside the seats (a game's, not saved)
    theme: str = DEFAULT_THEME
    ai_delay: float = 0.6  # seconds each AI decision stays on screen
    deck: str = ""  # the default deck: a file or a starter's name ("" a starter drawn at random)
    opponent_deck: str = ""
    autopass: bool = True  # auto-pass against the AI at the start of a game (hotseat: off)
    # hotseat, each player's own Flash windows (A's, B's): "ask" always (nothing leaks), or
    # "usable" only when they hold a card they could play there (the other player learns when
    # they do not). The file says one choice for both, or a list of two.
    hotseat_flash: tuple[str, str] = ("ask", "ask")
    # a chess clock for each player (clock.py): "" none, "10" minutes, "10+5" with 5 s added
    # each time a player hands the decision over; against the AI only the human's runs
    clock: str = ""

    # -- a save's "client" entry ----------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        out = {"mode": self.mode, "seat": SEATS[self.seat], "ai": self.ai, "names": self.names}
        return out | ({"clock": self.clock} if self.clock else {})

    @classmethod
    def from_dict(cls, data: Any, source: str = "save") -> Settings:
        """Settings from a save's "client" entry: anything missing takes the default; a value
        that is there but not one the client knows is a damaged save (SaveError)."""
        out = cls()
        if data is None:
            return out
        if not isinstance(data, dict):
            raise SaveError(f'{source}: "client" must be a table, not {shown(data)}')

        def pick(key: str, allowed: tuple[str, ...]) -> str | None:
            value = data.get(key)
            if value is None:
                return None
            if not isinstance(value, str) or value not in allowed:
                raise SaveError(
                    f"{source}: client.{key} must be one of {', '.join(allowed)}, not {shown(value)}"
                )
            return value

        if (mode := pick("mode", SAVED_MODES)) is not None:
            out.mode = mode
        if (seat := pick("seat", SEATS)) is not None:
            out.seat = SEATS.index(seat)
        if (ai := pick("ai", LEVEL_NAMES)) is not None:
            out.ai = ai
        names = data.get("names")
        if names is not None:
            if not (
                isinstance(names, list)
                and len(names) == 2
                and all(isinstance(n, str) for n in names)
            ):
                raise SaveError(f"{source}: client.names must be a list of two deck names")
            out.names = (names[0][:200], names[1][:200])  # shown beside the seats
        clock = data.get("clock")
        if clock is not None:
            problem = _set(out, "clock", clock)
            if problem:
                raise SaveError(f"{source}: client.clock {problem}")
        return out

    def for_game(self, names: tuple[str, str] = ("", "")) -> Settings:
        """A copy for one game (a game's changes never reach the user's preferences)."""
        return replace(self, names=names)

    # -- the settings file ----------------------------------------------------------------------

    def to_toml(self) -> str:
        lines = ["# zenonzard-tui settings (written by the client; see docs/client.md)"]
        for name in FILE_KEYS:
            lines.append(f"{name} = {_toml_value(_file_value(self, name))}")
        return "\n".join(lines) + "\n"


FILE_KEYS = (
    "theme", "mode", "seat", "ai", "ai_delay", "deck", "opponent_deck", "autopass", "hotseat_flash",
    "clock",
)  # fmt: skip
FLASH_CHOICES = ("ask", "usable")


def _file_value(settings: Settings, name: str) -> str | float | bool | tuple[str, ...]:
    value = getattr(settings, name)
    if name == "hotseat_flash" and value[0] == value[1]:
        return str(value[0])  # one choice for both seats
    return SEATS[value] if name == "seat" else value


def _toml_value(value: str | float | bool | tuple[str, ...]) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(toml_string(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float | int):
        return repr(float(value))
    return toml_string(value)


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


# ----------------------------------------------------------------------------------------------
# Where the file is, reading it, writing it


def config_dir() -> Path:
    """$ZENONZARD_CONFIG_DIR, else the platform's user config folder."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_config_path(APP_NAME)


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


@dataclass
class Loaded:
    """The settings read from a file, and what was wrong with it ("" when nothing)."""

    settings: Settings
    warnings: list[str] = field(default_factory=list)
    kept_aside: Path | None = None  # where a bad file was moved


def load_settings(path: Path | None = None) -> Loaded:
    """The settings of the file (defaults when there is none). Never raises and never blocks: the
    file is read through `files.read_limited` (a FIFO, a device, a folder or a file over
    MAX_SETTINGS_BYTES is refused before anything is read), and a file that cannot be used gives
    warnings and the defaults for what is wrong, and is moved aside (one that cannot even be
    opened, for want of permission, is left where it is)."""
    path = settings_path() if path is None else path
    clean_temps(path.parent, legacy=True)  # what a killed writer left (files.write_atomic)
    try:
        raw = read_limited(path, str(path), MAX_SETTINGS_BYTES, "a settings file")
    except FileReadError as exc:
        if exc.why == "missing":
            return Loaded(Settings())
        if exc.why == "unreadable":  # nothing to move aside either
            return Loaded(Settings(), [f"{exc}; using the defaults"])
        return _bad(path, Settings(), [f"{exc}; using the defaults"])
    except OSError as exc:  # the config folder itself (a name too long, ...)
        return Loaded(Settings(), [f"the settings cannot be read ({exc}); using the defaults"])
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except tomllib.TOMLDecodeError as exc:
        return _bad(path, Settings(), [f"{path}: not valid TOML ({exc})"])
    except UnicodeDecodeError:
        return _bad(path, Settings(), [f"{path}: not UTF-8 text"])
    except RecursionError:
        return _bad(
            path,
            Settings(),
            [f"{path}: not valid TOML (nested too deeply: settings are one level of names)"],
        )
    settings, problems = _from_table(data)
    if problems:
        return _bad(path, settings, [f"{path}: {p}" for p in problems])
    return Loaded(settings)


def _from_table(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    out, problems = Settings(), []
    known = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key not in FILE_KEYS:
            hint = "" if key not in known else " (not kept in the settings file)"
            problems.append(f"unknown setting '{key}'{hint}")
            continue
        problem = _set(out, key, value)
        if problem:
            problems.append(f"{key} = {_shown(value)}: {problem}; using {_file_value(out, key)!r}")
    return out, problems


def _shown(value: Any) -> str:
    """A value of the file as a warning shows it: short, never a whole table or array."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _set(out: Settings, key: str, value: Any) -> str:
    """Set one value read from the file; the problem with it, or ""."""
    if key in ("deck", "opponent_deck"):
        if not isinstance(value, str):
            return "must be a text"
        setattr(out, key, value)
    elif key == "theme":
        if not isinstance(value, str):
            return "must be a text"
        themes = theme_names()
        if value not in themes:
            return "is not a theme; the themes are " + ", ".join(themes)
        out.theme = value
    elif key == "mode":
        if value not in MODES:
            return "must be 'ai' or 'hotseat'"
        out.mode = value
    elif key == "seat":
        if value not in SEATS:
            return "must be 'A' or 'B'"
        out.seat = SEATS.index(value)
    elif key == "ai":
        if value not in LEVEL_NAMES:
            return "must be one of " + ", ".join(LEVEL_NAMES)
        out.ai = value
    elif key == "ai_delay":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
            return "must be a number of seconds from 0 to 10"
        out.ai_delay = float(value)
    elif key == "autopass":
        if not isinstance(value, bool):
            return "must be true or false"
        out.autopass = value
    elif key == "clock":
        if not isinstance(value, str):
            return 'must be a text: minutes, or minutes+seconds ("10", "10+5"), or ""'
        if value.strip():
            try:
                ClockSetting.parse(value)
            except ValueError as exc:
                return str(exc)
        out.clock = value.strip()
    elif key == "hotseat_flash":
        if isinstance(value, str) and value in FLASH_CHOICES:
            out.hotseat_flash = (value, value)
        elif (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, str) and v in FLASH_CHOICES for v in value)
        ):
            out.hotseat_flash = (value[0], value[1])
        else:
            return "must be 'ask' or 'usable', or a list of two of them (A's, B's)"
    return ""


def theme_names() -> tuple[str, ...]:
    """The themes the client offers (Textual's own; the app registers no other)."""
    from textual.theme import BUILTIN_THEMES

    return tuple(sorted(BUILTIN_THEMES))


def _bad(path: Path, settings: Settings, warnings: list[str]) -> Loaded:
    """Move a bad file aside (never overwrite what the user wrote, nor a file kept aside
    before: a second bad file in the same second gets its own name) and say where it went."""
    from zenonzard_tui.files import move_aside

    try:
        aside = move_aside(path)
    except OSError as exc:
        warnings.append(f"(it could not be moved aside: {exc.strerror or exc})")
        return Loaded(settings, warnings)
    warnings.append(
        f"the file is kept as {aside}; the client writes a new one when you change a setting"
    )
    return Loaded(settings, warnings, aside)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings file atomically. OSError when it cannot be written."""
    path = settings_path() if path is None else path
    write_atomic(path, settings.to_toml())
    return path
