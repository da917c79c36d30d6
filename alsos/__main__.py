"""``python -m alsos``: the same command line as the ``alsos`` script."""

from alsos.cli import main

raise SystemExit(main())
