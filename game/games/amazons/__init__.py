"""The Game of the Amazons: queen moves, arrow shots, and the last player able to move wins."""
