"""What a game forked from the template finds already done; printed for test_serve_rehearsal.py.

Only the seat runs this (as ``python -m`` would): importing it does nothing.
"""

from __future__ import annotations

import gc
import sys
import tempfile


def main() -> None:
    from cardtui.ui.textual_fixes import served

    lobby = "cardtui.ui.screens.lobby" in sys.modules
    print(f"frozen={gc.get_freeze_count()} lobby={lobby} "
          f"parsed={served.parsed_stylesheets()} tmp={tempfile.gettempdir()} end", flush=True)


if __name__ == "__main__":
    main()
