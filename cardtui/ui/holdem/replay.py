"""The replayer: the hold'em table playing a saved hand, step by step, under the viewer's keys.

It is the hold'em felt (:class:`~cardtui.ui.holdem.felt.TableFelt`, as the table draws it)
on a :class:`~cardtui.tables.holdem_replay.HoldemReplaySession`, with keys of
its own instead of the player's moves: → the next step, ← the step before
(the hand is shown again from the deal, at once), space plays and pauses,
``+`` / ``-`` change the pace. Every card the history gives is face up; a
card it does not give stays face down.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding

from cardtui.i18n import N_, _
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.holdem_replay import HoldemReplaySession
from cardtui.ui.holdem.felt import TableFelt
from cardtui.ui.holdem.presenter import HoldemPresenter

#: The replayer's own actions (the table's moves and deals are not offered here).
REPLAY_ACTIONS = ("forward", "back", "play", "faster", "slower")


class ReplayPresenter(HoldemPresenter):
    """The table as a replay shows it: every card the history gives is face up, and the
    prompt says where the replay is."""

    def __init__(self, replay: HoldemReplaySession, caps: HoldemCapabilities, *,
                 changed: Callable[[], None]) -> None:
        super().__init__(replay, caps, changed=changed)
        self.replay = replay

    def allows(self, action: str, *, animating: bool) -> bool:
        match action:
            case "forward":
                return not self.replay.at_end
            case "back":
                return not self.replay.at_start
            case "play" | "faster" | "slower":
                return True
        return action not in _TABLE_ACTIONS

    def face_up(self, index: int) -> bool:
        """Every card the history gives is face up; the others stay face down."""
        known = any(card is not None for card in self.view.seats[index].hole)
        return super().face_up(index) or known

    def prompt(self, *, animating: bool) -> Text:
        # The keys are in the footer: the prompt says where the replay is.
        replay = self.replay
        where = _("Step {step} of {steps}").format(step=replay.position, steps=replay.step_count)
        if replay.at_end:
            where += _(", the end")
        pace = (_("playing at {speed}×") if replay.playing else _("paused at {speed}×")).format(
            speed=f"{replay.speed:g}")
        line = Text(f"{replay.title}  ·  {where}  ·  {pace}")
        line.stylize("bold", 0, len(replay.title))
        return line


class ReplayScreen(TableFelt):
    SUB_TITLE = N_("Replay")  # translated by TableFelt as the screen is built
    # After the table's keys (see TABLE_BINDINGS), which check_action turns off but ``o``.
    # Priority: a key steps the replay even while a step is being revealed.
    BINDINGS = [
        Binding("right", "forward", N_("Step"), key_display="→", priority=True),
        Binding("left", "back", N_("Back"), key_display="←", priority=True),
        Binding("space", "play", N_("Play/Pause"), key_display="space", priority=True),
        Binding("plus,equals_sign", "faster", N_("Faster"), key_display="+", priority=True),
        Binding("minus,underscore", "slower", N_("Slower"), key_display="-", priority=True),
        Binding("escape", "app.back", N_("Leave")),
    ]

    def __init__(self, session: HoldemReplaySession) -> None:
        self.replay = session
        super().__init__(session)

    def present(self) -> HoldemPresenter:
        return ReplayPresenter(self.replay, self.caps, changed=self._changed)

    # -- keys ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.presenter.allows(action, animating=self.animating)

    def action_forward(self) -> None:
        self.replay.pause()
        self.player.skip()  # the step being revealed lands at once
        self.replay.forward()
        self._sync()

    def action_back(self) -> None:
        self.player.skip()
        self._replaying = True  # the hand again from the deal: at once, no reveal
        try:
            self.replay.back()
        finally:
            self._replaying = False
        self._sync()

    def action_play(self) -> None:
        self.replay.toggle()
        self._sync()

    def action_faster(self) -> None:
        self.replay.faster()
        self._sync()

    def action_slower(self) -> None:
        self.replay.slower()
        self._sync()


#: The hold'em table's own actions, never offered in a replay.
_TABLE_ACTIONS = ("fold", "check", "call", "bet", "raise", "all_in", "deal", "rebuy", "setup",
                  "history", "chat")
