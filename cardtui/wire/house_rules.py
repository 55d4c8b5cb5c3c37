"""A table's house rules as the room sends them: the options' names, worded by each game.

The room tells a player sitting down which home-game options the table plays
(:func:`cardtui.room.home_game.tell_house_rules`). It sends a
:class:`~cardtui.wire.protocol.Notice` whose message id is :data:`HOUSE_RULES`
with the English list as ``rules`` (what a game that does not know ``options``
shows) and the options by name as ``options`` (``straddle bomb_pot/10``, the
names of the table's lobby line); each game words them in its player's language
with :func:`house_rules`.

>>> print(house_rules(("straddle", "bomb_pot/10")))
House rules: straddles (x or /straddle: post one whenever under the gun); a bomb pot every 10 hands (/bomb: vote for one).
>>> house_rules(())
''
"""  # noqa: E501 - the notice as a player reads it

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtui.i18n import N_

#: The notice's message id; ``rules`` is the English list, ``options`` the names.
HOUSE_RULES = N_("House rules: {rules}.")
#: What each option says, in the order the notice lists them.
OPTIONS = {
    "straddle": N_("straddles (x or /straddle: post one whenever under the gun)"),
    "run_it_twice": N_("run it twice when all in, if everyone in the pot agrees"),
    "bomb_pot": N_("a bomb pot every {hands} hands (/bomb: vote for one)"),
    "winner_may_show": N_("the winner of an uncontested pot may show"),
    "rabbit_hunt": N_("the rabbit hunt"),
}


def _english(text: str) -> str:
    return text


def house_rules(options: Sequence[str], say: Callable[[str], str] = _english) -> str:
    """The notice for a table playing ``options`` (names as
    :func:`cardtui.room.home_game.options_on` gives them; "" for none), each template
    said with ``say`` (``_`` for the player's language; English by default)."""
    rules = listed(options, say)
    return say(HOUSE_RULES).format(rules=rules) if rules else ""


def listed(options: Sequence[str], say: Callable[[str], str] = _english) -> str:
    """The options as one list (the notice's ``rules``); a name this version does not
    know is left out."""
    said = []
    for option in options:
        name, _, every = option.partition("/")
        if name not in OPTIONS:
            continue
        if name == "bomb_pot":
            said.append(say(OPTIONS[name]).format(hands=every))
        else:
            said.append(say(OPTIONS[name]))
    # TRANSLATORS: between two house rules in one sentence.
    return say(N_("; ")).join(said)
