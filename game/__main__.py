"""`python -m game` starts Ludothèque."""

from game.app import main

raise SystemExit(main())
