"""Words an engine says as data: the English sentence, its template and its arguments.

An engine (blackjack's strategy and count, hold'em's hand and PHH reader) says
what it has to say in English, which tests and an English player read byte for
byte, and keeps the template marked ``N_`` with its arguments in a
:class:`Said`; the UI says the same in the player's language with :func:`say`.
An engine never calls gettext: its words may travel (the room) or be kept.

>>> from cardtui.i18n import N_
>>> said = Said(N_("hard {total} against {dealer}"), total=16, dealer=Said(N_("an ace")))
>>> str(said), said.key, sorted(said.args)
('hard 16 against an ace', 'hard {total} against {dealer}', ['dealer', 'total'])
>>> say(said), say("plain words")
('hard 16 against an ace', 'plain words')
"""

from __future__ import annotations

from cardtui.i18n import _


class Said(str):
    """English words that keep their template and arguments (issue 29).

    An argument that is itself a :class:`Said` (``a 10``, ``aces``) is translated
    in turn; any other argument is shown as it is (a number, a card, a name).
    """

    key: str
    args: dict[str, object]

    def __new__(cls, key: str, **args: object) -> Said:
        said = super().__new__(cls, key.format(**args) if args else key)
        said.key, said.args = key, args
        return said


def say(words: str) -> str:
    """``words`` in the player's language: a :class:`Said` is its template translated,
    each argument said in turn; plain text (a name, words from a file) as it is."""
    if not isinstance(words, Said):
        return words
    try:
        return _(words.key).format(**{name: say(value) if isinstance(value, Said) else value
                                      for name, value in words.args.items()})
    except (KeyError, IndexError, ValueError):
        return str(words)  # a broken translation: the English is still right


def sentence(text: str) -> str:
    """``text`` as a sentence on its own: a capital and a full stop, unless it ends
    in one already (Japanese and Chinese end theirs with 。).

    >>> sentence("slow down: too many chat lines"), sentence("整数で入力してください。")
    ('Slow down: too many chat lines.', '整数で入力してください。')
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…。！？" else text + "."
