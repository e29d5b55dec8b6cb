"""The board input controller without pygame: clicks, drags, re-selection, refusals, the
chooser for moves that share a destination, and two-click Lion moves with "stop here"."""

from __future__ import annotations

from game.ui.board_input import BoardInput, MoveOption, PieceView, Square

WR = PieceView("R", 0)
WL = PieceView("L", 0)
WP = PieceView("P", 0)
BN = PieceView("N", 1)


def rook_moves(frm: Square, pieces: dict[Square, PieceView], n: int = 8) -> list[MoveOption]:
    """A tiny rook generator, enough to drive the controller."""
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = frm
        while True:
            x, y = x + dx, y + dy
            if not (0 <= x < n and 0 <= y < n):
                break
            p = pieces.get((x, y))
            if p is not None and p.side == pieces[frm].side:
                break
            out.append(MoveOption(("R", frm, (x, y)), (frm, (x, y)),
                                  captures=((x, y),) if p else ()))
            if p is not None:
                break
    return out


def lion_moves(frm: Square, pieces: dict[Square, PieceView]) -> list[MoveOption]:
    """A Chu-shogi-like Lion, reduced: one step anywhere; two steps only through an enemy
    (capturing it), including back to the origin (capture without moving)."""
    out = []
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    for dx, dy in steps:
        mid = (frm[0] + dx, frm[1] + dy)
        out.append(MoveOption(("L", frm, mid), (frm, mid)))
        if pieces.get(mid) == BN:
            for ex, ey in steps:
                to = (mid[0] + ex, mid[1] + ey)
                if to != frm and to in pieces and to != mid:
                    continue
                out.append(MoveOption(("L2", frm, mid, to), (frm, mid, to), captures=(mid,)))
    return out


def controller(pieces: dict[Square, PieceView], options: list[MoveOption]) -> BoardInput:
    c = BoardInput(explain=lambda frm, sq: f"no: {frm}->{sq}")
    c.reset(options, pieces, 0)
    return c


def test_click_click_plays_and_drag_plays_the_same_move() -> None:
    pieces = {(0, 0): WR, (0, 5): BN}
    c = controller(pieces, rook_moves((0, 0), pieces))
    assert c.click((0, 0)).kind == "select"
    assert (0, 5) in c.targets() and (0, 6) not in c.targets()
    r = c.click((0, 3))
    assert r.kind == "play" and r.option.move == ("R", (0, 0), (0, 3))
    assert c.frm is None
    # drag: press on the rook, release elsewhere
    assert c.press((0, 0)).kind == "select"
    r = c.release((0, 5))
    assert r.kind == "play" and r.option.captures == ((0, 5),)


def test_refusal_keeps_the_selection_and_names_the_squares() -> None:
    pieces = {(0, 0): WR}
    c = controller(pieces, rook_moves((0, 0), pieces))
    c.click((0, 0))
    r = c.click((3, 3))
    assert r.kind == "refuse" and r.reason == "no: (0, 0)->(3, 3)"
    assert c.frm == (0, 0)
    r = c.press((0, 0))
    assert c.release((5, 5)).reason == "no: (0, 0)->(5, 5)"


def test_second_click_on_the_selected_piece_puts_it_down_and_another_piece_reselects() -> None:
    pieces = {(0, 0): WR, (7, 7): WR}
    c = controller(pieces, rook_moves((0, 0), pieces) + rook_moves((7, 7), pieces))
    c.press((0, 0))
    assert c.release((0, 0)).kind == "none" and c.frm == (0, 0)  # first click selects
    c.press((0, 0))
    assert c.release((0, 0)).kind == "cancel" and c.frm is None  # second puts it down
    c.click((0, 0))
    assert c.click((7, 7)).kind == "select" and c.frm == (7, 7)


def test_a_man_with_no_move_and_an_enemy_man_are_refused() -> None:
    pieces = {(0, 0): WR, (1, 0): WP, (0, 1): WP, (4, 4): BN}
    c = controller(pieces, rook_moves((0, 0), pieces))
    assert c.click((0, 0)).kind == "refuse"
    assert c.click((4, 4)).kind == "refuse"
    assert c.click((5, 5)).kind == "none"  # an empty square with nothing selected: no noise


def test_moves_sharing_a_destination_ask_for_a_choice() -> None:
    pieces = {(2, 6): WP}
    opts = [MoveOption(("P", k), ((2, 6), (2, 7)), label=f"={k}", promotion=k) for k in "QLH"]
    c = controller(pieces, opts)
    c.click((2, 6))
    r = c.click((2, 7))
    assert r.kind == "choose" and [o.promotion for o in r.options] == ["Q", "L", "H"]
    # dragging there asks too
    c.cancel()
    c.press((2, 6))
    assert c.release((2, 7)).kind == "choose"


def test_lion_two_clicks_stop_here_and_capture_without_moving() -> None:
    frm = (4, 4)
    pieces = {frm: WL, (5, 5): BN}
    c = controller(pieces, lion_moves(frm, pieces))
    c.click(frm)
    t = c.targets()
    assert t[(5, 5)] == "both"  # a one-step capture ends there, two-step moves go on
    assert t[(3, 3)] == "final"
    r = c.click((5, 5))
    assert r.kind == "step" and c.via == ((5, 5),)
    t = c.targets()
    assert t[(5, 5)] == "stop" and t[frm] == "final" and t[(6, 6)] == "final"
    r = c.click(frm)  # back to the origin: capture without moving
    assert r.kind == "play" and r.option.move == ("L2", frm, (5, 5), frm)
    c.click(frm)
    c.click((5, 5))
    r = c.click((5, 5))  # click the first square again: stop there
    assert r.kind == "play" and r.option.move == ("L", frm, (5, 5))
    c.click(frm)
    c.click((5, 5))
    r = c.click((6, 6))
    assert r.option.move == ("L2", frm, (5, 5), (6, 6))


def test_back_steps_out_of_a_lion_move_then_cancels() -> None:
    frm = (4, 4)
    pieces = {frm: WL, (5, 5): BN}
    c = controller(pieces, lion_moves(frm, pieces))
    c.click(frm)
    c.click((5, 5))
    assert c.back().kind == "select" and c.via == () and c.frm == frm
    assert c.back().kind == "cancel" and c.frm is None
    assert c.back().kind == "none"


def test_dropping_a_lion_two_squares_away_offers_every_route() -> None:
    frm = (4, 4)
    pieces = {frm: WL, (5, 5): BN, (5, 4): BN}
    opts = lion_moves(frm, pieces)
    c = controller(pieces, opts)
    c.press(frm)
    r = c.release((6, 5))  # reachable through (5, 5) or (5, 4)
    assert r.kind == "choose"
    assert {o.path[1] for o in r.options} == {(5, 5), (5, 4)}


def test_hover_preview_lists_destinations_and_captures() -> None:
    pieces = {(0, 0): WR, (0, 3): BN}
    c = controller(pieces, rook_moves((0, 0), pieces))
    d = c.destinations(c.options_from((0, 0)))
    assert d[(0, 3)] is True and d[(0, 1)] is False and (0, 4) not in d
    assert c.movable() == {(0, 0)}
