"""``python -m editor`` runs the ``salient`` command."""

import sys

from editor.cli import main

sys.exit(main())
