"""Tests for the Towers of Hanoi: rules, exact solver, levels, help and registry entry."""
