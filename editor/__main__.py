"""``python -m editor`` runs the ``salient`` command."""

import sys

from .cli import main

sys.exit(main())
