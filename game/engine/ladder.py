"""Level ratings: an Elo-scale Bradley-Terry fit over an arena ladder, and what the setup shows.

A ladder is a list of pairings (player A, player B, A's wins, draws, B's wins). `fit` finds the
ratings that make those results most likely under the Elo model — A scores
1 / (1 + 10^((r_B - r_A) / 400)) on average, a draw counting half — with one player held at 0
(the `random` mover: the anchor every game has). A pairing one side swept has no finite
maximum, so `prior_draws` adds that many drawn games to every pairing that was played (the
usual virtual-draw prior; 0 gives the plain maximum likelihood). The error bar of each rating is
its standard error from the inverse of the observed information (the Hessian of the
log-likelihood at the fit, the anchor removed).

The ladder data a run writes (`game/games/<id>/ladder.json`) is read back by `load` and turned
into a word by `strength_word` (from the rating above the greedy one-ply player) for the setup
screen; a missing or damaged file only means no
words are shown. A level whose strength is a theorem rather than a measure (the Jeu de pions
is solved: its default level plays perfectly, and a rating against random only says how many
games were played) gets its word from the game's ai module (`PROVEN_WORDS`), which
the arena copies into the file as `words`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import N_

#: Elo points per factor of ten in the odds.
SCALE = 400.0
_C = math.log(10.0) / SCALE
ANCHOR = "random"

#: The yardstick of the words: the one-ply `greedy` player (a novice who takes what is there),
#: or the random mover where greedy rates below it (Rithmomachia's evaluation, one ply deep).
#: Ratings above `random` alone say little, as a level that sweeps random can only show as
#: many points as the games played allow; gaps between near neighbours are what a ladder
#: measures well.
YARDSTICK = "greedy"
#: (lowest rating above the yardstick, word) from the top down.
WORDS: tuple[tuple[float, str], ...] = (
    (700.0, N_("expert")), (400.0, N_("strong")), (150.0, N_("club")), (0.0, N_("casual")),
    (-math.inf, N_("beginner")))


@dataclass(frozen=True)
class Pairing:
    """Results of A against B (sides alternated by the arena)."""

    a: str
    b: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's share of the points (a draw is half); 0.5 when no game was played."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    error: float  # standard error, Elo points (0 for the anchor)


def expected(diff: float) -> float:
    """The Elo model's expected score of a player rated `diff` points above its opponent."""
    return 1.0 / (1.0 + float(10.0 ** (-diff / SCALE)))


def fit(pairings: Sequence[Pairing], anchor: str = ANCHOR, *, prior_draws: float = 1.0,
        iterations: int = 100) -> dict[str, Rating]:
    """Maximum-likelihood ratings (Newton's method) with `anchor` at 0 and standard errors.

    Every player must be linked to the anchor through played pairings, else its rating would
    be undetermined: that is a ValueError, as are negative counts.
    """
    names = _players(pairings, anchor)
    free = [n for n in names if n != anchor]
    index = {n: i for i, n in enumerate(free)}
    games = [(p.a, p.b, p.wins + p.draws * 0.5 + prior_draws * 0.5,
              p.games + prior_draws) for p in pairings if p.games > 0]
    r = dict.fromkeys(names, 0.0)
    for _ in range(iterations):
        grad, hess = _derivatives(games, r, index)
        step = _solve(hess, grad)
        worst = max((abs(x) for x in step), default=0.0)
        if worst > 400.0:  # keep Newton inside the region where it converges
            step = [x * 400.0 / worst for x in step]
        for name, i in index.items():
            r[name] -= step[i]
        if worst < 1e-9:
            break
    _, hess = _derivatives(games, r, index)
    cov = _inverse([[-h for h in row] for row in hess])
    out = {anchor: Rating(anchor, 0.0, 0.0)}
    for name, i in index.items():
        out[name] = Rating(name, r[name], math.sqrt(max(cov[i][i], 0.0)))
    return out


