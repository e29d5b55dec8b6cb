"""The Tai Shogi tables against the facts of docs/rules/taishogi.md §2, §3 and §6.1."""

from __future__ import annotations

from collections import Counter

import pytest

from game.games.taishogi import pieces
from game.games.taishogi.pieces import KINDS, SETUP, square, square_name
from game.pieces import datafile

BLACK_MEN = [(sq, k) for sq, owner, k in SETUP if owner == 0]
WHITE_MEN = {sq: k for sq, owner, k in SETUP if owner == 1}

#: §2.3, the kinds with one man a side (32) and the Pawn (25); every other kind has two.
ONE_EACH = ["BD", "BDe", "Ca", "CP", "DSp", "DV", "DE", "EB", "E", "GBd", "GD", "GG", "HM", "Ky", "LCh", "LG", "Ln", "LD", "NK", "NB", "OK", "Ph", "RCh", "RG", "RB", "SD", "SB", "TS", "VS", "WB", "WT", "Wr"]


def test_counts_of_section_6_1() -> None:
    assert len(BLACK_MEN) == len(WHITE_MEN) == 177
    assert len({k for _, k in BLACK_MEN}) == 93
    setup_kinds = [k for k in KINDS.values() if k.source == "setup"]
    assert len(setup_kinds) == 93
    assert len([k for k in KINDS.values() if k.source == "tsa"]) == 8  # 93 + 8 = the TSA's 101
    assert len([k for k in KINDS.values() if k.source == "ludii"]) == 16
    assert 625 - 2 * 177 == 271


def test_distribution_of_section_2_3() -> None:
    count = Counter(k for _, k in BLACK_MEN)
    assert count.pop("P") == 25
    assert sorted(k for k, n in count.items() if n == 1) == sorted(ONE_EACH)
    assert len([k for k, n in count.items() if n == 2]) == 60
    assert set(count.values()) == {1, 2}


def test_black_camp_ranks() -> None:
    ranks = Counter(square_name(sq)[-1] for sq, _ in BLACK_MEN)
    assert ranks == {"r": 2, **{r: 25 for r in "stuvwxy"}}
    assert {square_name(sq) for sq, k in BLACK_MEN if k == "GB"} == {"18r", "8r"}


def test_file_13_and_the_royals() -> None:
    at = {square_name(sq): k for sq, k in BLACK_MEN}
    assert [at[f"13{r}"] for r in "yxwvuts"] == ["E", "CP", "NK", "Ln", "DE", "LD", "P"]
    white = {square_name(sq): k for sq, k in WHITE_MEN.items()}
    assert (white["13a"], white["13b"], white["13d"], white["2a"], white["24a"]) == \
        ("E", "CP", "Ln", "TS", "WT")
    assert white["8h"] == white["18h"] == "GB"
    assert all(white[f"{f}g"] == "P" for f in range(1, 26))


def test_point_symmetry_and_the_asymmetric_pairs() -> None:
    black = dict(BLACK_MEN)
    for sq, k in black.items():
        assert WHITE_MEN[624 - sq] == k
    pairs = {("24y", "2y"): ("TS", "WT"), ("14y", "12y"): ("DV", "DSp"),
             ("14x", "12x"): ("LG", "RG"), ("15w", "11w"): ("BDe", "SD"),
             ("14w", "12w"): ("Wr", "GG"), ("22v", "4v"): ("WB", "NB"),
             ("21v", "5v"): ("EB", "SB"), ("17v", "9v"): ("OK", "RB"),
             ("15v", "11v"): ("GD", "GBd"), ("14v", "12v"): ("Ky", "Ph"),
             ("25u", "1u"): ("LCh", "RCh"), ("24u", "2u"): ("BD", "VS"),
             ("14u", "12u"): ("Ca", "HM")}
    at = {square_name(sq): k for sq, k in BLACK_MEN}
    for (left, right), kinds in pairs.items():
        assert (at[left], at[right]) == kinds
    mirrored = {name for pair in pairs for name in pair}
    for name, k in at.items():
        f, r = int(name[:-1]), name[-1]
        if name not in mirrored:
            assert at[f"{26 - f}{r}"] == k, name


def test_values_and_promotions() -> None:
    assert sum(KINDS[k].value for _, k in BLACK_MEN) == 3062
    assert sum(KINDS[k].value for _, k in BLACK_MEN if k not in ("E", "CP")) == 1913
    setup = [k for k in KINDS.values() if k.source == "setup"]
    assert len([k for k in setup if k.promotes_tsa]) == 36
    assert len([k for k in setup if k.promotes_ludii]) == 89
    assert {k.abbr for k in setup if not k.promotes_ludii} == {"E", "FK", "DK", "DH"}
    tsa = {k.abbr: k.promotes_tsa for k in setup if k.promotes_tsa}
    assert (tsa["EB"], tsa["DE"], tsa["Ln"], tsa["DSp"], tsa["DV"], tsa["OR"], tsa["BM"]) == \
        ("Ln", "CP", "FF", "BSp", "TK", "WS", "MW")
    assert KINDS["OR"].promotes_ludii == "Bat" and KINDS["OM"].promotes_ludii == "MW"


def test_coordinates() -> None:
    assert square_name(square(13, 25)) == "13y" and square(25, 25) == 600 and square(1, 1) == 24
    assert square_name(0) == "25a"


def test_a_bad_pieces_file_is_refused_with_its_line() -> None:
    text = pieces.FILE.path.read_text(encoding="utf-8")
    for wrong, reason in [(("| fW ", "| fX "), "no atom is written 'X'"),
                          (("| fR ", "| fR9x "), "'x' is neither a modifier"),
                          (("| G     | setup", "| Zz    | setup"), "promotes to unknown kind Zz")]:
        broken = text.replace(*wrong, 1)
        assert broken != text
        line = next(n for n, (a, b) in enumerate(zip(text.splitlines(), broken.splitlines(),
                                                     strict=True), 1) if a != b)
        with pytest.raises(datafile.DataError, match=reason) as caught:
            pieces.read(datafile.parse(broken, "pieces.txt"))
        assert caught.value.line == line
    assert pieces.ROYALS == ("E", "CP")
