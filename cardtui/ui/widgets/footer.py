"""Textual's keys line, in the player's language.

Key labels are marked with ``N_`` where the bindings are declared (at import
time, before a served game knows its player's language) and translated here,
as the footer is built; the keys themselves stay the same letters in every
language. Card tables use :class:`cardtui.ui.widgets.table_footer.TableFooter`,
which translates the same way.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter

from cardtui.i18n import N_, _
from cardtui.ui.textual_fixes.hooks import FooterKey

# TRANSLATORS: the keys line's label for Ctrl+P, Textual's own (its command palette).
N_("palette")


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
            yield widget
