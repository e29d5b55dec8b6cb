"""Fairy Chess 16 x 16 (Cazaux's Terachess)."""
