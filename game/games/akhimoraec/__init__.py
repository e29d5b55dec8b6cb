"""Akhimoraec: three hourglasses each, tipped into a centre line against real time."""
