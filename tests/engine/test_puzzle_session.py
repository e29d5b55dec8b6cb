"""A puzzle is a one-player match: its level travels in the options, restart takes every move
back, notes ride along with the save, and loading replays the moves through the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import registry
from game.engine.match import LEVEL_OPTION, Match, SaveError, header_problem
from tests.engine.nim import ENTRY as NIM

HANOI = registry.get("hanoi")
SWAP = "3:AAB>BBA"  # a small start and target that are not the classic tower


def _puzzle(level: str | None = "03-the-swap") -> Match:
    options: dict[str, object] = {"position": SWAP}
    if level is not None:
        options[LEVEL_OPTION] = level
    return Match(HANOI, options=options)


def test_the_level_travels_in_the_options_but_not_to_the_rules() -> None:
    m = _puzzle()
    assert m.level == "03-the-swap"
    assert LEVEL_OPTION not in m.rules.options
    assert m.rules.position_text(m.state) == SWAP
    assert m.to_json()["options"][LEVEL_OPTION] == "03-the-swap"
    assert _puzzle(None).level is None
    assert len(m.players) == 1 and m.current_player == 0


def test_restart_takes_every_move_back_and_leaves_nothing_to_redo() -> None:
    m = _puzzle()
    for text in ("A-C", "A-B", "C-B"):
        m.play_notation(text)
    m.undo()
    assert m.can_redo
    assert m.restart() == 2
    assert m.ply == 0 and not m.can_redo and m.state == m.states[0]
    assert m.restart() == 0


def test_undo_and_redo_walk_the_same_history() -> None:
    m = _puzzle()
    m.play_notation("A-C")
    m.play_notation("A-B")
    after = m.state
    assert m.undo() == 1
    assert m.notation == ("A-C",)
    assert m.redo()
    assert m.state == after and m.notation == ("A-C", "A-B")


def test_a_half_solved_save_is_replayed_with_its_level_and_notes(tmp_path: Path) -> None:
    m = _puzzle()
    for text in ("A-C", "A-B"):
        m.play_notation(text)
    m.notes = {"seconds": 12.5, "hints": 1}
    path = tmp_path / "hanoi.json"
    m.save(path)
    back = Match.load(path, registry.get)
    assert back.entry is HANOI and back.level == "03-the-swap"
    assert back.notation == ("A-C", "A-B") and back.state == m.state
    assert back.notes == {"seconds": 12.5, "hints": 1}
    assert back.outcome is None


def test_a_solved_puzzle_round_trips_with_its_result(tmp_path: Path) -> None:
    m = Match(HANOI, options={"pegs": 3, "disks": 2, LEVEL_OPTION: "01-three-disks"})
    for text in ("A-B", "A-C", "B-C"):
        m.play_notation(text)
    assert m.outcome is not None and m.outcome.winner == 0
    path = tmp_path / "solved.json"
    m.save(path)
    assert Match.load(path, registry.get).outcome == m.outcome


def test_a_tampered_move_is_refused_with_its_number_and_the_rules_reason(tmp_path: Path) -> None:
    data = _puzzle().to_json()
    data["moves"] = ["A-C", "A-C"]  # a larger disk onto the smaller one
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        Match.load(path, registry.get)
    assert info.value.ply == 2
    assert "larger disk cannot go on a smaller one" in str(info.value)


@pytest.mark.parametrize("level", ["", "../../etc/passwd", 3, None, "x" * 200])
def test_a_strange_level_name_is_refused(level: object) -> None:
    data = _puzzle().to_json()
    data["options"][LEVEL_OPTION] = level
    with pytest.raises(SaveError, match="level"):
        Match.from_json(data, registry.get)


def test_only_puzzles_carry_a_level() -> None:
    data = Match(NIM).to_json()
    data["options"][LEVEL_OPTION] = "01-first"
    with pytest.raises(SaveError, match="no option"):
        Match.from_json(data, NIM)


@pytest.mark.parametrize("notes", [[], {"seconds": float("nan")}, {"k": {"deep": 1}},
                                   {str(i): i for i in range(40)}])
def test_unreadable_notes_are_refused(notes: object) -> None:
    data = _puzzle().to_json()
    data["notes"] = notes
    with pytest.raises(SaveError, match="notes"):
        Match.from_json(data, registry.get)


def test_continue_takes_a_puzzle_save_but_a_match_slot_does_not() -> None:
    data = _puzzle().to_json()
    assert header_problem(data, registry.get) is None
    problem = header_problem(data, registry.get, kind="match")
    assert problem is not None and "not a two-player match" in problem
