"""``python -m cardtui`` runs the same command line as the ``cardtui`` script."""

import sys

from cardtui.cli import main

sys.exit(main())
