"""Match: history, undo/redo, players, outcome, resign, and saves that replay through the rules."""

from __future__ import annotations

import json
import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.engine.match import FORMAT, Match, PlayerSpec, SaveError, find_entry
from game.engine.protocol import IllegalMove, Outcome
from game.registry import GameEntry
from tests.engine.nim import ENTRY as NIM
from tests.engine.nim import NimState

HUMANS = [PlayerSpec("human", "Ann"), PlayerSpec("human", "Bo")]
VS_COMPUTER = [PlayerSpec("human", "Ann"), PlayerSpec("computer", "Nim bot", "strong")]


def nim(start: str | None = None, players: list[PlayerSpec] | None = None,
        variant: str = "standard", **options: Any) -> Match:
    return Match(NIM, variant, options, players or HUMANS, start)


def test_play_records_history_and_turns() -> None:
    m = nim()
    assert m.state == NimState((3, 4, 5), 0)
    assert m.current_player == 0 and m.current_spec.name == "Ann"
    m.play((0, 2))
    m.play_notation("3-1")
    assert m.notation == ("1-2", "3-1")
    assert m.moves == ((0, 2), (2, 1))
    assert m.states == (NimState((3, 4, 5), 0), NimState((1, 4, 5), 1),
                        NimState((1, 4, 4), 0))
    assert m.state == m.states[-1]
    assert m.ply == 2 and m.current_player == 0


def test_illegal_move_is_refused_with_the_reason_and_changes_nothing() -> None:
    m = nim()
    with pytest.raises(IllegalMove, match="heap 1 has only 3"):
        m.play((0, 4))
    with pytest.raises(IllegalMove, match="cannot read"):
        m.play_notation("take two")
    assert m.ply == 0 and m.state == NimState((3, 4, 5), 0)


def test_undo_redo_and_a_new_move_drops_the_redo_list() -> None:
    m = nim()
    for text in ("1-1", "2-2", "3-3"):
        m.play_notation(text)
    assert m.undo(2) == 2
    assert m.notation == ("1-1",) and m.state == NimState((2, 4, 5), 1)
    assert m.can_redo
    assert m.redo()
    assert m.notation == ("1-1", "2-2") and m.state == NimState((2, 2, 5), 0)
    m.play_notation("1-2")
    assert not m.can_redo and not m.redo()
    assert m.undo(10) == 3 and m.ply == 0 and not m.can_undo
    assert m.undo() == 0


def test_outcome_ends_the_match() -> None:
    m = nim(heaps="1,2")
    m.play_notation("2-2")
    assert m.outcome is None
    m.play_notation("1-1")
    assert m.outcome == Outcome(1, "took the last one")
    assert m.is_over and not m.is_computer_turn
    with pytest.raises(IllegalMove, match="over"):
        m.play_notation("1-1")
    m.undo()
    assert m.outcome is None


def test_misere_outcome() -> None:
    m = nim(variant="misere", heaps="1,2")
    m.play_notation("2-2")
    m.play_notation("1-1")
    assert m.outcome is not None and m.outcome.winner == 0


def test_resign_and_undo_withdraws_it() -> None:
    m = nim()
    m.play_notation("1-1")
    outcome = m.resign(1)
    assert outcome == Outcome(0, "Bo resigned") == m.outcome
    assert not m.can_redo
    with pytest.raises(IllegalMove):
        m.resign(0)
    with pytest.raises(IllegalMove):
        m.play_notation("2-1")
    assert m.undo() == 0  # only the resignation is withdrawn
    assert m.outcome is None and m.notation == ("1-1",)


