"""The ``cardtui`` command line.

``cardtui`` opens the menu; ``cardtui blackjack`` / ``cardtui holdem`` go
straight to a table, ``cardtui drill [KIND]`` to a blackjack drill, ``cardtui
replay FILE`` to a PHH hand replayed at the hold'em table; ``scores``,
``stats``, ``export``, ``sim``, ``equity`` and ``serve`` run in the shell. The whole line
is parsed once, by argparse with one sub-parser per command (each command
module adds its own options and imports its heavy parts only when it runs).
A bad flag, value or path exits with status 2 and one line saying why; an
unexpected error is one line too, with the details
in ``crash.log``; Ctrl+C stops a long command with its results so far.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import cache
from importlib import import_module
from pathlib import Path

from cardtui import __version__, locations
from cardtui.commands import botmatch
from cardtui.commands.argparse_words import install as install_argparse_words
from cardtui.commands.arguments import whole_number
from cardtui.i18n import (
    LANGUAGES,
    N_,
    _,
    choose,
    current_language,
    language_code,
    set_language,
)
from cardtui.store.sql import STORE_VARIABLE

#: Sub-commands implemented in ``cardtui.commands.<module>`` (``replay`` opens the app itself).
_SHELL_COMMANDS = {
    "scores": ("scores", N_("print the scoreboard")),
    "stats": ("stats", N_("print hold'em statistics from the hands you played")),
    "export": ("export", N_("write the hold'em hands you played as PHH or PokerStars files")),
    "sim": ("sim", N_("simulate basic-strategy blackjack headless")),
    "equity": ("equity", N_("hold'em equity of two or more hands")),
    "serve": ("serve", N_("host cardtui over SSH for a game night")),
    "replay": ("replay", N_("replay a PHH hand (.phh, .phhs or a folder) at the hold'em table")),
    "arena": ("arena",
              N_("hold'em bots play duplicate matches: bb/100 and its confidence interval")),
}
_TABLES = {
    "blackjack": N_("go straight to the blackjack table"),
    "holdem": N_("go straight to the hold'em table "
                 "(or, with --bots-only, let bots play headless)"),
    "drill": N_("go straight to a blackjack drill: a strategy drill (hard, soft, pairs, "
                "all: the default), leaks, misses, count, index, true-tray, true-left, "
                "countdown-1 or countdown-2"),
}
#: ``cardtui drill KIND``: the practice screen's starts (``practice.STARTS``; not imported
#: from there, which would load Textual for every command).
_DRILLS = ("hard", "soft", "pairs", "all", "leaks", "misses", "count", "index", "true-tray",
           "true-left", "countdown-1", "countdown-2")
_ANIMATIONS = ("off", "fast", "normal", "slow")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and status 2), not a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, _("{prog}: error: {message} (see {command} --help)").format(
            prog=self.prog, message=message, command=self.prog.split()[0]) + "\n")


_seed = whole_number(N_("seed"), 0)


def _language(text: str) -> str:
    code = language_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(_("no language {text!r}: choose from {choices}").format(
            text=text, choices=", ".join(LANGUAGES)))
    return code


def _data_dir(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError(_("needs a directory name, not ''"))
    path = Path(text).expanduser()
    problem = locations.data_dir_problem(path)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return path


def _add_globals(parser: argparse.ArgumentParser, *, suppress: bool) -> None:
    # Sub-parsers repeat the global options (so `cardtui holdem --seed 3` works)
    # with SUPPRESS defaults, so they never overwrite a value given before.
    default = argparse.SUPPRESS if suppress else None
    parser.add_argument("--seed", type=_seed, default=default,
                        help=_("make the whole session reproducible"))
    parser.add_argument("--data-dir", type=_data_dir, default=default, metavar="DIR",
                        help=_("where scores and settings live (or ${variable})").format(
                            variable=locations.DATA_DIR_ENV))
    parser.add_argument("--ascii", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help=_("ASCII cards (AS, 10H) for terminals without UTF-8 "
                               "(and English words)"))
    parser.add_argument("--lang", type=_language, default=default, metavar="LANG",
                        help=_("the language of the game: {choices} "
                               "(default: Settings, else $LANG)").format(
                                   choices=", ".join(LANGUAGES)))
    parser.add_argument("--animation", choices=_ANIMATIONS, default=default,
                        help=_("animation speed for this session"))
    parser.add_argument("--no-mouse", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help=_("do not ask the terminal for mouse events"))


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, every sub-command with its own options.

    Built once per process and language (parsing leaves it as it was): a game
    served from ``cardtui serve``'s template gets the template's (see
    serve/rehearsal.py); its help is in the language spoken when it was built.
    """
    return _parser_in(current_language())


