"""The shared engine of square-board piece games (pure): geometry, kinds as data, atoms, moves, perft."""
