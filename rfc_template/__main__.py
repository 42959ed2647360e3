"""`python -m rfc_template` is the `rfc` command."""

import sys

from rfc_template.cli import main

sys.exit(main())
