"""Every player-visible string goes through the catalogs, and every catalog is whole.

The first test reads the modules already translated (:data:`TRANSLATED`) for
string literals that look like words and are not marked for the catalogs
(``tests/i18n/literals.py``); a literal that is not in :data:`ALLOWED` fails
it: wrap it in ``_()`` (or ``N_()`` at import time), or allow it here with a
reason. The second extracts the marked strings with Babel, as
``python -m cardtui.i18n.catalogs update`` does, and checks each language's
catalog has every one, translated, with the same ``{fields}``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from cardtui import i18n
from cardtui.i18n import catalogs
from tests.i18n.literals import player_literals

ROOT = Path(__file__).resolve().parents[2]

#: The modules whose player-visible strings are all in the catalogs. A module is added
#: here once it is translated; the rest are listed in the issue's progress notes.
TRANSLATED = [
    "cardtui/cli.py",
    "cardtui/names.py",
    "cardtui/ui/screens/menu.py",
    "cardtui/ui/screens/settings.py",
    "cardtui/ui/screens/rules.py",
    "cardtui/ui/screens/scoreboard.py",
    "cardtui/ui/widgets/bankroll_table.py",
    "cardtui/scoreboard.py",
    "cardtui/games.py",
    "cardtui/ui/widgets/footer.py",
    "cardtui/ui/widgets/table_footer.py",
    "cardtui/ui/widgets/action_bar.py",
    "cardtui/blackjack/rules.py",
    "cardtui/ui/blackjack/wording.py",
    "cardtui/ui/blackjack/keys.py",
    "cardtui/ui/blackjack/presenter.py",
    "cardtui/ui/blackjack/betting.py",
    "cardtui/ui/blackjack/screen.py",
    "cardtui/ui/widgets/blackjack_table.py",
    "cardtui/ui/holdem/wording.py",
    "cardtui/ui/holdem/presenter.py",
    "cardtui/ui/holdem/felt.py",
    "cardtui/ui/holdem/screen.py",
    "cardtui/ui/holdem/results.py",
    "cardtui/ui/holdem/moves.py",
    "cardtui/ui/widgets/holdem_table.py",
    "cardtui/holdem/view.py",
    "cardtui/holdem/legal.py",
    "cardtui/holdem/tournament.py",
    "cardtui/ui/screens/lobby_rows.py",
    "cardtui/wire/words.py",
    "cardtui/ui/screens/confirm.py",
    "cardtui/ui/screens/too_small.py",
    "cardtui/ui/screens/lobby_buy_in.py",
    "cardtui/ui/screens/table_chat.py",
    "cardtui/ui/screens/setup_form.py",
    "cardtui/ui/blackjack/setup.py",
    "cardtui/ui/holdem/setup.py",
    "cardtui/ui/holdem/bet_bar.py",
    "cardtui/ui/holdem/bet_sizing.py",
    "cardtui/ui/holdem/advance.py",
    "cardtui/ui/holdem/hud.py",
    "cardtui/ui/holdem/pass_screen.py",
    "cardtui/ui/holdem/history.py",
    "cardtui/ui/holdem/replay.py",
    "cardtui/ui/holdem/replay_list.py",
    "cardtui/ui/holdem/export.py",
    "cardtui/ui/widgets/holdem_advice.py",
    "cardtui/ui/widgets/tournament_info.py",
    "cardtui/ui/screens/lobby.py",
    "cardtui/ui/screens/lobby_host.py",
    "cardtui/ui/screens/lobby_host_seats.py",
    "cardtui/ui/screens/lobby_leaderboard.py",
    "cardtui/ui/screens/lobby_sit_and_go.py",
    "cardtui/room/host_desk.py",
    "cardtui/room/seating.py",
    "cardtui/room/sit_and_go.py",
    "cardtui/guest/sit_and_go.py",
    "cardtui/ui/screens/practice.py",
    "cardtui/ui/palette.py",
    "cardtui/ui/widgets/blackjack_count.py",
    "cardtui/ui/screens/strategy_chart.py",
    "cardtui/ui/app.py",
    "cardtui/blackjack/strategy.py",
    "cardtui/ui/screens/drill.py",
    "cardtui/ui/screens/count_drill.py",
    "cardtui/ui/screens/countdown_drill.py",
    "cardtui/ui/screens/true_count_drill.py",
    "cardtui/ui/screens/index_drill.py",
    "cardtui/blackjack/count.py",
    "cardtui/blackjack/count_drills.py",
    "cardtui/blackjack/drill.py",
    "cardtui/i18n/said.py",
    "cardtui/holdem/bots.py",
    "cardtui/room/home_game.py",
    "cardtui/wire/house_rules.py",
    "cardtui/guest/shared_table.py",
    "cardtui/tables/bankroll.py",
    "cardtui/ui/holdem/replay_list.py",
    "cardtui/room/shared.py",
    "cardtui/room/sit_and_go_table.py",
    "cardtui/holdem/stats_rows.py",
    "cardtui/ui/widgets/stats_table.py",
    "cardtui/holdem/phh_read.py",
    "cardtui/holdem/hand.py",
]
#: The shell commands, the tables file's problems and the new-table form (issue 29, part A).
TRANSLATED += [
    *[f"cardtui/commands/{name}.py" for name in (
        "arena", "arguments", "argparse_words", "botmatch", "equity", "export", "kept",
        "replay", "scores", "serve", "sim", "stats")],
    "cardtui/room/config.py",
    "cardtui/ui/screens/lobby_new_table.py",
    "cardtui/room/room.py",
    "cardtui/serve/web_page.py",
]
#: The guest's side of the shared room: the home-game and host commands typed in a chat
#: box, the blackjack seat's refusals, a rebuy refused, the line to the room closing.
TRANSLATED += [f"cardtui/guest/{name}.py" for name in (
    "home_game_commands", "holdem", "host_commands", "blackjack", "link", "client")]
_PROGRAMMER = "a programmer's error (a ValueError a caller checks first), never shown"
#: The strategy charts' cell codes (H, Ds, Rh, -...): a literal made only of them is a
#: cell or a row of a published chart, not words (the hint's words are marked N_).
_CHART_CODES = frozenset({"H", "S", "D", "Ds", "P", "Ph", "Pr", "Rh", "Rs", "Rp", "-"})

#: Literals that read like words but are not for translating: (module, text) and why.
ALLOWED: dict[tuple[str, str], str] = {
    **{("cardtui/ui/screens/menu.py", code): "a card's code" for code in ("As", "Kh", "Qc", "Jd")},
    ("cardtui/ui/screens/settings.py", "Unicode  A♠ 10♥"): "a card style, shown as it draws",
    ("cardtui/ui/screens/settings.py", "ASCII  AS 10H"): "a card style, shown as it draws",
    ("cardtui/ui/screens/settings.py", "BlackjackSetupScreen"): "a class name",
    ("cardtui/ui/screens/settings.py", "HoldemSetupScreen"): "a class name",
    ("cardtui/ui/blackjack/betting.py", "f:not a digit: "): _PROGRAMMER,
    ("cardtui/ui/widgets/action_bar.py", "f:button  is not shown"): _PROGRAMMER,
    # Rules read from Settings are checked field by field before they reach Rules().
    ("cardtui/blackjack/rules.py", "f:a shoe holds 1 to 8 decks, not "): _PROGRAMMER,
    ("cardtui/blackjack/rules.py", "f:penetration must be between 10% and 95%, not "):
        _PROGRAMMER,
    ("cardtui/blackjack/rules.py", "f:a seat may split to 1 to 4 hands, not "): _PROGRAMMER,
    ("cardtui/blackjack/rules.py",
     "f:the table limits must satisfy 1 <= minimum <= maximum, not -"): _PROGRAMMER,
    ("cardtui/blackjack/rules.py", "f:unusable blackjack rules: "): _PROGRAMMER,
    ("cardtui/ui/holdem/wording.py", "f:Pair of "): "the English path (rank nouns, plurals)",
    ("cardtui/holdem/view.py", "bot move"): "a log line's kind, not its words",
    ("cardtui/ui/screens/setup_form.py", "#setup-form Select"): "a CSS selector",
    ("cardtui/ui/blackjack/setup.py", "f:Bot "): "a bot's default name (a name, as typed)",
    ("cardtui/ui/holdem/setup.py", "f:Bot "): "a bot's default name (a name, as typed)",
    # Matched against the engine's English problem to find the field it is about.
    **{("cardtui/ui/holdem/setup.py", words): "the engine's words, matched, not shown"
       for words in ("big blind is", "starting stack", "Blinds rise", "table seats")},
    ("cardtui/holdem/tournament.py", "the hand in play is settled first"): _PROGRAMMER,
    **{("cardtui/ui/holdem/export.py", name): "a file format's name, as its makers write it"
       for name in ("PokerStars", "PHH (p)", "PokerStars (s)")},
    ("cardtui/ui/screens/lobby.py", "HoldemScreen"): "a class name",
    ("cardtui/ui/screens/lobby.py", "BlackjackScreen"): "a class name",
    ("cardtui/ui/screens/lobby.py", "Table "): "cut off the room's English answer",
    # The host actions' log (the room's log file and the host's terminal), not a player's.
    **{("cardtui/room/host_desk.py", line): "the room's log, in English"
       for line in ("f: at table ", "f:host : ", "f: played out", "f: to seat ")},
    ("cardtui/room/host_desk.py", "(a player banned before names were kept)"):
        "stands for a name in the host's list of bans (not yet worded by the game)",
    ("cardtui/room/sit_and_go.py", "f: (started by the host, )"): "the room's log, in English",
    ("cardtui/room/sit_and_go.py", "f:Bot "): "a bot's name",
    ("cardtui/ui/screens/practice.py", "f:no drill : one of "): _PROGRAMMER,
    ("cardtui/ui/screens/practice.py", "true count"): "a kept drill's id (the book's key)",
    ("cardtui/ui/widgets/blackjack_count.py", "Hi-Lo "): "the counting system's name",
    ("cardtui/ui/app.py", "Screen[Any]"): "a type",
    ("cardtui/ui/app.py", "f:unknown screen "): _PROGRAMMER,
    **{("cardtui/ui/screens/strategy_chart.py", style): "a Rich style" for style in (
        "black on #e5a3a3", "black on #e8d48a", "black on #9fd19f", "black on #9ec3e6",
        "black on #c9c9c9")},
    **{("cardtui/ui/screens/strategy_chart.py", code): "a chart code (D, Ds, Rh...)"
       for code in ("Ds", "Rh", "Rs", "Rp")},
    **{("cardtui/blackjack/strategy.py", text): "chart codes: a cell or a row of cells"
       for _, text in player_literals(ROOT / "cardtui/blackjack/strategy.py")
       if set(text.split()) <= _CHART_CODES},
    ("cardtui/room/sit_and_go.py", "a finished sit-and-go is not kept"): _PROGRAMMER,
    ("cardtui/room/sit_and_go.py", "The tournament is over."):
        "a closing reason: TableClosed and HandVoided carry no message id yet (English)",
    **{("cardtui/ui/screens/lobby_host.py", css): "the dialogs' CSS" for css in (
        "\nNAME { align: center bottom; }\nNAME #host-box { width: 100%; height: auto; "
        "border: round $warning; padding: 0 1; }\nNAME #host-error { color: $error; }\n",)},
    ("cardtui/holdem/tournament.py",
     "a person still has chips: the tournament is theirs to play"): _PROGRAMMER,
    # Schlesinger's lists are named as he named them, in every language.
    **{("cardtui/blackjack/count.py", name): "the name of a published list of index plays"
       for name in ("Illustrious 18", "Fab 4")},
    ("cardtui/blackjack/count.py", "at or above"): "an enum's value, not shown",
    ("cardtui/blackjack/count_drills.py", "decks left"): "an enum's value, not shown",
    **{("cardtui/blackjack/count.py", text): _PROGRAMMER for text in (
        "f:a shoe holds 1 to 8 decks, not ", "f: cards cannot have been seen from  decks")},
    **{("cardtui/blackjack/count_drills.py", text): _PROGRAMMER for text in (
        "f:the count-down drill deals one or two decks, not ",
        "this table offers no index plays and no insurance to drill",
        "every card is dealt: say the count", "the count is asked once every card is dealt")},
    **{("cardtui/blackjack/drill.py", text): _PROGRAMMER for text in (
        "f:a count drill shows 1 to 416 cards, not ", "f:a drill asks at least one question, not ",
        "f: is not a move on this hand", "each card must stay up for some time",
        "the drill is over")},
    ("cardtui/tables/bankroll.py", "f:a buy-in of  with a table minimum of "): _PROGRAMMER,
    **{("cardtui/holdem/phh_read.py", what): "an amount's name, said with _what (a Said piece)"
       for what in ("blind or straddle", "starting stack")},
    ("cardtui/guest/blackjack.py", "sitting out"): "a seat's status, matched, not shown",
    ("cardtui/guest/client.py", "f:= is not a socket: "):
        "the room's descriptor is broken: a game started by hand, for its log",
    **{("cardtui/holdem/hand.py", text): _PROGRAMMER for text in (
        "give the hand a random.Random to shuffle with (or a deck)", "f:it is not seat 's turn",
        "f:pot  has nobody left to win it", "f:seat  cannot put in ",
        "a stacked deck cannot hold the same card twice")},
}

ALLOWED.update({
    ("cardtui/commands/serve.py", "f:[bold]ssh -p  [/]"): "the command a player types",
    ("cardtui/commands/serve.py", "Ctrl-C"): "a key's name",
    ("cardtui/room/config.py", "Hold'em"): "a table's default name (a name, as a host types it)",
    ("cardtui/room/config.py", "Blackjack"):
        "a table's default name (a name, as a host types it)",
    ("cardtui/room/room.py", "not a table's options"): "the room's log, in English",
    ("cardtui/room/room.py", "f:Guest "): "a guest's name (a name, as the room numbers them)",
    ("cardtui/room/room.py", "SeatedPlayer"): "a type",
    ("cardtui/room/room.py", "unreachable: the numbers never run out"): _PROGRAMMER,
    # The browser door's HTML and CSS: the words in them are $fields, filled with _().
    **{("cardtui/serve/web_page.py", text): "the page's HTML or CSS (its words are $fields)"
       for _, text in player_literals(ROOT / "cardtui/serve/web_page.py")
       if text.lstrip().startswith(("<", "$", "@", "."))},
})


@pytest.fixture(scope="module")
def template() -> Catalog:
    return catalogs.extract()


def _bypassing() -> Iterator[str]:
    for module in TRANSLATED:
        for line, text in player_literals(ROOT / module):
            if (module, text) not in ALLOWED:
                yield f"{module}:{line}: {text!r}"


def test_no_player_visible_string_bypasses_the_catalogs() -> None:
    assert list(_bypassing()) == []


def test_the_literal_finder_finds_a_bare_sentence(tmp_path: Path) -> None:
    module = tmp_path / "screen.py"
    module.write_text('def f(name):\n    """Doc."""\n    show(_("Quit"), id="menu-box")\n'
                      '    show("Hit or stand?")\n    show(f"Welcome, {name}.")\n')
    assert list(player_literals(module)) == [(5, "f:Welcome, ."), (4, "Hit or stand?")]


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.ENGLISH])
def test_every_catalog_has_every_message_with_its_fields(code: str, template: Catalog) -> None:
    assert list(catalogs.problems(code, template)) == []


def test_a_missing_message_or_a_broken_field_is_found() -> None:
    template = Catalog(locale="ru")
    template.add("Welcome, {name}.")
    template.add("Quit")
    template.add(("{n} chip", "{n} chips"))
    catalog = Catalog(locale="ru")
    catalog.add("Welcome, {name}.", "Добро пожаловать, {имя}.")
    catalog.add(("{n} chip", "{n} chips"), ("{n} фишка", "{n} фишки"))
    assert list(catalogs.problems_in(catalog, template)) == [
        "ru: 'Welcome, {name}.' has fields ['имя'], not ['name']",
        "ru: 'Quit' is missing",
        "ru: '{n} chip' has 2 plural forms, not 3",
    ]


def test_russian_counts_take_three_forms_and_numbers_their_separators() -> None:
    try:
        i18n.set_language("ru")
        assert [i18n.chip_count(n) for n in (1, 2, 5, 21, 1000)] == [
            "1 фишка", "2 фишки", "5 фишек", "21 фишка", "1\xa0000 фишек"]
        i18n.set_language("zh_CN")
        assert i18n.chip_count(12500) == "12,500 枚筹码"
    finally:
        i18n.set_language("en")
