"""What every form shares: a checkbox read by its shape, a field's reason under it, the marks.

A field that is wrong carries the ``-problem`` class (the form's stylesheet
tints it in the theme's error colour) and a :class:`FieldNote` right under
it says why, so the player sees *where* and *what* at once (issue 26): a
message at the bottom of a long form names a field the player must then
find.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, Static

#: The class of a field that needs fixing.
PROBLEM = "-problem"


class ShapeCheckbox(Checkbox):
    """A checkbox that says on or off by its shape, ``[x]`` or ``[ ]``, not by colour alone.

    Textual's box is a coloured ``▐X▌`` whose X is there either way: on a
    monochrome terminal, for a colour-blind player or in a light theme, on
    and off looked alike. The brackets are ASCII, so ``--ascii`` needs no
    stand-in.
    """

    DEFAULT_CSS = """
    ShapeCheckbox {
        & > .toggle--button { background: transparent; color: $text-muted; }
        &.-on > .toggle--button { background: transparent; color: $text-success;
                                  text-style: bold; }
    }
    """

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.assemble((f"[{'x' if self.value else ' '}]", style), " ")


class FieldNote(Static):
    """Why the field above is wrong, in the theme's error colour; no line when it is fine."""

    DEFAULT_CSS = """
    FieldNote { height: auto; color: $text-error; display: none; }
    FieldNote.-shown { display: block; }
    """

    def say(self, problem: str | None) -> None:
        # Text, not markup: a reason may quote a name as typed ("[b]").
        self.update(Text(f"✗ {problem}") if problem else "")
        self.set_class(problem is not None, "-shown")


def mark(field: Widget, problem: str | None) -> None:
    """Tint ``field`` as needing a fix (``problem``), or clear it (None)."""
    field.set_class(problem is not None, PROBLEM)


def shown(widget: Widget) -> bool:
    """Whether ``widget`` and every container above it are displayed (not a hidden row's)."""
    node: DOMNode | None = widget
    while isinstance(node, Widget):
        if not node.display:
            return False
        node = node.parent
    return True


def form_values(root: DOMNode) -> dict[str, object]:
    """Every field under ``root`` by id and value: compared later, whether anything was edited."""
    values: dict[str, object] = {}
    for widget in root.query("*"):
        if isinstance(widget, (Input, Select, Checkbox)) and widget.id:
            values[widget.id] = widget.value
    return values
