"""The lobby's table list: one line per table, and the words it is made of.

Kept apart from the screen so the rows can be read (and tested) without a
running app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from cardtui.blackjack.rules import Rules
from cardtui.games import Game
from cardtui.i18n import N_, _
from cardtui.wire.protocol import HIDDEN_TABLE, ChatEntry, OnlinePlayer, TableInfo

#: Before a private table's name: only its invited players and the hosts see the line.
LOCK = "🔒"

#: The columns' keys, each its English heading (marked; the lobby shows them translated).
COLUMNS = (N_("Game"), N_("Table"), N_("Stakes"), N_("Seats"), N_("Players"), N_("Hand"))
#: The Players column at 80 columns; wider terminals give it the rest of the line.
PLAYERS_WIDTH = 20
#: What every column but Players takes at most ("Blackjack", a name cut at 14,
#: stakes cut at 11, "10/10 +99", "playing"), with the table's padding (one
#: cell each side of each column) and its scroll bar.
OTHER_COLUMNS_WIDTH = 9 + 14 + 11 + 9 + 7 + 2 * len(COLUMNS) + 2


def players_width(screen_width: int) -> int:
    """The Players column's width on a screen this wide: the room it leaves.

    >>> players_width(80), players_width(213)
    (20, 149)
    """
    return max(PLAYERS_WIDTH, screen_width - OTHER_COLUMNS_WIDTH)


def describe_rules(rules: dict[str, object]) -> str:
    """A blackjack table's rules in one line (the room sent them; a bad set is said so).

    >>> describe_rules({"decks": 2, "min_bet": 5})[:24]
    '2 decks · S17 · BJ 3:2 ·'
    >>> describe_rules({"decks": 9})
    'rules this cardtui cannot read'
    """
    try:
        return Rules.from_json(rules).describe()
    except ValueError:
        return _("rules this cardtui cannot read")


def free_seats(info: TableInfo) -> int:
    """Seats a human may take: empty ones, and (hold'em) those a bot holds."""
    return sum(1 for s, name in enumerate(info.players) if name is None or s in info.bots)


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: a kanji name takes two a character, and a cut
    never halves one (issue 29).

    >>> _cut("Friday night poker", 14), _cut("金曜日の夜のポーカー", 14)
    ('Friday night …', '金曜日の夜の …')
    """
    if cell_len(text) <= width:
        return text
    # (set_cell_size pads with a space where half a wide character would have been.)
    return set_cell_size(text, width - 1) + "…" if width > 1 else "…"


#: A hold'em table's home-game options in the lobby's list: in full, and short for a
#: narrow Players column (a bomb pot's "bomb/N" is its own; see :func:`home_game_line`).
HOME_GAME_WORDS = {"straddle": (N_("straddle"), N_("straddle")),
                   "run_it_twice": (N_("run twice"), N_("RIT")),
                   "winner_may_show": (N_("show"), N_("show")),
                   "rabbit_hunt": (N_("rabbit"), N_("rabbit"))}


def home_game_line(options: Sequence[str], width: int) -> str:
    """The home-game options a table plays, in ``width`` cells: in full when they fit,
    else in short and close together, else cut.

    >>> home_game_line(("straddle", "run_it_twice", "bomb_pot/10"), 40)
    'straddle · run twice · bomb/10'
    >>> home_game_line(("straddle", "run_it_twice", "bomb_pot/10"), 20)
    'straddle·RIT·bomb/10'
    >>> home_game_line(("straddle", "run_it_twice", "bomb_pot/10", "rabbit_hunt"), 20)
    'straddle·RIT·bomb/1…'
    >>> home_game_line(("teleport",), 20)
    ''
    """
    def words(short: int) -> str:
        said = []
        for option in options:
            if option.startswith("bomb_pot"):
                every = option.partition("/")[2]
                said.append(_("bomb/{every}").format(every=every) if every else _("bomb"))
            elif option in HOME_GAME_WORDS:
                said.append(_(HOME_GAME_WORDS[option][short]))
        # (An option this cardtui does not know is left out.)
        return ("·" if short else " · ").join(said)

    full = words(0)
    return full if cell_len(full) <= width else _cut(words(1), width)


def table_row(info: TableInfo, names_width: int = PLAYERS_WIDTH) -> tuple[str | Text, ...]:
    """One line of the lobby: game, name, stakes, players/seats with names, hand running.

    Seats counts the people seated; bots (dimmed in the names) give their
    seats to people, so they do not count as taken. The names are cut at
    ``names_width`` (:func:`players_width`: the line fits the screen). A
    hold'em table's home-game options (straddle, run twice, bomb/10) take a
    second line under its names (:func:`row_height`).

    >>> info = TableInfo("t1", Game.HOLDEM, "Friday", "5/10", 2, ("Ann", None), True,
    ...                  100, 1000, 30.0, home_game=("straddle", "bomb_pot/10"))
    >>> table_row(info)[4].plain, row_height(info)
    ('Ann\\nstraddle · bomb/10', 2)
    """
    people = sum(1 for s, name in enumerate(info.players) if name is not None
                 and s not in info.bots)
    names = Text()
    for seat, name in enumerate(info.players):
        if name is None:
            continue
        if names:
            names.append(", ")
        names.append(name, style="dim" if seat in info.bots else "")
    names.truncate(names_width, overflow="ellipsis")
    house = home_game_line(info.home_game, names_width)
    if house:
        if names:
            names.append("\n")
        names.append(house, style="italic")
    game = _("Hold'em") if info.game is Game.HOLDEM else _("Blackjack")
    seats = f"{people}/{info.seats}"
    if info.watchers:
        seats += f" +{info.watchers}"
    hand = _("playing") if info.hand_running else _("idle")
    if info.closing:
        hand = _("closing")
    elif info.paused_by:
        hand = _("paused")
    # The name is as a player typed it (anyone may open a table): text, never markup.
    table = Text(_cut(info.name, 14))
    if info.private:
        table = Text.assemble((LOCK, "bold"), _cut(info.name, 12))  # the lock takes 2 cells
    # (13 cells: "bets 10-500" in Russian or Japanese words is that long.)
    return game, table, Text(_cut(stakes_said(info), 13)), seats, names, hand


def stakes_said(info: TableInfo) -> str:
    """A table's stakes as the lobby says them: a hold'em table's blinds ("5/10") as
    they are, a blackjack table's bet range ("10-500") in words."""
    if info.game == Game.BLACKJACK:
        # TRANSLATORS: a blackjack table's smallest and largest bet, "10-500".
        return _("bets {range}").format(range=info.stakes)
    return info.stakes


def row_height(info: TableInfo) -> int:
    """The lines a table's row takes: two when it names home-game options under its
    players (with nobody seated they take the first)."""
    seated = any(name is not None for name in info.players)
    return 2 if seated and home_game_line(info.home_game, PLAYERS_WIDTH) else 1


def where(player: OnlinePlayer, table_name: Callable[[str], str | None]) -> str:
    """Where ``player`` is, in a few words (``table_name``: a table's name by its id).

    >>> names = {"t1": "Friday", "t2": "Pit"}.get
    >>> where(OnlinePlayer("Ann"), names)
    'lobby'
    >>> where(OnlinePlayer("Bo", seated=("t1",), watching=("t2",)), names)
    'Friday, watching Pit'
    >>> where(OnlinePlayer("Cy", seated=("t1", "t9"), away=True), names)
    'away from Friday, a table'
    >>> where(OnlinePlayer("Di", seated=("private",)), names)
    'a private table'
    """
    def named(table: str) -> str:
        if table == HIDDEN_TABLE:
            return _("a private table")  # the room names no private table to others
        return table_name(table) or _("a table")

    seated = ", ".join(named(t) for t in player.seated)
    watching = ", ".join(named(t) for t in player.watching)
    if player.away:
        return _("away from {tables}").format(tables=seated) if seated else _("away")
    parts = [seated] if seated else []
    if watching:
        parts.append(_("watching {tables}").format(tables=watching))
    return ", ".join(parts) or _("lobby")


def here_line(online: Sequence[OnlinePlayer], table_name: Callable[[str], str | None],
              width: int) -> Text:
    """Who is in the room and where, on one line cut at ``width``: hosts marked, those
    away dimmed.

    >>> here_line([OnlinePlayer("Ann", host=True), OnlinePlayer("Bo", seated=("t1",))],
    ...           {"t1": "Friday"}.get, 80).plain
    'Here (2): Ann (host, lobby) · Bo (Friday)'
    """
    line = Text.assemble((_("Here ({count}):").format(count=len(online)) + " ", "bold"))
    for index, player in enumerate(online):
        if index:
            line.append(" · ")
        place = where(player, table_name)
        shown = (_("{name} (host, {place})") if player.host else _("{name} ({place})")).format(
            name=player.name, place=place)
        line.append(shown, style="dim" if player.away else "")  # a name: text, never markup
    line.truncate(width, overflow="ellipsis")
    return line


def chat_lines(chat: Sequence[ChatEntry], lines: int, width: int) -> Text:
    """The last ``lines`` lines of the lobby's chat, each cut at ``width``.

    >>> chat_lines([ChatEntry("Ann", "hi"), ChatEntry("Bo", "hello there")], 1, 12).plain
    'Bo: hello t…'
    """
    out = Text()
    for entry in list(chat)[-lines:]:
        if out:
            out.append("\n")
        said = Text()
        said.append(entry.name, style="bold")
        said.append(f": {entry.text}")
        said.truncate(width, overflow="ellipsis")
        out.append_text(said)
    return out
