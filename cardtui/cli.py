"""The ``cardtui`` command line.

``cardtui`` opens the menu; ``cardtui blackjack`` / ``cardtui holdem`` go
straight to a table; ``scores``, ``sim``, ``equity`` and ``serve`` run in the
shell. A bad flag or value exits with status 2 and one line saying why.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path

from cardtui import __version__

#: Sub-commands implemented in ``cardtui.commands.<module>``.
_SHELL_COMMANDS = {
    "scores": ("scores", "print the scoreboard"),
    "sim": ("sim", "simulate basic-strategy blackjack headless"),
    "equity": ("equity", "hold'em equity of two or more hands"),
    "serve": ("serve", "host cardtui over SSH for a game night"),
}
_ANIMATIONS = ("off", "fast", "normal", "slow")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and status 2), not a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog.split()[0]} --help)\n")


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed must be 0 or more, not {value}")
    return value


def _data_dir(text: str) -> Path:
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} exists and is not a directory")
    return path


def _add_globals(parser: argparse.ArgumentParser, *, suppress: bool) -> None:
    # Sub-parsers repeat the global options (so `cardtui holdem --seed 3` works)
    # with SUPPRESS defaults, so they never overwrite a value given before.
    default = argparse.SUPPRESS if suppress else None
    parser.add_argument("--seed", type=_seed, default=default,
                        help="make the whole session reproducible")
    parser.add_argument("--data-dir", type=_data_dir, default=default,
                        help="where scores and settings live (or $CARDTUI_DATA_DIR)")
    parser.add_argument("--ascii", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="ASCII cards (AS, 10H) for terminals without UTF-8")
    parser.add_argument("--animation", choices=_ANIMATIONS, default=default,
                        help="animation speed for this session")
    parser.add_argument("--no-mouse", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="do not ask the terminal for mouse events")


def _chosen_command(argv: Sequence[str]) -> str | None:
    names = {"blackjack", "holdem", *_SHELL_COMMANDS}
    return next((arg for arg in argv if arg in names), None)


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The parser; only ``chosen``'s module is imported, to keep start-up quick."""
    parser = _Parser(
        prog="cardtui",
        description="A terminal card room: Blackjack and Texas Hold'em.",
    )
    parser.add_argument("--version", action="version", version=f"cardtui {__version__}")
    _add_globals(parser, suppress=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, help_text in (("blackjack", "go straight to the blackjack table"),
                            ("holdem", "go straight to the hold'em table")):
        sub = commands.add_parser(name, help=help_text, description=help_text)
        _add_globals(sub, suppress=True)
        if name == "holdem" and chosen == "holdem":
            _optional_command("botmatch", sub)
    for name, (module, help_text) in _SHELL_COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text)
        _add_globals(sub, suppress=True)
        if chosen == name:
            _optional_command(module, sub)
    return parser


def _optional_command(module: str, parser: argparse.ArgumentParser) -> None:
    command = import_module(f"cardtui.commands.{module}")
    command.add_arguments(parser)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_chosen_command(argv))
    args = parser.parse_args(argv)
    command = args.command
    try:
        if command in _SHELL_COMMANDS:
            module = import_module(f"cardtui.commands.{_SHELL_COMMANDS[command][0]}")
            return int(module.run(args))
        if command == "holdem" and getattr(args, "bots_only", False):
            return int(import_module("cardtui.commands.botmatch").run(args))
        return run_app(args, start=command)
    except KeyboardInterrupt:
        # Ctrl+C in a long simulation is a request, not a crash: no traceback.
        print("\ncardtui: interrupted", file=sys.stderr)
        return 130


def run_app(args: argparse.Namespace, start: str | None) -> int:
    from cardtui.ui.app import CardtuiApp  # Textual loads only when a screen is wanted

    try:
        app = CardtuiApp(
            data_dir=args.data_dir, seed=args.seed, ascii=args.ascii, start=start,
            animation=args.animation,
        )
    except OSError as error:
        print(f"cardtui: error: {error}", file=sys.stderr)
        return 1
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0
