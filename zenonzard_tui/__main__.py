"""`python -m zenonzard_tui` runs the `zenonzard` command."""

import sys

from zenonzard_tui.cli import main

sys.exit(main())
