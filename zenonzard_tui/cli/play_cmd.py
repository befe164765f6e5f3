"""`zenonzard play`: the Textual client, against the AI or hotseat, from a new game, a practice
puzzle (a scenario file's position) or a save.

Everything the command line names is read and checked before any screen starts: a bad deck,
scenario or save is reported with its file, line and problem on stderr, with exit status 2.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from zenonzard_tui.ai import LEVEL_NAMES
from zenonzard_tui.cli.types import clock_option, seconds
from zenonzard_tui.decks import STARTERS, Deck, DeckError, find_deck, load_deck, starter_files
from zenonzard_tui.engine.game import SEATS, new_game
from zenonzard_tui.engine.save import SEED_RANGE, SaveError
from zenonzard_tui.puzzles import find_puzzle
from zenonzard_tui.usertext import say, terminal_safe

if TYPE_CHECKING:
    from zenonzard_tui.client.settings import Settings

PROG = "zenonzard play"


class UsageError(Exception):
    """Input the command cannot use: the message says what and where (exit status 2)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play a game in the terminal (against the AI or hotseat)",
        description=(
            "Play Zenonzard in the terminal. With no options: a new game against the medium AI, "
            "two starter decks drawn at random, you as player A. Keys: ? shows them all."
        ),
    )
    p.add_argument(
        "--deck",
        metavar="PATH",
        help="your deck file (or a starter deck's name, e.g. red-rush); default: a starter deck",
    )
    p.add_argument(
        "--opponent-deck",
        metavar="PATH",
        help="the other seat's deck (file or starter name); default: another starter deck",
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--ai", choices=LEVEL_NAMES, help="play against the AI at this level (default medium)"
    )
    who.add_argument(
        "--hotseat",
        action="store_true",
        help="two players, one terminal: a cover screen hides each hand from the other",
    )
    p.add_argument(
        "--seat",
        choices=SEATS,
        help="your seat against the AI (default A; in a puzzle, the seat to move first)",
    )
    p.add_argument(
        "--first",
        choices=("random", "A", "B", "you"),
        default="random",
        help="who takes the first turn of a new game (default random)",
    )
    p.add_argument("--seed", type=_seed, help="the game's random seed (default: a random one)")
    source = p.add_mutually_exclusive_group()
    source.add_argument(
        "--scenario",
        metavar="FILE",
        help="open a practice puzzle: a scenario file, or a shipped puzzle's name "
        "('zenonzard scenario --puzzles' lists them)",
    )
    source.add_argument("--load", metavar="SAVE", help="resume a saved game")
    source.add_argument(
        "--tutorial",
        nargs="?",
        const="",
        metavar="LESSON",
        help="a first game that teaches, in 7 short lessons: goes on with the first lesson not "
        "done, or LESSON (its number or name: mulligan, mana, summon, attack, block, flash, "
        "movement)",
    )
    p.add_argument(
        "--ai-delay",
        type=seconds(0, 10),
        metavar="SECONDS",
        help="how long each AI decision stays on screen before the next "
        "(default: the settings file's, else 0.6)",
    )
    p.add_argument(
        "--clock",
        type=clock_option,
        metavar="MINUTES[+SECONDS]",
        help="a chess clock for each player: MINUTES each, SECONDS added each time a player "
        "hands the decision over (10, 10+5); a player whose time runs out loses; against the "
        "AI only your time runs; 'off': none (default: the settings file's, else none)",
    )
    p.add_argument(
        "--no-autosave",
        action="store_true",
        help="do not keep the game in progress in an autosave file",
    )
    p.add_argument(
        "--list-saves",
        action="store_true",
        help="print the games in progress (autosaves) and the saves, then stop",
    )
    source.add_argument(
        "--resume",
        action="store_true",
        help="start on the list of games in progress and saves, to pick one",
    )
    net = p.add_argument_group("a game on a duel server (zenonzard server; docs/server.md)")
    net.add_argument("--server", metavar="URL", help="the server, ws://HOST:PORT or wss://...")
    room = net.add_mutually_exclusive_group()
    room.add_argument("--create", action="store_true", help="create a room and show its code")
    room.add_argument("--join", metavar="CODE", help="join the room with this 6-character code")
    net.add_argument("--name", help="the name the other player sees (default: none)")
    p.add_argument(  # set by `zenonzard serve`: the one typing is a browser (docs/client.md)
        "--served", action="store_true", help=argparse.SUPPRESS
    )
    p.set_defaults(run=run)