def test_computer_turn_and_undo_turn() -> None:
    m = nim(players=VS_COMPUTER)
    assert not m.is_computer_turn
    m.play_notation("1-2")
    assert m.is_computer_turn
    m.play_notation("2-1")  # the scene plays the worker's move like any other
    m.play_notation("3-1")
    assert m.is_computer_turn
    assert m.undo_turn() == 1  # back to the human (Ann) to move
    assert m.current_spec.name == "Ann"
    assert m.undo_turn() == 2
    assert m.ply == 0 and m.current_spec.name == "Ann"


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    m = nim(players=VS_COMPUTER, heaps="2,3,6,7")
    for text in ("4-7", "3-1", "1-1"):
        m.play_notation(text)
    path = tmp_path / "game.json"
    m.save(path)
    data = json.loads(path.read_text())
    assert data == {"format": FORMAT, "game": "nim", "variant": "standard",
                    "options": {"heaps": "2,3,6,7"},
                    "players": [{"kind": "human", "name": "Ann", "level": None},
                                {"kind": "computer", "name": "Nim bot", "level": "strong"}],
                    "start": None, "moves": ["4-7", "3-1", "1-1"]}
    back = Match.load(path, NIM)
    assert back.state == m.state and back.notation == m.notation
    assert back.players == m.players and back.options == m.options
    assert not back.can_redo and back.can_undo


def test_save_from_a_custom_start() -> None:
    m = nim(start="1,1,3 1")
    m.play_notation("3-3")
    back = Match.from_json(json.loads(json.dumps(m.to_json())), NIM)
    assert back.start == "1,1,3 1"
    assert back.states == (NimState((1, 1, 3), 1), NimState((1, 1, 0), 0))


def test_finished_and_resigned_games_keep_their_result() -> None:
    m = nim(heaps="1,2")
    m.play_notation("2-2")
    m.play_notation("1-1")
    data = m.to_json()
    assert data["result"] == {"winner": 1, "reason": "took the last one"}
    assert Match.from_json(data, NIM).outcome == m.outcome
    r = nim()
    r.resign(0)
    back = Match.from_json(r.to_json(), NIM)
    assert back.outcome == Outcome(1, "Ann resigned")
    assert back.undo() == 0 and back.outcome is None


def saved(**changes: Any) -> dict[str, Any]:
    m = nim()
    for text in ("1-1", "2-2", "3-3", "1-1"):
        m.play_notation(text)
    data = m.to_json()
    data.update(changes)
    return data


def refusal(data: Any) -> SaveError:
    with pytest.raises(SaveError) as info:
        Match.from_json(data, NIM)
    return info.value


def test_tampered_move_is_refused_with_its_number_and_reason() -> None:
    err = refusal(saved(moves=["1-1", "2-2", "3-9", "1-1"]))
    assert str(err) == "move 3 (3-9): heap 3 has only 5"
    assert err.ply == 3
    err = refusal(saved(moves=["1-1", "2-2", 7]))
    assert str(err) == "move 3: should be move text, not 7"
    err = refusal(saved(moves=["1-1", "two"]))
    assert str(err).startswith("move 2 (two): cannot read 'two'")


def test_moves_after_the_end_are_refused() -> None:
    data = nim(heaps="1,2").to_json()
    data["options"] = {"heaps": "1,2"}
    data["moves"] = ["2-2", "1-1", "1-1"]
    assert str(refusal(data)) == "move 3 (1-1): the game was already over"


@pytest.mark.parametrize(("changes", "message"), [
    ({"format": 2}, "newer version of the program (format 2)"),
    ({"format": "1"}, "no format version"),
    ({"game": "chess"}, 'this is a save of "chess", not of nim'),
    ({"variant": "tiny"}, 'Nim has no variant "tiny"'),
    ({"options": {"colour": "red"}}, 'Nim has no option "colour"'),
    ({"options": {"heaps": "x"}}, 'option heaps: "x" is not one of "3,4,5"'),
    ({"players": [{"kind": "human", "name": "Ann"}]}, "should list 2 players"),
    ({"players": [{"kind": "robot", "name": "R"}, {"kind": "human", "name": "B"}]},
     'player 1 should be human or computer, not "robot"'),
    ({"players": [{"kind": "human", "name": "A"},
                  {"kind": "computer", "name": "C", "level": "godlike"}]},
     'player 2: the computer has no level "godlike"'),
    ({"start": "3,4 7"}, "the start position is not valid: cannot read '3,4 7'"),
    ({"moves": "1-1"}, "the list of moves is missing"),
    ({"result": {"winner": 0, "reason": "won"}}, "the moves do not end it"),
    ({"result": {"winner": 1, "reason": "gave up", "resigned": 1}},
     "does not match the moves"),
    ({"time_after": 3.0}, "Nim has no clock"),
])
def test_bad_saves_say_what_is_wrong(changes: dict[str, Any], message: str) -> None:
    assert message in str(refusal(saved(**changes)))


