"""Abalone 4×2×2 (rules §7.10): four players in two teams on two boards; rules.py plays it,
scene.py shows both boards."""