@cache
def _parser_in(language: str) -> argparse.ArgumentParser:
    # Before the parser is made: it titles its groups (positional arguments, options)
    # and words -h when it is made; usage: and its errors when it speaks.
    install_argparse_words()
    parser = _Parser(
        prog="cardtui",
        description=_("A terminal card room: Blackjack and Texas Hold'em."),
    )
    parser.add_argument("--version", action="version", version=f"cardtui {__version__}",
                        help=_("show program's version number and exit"))
    _add_globals(parser, suppress=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, help_text in _TABLES.items():
        sub = commands.add_parser(name, help=_(help_text), description=_(help_text))
        _add_globals(sub, suppress=True)
        if name == "holdem":
            botmatch.add_arguments(sub)
        if name == "drill":
            sub.add_argument("kind", nargs="?", choices=_DRILLS, default="all",
                             help=_("which drill (default: all)"))
    for name, (module, help_text) in _SHELL_COMMANDS.items():
        sub = commands.add_parser(name, help=_(help_text), description=_(help_text))
        _add_globals(sub, suppress=True)
        import_module(f"cardtui.commands.{module}").add_arguments(sub)
    return parser


def _settle_data_dir(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--data-dir`` was checked by its type; ``$CARDTUI_DATA_DIR`` is checked here."""
    if args.data_dir is not None:
        return
    env = os.environ.get(locations.DATA_DIR_ENV)
    if env:
        problem = locations.data_dir_problem(Path(env).expanduser())
        if problem:
            parser.error(f"${locations.DATA_DIR_ENV}: {problem}")
    args.data_dir = locations.data_dir()


def main(argv: Sequence[str] | None = None) -> int:
    args: argparse.Namespace | None = None
    argv = sys.argv[1:] if argv is None else list(argv)
    # The shell's messages and --help speak the language asked for before the line
    # is parsed (--lang, else the locale); the game's screens also read Settings.
    set_language(choose(chosen=_language_asked(argv), environment=os.environ,
                        ascii="--ascii" in argv))
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command == "holdem":
            problem = botmatch.misplaced_options(args)
            if problem:
                parser.error(problem)
        _settle_data_dir(parser, args)
        return _run(args)
    except KeyboardInterrupt:
        # Ctrl+C in a long command is a request, not a crash: the command has
        # printed its results so far; one line, no traceback.
        print("\n" + _("cardtui: interrupted"), file=sys.stderr)
        return 130
    except Exception:  # noqa: BLE001 - the last line of defence: never a traceback
        from cardtui.crashlog import record_crash

        command = getattr(args, "command", None) or "cardtui"
        folder = getattr(args, "data_dir", None)
        where = record_crash(folder if isinstance(folder, Path) else locations.data_dir())
        print(_("cardtui: error: an unexpected error stopped {command} ({where})").format(
            command=command, where=where), file=sys.stderr)
        return 1


def _language_asked(argv: Sequence[str]) -> str:
    """``--lang``'s value if the line has a usable one (argparse checks it properly)."""
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else None
        if word.startswith("--lang="):
            value = word.partition("=")[2]
        if value is not None:
            return language_code(value) or ""
    return ""


def _run(args: argparse.Namespace) -> int:
    command = args.command
    if command in _SHELL_COMMANDS:
        module = import_module(f"cardtui.commands.{_SHELL_COMMANDS[command][0]}")
        return int(module.run(args))
    if command == "holdem" and args.bots_only:
        return botmatch.run(args)
    return run_app(args, start=f"practice:{args.kind}" if command == "drill" else command)


def run_app(args: argparse.Namespace, start: str | None) -> int:
    try:
        args.data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(_("cardtui: error: cannot create the data directory {folder}: {reason}").format(
            folder=args.data_dir, reason=error.strerror), file=sys.stderr)
        return 2
    from cardtui.guest.joining import RoomDoor
    from cardtui.serve import served
    from cardtui.ui.app import CardtuiApp  # Textual loads only when a screen is wanted

    # The entry point decides, the app is told: a game `cardtui serve` started
    # for a player draws with the served shortcuts (cardtui/ui/textual_fixes/served.py);
    # a game alone in a terminal runs Textual as it is.
    hosted = served()
    driver = None
    if hosted:
        from cardtui.ui.textual_fixes import served as served_fixes

        served_fixes.apply()
        driver = served_fixes.driver_class
    app = CardtuiApp(
        data_dir=args.data_dir, seed=args.seed, ascii=args.ascii, start=start,
        animation=args.animation, lang=getattr(args, "lang", None), served=hosted,
        room=RoomDoor.from_environment(),
        driver=driver,
        # A served game's scoreboard in PostgreSQL (cardtui serve --store), else the file.
        store=os.environ.get(STORE_VARIABLE) or None,
        environment=os.environ,
    )
    from cardtui.ui.ascii_screen import only_ascii

    with only_ascii(args.ascii):  # a terminal without UTF-8 gets no byte it cannot show
        app.run(mouse=not args.no_mouse)
    return app.return_code or 0
