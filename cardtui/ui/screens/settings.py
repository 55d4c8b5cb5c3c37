"""Settings: name, card style, animation speed, theme. Saved and applied at once."""

from __future__ import annotations

from importlib import import_module

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static

from cardtui.i18n import LANGUAGES, N_, _
from cardtui.settings import THEMES, AnimationSpeed, CardStyle, validate_name
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.setup_form import FORM_CSS, ask_to_discard
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.form_fields import mark

_CARD_STYLES = [("Unicode  A♠ 10♥", CardStyle.UNICODE), ("ASCII  AS 10H", CardStyle.ASCII)]
_SPEEDS = {AnimationSpeed.OFF: N_("Off"), AnimationSpeed.FAST: N_("Fast"),
           AnimationSpeed.NORMAL: N_("Normal"), AnimationSpeed.SLOW: N_("Slow")}

#: Buttons that open a game's own setup screen: (button id, label, module, class).
_GAME_SETUPS = (
    ("blackjack-setup", N_("Blackjack rules & seats…"), "cardtui.ui.blackjack.setup",
     "BlackjackSetupScreen"),
    ("holdem-setup", N_("Hold'em table setup…"), "cardtui.ui.holdem.setup",
     "HoldemSetupScreen"),
)  # fmt: skip


class SettingsScreen(Screen[None]):
    app = getters.app(CardtuiApp)
    CSS_PATH = ["settings.tcss", FORM_CSS]
    BINDINGS = [Binding("escape", "leave", N_("Back"))]
    #: The name as this visit found it (None until mounted): the room hears of a change
    #: once, when the player is done with it (Enter, or leaving), not at every key typed.
    _room_name: str | None = None

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        yield Header()
        with VerticalScroll(id="settings-form", classes="form"):
            yield Static(_("Settings are saved as you change them."), id="settings-hint")
            with Horizontal(classes="row"):
                yield Label(_("Player name"), classes="label")
                yield Input(settings.player_name, placeholder=_("1-12 characters"), id="name")
            yield Static("", id="name-error")
            with Horizontal(classes="row"):
                yield Label(_("Language"), classes="label")
                # The names of the languages stay in their own language (a lost player
                # finds theirs); "" follows the locale (LANG).
                yield Select([(_("Automatic (LANG)"), ""),
                              *((name, code) for code, name in LANGUAGES.items())],
                             value=settings.language, allow_blank=False, id="language")
            with Horizontal(classes="row"):
                yield Label(_("Cards"), classes="label")
                yield Select(_CARD_STYLES, value=settings.effective_card_style, allow_blank=False,
                             id="card-style")
            with Horizontal(classes="row"):
                yield Label(_("Animations"), classes="label")
                yield Select([(_(label), speed) for speed, label in _SPEEDS.items()],
                             value=settings.effective_animation, allow_blank=False,
                             id="animation")
            with Horizontal(classes="row"):
                yield Label(_("Theme"), classes="label")
                yield Select([(t, t) for t in THEMES], value=settings.theme,
                             allow_blank=False, id="theme")
            with Horizontal(classes="row buttons"):
                for button_id, label, _module, _class in _GAME_SETUPS:
                    yield Button(_(label), id=button_id)
        yield Footer()

    def on_mount(self) -> None:
        self._room_name = self.app.settings.player_name
        name = self.query_one("#name", Input)
        # A blinking cursor would make headless snapshots depend on timing.
        name.cursor_blink = not self.app.is_headless
        name.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        error = validate_name(event.value)
        message = self.query_one("#name-error", Static)
        mark(event.input, error)
        if error:
            # One line at 80 columns under the field (the longest reason is 51 cells); the
            # tint and the ✗ say it is not taken, and leaving asks before dropping it.
            message.update(f"✗ {error}")
            message.add_class("error")
            return
        message.update("")
        message.remove_class("error")
        if event.value != self.app.settings.player_name:
            self.app.settings.player_name = event.value
            self.app.save_settings()

    async def action_leave(self) -> None:
        """Back, asking first when the name field holds a name that could not be saved."""
        typed = self.query_one("#name", Input).value
        if typed == self.app.settings.player_name:
            await self.app.action_back()
        else:
            ask_to_discard(self, lambda: self.call_later(self.app.action_back),
                           _("The name you typed is not saved: {reason} "
                             "Leave with the name {name}?").format(
                               reason=validate_name(typed), name=self.app.settings.player_name))

    def on_input_submitted(self) -> None:
        self._tell_room()

    def on_unmount(self) -> None:
        self._tell_room()

    def _tell_room(self) -> None:
        """Served in a room: the new name reaches every seat, lobby line and screen there."""
        name = self.app.settings.player_name
        if self.app.room is not None and self._room_name not in (None, name):
            self._room_name = name
            self.app.room.rename(name)

    def on_select_changed(self, event: Select.Changed) -> None:
        settings = self.app.settings
        # Every choice here is a string (StrEnum members, theme names): anything
        # else is Select.BLANK, no choice.
        if not isinstance(event.value, str):
            return
        # A Select reports its first value when it mounts: only a real change
        # is saved (and ends a command-line choice for this session).
        if event.select.id == "card-style":
            changed = settings.choose_card_style(CardStyle(event.value))
            self.app.apply_card_style()
        elif event.select.id == "language":
            changed = settings.language != event.value
            settings.language = event.value
            if changed:
                self.app.save_settings()
                self.app.apply_language()
                # Shown at once in the new language (the menu follows when it is back).
                self.call_after_refresh(self.recompose)
            return
        elif event.select.id == "animation":
            changed = settings.choose_animation(AnimationSpeed(event.value))
            self.app.apply_animation()
        else:
            changed = settings.theme != event.value
            settings.theme = str(event.value)
            self.app.theme = settings.theme
        if changed:
            self.app.save_settings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        for button_id, _label, module, class_name in _GAME_SETUPS:
            if event.button.id == button_id:
                screen_class = getattr(import_module(module), class_name)
                self.app.push_screen(screen_class())