def test_not_a_save_at_all() -> None:
    assert "expected a JSON object" in str(refusal([1, 2]))


def test_registry_games_only_unless_an_entry_is_given() -> None:
    with pytest.raises(SaveError, match='unknown game "nim"'):
        Match.from_json(saved(), registry.get)


def test_load_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1,')
    with pytest.raises(SaveError, match=r"broken\.json: not valid JSON"):
        Match.load(path, NIM)
    with pytest.raises(SaveError, match=r"absent\.json: the file does not exist"):
        Match.load(tmp_path / "absent.json", NIM)
    path.write_text(json.dumps(saved(moves=["1-1", "1-3"])))
    with pytest.raises(SaveError) as info:
        Match.load(path, NIM)
    assert str(info.value) == "broken.json: move 2 (1-3): heap 1 has only 2"
    assert info.value.ply == 2


def test_autosave_after_every_change(tmp_path: Path) -> None:
    path = tmp_path / "auto" / "autosave.json"
    m = Match(NIM, None, None, HUMANS, autosave=path)
    assert not path.exists()  # nothing to keep before the first move
    m.play_notation("1-1")
    assert json.loads(path.read_text())["moves"] == ["1-1"]
    m.play_notation("2-1")
    m.undo()
    assert json.loads(path.read_text())["moves"] == ["1-1"]
    m.redo()
    assert json.loads(path.read_text())["moves"] == ["1-1", "2-1"]
    m.resign(0)
    assert json.loads(path.read_text())["result"]["resigned"] == 0
    assert sorted(p.name for p in path.parent.iterdir()) == ["autosave.json"]
    assert Match.load(path, NIM).outcome == m.outcome


def test_failed_autosave_does_not_stop_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    m = Match(NIM, None, None, HUMANS, autosave=blocker / "autosave.json")
    m.play_notation("1-1")
    assert m.ply == 1
    assert m.autosave_error is not None and "could not be autosaved" in m.autosave_error


def test_find_entry_takes_ids_and_references() -> None:
    assert find_entry("tests.engine.nim:ENTRY", registry.get) is NIM
    with pytest.raises(KeyError, match="unknown game"):
        find_entry("no-such-game", registry.get)
    with pytest.raises(KeyError, match="not a GameEntry"):
        find_entry("tests.engine.nim:HELP", registry.get)
    with pytest.raises(KeyError, match="cannot load"):
        find_entry("tests.engine.nowhere:ENTRY", registry.get)


# ----------------------------------------------------------------- a real-time toy game
# Countdown: take 1 or 2 from a pile; whoever takes the last wins, unless the clock reaches
# 10 s first (a draw). A move carries its time ("2.5:1"), as real-time notations must.


@dataclass(frozen=True)
class Clocked:
    pile: int
    to_move: int
    now: float

    def key(self) -> Hashable:
        return (self.pile, self.to_move, self.now)


class CountdownRules:
    game_id = "countdown"

    def __init__(self, variant: str, options: Mapping[str, Any]) -> None:
        self.variant, self.options = variant, dict(options)

    def initial_state(self) -> Clocked:
        return Clocked(5, 0, 0.0)

    def legal_moves(self, s: Clocked) -> list[tuple[int, float]]:
        return [] if self.outcome(s) else [(k, s.now) for k in (1, 2) if k <= s.pile]

    def check(self, s: Clocked, move: tuple[int, float]) -> str | None:
        if self.outcome(s) is not None:
            return "the game is over"
        k, at = move
        if at < s.now:
            return "that moment has passed"
        return None if k in (1, 2) and k <= s.pile else "take 1 or 2"

    def advance(self, s: Clocked, dt: float) -> Clocked:
        return Clocked(s.pile, s.to_move, s.now + dt)

    def play(self, s: Clocked, move: tuple[int, float]) -> Clocked:
        reason = self.check(s, move)
        if reason:
            raise IllegalMove(reason)
        return Clocked(s.pile - move[0], 1 - s.to_move, move[1])

    def outcome(self, s: Clocked) -> Outcome | None:
        if s.pile == 0:
            return Outcome(1 - s.to_move, "took the last")
        return Outcome(None, "time is up") if s.now >= 10 else None

    def to_notation(self, s: Clocked, move: tuple[int, float]) -> str:
        return f"{move[1]}:{move[0]}"

    def parse_move(self, s: Clocked, text: str) -> tuple[int, float]:
        m = re.fullmatch(r"([\d.]+):(\d)", text)
        if m is None:
            raise IllegalMove(f"cannot read {text!r}")
        move = (int(m.group(2)), float(m.group(1)))
        reason = self.check(s, move)
        if reason:
            raise IllegalMove(reason)
        return move

    def position_text(self, s: Clocked) -> str:
        return f"{s.pile} {s.to_move} {s.now}"

    def parse_position(self, text: str) -> Clocked:
        pile, to_move, now = text.split()
        return Clocked(int(pile), int(to_move), float(now))