def _players(pairings: Sequence[Pairing], anchor: str) -> list[str]:
    names: list[str] = []
    links: dict[str, set[str]] = {}
    for p in pairings:
        if min(p.wins, p.draws, p.losses) < 0:
            raise ValueError(f"negative result count in {p}")
        for n in (p.a, p.b):
            if n not in links:
                links[n] = set()
                names.append(n)
        if p.games > 0 and p.a != p.b:
            links[p.a].add(p.b)
            links[p.b].add(p.a)
    if anchor not in links:
        raise ValueError(f"the anchor {anchor!r} played no game")
    seen, todo = {anchor}, [anchor]
    while todo:
        for other in links[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    cut = [n for n in names if n not in seen]
    if cut:
        raise ValueError(f"not linked to {anchor!r} by played games: {', '.join(cut)}")
    return names


def _derivatives(games: Sequence[tuple[str, str, float, float]], r: Mapping[str, float],
                 index: Mapping[str, int]) -> tuple[list[float], list[list[float]]]:
    """Gradient and Hessian of the log-likelihood in the free ratings."""
    n = len(index)
    grad = [0.0] * n
    hess = [[0.0] * n for _ in range(n)]
    for a, b, points, count in games:
        p = expected(r[a] - r[b])
        g = _C * (points - count * p)
        w = _C * _C * count * p * (1.0 - p)
        ia, ib = index.get(a), index.get(b)
        if ia is not None:
            grad[ia] += g
            hess[ia][ia] -= w
        if ib is not None:
            grad[ib] -= g
            hess[ib][ib] -= w
        if ia is not None and ib is not None:
            hess[ia][ib] += w
            hess[ib][ia] += w
    return grad, hess


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gauss-Jordan with partial pivoting; tiny systems)."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(m[i][col]))
        if abs(m[pivot][col]) < 1e-300:
            raise ValueError("the ratings are not determined by these results")
        m[col], m[pivot] = m[pivot], m[col]
        for i in range(n):
            if i != col:
                f = m[i][col] / m[col][col]
                m[i] = [x - f * y for x, y in zip(m[i], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def strength_word(elo: float) -> str:
    """The setup screen's word for a rating above the yardstick (greedy)."""
    for floor, word in WORDS:
        if elo >= floor:
            return word
    return WORDS[-1][1]


def ladder_path(game_id: str) -> Path:
    """Where a game's committed ladder data lives (beside its rules)."""
    return Path(__file__).resolve().parents[1] / "games" / game_id / "ladder.json"


def load(game_id: str, path: Path | None = None) -> dict[str, Any] | None:
    """The committed ladder data of a game, or None when there is none or it is unreadable."""
    try:
        data = json.loads((path or ladder_path(game_id)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("ratings"), dict):
        return None
    return data


def level_words(game_id: str, levels: Sequence[str], path: Path | None = None) -> dict[str, str]:
    """Each level's strength word from the committed ladder (levels it lacks get none)."""
    data = load(game_id, path)
    if data is None:
        return {}
    out: dict[str, str] = {}
    words = data.get("words")
    proven: dict[str, Any] = words if isinstance(words, dict) else {}
    base = data["ratings"].get(YARDSTICK)
    zero = base.get("elo") if isinstance(base, dict) else None
    if not isinstance(zero, (int, float)):
        zero = 0.0  # a game without a greedy player: rated from random
    zero = max(float(zero), 0.0)  # where one ply of evaluation does worse than chance
    for level in levels:
        word = proven.get(f"ai:{level}")
        if isinstance(word, str) and word:
            out[level] = word[:12]
            continue
        row = data["ratings"].get(f"ai:{level}")
        elo = row.get("elo") if isinstance(row, dict) else None
        if isinstance(elo, (int, float)) and math.isfinite(elo):
            out[level] = strength_word(float(elo) - float(zero))
    return out