def _seed(text: str) -> int:
    """A seed a save can hold (engine/save.py: SEED_RANGE), so that the game can be saved."""
    low, high = SEED_RANGE
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError("a seed is a whole number from -2**63 to 2**64-1")
    return value


# ----------------------------------------------------------------------------------------------
# Starter decks


def _deck(spec: str | None, what: str, avoid: Path | None, rng: random.Random) -> Deck:
    """A deck from a path, a starter deck's name, or (None) a random starter deck."""
    if spec is not None:
        return load_deck(find_deck(spec))
    choices = [f for f in starter_files() if avoid is None or f.resolve() != avoid.resolve()]
    if not choices:
        raise UsageError(f"no starter deck left for {what} in {STARTERS}; give a deck file")
    return load_deck(rng.choice(choices))


# ----------------------------------------------------------------------------------------------
# Building the session


def build(args: argparse.Namespace, prefs: Settings | None = None):
    """The session to play and a maker of new games (or None), or UsageError / DeckError /
    ScenarioError / SaveError for input that cannot be used. `prefs`: the settings file's
    defaults (the command line wins over them)."""
    from zenonzard_tui.client.session import (
        Puzzle,
        Session,
        Settings,
    )
    from zenonzard_tui.scenarios import load_scenario

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    if (args.scenario or args.load) and (args.deck or args.opponent_deck):
        raise UsageError(
            "--deck and --opponent-deck choose the decks of a new game; a "
            + ("puzzle" if args.scenario else "save")
            + " has its own"
        )
    prefs = prefs if prefs is not None else Settings()
    if getattr(args, "clock", None) is not None:
        if args.load:
            raise UsageError("--clock is for a new game: a save keeps the clock it was played with")
        prefs = replace(prefs, clock=args.clock)
    mode = "hotseat" if args.hotseat else "ai" if args.ai else prefs.mode
    level = args.ai or prefs.ai

    if args.load:
        resumed = resume_session(Path(args.load), args, seed)
        if resumed.notice:  # as `replay` says it (the duel shows it too)
            print(f"{PROG}: note: {resumed.notice}", file=sys.stderr)
        return resumed, None

    if args.scenario:
        scenario = load_scenario(_puzzle_path(args.scenario))

        def puzzle(n: int = 0):
            game = scenario.new_game()
            seat = SEATS.index(args.seat) if args.seat else _puzzle_seat(game)
            settings = replace(prefs.for_game(), mode=mode, seat=seat, ai=level)
            info = Puzzle(str(args.scenario), scenario.name, scenario.text, len(scenario.steps))
            return Session(game, settings, info, ai_seed=seed + n)

        restarts = iter(range(1, 10**9))
        return puzzle(), lambda: puzzle(next(restarts))

    rng = random.Random(seed)
    mine = _deck(_spec(args.deck, prefs.deck, "deck"), "your deck", None, rng)
    theirs = _deck(
        _spec(args.opponent_deck, prefs.opponent_deck, "opponent_deck"),
        "the opponent's deck",
        Path(mine.path),
        rng,
    )
    seat = SEATS.index(args.seat) if args.seat else prefs.seat
    decks = (mine, theirs) if seat == 0 else (theirs, mine)
    first = args.first if args.first != "you" else SEATS[seat]
    names = (decks[0].name, decks[1].name)

    def game(game_seed: int):
        played = new_game(decks[0], decks[1], seed=game_seed, first=first)
        settings = replace(prefs.for_game(names), mode=mode, seat=seat, ai=level)
        return Session(played, settings, ai_seed=game_seed)

    counter = random.Random(seed)
    return game(seed), lambda: game(counter.randrange(1, 10**9))


