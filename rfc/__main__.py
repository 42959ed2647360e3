"""`python -m rfc` is the `rfc` command."""

import sys

from rfc.cli import main

sys.exit(main())
