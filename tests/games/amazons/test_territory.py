"""The territory map the scene overlays: queen and king distances checked by plain BFS."""

from __future__ import annotations

import random
from collections import deque

import pytest

from game.games.amazons import rules as R
from tests.games.amazons import brute


def bfs(state: R.State, side: int, queen: bool) -> dict[int, int]:
    n = state.n
    board = brute.board_of(state)
    letter = "W" if side == 0 else "B"
    starts = [(x, y) for (x, y), c in board.items() if c == letter]
    dist: dict[tuple[int, int], int] = {}
    todo = deque((p, 0) for p in starts)
    seen = set(starts)
    while todo:
        (x, y), d = todo.popleft()
        if queen:
            nxt = brute.slide(n, board, x, y)
        else:
            nxt = [(x + dx, y + dy) for dx, dy in brute.STEPS
                   if 0 <= x + dx < n and 0 <= y + dy < n and (x + dx, y + dy) not in board]
        for p in nxt:
            if p not in seen:
                seen.add(p)
                dist[p] = d + 1
                todo.append((p, d + 1))
    return {y * n + x: d for (x, y), d in dist.items()}


@pytest.mark.parametrize("variant, seed", [("standard", 1), ("standard", 2), ("6x6", 3)])
def test_distances_and_owners_match_breadth_first_search(variant: str, seed: int) -> None:
    r = R.make_rules(variant)
    rng = random.Random(seed)
    s = r.initial_state()
    for ply in range(60):
        if ply % 7 == 0:
            t = R.territory(s)
            for side in (0, 1):
                q = bfs(s, side, queen=True)
                k = bfs(s, side, queen=False)
                assert {i: d for i, d in enumerate(t.queen_distance[side]) if d} == q
                assert {i: d for i, d in enumerate(t.king_distance[side]) if d} == k
            for dist, owner, counts in ((t.queen_distance, t.queen_owner, t.queen_counts),
                                        (t.king_distance, t.king_owner, t.king_counts)):
                for sq in range(r.n * r.n):
                    a, b = dist[0][sq], dist[1][sq]
                    want = None
                    if a is not None and (b is None or a < b):
                        want = 0
                    elif b is not None and (a is None or b < a):
                        want = 1
                    assert owner[sq] == want
                assert counts == (owner.count(0), owner.count(1))
        moves = r.legal_moves(s)
        if not moves:
            break
        s = r.play(s, rng.choice(moves))


def test_start_territory_is_balanced_and_occupied_squares_have_no_owner() -> None:
    s = R.make_rules().initial_state()
    t = R.territory(s)
    assert t.queen_counts[0] == t.queen_counts[1] > 0
    assert t.king_counts[0] == t.king_counts[1] > 0
    for a in R.amazons(s, 0) + R.amazons(s, 1):
        assert t.queen_owner[a] is None and t.queen_distance[0][a] is None
    # d2 is next to White's d1, but Black's d10 also reaches it in one queen move down the
    # open file: a queen tie, while by king steps White is much closer.
    d2 = R.parse_square(10, "d2")
    assert t.queen_distance[0][d2] == t.queen_distance[1][d2] == 1
    assert t.king_distance[0][d2] == 1 and t.king_distance[1][d2] == 5  # from a7
    assert t.queen_owner[d2] is None and t.king_owner[d2] == 0
