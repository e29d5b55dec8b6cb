"""The piece notation (game/pieces/betza.py) and the pieces files (game/pieces/datafile.py).

The fairy chess and chess kinds read from their files are the very atoms they were written as
by hand before (tests/pieces/handwritten.py), and an engine built on either generates the same
moves in the same order from many random positions; every sort of mistake in a move text or a
file is refused, with the file, the line and the reason.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from game.games.chess import pieces as chess_pieces
from game.games.chess.rules import SPEC as CHESS_SPEC
from game.games.fairy16 import pieces as fairy_pieces
from game.games.fairy16.rules import spec_for
from game.pieces import betza, datafile
from game.pieces.atoms import Bent, Hook, Hop, Leap, Lion, LionLine, Slide, Universal
from game.pieces.engine import Engine
from game.pieces.kinds import GameSpec
from game.pieces.state import State, encode

from .handwritten import CHESS, FAIRY16, JOCLY_BUFFOON


def test_the_fairy_chess_kinds_are_the_hand_written_atoms() -> None:
    for profile in ("unicorn", "jocly"):
        kinds = fairy_pieces.kinds(profile)
        assert [k.id for k in kinds] == list(FAIRY16)
        for kind in kinds:
            expected = FAIRY16[kind.id]
            if profile == "jocly" and kind.id == "buffoon":
                expected += JOCLY_BUFFOON
            assert kind.atoms == expected, kind.id


def test_the_chess_kinds_are_the_hand_written_atoms() -> None:
    assert {k.id: k.atoms for k in chess_pieces.kinds()} == CHESS


def _handwritten(spec: GameSpec, table: dict[str, tuple[object, ...]],
                 jocly: bool = False) -> GameSpec:
    kinds = []
    for k in spec.kinds:
        atoms = table[k.id] + (JOCLY_BUFFOON if jocly and k.id == "buffoon" else ())
        kinds.append(dataclasses.replace(k, atoms=atoms))
    return dataclasses.replace(spec, kinds=tuple(kinds))


def _random_positions(spec: GameSpec, count: int, seed: int) -> list[State]:
    """Positions with both Kings and a random crowd of every kind (each side to move)."""
    rng = random.Random(seed)
    size = spec.width * spec.height
    ids = [k.id for k in spec.kinds]
    king = ids.index("king") + 1
    out = []
    for n in range(count):
        board = [0] * size
        squares = rng.sample(range(size), 2 + rng.randrange(4, size // 3))
        board[squares[0]], board[squares[1]] = encode(king, 0), encode(king, 1)
        for sq in squares[2:]:
            board[sq] = encode(rng.randrange(1, len(ids) + 1), rng.randrange(2))
            if board[sq] >> 2 == king:
                board[sq] = 0
        out.append(State(tuple(board), n % 2))
    return out


@pytest.mark.parametrize("profile", ["unicorn", "jocly"])
def test_the_fairy_chess_moves_are_the_same_as_before(profile: str) -> None:
    parsed = spec_for(profile)
    before = Engine(_handwritten(parsed, FAIRY16, profile == "jocly"))
    after = Engine(parsed)
    tried = 0
    for state in _random_positions(parsed, 150, 16):
        old, new = before.legal(before.position(state)), after.legal(after.position(state))
        assert old == new
        tried += len(new)
    assert tried > 10_000


def test_the_chess_moves_are_the_same_as_before() -> None:
    before, after = Engine(_handwritten(CHESS_SPEC, CHESS)), Engine(CHESS_SPEC)
    for state in _random_positions(CHESS_SPEC, 300, 8):
        assert before.legal(before.position(state)) == after.legal(after.position(state))


@pytest.mark.parametrize(("text", "atom"), [
    ("K", Leap(((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)))),
    ("fK", Leap(((0, 1), (1, 1), (-1, 1)))),
    ("bsW", Leap(((1, 0), (-1, 0), (0, -1)))),
    ("flF", Leap(((-1, 1),))),
    ("ffN", Leap(((1, 2), (-1, 2)))),
    ("fsN", Leap(((2, 1), (-2, 1)))),
    ("vR2", Slide(((0, 1), (0, -1)), limit=2)),
    ("W3", Slide(((1, 0), (-1, 0), (0, 1), (0, -1)), limit=3)),
    ("FF", Slide(((1, 1), (-1, 1), (1, -1), (-1, -1)))),
    ("mR", Slide(((1, 0), (-1, 0), (0, 1), (0, -1)), "move")),
    ("cpB", Hop(((1, 1), (-1, 1), (1, -1), (-1, -1)))),
    ("ifmneD", Leap(((0, 2),), "move", lame=True, double=True, from_ranks=(1,))),
    ("fceF", Leap(((1, 1), (-1, 1)), "capture", ep=True)),
    ("t[FvR]", Bent((((1, 1), ((0, 1),)), ((-1, 1), ((0, 1),)), ((1, -1), ((0, -1),)),
                     ((-1, -1), ((0, -1),))))),
    ("fhB", Hook((((1, 1), ((-1, 1), (1, -1))), ((-1, 1), ((1, 1), (-1, -1)))))),
    ("h[fBfB]", Hook((((1, 1), ((-1, 1),)), ((-1, 1), ((1, 1),))))),
    ("L", Lion()),
    ("ffL2", LionLine(((0, 1),), 2)),
    ("L3", LionLine(((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)), 3)),
    ("U", Universal()),
])
def test_each_atom_and_modifier(text: str, atom: object) -> None:
    assert betza.atoms(text) == (atom,)


def test_forward_down_the_ranks_turns_every_offset() -> None:
    assert betza.atoms("fW ffN flfrL2", forward=-1) == (
        Leap(((0, -1),)), Leap(((1, -2), (-1, -2))), LionLine(((1, -1), (-1, -1)), 2))
    assert betza.atoms("U", protection="literal") == (Universal("literal"),)


def test_items_keep_what_was_written() -> None:
    items = betza.parse("vR2 sRfrB flF")
    assert [(i.kind, i.letter, i.limit, i.source) for i in items] == [
        ("slide", "R", 2, "vR2"), ("slide", "R", 0, "sR"), ("slide", "B", 0, "frB"),
        ("leap", "F", 0, "flF")]


@pytest.mark.parametrize(("text", "reason"), [
    ("", "an empty move"),
    ("fX", "no atom is written 'X'"),
    ("f", "the move ends where an atom letter"),
    ("vF", "'v' chooses no direction of F"),
    ("nN", "n (lame) needs a straight leap"),
    ("pR", "a hop (p) only captures"),
    ("cpN", "a hop (p) is made along a rider's lines"),
    ("mcW", "m (move only) and c (capture only) together"),
    ("mmW", "'m' written twice"),
    ("N3", "N is a leap"),
    ("eW", "e (en passant) marks"),
    ("iW", "i (from the second rank only)"),
    ("nR", "'n' is for leaps"),
    ("fL", "write a reach"),
    ("L4", "a Lion line reaches 2 or 3 squares, not 4"),
    ("fU", "U (to any square) takes no direction"),
    ("mL", "L takes no m, c"),
    ("hN", "a hook (h) turns from a full slide"),
    ("tF", "t (then) needs its two legs in brackets"),
    ("t[FN]", "N does not ride"),
    ("t[RR]", "the first leg of t[..] is a leap"),
    ("t[FR", "the two legs end with ]"),
    ("ft[FR]", "write the directions inside the brackets"),
    ("aK", "an area move"),
    ("jR", "a ranging jump"),
    ("W3?", "'?' is neither a modifier nor an atom letter"),
])
def test_a_wrong_move_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(betza.NotationError) as caught:
        betza.atoms(text)
    assert reason in str(caught.value)


GOOD = """\
# a comment
[kinds]
id     | letter | name   | value | move            | summary
king   | K      | King   | 0     | K               | royal
pawn   | P      | Pawn   | 100   | fmW ifmneD fceF | steps

