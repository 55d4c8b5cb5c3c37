"""The bot arena: a protocol any hold'em bot can implement, duplicate matches, a panel.

- :mod:`cardtui.arena.protocol`: what a bot sees (:class:`BotView`) and
  answers (one legal action), and the referee that refuses a bad answer;
- :mod:`cardtui.arena.match`: duplicate matches and bb/100 with 95 % intervals;
- :mod:`cardtui.arena.baselines`: the panel of baselines and bot names;
- :mod:`cardtui.arena.pro`: the strongest bot;
- :mod:`cardtui.arena.outside`: a bot cardtui did not write (pypokerengine's).

Like the engines, nothing here imports Textual.
"""
