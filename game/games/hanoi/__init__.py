"""Towers of Hanoi: the classic three-peg puzzle and Reve's four-peg version, with exact solvers."""
