"""The hold'em table in words: a hand as the board comes, the pots, the bet, each seat's
status, the prompt, and the table's keys and buttons.

Pure functions of the replay model (:class:`~cardtui.holdem.view.TableView`)
and of what the session said, so the screen only picks which to show.

>>> from cardtui.cards import parse_cards
>>> describe_hand(parse_cards("AhAd"), [])
'Pair of Aces'
>>> describe_hand(parse_cards("AhKh"), []), describe_hand(parse_cards("Tc7d"), [])
('Ace-King suited', 'Ten-Seven offsuit')
>>> describe_hand(parse_cards("Ah7d"), parse_cards("As 7c 2d"))
'Two pair, Aces and Sevens, Two kicker'
>>> describe_hand(parse_cards("Ah"), [])
''
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardtui.cards import Card
from cardtui.holdem.evaluator import evaluate
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.pots import Pot
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import BlindLevel, Mode
from cardtui.holdem.view import TableView, hand_words
from cardtui.i18n import ENGLISH, N_, _, chip_count, chips, current_language, ngettext

#: Buttons for the mouse: (id, label, action); each runs the same action as its
#: key (the table screen's BINDINGS) and is shown only when that action is legal.
BUTTONS = (
    ("btn-fold", N_("Fold f"), "fold"),
    ("btn-check", N_("Check c"), "check"),
    ("btn-call", N_("Call c"), "call"),
    ("btn-bet", N_("Bet r"), "bet"),
    ("btn-raise", N_("Raise r"), "raise"),
    ("btn-all-in", N_("All-in a"), "all_in"),
    ("btn-deal", N_("Deal d"), "deal"),
    ("btn-rebuy", N_("Rebuy b"), "rebuy"),
    ("btn-setup", N_("Setup t"), "setup"),
    ("btn-history", N_("History y"), "history"),
    ("btn-chat", N_("Chat m"), "chat"),
)

#: How the table's notes (:class:`~cardtui.tables.session.Note` kinds) are drawn.
NOTE_STYLES = {"warning": "red", "win": "bold green", "level": "yellow", "chat": "cyan"}


def note_text(text: str, kind: str) -> Text:
    """A session's note as drawn: its words in its kind's style."""
    return Text(text, style=NOTE_STYLES.get(kind, ""))


def table_words(config: HoldemConfig) -> str:
    """A table setup in one line (said when a new table sits down).

    >>> from cardtui.holdem.setup import SeatConfig
    >>> table_words(HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob"))))
    '2 seats, 1,000 chips, blinds 5/10, cash game'
    """
    mode = _("tournament") if config.mode is Mode.TOURNAMENT else _("cash game")
    seats = ngettext("{n} seat", "{n} seats", len(config.seats)).format(n=len(config.seats))
    return _("{seats}, {chips}, blinds {small}/{big}, {mode}").format(
        seats=seats, chips=chip_count(config.stack), small=config.small_blind,
        big=config.big_blind, mode=mode)


def turn_prompt(name: str, legal: LegalActions, seconds: int | None = None, *,
                bank: bool = False) -> Text:
    """What the player to act is asked: what calling costs, and the clock if one runs.

    The big blind's option preflop is a raise, not a bet (the blind is the street's bet):

    >>> from cardtui.holdem.legal import LegalActions
    >>> option = LegalActions(seat=1, can_fold=False, can_check=True, call_amount=0,
    ...                       can_raise=True, min_raise_to=20, max_raise_to=990, is_bet=False)
    >>> turn_prompt("Ann", option).plain
    'Ann, your turn: check or raise.'
    >>> from dataclasses import replace
    >>> turn_prompt("Ann", replace(option, is_bet=True), seconds=9).plain
    'Ann, your turn: check or bet. (9 s)'
    >>> turn_prompt("Ann", option, seconds=25, bank=True).plain  # the clock ran out
    'Ann, your turn: check or raise. (time bank 25 s)'
    >>> turn_prompt("Ann", replace(option, can_raise=False, min_raise_to=0, max_raise_to=0)).plain
    'Ann, your turn: check.'
    """
    if legal.call_amount:
        what = _("{amount} to call.").format(amount=chips(legal.call_amount))
    elif not legal.can_raise:
        what = _("check.")
    else:
        what = _("check or bet.") if legal.is_bet else _("check or raise.")
    ask = _("{name}, your turn: {what}").format(name=name, what=what)
    if seconds is not None:
        ask += " " + (_("(time bank {seconds} s)") if bank else _("({seconds} s)")).format(
            seconds=seconds)
    return Text(ask, style="bold")


def deal_prompt(*, dealt: bool, finished: bool) -> Text:
    """Between hands at a local table: what ``d`` does now."""
    if finished:
        return Text(_("d starts a new table."), style="bold")
    return Text(_("d deals the next hand.") if dealt else _("d deals the first hand."),
                style="bold")


def shared_prompt(*, seated: bool, sitting_out: bool, closing: bool = False) -> Text:
    """Between hands (or watching) at a shared table: the room deals, the player waits.

    Once the room is closing it deals nothing more, and the prompt must not say it will.
    """
    if closing:
        return Text(_("No more hands: the room is closing."), style="dim")
    if sitting_out:
        return Text(_("You are sitting out: press any key to come back."), style="bold yellow")
    if not seated:
        return Text(_("Watching: m chats, Escape goes back to the lobby."), style="dim")
    return Text(_("The room deals the next hand. m chats, Escape stands up."), style="dim")


def closed_prompt() -> Text:
    """A shared table the room let go for this player (it closed, or its host died).

    >>> closed_prompt().plain
    'This table has closed: Escape goes back to the lobby.'
    """
    return Text(_("This table has closed: Escape goes back to the lobby."), style="dim")


def home_question_prompt(kind: str, seconds: int | None = None) -> Text:
    """While the room asks this player a home-game question: the question and its keys.

    >>> home_question_prompt("runs", 7).plain
    'All in: run it twice? 2 twice, 1 once (7 s; no answer: once).'
    >>> home_question_prompt("show").plain
    'You won uncontested: w shows your hand (no answer: muck).'
    """
    if kind == "runs":
        ask = _("All in: run it twice? 2 twice, 1 once")
        default = _("no answer: once")
    else:
        ask = _("You won uncontested: w shows your hand")
        default = _("no answer: muck")
    clock = default if seconds is None else _("{seconds} s; {default}").format(
        seconds=seconds, default=default)
    return Text(f"{ask} ({clock}).", style="bold yellow")


def with_notes(notes: Sequence[Text], ask: Text, width: int) -> Text:
    """What just happened at the table (busts, blinds up), then what to do.

    Too long for ``width``, what to do gets a line of its own (the prompt
    wraps rather than cutting anything off).

    >>> with_notes([Text("Bob is out.")], Text("d deals."), 80).plain
    'Bob is out.  d deals.'
    >>> with_notes([Text("Bob is out.")], Text("d deals."), 12).plain
    'Bob is out.\\nd deals.'
    """
    line = Text("  ").join([*notes, ask])
    if notes and width and line.cell_len > width:
        return Text("\n").join([Text("  ").join(notes), ask])
    return line


def describe_hand(hole: Sequence[Card | None], board: Sequence[Card]) -> str:
    """The best hand so far; before the flop, the two hole cards by name."""
    cards = [card for card in hole if card is not None]
    if len(hole) < 2 or len(cards) < len(hole):
        return ""
    if len(board) >= 3:
        return hand_words(evaluate([*cards, *board]))
    high, low = sorted(cards, key=lambda c: c.rank, reverse=True)
    if current_language() != ENGLISH:
        # Other languages name the ranks by their letters, as their players do (AK, 77).
        if high.rank == low.rank:
            return _("Pair of {rank}s").format(rank=high.rank.label)
        kind = _("suited") if high.suit == low.suit else _("offsuit")
        return f"{high.rank.label}{low.rank.label} {kind}"
    if high.rank == low.rank:
        return f"Pair of {high.rank.plural}"
    kind = "suited" if high.suit == low.suit else "offsuit"
    return f"{high.rank.noun}-{low.rank.noun} {kind}"


def pots_line(pots: Sequence[Pot], bets: int) -> str:
    """``Pot 150`` or ``Main pot 150 · Side pot 1: 80``, plus this street's bets.

    >>> pots_line([], 15)
    'Pot 15'
    >>> pots_line([Pot(150, (0, 1, 2)), Pot(80, (1, 2))], 40)
    'Main pot 150 · Side pot 1: 80 · Bets 40'
    """
    if len(pots) <= 1:
        return _("Pot {amount}").format(amount=chips(sum(p.amount for p in pots) + bets))
    parts = [_("Main pot {amount}").format(amount=chips(pots[0].amount))]
    parts += [_("Side pot {number}: {amount}").format(number=i, amount=chips(p.amount))
              for i, p in enumerate(pots[1:], start=1)]
    if bets:
        parts.append(_("Bets {amount}").format(amount=chips(bets)))
    return " · ".join(parts)


def seat_markers(view: TableView, index: int) -> str:
    """"D", "SB", "BB" for seat ``index`` (heads-up the button is also the small blind)."""
    positions = view.positions
    if positions is None:
        return ""
    markers = []
    if positions.button == index:
        markers.append("D")
    if positions.small_blind == index and view.seats[index].in_hand:
        markers.append("SB")
    if positions.big_blind == index:
        markers.append("BB")
    return " ".join(markers)


def seat_status(view: TableView, index: int, *, thinking: int | None,
                to_act: int | None, seconds: int | None = None) -> str:
    """The word under a seat: "to act", "thinking…", "to act 12 s", "folded", "wins 340"…

    ``seconds`` is the action clock of the seat deciding (shared tables).
    """
    seat = view.seats[index]
    if view.positions is None:
        return ""  # between hands: the seat's kind (a bot's personality) says enough
    if not seat.in_hand:
        return _("out")
    clock = " " + _("{seconds} s").format(seconds=seconds) if seconds is not None else ""
    if index == thinking:
        return _("thinking…") if seat.is_bot or not clock else _("to act") + clock
    if index == to_act:
        return _("to act") + clock
    if seat.won:
        return _("wins {amount}").format(amount=chips(seat.won))
    if seat.mucked:
        return _("mucked")
    if seat.folded:
        return _("folded")
    if seat.all_in:
        return _("all-in")
    return ""


def seat_kind(is_bot: bool, personality: str | None) -> str:
    """Who sits in a seat, as its frame says it: a bot's personality ("Rock", "Maniac"),
    "bot" when the table did not say which, nothing for a person.

    >>> seat_kind(True, "rock"), seat_kind(True, None), seat_kind(False, None)
    ('Rock', 'bot', '')
    """
    if not is_bot:
        return ""
    return _(PERSONALITIES.get(personality, personality.capitalize())) if personality else _("bot")


#: The bots' personalities by name (cardtui.settings.HOLDEM_BOTS).
PERSONALITIES = {"shark": N_("Shark"), "rock": N_("Rock"), "maniac": N_("Maniac")}


def blinds_text(blinds: BlindLevel, level: int | None) -> Text:
    """Between hands: the blinds of the next hand (and the tournament level)."""
    words = _("Blinds {blinds}").format(blinds=blinds) + (
        " · " + _("level {level}").format(level=level) if level is not None else "")
    return Text(words, style="dim")


def bet_text(view: TableView, actor: int | None) -> Text:
    """The bet this street and what ``actor`` owes to call it."""
    owed = 0
    if actor is not None:
        owed = min(view.current_bet - view.seats[actor].bet, view.seats[actor].stack)
    if not view.current_bet:
        return Text(_("No bet yet"), style="dim")
    bet = _("Bet {amount}").format(amount=chips(view.current_bet))
    if owed <= 0:
        return Text(bet)
    return Text.assemble(bet + " · ", (_("{amount} to call").format(amount=chips(owed)), "bold"))


def hand_note(view: TableView, viewer: int | None, *, hot_seat: bool) -> Text:
    """What the viewer holds, in words ("You: Pair of Aces"); after a hand run twice
    its second board, and the rabbit hunt's cards (not part of the hand)."""
    if view.second_board:
        return Text(_("Run 2:") + " " + " ".join(map(str, view.second_board)), style="bold")
    if view.rabbit:
        return Text(_("Rabbit (not part of the hand):") + " " + " ".join(map(str, view.rabbit)),
                    style="dim italic")
    if viewer is None:
        return Text("")
    seat = view.seats[viewer]
    description = describe_hand(seat.hole, view.board)
    if not description or not seat.in_hand:
        return Text("")
    who = seat.name if hot_seat else _("You")
    return Text(_("{who}: {hand}").format(who=who, hand=description), style="bold cyan")
