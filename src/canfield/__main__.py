"""``python -m canfield`` is the ``canfield`` command."""

from __future__ import annotations

import sys

from canfield.cli import main

sys.exit(main())
