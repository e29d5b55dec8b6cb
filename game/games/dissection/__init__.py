"""Dissection puzzles (Tangram, Ostomachion): the geometry, rules, levels and screen they share."""
