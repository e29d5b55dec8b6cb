"""The Ostomachion (Archimedes' Stomachion): fourteen pieces of a square, for figures and the square."""