def resume_session(path: Path, args: argparse.Namespace, seed: int):
    """The session of a save or an autosave (SaveError when it cannot be used). What the command
    line says wins over what the save remembers. An autosave is not the user's save: `s` asks
    for a file, and the game moves to a new autosave of its own (the old one goes after it)."""
    from zenonzard_tui.client.saves import autosaves_dir
    from zenonzard_tui.client.session import Session, load_session
    from zenonzard_tui.files import hold

    session = load_session(path, ai_seed=seed)
    settings = session.settings
    if args.hotseat or args.ai:
        settings.mode = "hotseat" if args.hotseat else "ai"
    if args.ai:
        settings.ai = args.ai
    if args.seat:
        settings.seat = SEATS.index(args.seat)
    save_path, saved, resumed = session.save_path, session.saved_count, None
    if save_path is not None and save_path.resolve().parent == autosaves_dir().resolve():
        if not hold(save_path):  # (let go once the game's own autosave replaces it: table.py)
            where = terminal_safe(str(save_path))
            raise SaveError(
                f"{where}: this game is being played in another window (another zenonzard has it "
                "open); go on with it there"
            )
        save_path, saved, resumed = None, None, save_path  # `s` must not save into an autosave
    return Session(
        session.game,
        settings,
        session.puzzle,
        session.texts,
        ai_seed=seed,
        clock_left=session.clock_left(),
        save_path=save_path,
        saved_count=saved,
        resumed_from=resumed,
        notice=session.notice,  # made with another card pool: the duel shows it at start
    )


def _spec(given: str | None, default: str, key: str) -> str | None:
    """The deck the command line names, else the settings file's default (checked here, so a
    bad default is reported as the settings file's)."""
    if given is not None or not default:
        return given
    from zenonzard_tui.client.settings import settings_path

    try:
        load_deck(find_deck(default))
    except DeckError as exc:
        raise UsageError(
            f"{settings_path()}: {key} = {default!r} cannot be used: {exc}\n"
            "(change it with F2 in the client, or give --deck / --opponent-deck)"
        ) from None
    return default