COUNTDOWN = GameEntry(id="countdown", title="Countdown", tagline="", kind="match",
                      rules=CountdownRules, scene="none:None",
                      help="none:None")


def test_real_time_match_advances_and_saves_its_clock() -> None:
    m = Match(COUNTDOWN)
    m.advance(1.5)
    m.play((2, m.state.now))
    m.advance(0.5)
    m.advance(0.25)
    assert m.state == Clocked(3, 1, 2.25)
    assert m.notation == ("1.5:2",)
    m.undo()
    assert m.state == Clocked(5, 0, 1.5)  # the moment the move was made
    m.redo()
    assert m.state == Clocked(3, 1, 2.25)
    data = m.to_json()
    assert data["time_after"] == 0.75
    back = Match.from_json(data, COUNTDOWN)
    assert back.state == m.state
    m.advance(10)
    assert m.outcome == Outcome(None, "time is up")
    with pytest.raises(IllegalMove):
        m.play((1, m.state.now))
    # a game that ended on the clock reloads (the ending is not a move to replay)
    assert Match.from_json(m.to_json(), COUNTDOWN).outcome == m.outcome
    with pytest.raises(TypeError):
        nim().advance(1.0)


def test_a_match_from_a_position_keeps_its_origin_through_a_save(tmp_path: Path) -> None:
    from game.engine.match import Origin, from_position

    m = nim(start="1,2,3 0")
    for text in ("1-1", "2-2", "3-1"):
        m.play_notation(text)
    fresh = from_position(m, 2, VS_COMPUTER)
    assert fresh.state == m.states[2] and fresh.moves == ()
    assert fresh.origin == Origin(("1-1", "2-2"), "1,2,3 0")
    fresh.play_notation("3-3")
    path = tmp_path / "again.json"
    fresh.save(path)
    data = json.loads(path.read_text())
    assert data["origin"] == {"start": "1,2,3 0", "moves": ["1-1", "2-2"]}
    back = Match.load(path, NIM)
    assert back.origin == fresh.origin and back.state == fresh.state
    assert "origin" not in m.to_json()  # a fresh start says nothing
    with pytest.raises(ValueError):
        from_position(m, 4, HUMANS)


@pytest.mark.parametrize("origin", [[1], {"moves": "1-1"}, {"moves": [1]},
                                    {"moves": [], "start": 3}])
def test_an_unreadable_origin_is_refused(origin: Any) -> None:
    assert "origin of the match is not readable" in str(refusal(saved(origin=origin)))


def test_the_players_of_a_match_from_a_position() -> None:
    from game.engine.match import players_from

    m = nim(players=VS_COMPUTER)
    m.play_notation("1-1")  # the second player (the computer) is to move
    vs = players_from(m, 1, computer=True)
    # the side to move is the person's (named by its side: a computer played it), the other
    # the computer at the level the match's computer played
    assert vs == [PlayerSpec("computer", NIM.side_names[0], "strong"),
                  PlayerSpec("human", NIM.side_names[1])]
    hot = players_from(m, 0, computer=False)
    assert [p.kind for p in hot] == ["human", "human"] and hot[0].name == "Ann"