[promotions]
kind | becomes | optional | squares
pawn | king    | no       | -

[start]
8/8/8/8/8/8/8/K6k w - - 0 1
"""


def test_a_good_file_reads() -> None:
    f = datafile.parse(GOOD, "mini.txt")
    kinds = datafile.kinds(f, datafile.promotions(f, f.section("promotions")))
    assert [k.id for k in kinds] == ["king", "pawn"] and kinds[0].royal
    assert kinds[1].atoms == CHESS["pawn"] and kinds[1].promotion is not None
    assert datafile.start(f).startswith("8/8")


@pytest.mark.parametrize(("change", "where"), [
    (("fmW ifmneD fceF", "fmW ifmneX fceF"), "mini.txt:5: move 'fmW ifmneX fceF': no atom is "
                                             "written 'X' (column 10 of the move)"),
    (("| 100   |", "| lots  |"), "mini.txt:5: value 'lots' is not a whole number"),
    (("royal\n", "royal | more\n"), "mini.txt:4: 7 cells, the header has 6"),
    (("| summary", "| words"), "mini.txt:3: the columns of [kinds] are"),
    (("pawn | king", "pawn | queen"), "mini.txt:9: 'queen' is not a kind of [kinds]"),
    (("| no       |", "| maybe    |"), "mini.txt:9: optional is yes or no, not 'maybe'"),
    (("[start]", "[start"), "mini.txt:11: a section starts as [name]"),
    (("# a comment", "stray"), "mini.txt:1: a line before the first [section]"),
    (("[start]", "[kinds]"), "mini.txt:11: section [kinds] twice"),
    (("pawn   | P", "king   | P"), "mini.txt:5: kind 'king' twice"),
])
def test_a_wrong_file_is_refused_with_its_line_and_reason(change: tuple[str, str],
                                                           where: str) -> None:
    text = GOOD.replace(*change)
    assert text != GOOD
    with pytest.raises(datafile.DataError) as caught:
        f = datafile.parse(text, "mini.txt")
        datafile.kinds(f, {})
        datafile.promotions(f, f.section("promotions"))
    assert where in str(caught.value)


def test_every_game_file_reads_and_its_words_reach_the_catalogue() -> None:
    from game.i18n import extract_pieces

    files = sorted(Path("game/games").glob("*/pieces.txt"))
    assert {f.parent.name for f in files} >= {"chess", "fairy16"}
    po = Path("game/locale/fr/LC_MESSAGES/ludotheque.po").read_text(encoding="utf-8")
    for path in files:
        with path.open("rb") as fileobj:
            found = [m for _line, _f, m, _c in extract_pieces(fileobj, None, None, None)]
        assert "King" in found or "Emperor" in found
        for message in found:
            assert f'msgid "{message}"' in po, f"{path}: {message!r} has no French"


def test_the_documents_worked_examples_are_the_files_moves() -> None:
    """docs/piece-notation.md §4: each example reads, and is the move its game's file gives
    that piece (so the document cannot drift from the data)."""
    import re

    from game.games.taishogi import pieces as tai_pieces

    doc = Path("docs/piece-notation.md").read_text(encoding="utf-8")
    section = doc[doc.index("## 4. Worked examples"):doc.index("## 5.")]
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| `([^`]+)` \|", section, re.M)
    assert len(rows) >= 15
    files = {"fairy chess": {k.name: k.atoms for k in fairy_pieces.kinds()},
             "chess": {k.name: k.atoms for k in chess_pieces.kinds()}}
    for piece, game, text in rows:
        piece, game = piece.strip(), game.strip()
        if game == "Tai Shogi":
            kind = next(k for k in tai_pieces.KINDS.values() if k.name == piece)
            assert betza.atoms(text) == betza.atoms(kind.move), piece
        else:
            assert betza.atoms(text) == files[game][piece], piece
