"""``python -m wargame``: the same command line as the ``wargame`` script."""

import sys

from wargame.cli import main

sys.exit(main())
