"""The Hanoi rules screen and registry entry: consistent with the rules and the solver."""

from __future__ import annotations

from game import registry
from game.engine.protocol import ExplainsBestMove
from game.games.hanoi import levels, solver
from game.games.hanoi import rules as R
from game.games.hanoi.help import DIAGRAMS, HELP


def test_help_sections_and_diagrams() -> None:
    headings = [h for h, _ in HELP]
    assert len(headings) == len(set(headings)) >= 6
    assert all(body.strip() for _, body in HELP)
    assert set(DIAGRAMS) <= set(headings)
    rules = R.make_rules("standard", {})
    for text in DIAGRAMS.values():
        rules.parse_position(text)  # raises if a diagram is not a valid position


def test_help_numbers_are_the_solver_numbers() -> None:
    text = dict(HELP)
    assert "2ⁿ − 1" in text["Why 2ⁿ − 1 moves"]
    assert "1, 3, 7, 15, 31, 63, 127, 255" in text["Why 2ⁿ − 1 moves"]
    fs = ", ".join(str(solver.frame_stewart(n)) for n in range(1, 11))
    assert fs in text["Four pegs: Reve's puzzle"]
    # the swap example in the position-text section is the double-move case
    assert "3:AAB>BBA" in text["Position text"]
    assert solver.distance(3, (0, 0, 1), (1, 1, 0)) == 5 < 7
    # 64 disks at one move a second: "almost 585 billion years"
    years = solver.classic_moves(64) / (365.25 * 24 * 3600)
    assert 584e9 < years < 585e9 and "almost 585 billion years" in text["The puzzle"]


def test_help_rhythm_is_true() -> None:
    # "the smallest disk travels A→C→B→A for an odd number of disks, A→B→C→A for even"
    for n in range(1, 9):
        config = (0,) * n
        smallest_moves = []
        for k, move in enumerate(solver.solution(3, config, (2,) * n), start=1):
            if k % 2 == 1:
                assert config[0] == move.src  # every other move is the smallest disk's
                smallest_moves.append((move.src, move.dst))
            config = R.apply_move(config, 3, move)
        cycle = {(0, 2), (2, 1), (1, 0)} if n % 2 else {(0, 1), (1, 2), (2, 0)}
        assert set(smallest_moves) <= cycle


def test_entry_is_registered_and_its_references_resolve() -> None:
    e = registry.get("hanoi")
    assert e.kind == "puzzle" and e.title == "Towers of Hanoi"
    assert [v.id for v in e.variants] == list(R.VARIANTS)
    assert e.default_options() == {"pegs": 3, "disks": 5, "position": ""}
    assert registry.resolve(e.help) is HELP
    assert e.validate_level is not None
    assert registry.resolve(e.validate_level) is levels.validate_level
    assert e.capability(ExplainsBestMove) is solver
    assert e.load_level is not None and registry.resolve(e.load_level) is levels.load_level
    assert e.levels_dir == "hanoi" and e.ai is None
    assert e.scene == "game.games.hanoi.scene:HanoiScene"
    pegs = next(o for o in e.options if o.id == "pegs")
    disks = next(o for o in e.options if o.id == "disks")
    assert [v for v, _ in pegs.choices] == list(R.PEG_CHOICES)
    assert [v for v, _ in disks.choices] == list(range(R.MIN_DISKS, R.MAX_DISKS + 1))
    for p in R.PEG_CHOICES:
        for n in (R.MIN_DISKS, R.MAX_DISKS):
            rules = e.make_rules(options={"pegs": p, "disks": n})
            state = rules.initial_state()
            assert state.pegs == p and state.n_disks == n


def test_bestmove_through_the_entry() -> None:
    # what `tools/bestmove.py hanoi --position "3:ABCA>CCCC"` does
    e = registry.get("hanoi")
    rules = e.make_rules()
    state = rules.parse_position("3:ABCA>CCCC")
    found = e.capability(ExplainsBestMove, rules)
    assert found is not None and found.bestmove_lines(rules, state) == ["A-C", "optimal: 15"]
