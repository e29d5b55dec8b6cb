"""A deliberately naive, independent move generator for the 16 x 16 fairy chess (the default promotions).

Written straight from docs/rules/fairy16.md §3-§6 without the engine's atoms or
tables: squares are (file, rank) pairs, the board a dict, each piece a few lines of plain
loops, and legality is brute force (make the move, generate every enemy move, see whether one
lands on the King). Slow, but too simple to share the engine's mistakes.
"""

from __future__ import annotations

N = 16
KING8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = KING8[:4]
DIAG = KING8[4:]


def sym(a: int, b: int) -> list[tuple[int, int]]:
    return list({(sx * x, sy * y) for x, y in ((a, b), (b, a)) for sx in (1, -1) for sy in (1, -1)})


LEAPS = {
    "K": KING8, "I": KING8, "N": sym(1, 2), "J": sym(1, 3), "T": sym(2, 3),
    "E": DIAG + sym(2, 2), "D": ORTH + sym(2, 0),
    "L": [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)],
    "F": sym(1, 2) + sym(1, 3) + sym(2, 3),
    "G": sym(2, 0) + sym(3, 0) + sym(2, 2) + sym(3, 3),
    "A": sym(1, 2), "M": sym(1, 2), "C": sym(1, 2),
}
RIDES = {"Q": KING8, "R": ORTH, "B": DIAG, "A": KING8, "M": ORTH, "C": DIAG}
HOPS = {"Z": ORTH, "W": DIAG, "S": KING8}


def on(f: int, r: int) -> bool:
    return 0 <= f < N and 0 <= r < N


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def parse(fen: str) -> tuple[dict, int, tuple | None]:
    """board {(f, r): (LETTER, side)}, side to move, e.p. (target, victim) or None."""
    parts = fen.split()
    rows = parts[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        r = N - 1 - i
        f = 0
        j = 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
            else:
                board[(f, r)] = (row[j].upper(), 0 if row[j].isupper() else 1)
                f += 1
                j += 1
    side = 0 if parts[1] == "w" else 1
    ep_text = parts[3] if len(parts) == 6 else parts[2]
    ep = None
    if ep_text != "-":
        f, r = ord(ep_text[0]) - 97, int(ep_text[1:]) - 1
        victim_r = r - 1 if side == 0 else r + 1  # the enemy passed going towards us
        ep = ((f, r), (f, victim_r))
    return board, side, ep


def pseudo(board: dict, side: int, ep: tuple | None) -> list[tuple]:
    """(from, to, captured square or None, promotion letter or None, is_ep, is_double)."""
    out = []
    fwd = 1 if side == 0 else -1
    last = N - 1 if side == 0 else 0

    def add(a, b, cap=None, is_ep=False, double=False):
        letter = board[a][0]
        promos = [None]
        if letter == "P" and b[1] == last:
            promos = ["A"]
        elif letter == "O" and b[1] == last:
            promos = ["Q", "L", "H"]
        elif letter == "I" and b[1] == last:
            promos = [None, "Q"]
        elif letter == "X" and b in ((0, last), (N - 1, last)):
            promos = [None, "H"]
        for p in promos:
            out.append((a, b, cap, p, is_ep, double))

    def target(b):  # 'empty', 'enemy', 'own'
        if b not in board:
            return "empty"
        return "enemy" if board[b][1] != side else "own"

    for (f, r), (letter, s) in list(board.items()):
        if s != side:
            continue
        a = (f, r)
        for dx, dy in LEAPS.get(letter, []):
            b = (f + dx, r + dy)
            if on(*b) and target(b) != "own":
                add(a, b, b if b in board else None)
        for dx, dy in RIDES.get(letter, []):
            x, y = f + dx, r + dy
            while on(x, y):
                t = target((x, y))
                if t == "own":
                    break
                add(a, (x, y), (x, y) if t == "enemy" else None)
                if t == "enemy":
                    break
                x, y = x + dx, y + dy
        for dx, dy in HOPS.get(letter, []):
            x, y = f + dx, r + dy
            screens = 0
            while on(x, y):
                if (x, y) in board:
                    screens += 1
                    if screens == 2:
                        if target((x, y)) == "enemy":
                            add(a, (x, y), (x, y))
                        break
                elif screens == 0:
                    add(a, (x, y))
                x, y = x + dx, y + dy
        if letter in "HXU":
            firsts = DIAG if letter in "HX" else sym(1, 2)
            for dx, dy in firsts:
                s1 = (f + dx, r + dy)
                if not on(*s1) or target(s1) == "own":
                    continue
                add(a, s1, s1 if s1 in board else None)
                if s1 in board:
                    continue
                if letter == "H":
                    conts = [(dx, 0), (0, dy)]
                elif letter == "X":
                    conts = [(0, dy)]
                else:
                    conts = [(sign(dx), sign(dy))]
                for ux, uy in conts:
                    x, y = s1[0] + ux, s1[1] + uy
                    while on(x, y):
                        t = target((x, y))
                        if t == "own":
                            break
                        add(a, (x, y), (x, y) if t == "enemy" else None)
                        if t == "enemy":
                            break
                        x, y = x + ux, y + uy
        if letter in "PO":
            one = (f, r + fwd)
            if on(*one) and one not in board:
                add(a, one)
                two = (f, r + 2 * fwd)
                if on(*two) and two not in board:
                    add(a, two, double=True)
            for dx in (1, -1):
                d = (f + dx, r + fwd)
                if not on(*d):
                    continue
                if ep is not None and d == ep[0]:
                    victim = board.get(ep[1])
                    if victim and victim[1] != side:
                        add(a, d, ep[1], is_ep=True)
                    continue  # I20: a Centurion's plain step there is the e.p. capture
                t = target(d)
                if t == "enemy":
                    add(a, d, d)
                elif t == "empty" and letter == "O":
                    add(a, d)
    return out


def make(board: dict, move: tuple) -> dict:
    a, b, cap, promo, _is_ep, _double = move
    nb = dict(board)
    piece = nb.pop(a)
    if cap is not None:
        del nb[cap]
    nb[b] = (promo, piece[1]) if promo else piece
    return nb


def legal(board: dict, side: int, ep: tuple | None) -> list[tuple]:
    out = []
    for m in pseudo(board, side, ep):
        nb = make(board, m)
        king = next(sq for sq, (L, s) in nb.items() if L == "K" and s == side)
        if not any(x[1] == king for x in pseudo(nb, 1 - side, None)):
            out.append(m)
    return out


def after(board: dict, side: int, move: tuple) -> tuple[dict, int, tuple | None]:
    a, b = move[0], move[1]
    ep = (((a[0]), (a[1] + b[1]) // 2), b) if move[5] else None
    return make(board, move), 1 - side, ep


def perft(board: dict, side: int, ep: tuple | None, depth: int) -> int:
    moves = legal(board, side, ep)
    if depth == 1:
        return len(moves)
    return sum(perft(*after(board, side, m), depth - 1) for m in moves)
