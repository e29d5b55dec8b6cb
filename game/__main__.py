"""`python -m game` starts Ludothèque (see game/cli.py for its options)."""

from game.launcher import main

raise SystemExit(main())
