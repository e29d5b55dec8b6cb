"""Moves as players read them (each game's pure `display_move`, used by the move lists and
hints), while files and tools keep the exact notation."""

from __future__ import annotations

import random
import re

import pytest

from game.games.abalone import rules as AB
from game.games.akhimoraec import rules as AK
from game.games.amazons import rules as AM
from game.games.hanoi import rules as HA
from game.games.pions import rules as PI


def test_akhimoraec_shows_the_time_as_a_clock_and_the_tip_with_an_arrow() -> None:
    rules = AK.make_rules("standard", {})
    s = rules.initial_state()
    move = rules.legal_moves(s)[0]
    late = AK.Move(move.src, move.dst, 83_900)
    text = rules.display_move(s, late)
    assert text == f"1:23 {AK.cell_name(move.src)}→{AK.cell_name(move.dst)}"
    assert rules.to_notation(s, late) == f"83.9:{AK.cell_name(move.src)}-{AK.cell_name(move.dst)}"
    assert AK.clock_text(0) == "0:00" and AK.clock_text(59_999) == "0:59"
    assert AK.clock_text(600_000) == "10:00"


def test_abalone_shows_marbles_and_where_they_go() -> None:
    rules = AB.make_rules("standard", {})
    rng = random.Random(3)
    seen: set[str] = set()
    s = rules.initial_state()
    for _ in range(400):
        if rules.outcome(s) is not None:
            s = rules.initial_state()
        moves = rules.legal_moves(s)
        for mv in moves:
            p = rules.preview(s, mv)
            assert p is not None
            text = rules.display_move(s, mv)
            cell = "[a-i][1-9]"
            if p.kind == "inline" and len(p.steps) == 1:
                assert re.fullmatch(f"{cell}→{cell}( ×)?", text), text
                assert text[3:5] == AB.cell_name(p.steps[0][1]).lower()
            elif p.kind == "inline":
                assert re.fullmatch(f"{cell}–{cell}→{cell}( ×)?", text), text
                assert text[6:8] == AB.cell_name(p.steps[0][1]).lower()  # the head's next cell
            elif p.kind == "side-step":
                assert re.fullmatch(f"{cell}–{cell}→{cell}–{cell}( ×)?", text), text
            assert text.endswith(" ×") == (p.ejected is not None)
            seen.add(p.kind + (" eject" if p.ejected is not None else ""))
        s = rules.play(s, moves[rng.randrange(len(moves))])
    assert {"inline", "side-step", "inline eject"} <= seen


def test_amazons_keeps_the_players_form_with_an_arrow() -> None:
    rules = AM.make_rules("standard", {})
    s = rules.initial_state()
    move = rules.parse_move(s, "d1-d7/g7")
    assert rules.display_move(s, move) == "d1→d7/g7"
    assert rules.to_notation(s, move) == "d1-d7/g7"


def test_pions_shows_slides_and_pawns_taken_off() -> None:
    rules = PI.make_rules("normal", {})
    s = rules.parse_position("23:23,22,17,16,12,6,2")
    slide = next(m for m in rules.legal_moves(s) if m.to != PI.REMOVE)
    assert rules.display_move(s, slide) == f"{slide.frm}→{slide.to}"
    off = PI.PionsMove(s.cells[-1], PI.REMOVE)
    assert rules.display_move(s, off) == f"{s.cells[-1]}→off"


def test_hanoi_names_the_disk_that_moves() -> None:
    rules = HA.make_rules("standard", {"pegs": 3, "disks": 3})
    s = rules.initial_state()
    move = rules.parse_move(s, "A-C")
    assert rules.display_move(s, move) == "disk 1 A→C"


@pytest.mark.parametrize("text", ["0:23 b1→b2", "c3–c5→d4–d6 ×", "d1→d7/g7", "3→off"])
def test_the_arrows_render_as_arrows_not_boxes(text: str) -> None:
    import pygame

    from game.ui import theme

    pygame.init()
    tofu = theme.font(17).render("\ue000", True, (255, 255, 255))
    arrow = theme.text("→", 17, (255, 255, 255))
    assert pygame.image.tobytes(arrow, "RGBA") != pygame.image.tobytes(tofu, "RGBA")
    assert theme.text(text, 17).get_width() > 0


@pytest.mark.parametrize("game", ["abalone", "akhimoraec", "amazons", "pions"])
def test_the_move_list_shows_the_readable_form_and_the_match_keeps_the_notation(
        app: object, game: str) -> None:
    from game.scenes.catalog import open_scene

    scene = open_scene(app, f"match:{game}")  # type: ignore[arg-type]
    before = scene.state
    move = scene.rules.legal_moves(before)[0]
    assert scene.submit(move)
    assert scene.move_texts() == [scene.rules.display_move(before, move)]
    assert scene.match.notation[0] == scene.rules.to_notation(before, move)
    assert scene.move_texts()[0] != scene.match.notation[0]
