"""The keys line of a card table, rebuilt without restyling every key twice.

A table's legal keys change four times a round (bets open, the deal, your
turn, its end), and at a shared table every player's footer is rebuilt each
time. Textual's :class:`~textual.widgets.Footer` makes each key compact by
default and then binds it to the footer's own (not compact) setting: two
style passes per key per rebuild, the larger part of a shared table's redraws
(benchmarks/bench_room_latency.py). Here each key starts as the footer is,
so the binding changes nothing. What is drawn is the same.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class TableFooter(Footer):
    """A :class:`~textual.widgets.Footer` whose keys start as compact as the footer."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            # (The command palette's key is not bound to the footer: it stays as Textual makes it.)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget
