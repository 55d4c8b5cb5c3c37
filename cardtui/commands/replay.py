"""``cardtui replay FILE``: replay a PHH hand at the hold'em table.

``FILE`` is a ``.phh`` file (one hand), a ``.phhs`` file (many) or a folder
holding such files. The hands are read before the screen opens: a path that
cannot be read, or a source in which no hand can be replayed, is one line
saying why (status 2). With one hand the table opens on it; with more, a list
to pick the hand from, where a hand that cannot be replayed shows its reason.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtui.i18n import _, ngettext
from cardtui.i18n.said import say

if TYPE_CHECKING:
    from cardtui.holdem.phh_read import Replay, Unreadable
    from cardtui.ui.app import CardtuiApp


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", type=Path,
                        help=_("a .phh file, a .phhs file of many hands, or a folder of them "
                               "(regular files of at most 32 MB each)"))
    from cardtui.commands.arguments import whole_number

    parser.add_argument("--hand", type=whole_number("--hand", 1), default=None, metavar="N",
                        help=_("open the N-th hand of the source at once (1 is the first)"))


def run(args: argparse.Namespace) -> int:
    from cardtui.holdem.phh_read import PhhError, Replay, hand_files

    try:
        path = args.file.expanduser()
        if path.is_dir() and args.hand is None:
            from cardtui.ui.holdem.replay_list import LOAD_ON_SCREEN

            files = hand_files(path)
            if len(files) >= LOAD_ON_SCREEN:
                # A large folder is read on screen, under a progress bar (the
                # Pluribus hands' 10,000 files took 14 s on a blank terminal).
                return _run_app(args, [], files=files, root=path)
        hands = read_hands(args.file)
    except PhhError as error:
        print(_("cardtui replay: error: {problem}").format(problem=say(error.said)),
              file=sys.stderr)
        return 2
    if not any(isinstance(hand, Replay) for hand in hands):
        first = hands[0]
        assert not isinstance(first, Replay)
        more = ngettext(" (and {n} more that cannot be replayed)",
                        " (and {n} more that cannot be replayed)",
                        len(hands) - 1).format(n=len(hands) - 1) if len(hands) > 1 else ""
        print(_("cardtui replay: error: {problem}").format(
            problem=f"{first.title}: {say(first.reason)}{more}"), file=sys.stderr)
        return 2
    if args.hand is not None and not 1 <= args.hand <= len(hands):
        print(_("cardtui replay: error: {problem}").format(
            problem=_("--hand must be 1 to {count}, not {number}").format(
                count=len(hands), number=args.hand)), file=sys.stderr)
        return 2
    return _run_app(args, hands)


def read_hands(path: Path) -> list[Replay | Unreadable]:
    """Every hand in ``path``; PhhError (one line) when the path itself cannot be read."""
    from cardtui.holdem.phh_read import PhhError, read_path

    try:
        return read_path(path.expanduser())
    except OSError as error:
        raise PhhError(_("cannot read {path}: {reason}").format(
            path=path, reason=error.strerror)) from None


def _run_app(args: argparse.Namespace, hands: list[Replay | Unreadable], *,
             files: Sequence[Path] = (), root: Path | None = None) -> int:
    try:
        args.data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(_("cardtui: error: cannot create the data directory {folder}: {reason}").format(
            folder=args.data_dir, reason=error.strerror), file=sys.stderr)
        return 2
    from cardtui.untrusted import clean

    # The path is drawn as the list's title: a file name can hold escapes too.
    app = replay_app(hands, clean(str(args.file)), args.hand, files=files, root=root,
                     data_dir=args.data_dir, seed=args.seed, ascii=args.ascii,
                     animation=args.animation)
    from cardtui.ui.ascii_screen import only_ascii  # Textual loads only when a screen is wanted

    with only_ascii(args.ascii):  # a terminal without UTF-8 gets no byte it cannot show
        app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def replay_app(hands: list[Replay | Unreadable], source: str, open_hand: int | None, *,
               files: Sequence[Path] = (), root: Path | None = None,
               **options: Any) -> CardtuiApp:
    """The card room opened on the replay (Escape goes on to the menu); with ``files``
    (of the folder ``root``), on the list that reads them."""
    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.holdem.replay_list import ReplayListScreen, first_screen

    # Textual reads CSS_PATH beside the module of the class: this one's is not the app's.
    styles = Path(inspect.getfile(CardtuiApp)).parent
    css = CardtuiApp.CSS_PATH if isinstance(CardtuiApp.CSS_PATH, list) else [CardtuiApp.CSS_PATH]

    class ReplayApp(CardtuiApp):
        CSS_PATH = [styles / path for path in css]

        def on_mount(self) -> None:
            # Textual runs CardtuiApp.on_mount too (after this one): the
            # replay goes on top once the room is set up.
            first = (ReplayListScreen([], source, files=files, root=root) if files
                     else first_screen(hands, source, open_hand))
            self.call_later(self.push_screen, first)

    return ReplayApp(**options)
