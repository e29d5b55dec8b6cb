"""Chess perft: the published counts from the start and the usual test positions.

The figures are those every chess move generator is checked against (the Chess Programming
Wiki's "Perft Results": the start, "Kiwipete" = position 2, and positions 3 to 6). Shallow
depths run in a few seconds; the deeper ones are marked slow.
"""

from __future__ import annotations

import pytest

from game.games.chess.rules import make_rules
from tools import perft as perft_tool

RULES = make_rules()

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
POSITION_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

#: (position, counts at depth 1, 2, ...)
PUBLISHED = {
    START: (20, 400, 8902, 197281, 4865609),
    KIWIPETE: (48, 2039, 97862, 4085603),
    POSITION_3: (14, 191, 2812, 43238, 674624),
    POSITION_4: (6, 264, 9467, 422333),
    POSITION_5: (44, 1486, 62379),
    POSITION_6: (46, 2079, 89890),
}
#: The deepest count of each position checked by the fast tests (each well under a second).
FAST_DEPTH = {START: 3, KIWIPETE: 2, POSITION_3: 3, POSITION_4: 3, POSITION_5: 2, POSITION_6: 2}
#: The deepest checked by the slow ones (START 5 and KIWIPETE 4 take about a minute each).
SLOW_DEPTH = {START: 5, KIWIPETE: 4, POSITION_3: 5, POSITION_4: 4, POSITION_5: 3, POSITION_6: 3}


def _cases(depths: dict[str, int], deeper_than: dict[str, int] | None = None) -> list:
    out = []
    for fen, counts in PUBLISHED.items():
        low = deeper_than[fen] if deeper_than else 0
        for depth in range(low + 1, depths[fen] + 1):
            out.append(pytest.param(fen, depth, counts[depth - 1], id=f"{fen.split()[0][:12]}-{depth}"))
    return out


def test_positions_read_back_as_written() -> None:
    for fen in PUBLISHED:
        assert RULES.position_text(RULES.parse_position(fen)) == fen


@pytest.mark.parametrize(("fen", "depth", "expected"), _cases(FAST_DEPTH))
def test_published_perft(fen: str, depth: int, expected: int) -> None:
    assert RULES.perft(RULES.parse_position(fen), depth) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("fen", "depth", "expected"), _cases(SLOW_DEPTH, FAST_DEPTH))
def test_published_perft_deep(fen: str, depth: int, expected: int) -> None:
    assert RULES.perft(RULES.parse_position(fen), depth) == expected


def test_perft_tool_takes_a_fen(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft_tool.main(["chess", "--fen", POSITION_3, "--depth", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["depth 1: 14", "depth 2: 191", "depth 3: 2812"]


def test_perft_tool_refuses_a_bad_fen(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft_tool.main(["chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"]) == 2
    assert "bad --position" in capsys.readouterr().err
