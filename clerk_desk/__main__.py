"""``python -m clerk_desk``: the headless command line."""

import sys

from clerk_desk.cli import main

sys.exit(main())
