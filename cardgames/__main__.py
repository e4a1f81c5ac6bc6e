"""``python -m cardgames``: the same command line as the ``cardgames`` script."""

from cardgames.cli import main

raise SystemExit(main())
