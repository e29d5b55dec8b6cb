"""An independent breadth-first search over Hanoi configurations, the yardstick for the solver.

Deliberately naive (tuples, a dict, a deque) and sharing no code with the game, so that
agreement between the two means something.
"""

from __future__ import annotations

from collections import deque


def neighbours(pegs: int, config: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, ...]]]:
    """(move, configuration after it) for every legal move."""
    top: list[int | None] = [None] * pegs  # smallest disk on each peg
    for disk, peg in enumerate(config):
        if top[peg] is None:
            top[peg] = disk
    out = []
    for src in range(pegs):
        moving = top[src]
        if moving is None:
            continue
        for dst in range(pegs):
            other = top[dst]
            if dst != src and (other is None or other > moving):
                out.append(((src, dst), config[:moving] + (dst,) + config[moving + 1:]))
    return out


def distances_to(pegs: int, target: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Fewest moves from every configuration to `target` (moves are reversible)."""
    dist = {target: 0}
    queue = deque([target])
    while queue:
        config = queue.popleft()
        for _, after in neighbours(pegs, config):
            if after not in dist:
                dist[after] = dist[config] + 1
                queue.append(after)
    return dist
