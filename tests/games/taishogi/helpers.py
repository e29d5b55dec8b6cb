"""Small positions for the Tai Shogi tests, written as {square name: "bLn"} maps."""

from __future__ import annotations

from game.games.taishogi.pieces import SIZE
from game.games.taishogi.rules import Move, State, TaiShogiRules, code, kind_number


def sq(name: str) -> int:
    """`13m` -> square index."""
    file, rank = int(name[:-1]), ord(name[-1]) - ord("a")
    return rank * SIZE + (SIZE - file)


def position(men: dict[str, str], to_move: int = 0) -> State:
    """A board with only `men` (e.g. {"13m": "bLn", "12l": "w+G"})."""
    board = [0] * (SIZE * SIZE)
    for name, text in men.items():
        owner = "bw".index(text[0])
        promoted = text[1] == "+"
        abbr = text[2:] if promoted else text[1:]
        board[sq(name)] = code(kind_number(abbr), owner, promoted)
    return State(tuple(board), to_move)


def moves_from(rules: TaiShogiRules, state: State, name: str) -> list[Move]:
    return [m for m in rules.legal_moves(state) if m.frm == sq(name)]


def destinations(rules: TaiShogiRules, state: State, name: str) -> set[int]:
    """Squares other than its own that the man on `name` can end on."""
    return {m.to for m in moves_from(rules, state, name) if m.to != sq(name)}


def texts(rules: TaiShogiRules, state: State, name: str) -> set[str]:
    return {rules.to_notation(state, m) for m in moves_from(rules, state, name)}
