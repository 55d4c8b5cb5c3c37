"""The blackjack table's keys: each runs an action of the screen (most also a button).

Which of them are legal at any moment is the presenter's answer
(:meth:`~cardtui.ui.blackjack.presenter.TablePresenter.legal`); the footer and
the buttons show exactly those.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from cardtui.i18n import N_

#: The table's keys (each also a button, see BUTTONS).
BINDINGS: list[BindingType] = [
    Binding("d", "deal", N_("Deal")),
    Binding("h", "hit", N_("Hit")),
    Binding("s", "stand", N_("Stand")),
    Binding("x", "double", N_("Double")),
    Binding("p", "split", N_("Split")),
    Binding("u", "surrender", N_("Surrender")),
    Binding("i", "insure", N_("Insurance")),
    Binding("n", "no_insurance", N_("No insurance")),
    Binding("plus,equals_sign", "bet_up", N_("Bet +"), key_display="+"),
    Binding("minus,underscore", "bet_down", N_("Bet −"), key_display="-"),
    # Quick bets: not in the footer (full at 80 columns); buttons and the prompt name them.
    # (Digits open a typed amount: the screen takes them, see BlackjackScreen.on_key.)
    Binding("left_square_bracket", "bet_min", N_("Min"), key_display="[", show=False),
    Binding("asterisk", "bet_double", N_("Double bet"), key_display="*", show=False),
    Binding("right_square_bracket", "bet_max", N_("Max"), key_display="]", show=False),
    Binding("enter", "rebet", N_("Rebet and deal"), key_display="⏎", show=False),
    Binding("left", "select_seat(-1)", N_("Seat"), key_display="←→"),
    Binding("right", "select_seat(1)", N_("Seat"), show=False),
    Binding("r", "rebuy", N_("Rebuy")),
    Binding("question_mark", "hint", N_("Hint"), key_display="?"),
    Binding("t", "setup", N_("Setup")),
    # Not in the footer (it is full at 80 columns): the hint names c, Rules & keys both.
    Binding("c", "chart", N_("Chart"), show=False),
    Binding("k", "count_panel", N_("Count"), show=False),
    Binding("m", "chat", N_("Chat")),  # a table with a chat only (the presenter hides it elsewhere)
    # Through the app's navigation, which asks this screen first (request_leave).
    Binding("escape", "app.back", N_("Menu")),
]



def action_of(key: str) -> str | None:
    """The action a table key runs (``"plus"`` -> ``"bet_up"``), or None for any other key.

    >>> action_of("h"), action_of("equals_sign"), action_of("right"), action_of("z")
    ('hit', 'bet_up', 'select_seat(1)', None)
    """
    for binding in BINDINGS:
        assert isinstance(binding, Binding)
        if key in binding.key.split(","):
            return binding.action
    return None
