"""The advice panel's figures read as labels and values (issue 26: "Pot odds nothing to call")."""

from __future__ import annotations

from cardtui.holdem.advice import Advice, Suggestion
from cardtui.ui.widgets.holdem_advice import advice_text


def test_the_figures_are_labelled_with_a_colon_and_nothing_to_call_reads_properly() -> None:
    free = Advice(0.62, 0.55, None, Suggestion.BET, "you are ahead of their range", 2500)
    figures, line = advice_text(free).plain.splitlines()
    assert figures == ("Equity: 62% vs random hands · 55% vs their range (±2%) · "
                       "Pot odds: nothing to call")
    assert line == "Bet: you are ahead of their range."
    priced = Advice(0.3, 0.25, 0.2, Suggestion.CALL, "the price is right", 2500)
    assert advice_text(priced).plain.splitlines()[0].endswith("Pot odds: 20%")
