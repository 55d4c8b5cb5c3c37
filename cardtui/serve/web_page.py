"""The pages of the browser door: where a guest picks a name, the table itself, and "no".

The table page is textual-serve's own page (``textual_serve/templates/app_index.html``)
cut down to what cardtui needs: its xterm.js client (``static/js/textual.js``,
served from the installed package) fills the window, follows resizes and
speaks the websocket protocol :mod:`cardtui.serve.web_session` answers. What
changed: a title and a favicon that say cardtui, the font served from the
package rather than from a font CDN (nothing on the page leaves the host, so
the invite token in its address is never sent anywhere as a referrer), and
no Textual logo.

Every address is relative to ``/<token>/``, so the pages need not know
which host name or port the player typed.

The pages speak the browser's language: the ``Accept-Language`` header its
user's language settings send (``navigator.languages``, in order), read by
:func:`page_language`. The server is one process for every browser, so a page
is worded in its language for the moment it is made (:func:`speaking`) and the
server's own language (the host's) comes back at once.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from string import Template

from cardtui.i18n import ENGLISH, N_, _, current_language, language_code, set_language
from cardtui.names import NAME_MAX, name_problem

#: A card with a spade, as an SVG: the tab's icon.
FAVICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect x="5" y="2" width="22" height="28" rx="3" fill="#fafafa" stroke="#1b5e20" stroke-width="2"/>
<path d="M16 7c-4 5-8 7-8 11a4 4 0 0 0 7 2l-1.5 5h5l-1.5-5a4 4 0 0 0 7-2c0-4-4-6-8-11z"
 fill="#111"/>
</svg>
"""

_STYLE = """
      @font-face {
        font-family: "Roboto Mono";
        src: url("static/fonts/RobotoMono-VariableFont_wght.ttf");
      }
      body { background: #0c181f; margin: 0; font-family: "Roboto Mono", monospace;
             color: rgba(255, 255, 255, 0.95); }
"""

_HEAD = Template(
    """<!DOCTYPE html>
<html lang="$lang">
  <head>
    <meta charset="utf-8">
    <meta name="referrer" content="no-referrer">
    <title>$title</title>
    <link rel="icon" type="image/svg+xml" href="favicon.svg">
    <link rel="stylesheet" href="static/css/xterm.css">
    <style>"""
    + _STYLE
    + """$style</style>
  </head>
"""
)

_DOOR = Template("""  <body>
    <form class="door" method="get" action="">
      <h1>&spades; cardtui</h1>
      <p>$welcome</p>
      <label for="name">$label</label>
      <input id="name" name="name" maxlength="$name_max" autofocus autocomplete="nickname"
             placeholder="$placeholder" value="$name">
      <p class="problem">$problem</p>
      <button type="submit">$sit_down</button>
    </form>
  </body>
</html>
""")

_DOOR_STYLE = """
      .door { max-width: 28em; margin: 12vh auto; padding: 2em; background: #12232d; }
      .door h1 { margin-top: 0; }
      .door input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.4em; }
      .door button { font: inherit; margin-top: 1em; padding: 0.6em 2em; border: none;
                     background: #1b5e20; color: white; cursor: pointer; }
      .problem { color: #ff8a80; min-height: 1.2em; }
"""

#: The cookie that carries the page's language (``navigator.language``) to the game: the
#: websocket's URL is textual.js's to build, the cookie goes with it unasked.
LANG_COOKIE = "cardtui_lang"

_TABLE = Template("""  <body>
    <script>
      document.cookie = "cardtui_lang=" + encodeURIComponent(navigator.language || "")
        + "; path=/; SameSite=Strict";
    </script>
    <div class="ended"><div class="message">$ended
      <button type="button" onclick="window.location.reload()">$again</button></div></div>
    <div id="terminal" class="textual-terminal"
         data-session-websocket-url="$websocket" data-font-size="$font_size"></div>
    <script>
      // This tab's resume token: kept across a reload (sessionStorage is the tab's own),
      // it brings the game back to its seat. Before textual.js reads the address.
      (function () {
        var token = null;
        try {
          token = sessionStorage.getItem("$resume_key");
          if (!/^[0-9a-f]{48}$$/.test(token || "")) {
            var bytes = new Uint8Array(24);
            crypto.getRandomValues(bytes);
            token = Array.from(bytes, function (b) {
              return b.toString(16).padStart(2, "0");
            }).join("");
            sessionStorage.setItem("$resume_key", token);
          }
        } catch (e) {
          return;  // no storage (a private window may refuse it): the seat ends with the tab
        }
        var terminal = document.getElementById("terminal");
        // The door's address is /<invite>/ws[/<name>]: the token goes after "ws".
        var url = new URL(terminal.dataset.sessionWebsocketUrl);
        var parts = url.pathname.split("/");
        parts.splice(3, 0, "resume", token);
        url.pathname = parts.join("/");
        terminal.dataset.sessionWebsocketUrl = url.toString();
      })();
    </script>
    <script src="static/js/textual.js"></script>
  </body>
</html>
""")