def _puzzle_seat(game) -> int:
    """The seat a puzzle is played from: the one with the first decision (else the active one)."""
    if game.pending is not None:
        return game.pending.seat
    return game.active


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.client.saves import (
        autosaves_dir,
        format_list,
        history_dir,
        list_saves,
        saves_dir,
    )
    from zenonzard_tui.client.settings import load_settings, settings_path
    from zenonzard_tui.scenarios import ScenarioError
    from zenonzard_tui.tutorial import LessonError

    loaded = load_settings()
    for warning in loaded.warnings:
        say(f"{PROG}: warning: {warning}", file=sys.stderr)
    prefs = loaded.settings
    if args.ai_delay is None:
        args.ai_delay = prefs.ai_delay
    if is_network(args):
        return _network(args, prefs)
    if args.list_saves:
        infos = list_saves(autosaves_dir(), saves_dir(), history=history_dir())
        say(
            format_list(infos)
            if infos
            else f"No games in progress or saves in {saves_dir().parent}"
        )
        return 0
    try:
        # (the resume screen has the tutorial's entry: read only when it may be shown)
        wanted = args.tutorial is not None or args.resume or _names_no_game(args)
        tutorial = tutorial_for(args) if wanted else None
        if args.tutorial is not None:
            return _play_tutorial(args, prefs, tutorial, loaded.warnings)
        session, restart = build(args, prefs)
    except (UsageError, DeckError, ScenarioError, SaveError, LessonError) as exc:
        say(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if not terminal_or_say(PROG):
        return 2
    from zenonzard_tui.client.app import Resume, ZenonzardApp

    autosave = None if args.no_autosave else autosaves_dir()
    resume = None
    under_way = tutorial is not None and tutorial.progress.started(tutorial.lessons)
    # (in a browser, served, the start page always comes first: its Tutorial entry is the
    # tutorial's only way in there, where no one can run `zenonzard play --tutorial`)
    if args.resume or (
        _names_no_game(args)
        and autosave
        and (args.served or under_way or list_saves(autosave, None))
    ):
        seed = args.seed

        def load(path: Path):
            return resume_session(path, args, seed or random.SystemRandom().randrange(1, 10**9))

        resume = Resume(
            autosave,
            saves_dir(),
            load,
            lambda: (session, restart),
            tutorial.progress.entry(tutorial.lessons) if tutorial is not None else None,
            under_way,
        )
    app = ZenonzardApp(
        None if resume else session,
        ai_delay=args.ai_delay,
        save_dir=saves_dir(),
        autosave=autosave,
        restart=restart,
        resume=resume,
        settings=prefs,
        settings_file=settings_path(),
        warnings=loaded.warnings,
        saves_by_name=args.served,
        tutorial=tutorial,
    )
    return _run_app(app)


def _run_app(app) -> int:
    app.run()
    if app.return_code:  # the app stopped on an error (Textual has printed it)
        return app.return_code
    if app.session is not None:
        _farewell(app.session, app.tutorial)
    return 128 + signal.SIGTERM if app.terminated else 0  # (`kill`: as a shell reports it)


NOT_WITH_TUTORIAL = ("hotseat", "ai", "deck", "opponent_deck", "seat", "seed", "first")


def tutorial_for(args: argparse.Namespace):
    """The tutorial's lessons and progress (its warning said on stderr), and the lesson
    `--tutorial LESSON` names; UsageError for a lesson that is not there or options it does
    not take, LessonError for a damaged installation."""
    from zenonzard_tui.client.app import Tutorial
    from zenonzard_tui.tutorial import find_lesson, lessons, load_progress, progress_path

    shipped = lessons(check=args.tutorial is not None)  # (a damaged one: exit 2 before a screen)
    progress = load_progress(progress_path())
    if progress.warning:
        say(f"{PROG}: warning: the tutorial's progress: {progress.warning}", file=sys.stderr)
    first = None
    if args.tutorial:
        first = find_lesson(shipped, args.tutorial)
        if first is None:
            names = ", ".join(f"{x.number} {x.id}" for x in shipped)
            raise UsageError(f"--tutorial {args.tutorial}: no such lesson; the lessons: {names}")
    if args.tutorial is not None:
        given = [o for o in NOT_WITH_TUTORIAL if getattr(args, o) not in (None, False, "random")]
        if given:
            option = "--" + given[0].replace("_", "-")
            raise UsageError(f"{option} is for a game; the tutorial's lessons have their own")
    return Tutorial(shipped, progress, first)


def _play_tutorial(args: argparse.Namespace, prefs: Settings, tutorial, warnings: list[str]) -> int:
    """`play --tutorial`: the lessons, from the first not done (or the one named)."""
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.settings import settings_path

    if not terminal_or_say(PROG):
        return 2
    app = ZenonzardApp(
        ai_delay=args.ai_delay,
        settings=prefs,
        settings_file=settings_path(),
        warnings=warnings,
        tutorial=tutorial,
    )
    return _run_app(app)


NOT_WITH_SERVER = ("hotseat", "ai", "scenario", "load", "resume", "list_saves", "opponent_deck",
                   "seat", "seed")  # fmt: skip


def is_network(args: argparse.Namespace) -> bool:
    return bool(args.server or args.create or args.join)


def network_deck(args: argparse.Namespace, prefs: Settings) -> str:
    """The deck's text for a network game, once its options are checked (UsageError, DeckError)."""
    from zenonzard_tui.decks import read_deck_text

    if not args.server or not (args.create or args.join):
        raise UsageError("a network game needs --server URL and --create or --join CODE")
    from zenonzard_tui.net.remote import url_problem

    problem = url_problem(args.server)
    if problem is not None:
        raise UsageError(f"--server {args.server} is not a server address: {problem}")
    given = [o for o in NOT_WITH_SERVER if getattr(args, o) not in (None, False)]
    if given:
        option = "--" + given[0].replace("_", "-")
        raise UsageError(f"{option} is for a game on this machine, not with --server")
    if args.join and getattr(args, "clock", None):
        raise UsageError("--clock is the room's: the player who creates it sets it (--create)")
    return read_deck_text(find_deck(args.deck or prefs.deck or "red-rush"))


def _network(args: argparse.Namespace, prefs: Settings) -> int:
    """`play --server URL --create | --join CODE`: a seat of a room on a duel server."""
    from zenonzard_tui.cli.netplay import play_network
    from zenonzard_tui.client.saves import autosaves_dir, saves_dir

    try:
        deck_text = network_deck(args, prefs)
    except (UsageError, DeckError) as exc:
        say(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if not terminal_or_say(PROG):
        return 2
    autosave = None if args.no_autosave else autosaves_dir()
    return play_network(args, prefs, deck_text, autosave, saves_dir(), PROG)


def _names_no_game(args: argparse.Namespace) -> bool:
    """True when the command line leaves the game open (then the resume screen comes first if
    games are in progress)."""
    return not (args.load or args.scenario or args.deck or args.opponent_deck)


def terminal_or_say(prog: str) -> bool:
    """True when there is a terminal to play in (or a browser's, under serve); else says so."""
    if _has_terminal():
        return True
    print(f"{prog}: needs a terminal (stdin and stdout must be a terminal)", file=sys.stderr)
    return False


def _has_terminal() -> bool:
    """A terminal, or textual-serve's web driver (`zenonzard serve`), which runs the command with
    pipes and sets TEXTUAL_DRIVER."""
    if "web_driver" in os.environ.get("TEXTUAL_DRIVER", ""):
        return True
    return sys.stdin.isatty() and sys.stdout.isatty()


def _farewell(session, tutorial=None) -> None:
    """After the screen closes: where the game is, and how to go on with it, as it is. A file
    holds the game on screen only when its actions are those of the game (Session.in_save,
    in_autosave); else it is named with how the game differs from it: actions played since, or
    taken back (then it holds a later position). A write is said to have failed only when one
    did. After a lesson: how far the tutorial is."""
    from zenonzard_tui.client.lesson import LessonSession
    from zenonzard_tui.table import count_actions

    if isinstance(session, LessonSession) and tutorial is not None:
        lessons, progress = tutorial.lessons, tutorial.progress
        say(f"Tutorial: {progress.summary(lessons)}.")
        if not progress.complete(lessons):
            say("Go on with: zenonzard play --tutorial")
        return
    save = session.in_save()
    saved = save.path if save is not None and save.current else None
    if saved is not None:
        say(f"Saved: {saved}")
    if session.over:
        if session.archived is not None:
            say(f"The game is over; it is in your history: zenonzard replay "
                f"{shlex.quote(str(session.archived))}")  # fmt: skip
        elif saved is None and session.archive_failed:
            say("The game is over; it could not be kept in your history (the folder could not be "
                "written), and it was not saved.")  # fmt: skip
        elif saved is None:
            say("The game is over; it was not saved (with --no-autosave no history is kept).")
        return
    if saved is not None:
        say(f"Go on with: zenonzard play --load {shlex.quote(str(saved))}")
        return
    earlier = ""  # how the game on screen differs from the user's save
    if save is not None:
        gap = save.gap("your save")
        earlier = f": {gap}" if save.back else f" ({gap})"
    auto = session.in_autosave()
    if auto is not None and save is not None and (auto.back, auto.since) == (save.back, save.since):
        auto = None  # the same position as the save's: the save is named
    if auto is not None and auto.current:
        if auto.path == session.resumed_from:
            say(f"Not saved{earlier}; nothing changed since it was resumed, and it is still in "
                f"{auto.path}")  # fmt: skip
        else:
            say(f"Not saved{earlier}; the last position is in {auto.path}")
        say(f"Go on with: zenonzard play --load {shlex.quote(str(auto.path))}")
    elif session.autosave_failed:
        if auto is None or auto.back or not auto.since:
            say(f"Not saved{earlier}, and the autosave could not be written: this game is lost.")
            return
        say(f"Not saved{earlier}, and the autosave could not be written: the last "
            f"{count_actions(auto.since)} are lost; {auto.path} holds the game as it was before "
            "them.")  # fmt: skip
        say(f"Go on from there with: zenonzard play --load {shlex.quote(str(auto.path))}")
    elif auto is not None:  # only take-backs since it was written (a take-back writes none)
        say(f"Not saved{earlier}; {auto.gap('the autosave')}; the position on screen is not "
            "kept.")  # fmt: skip
        say(f"Go on from there with: zenonzard play --load {shlex.quote(str(auto.path))}")
    elif save is not None and save.back:  # moves taken back since the save, none played
        say(f"Not saved{earlier}; the position on screen is not kept.")
        say(f"Go on from your save with: zenonzard play --load {shlex.quote(str(save.path))}")
    elif not session.chosen(lambda seat: not session.is_ai(seat)):
        say("Not saved: nothing was chosen in this game yet, so no autosave was kept.")
    elif session.autosave_dir is None:
        say(f"Not saved{earlier}, and autosave is off (--no-autosave): this game is not kept.")
    else:
        say(f"Not saved{earlier}; the position on screen is not kept.")


def _puzzle_path(spec: str) -> Path | str:
    """A scenario file, or the shipped puzzle of that name; UsageError when it is neither."""
    if os.path.exists(os.path.expanduser(spec)):  # False, not OSError, for a name too long
        return spec
    puzzle = find_puzzle(spec)
    if puzzle is None:
        raise UsageError(
            f"{spec}: no such scenario file or practice puzzle "
            "('zenonzard scenario --puzzles' lists the puzzles)"
        )
    return puzzle