_TABLE_STYLE = """
      .textual-terminal { opacity: 0; }
      body.-first-byte .textual-terminal { opacity: 1; }
      .ended { display: none; }
      body.-closed .ended { display: flex; position: absolute; inset: 0; z-index: 10;
                            align-items: center; justify-content: center;
                            background: rgba(12, 24, 31, 0.85); }
      .ended button { font: inherit; display: block; margin: 1em auto 0; padding: 0.6em 2em;
                      border: none; background: #1b5e20; color: white; cursor: pointer; }
"""

#: A request without the host's invite token: the words, and the whole answer in English
#: (:func:`forbidden` answers in the browser's language).
FORBIDDEN_WORDS = N_("403 Forbidden: this link needs the host's invite "
                     "(ask them for the whole link).")
FORBIDDEN = FORBIDDEN_WORDS + "\n"

#: Where the table page keeps the tab's resume token (``sessionStorage``).
RESUME_KEY = "cardtui-resume"

#: Pixels per cell row the table page asks xterm.js for (textual-serve's default).
FONT_SIZE = 16


def page_language(accept_language: str) -> str:
    """The language of our catalogs the browser prefers most (its ``Accept-Language``
    header), else English.

    >>> page_language("ja,en-US;q=0.9,en;q=0.8"), page_language("fr-FR, ru;q=0.5")
    ('ja', 'ru')
    >>> page_language("en;q=0.4, zh-CN;q=0.9"), page_language(""), page_language("zh-TW")
    ('zh_CN', 'en', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language.split(",")[:20]):
        tag, _semi, weight = part.strip().partition(";")
        try:
            quality = float(weight.strip().removeprefix("q=")) if weight else 1.0
        except ValueError:
            quality = 0.0
        code = language_code(tag.strip())
        if code is not None and quality > 0:
            ranked.append((-quality, order, code))
    return min(ranked)[2] if ranked else ENGLISH


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Words said inside are in ``language``; the process's own language after.

    Nothing inside awaits: no other request's words are made meanwhile.
    """
    before = current_language()
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def _html_lang(language: str) -> str:
    """The ``lang`` attribute for a catalog's code (``zh_CN`` is written ``zh-CN``)."""
    return language.replace("_", "-")


def door_page(name: str = "", problem: str = "", language: str = ENGLISH) -> str:
    """The page that asks a guest's name before their game starts.

    >>> f'"{LANG_COOKIE}=' in table_page("ws://x/ws")
    True
    >>> "Sit down" in door_page() and "<title>cardtui</title>" in door_page()
    True
    >>> 'value="&lt;b&gt;"' in door_page("<b>", "too long")
    True
    >>> '<html lang="zh-CN">' in door_page(language="zh_CN")
    True
    """
    with speaking(language):
        head = _HEAD.substitute(title="cardtui", style=_DOOR_STYLE, lang=_html_lang(language))
        body = _DOOR.substitute(
            name_max=NAME_MAX, name=html.escape(name), problem=html.escape(problem),
            welcome=html.escape(_("Blackjack and Texas Hold'em with the people in this room.")),
            label=html.escape(_("Your name at the table")),
            placeholder=html.escape(_("Guest (leave empty)")),
            sit_down=html.escape(_("Sit down")))
    return head + body


def name_problem_in(name: str, language: str) -> str | None:
    """What is wrong with ``name`` as a player's name, said in ``language`` (None: nothing)."""
    with speaking(language):
        return name_problem(name)


def table_page(websocket: str, font_size: int = FONT_SIZE, language: str = ENGLISH) -> str:
    """The page that plays: xterm.js connected to ``websocket`` (an absolute ``ws://`` URL)."""
    with speaking(language):
        head = _HEAD.substitute(title="cardtui", style=_TABLE_STYLE, lang=_html_lang(language))
        return head + _TABLE.substitute(websocket=html.escape(websocket), font_size=font_size,
                                        resume_key=RESUME_KEY,
                                        ended=html.escape(_("The game has ended.")),
                                        again=html.escape(_("Play again")))


def forbidden(accept_language: str = "") -> str:
    """The whole answer to a request without the host's invite token, in the browser's
    language (a line, as a plain-text answer)."""
    with speaking(page_language(accept_language)):
        return _(FORBIDDEN_WORDS) + "\n"
