"""The AI worker process: legal replies, errors as replies, cancel, close, and no pygame inside.

One worker serves the whole module (a spawn costs a fresh interpreter). Waiting uses generous
timeouts only so that a broken worker fails the test instead of hanging it; nothing here
asserts how fast anything is.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import registry
from game.engine.match import Match, PlayerSpec
from game.engine.worker import AIReply, AIWorker
from tests.engine.nim import ENTRY as NIM
from tests.engine.nim import NimRules, winning_moves

NIM_REF = "tests.engine.nim:ENTRY"
TIMEOUT = 60.0
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def worker() -> Iterator[AIWorker]:
    w = AIWorker(registry.get)
    yield w
    w.close()


def reply_to(worker: AIWorker, rid: int) -> AIReply:
    reply = worker.wait(TIMEOUT)
    assert reply is not None, "no reply from the worker"
    assert reply.request_id == rid
    return reply


def test_request_returns_a_legal_move(worker: AIWorker) -> None:
    rules = NIM.make_rules("standard", {"heaps": "3,4,5"})
    moves = ["1-1", "2-1"]
    state = rules.initial_state()
    for text in moves:
        state = rules.play(state, rules.parse_move(state, text))
    rid = worker.request(NIM_REF, "standard", {"heaps": "3,4,5"}, None, moves, "default",
                         0.2, seed=1)
    assert worker.busy
    reply = reply_to(worker, rid)
    assert not worker.busy
    assert reply.error is None and reply.move is not None
    assert rules.check(state, rules.parse_move(state, reply.move)) is None
    assert reply.info["depth"] >= 1 and reply.info["nodes"] > 0


def test_request_for_a_match(worker: AIWorker) -> None:
    m = Match(NIM, None, {"heaps": "1,2"},
              [PlayerSpec("human", "Ann"), PlayerSpec("computer", "Bot", "strong")])
    m.play_notation("1-1")  # leaves 0,2: the computer takes both
    assert m.is_computer_turn
    rid = worker.request_for(m, seconds=0.1, seed=0, game_ref=NIM_REF)
    move = reply_to(worker, rid).move
    assert move is not None
    m.play_notation(move)
    assert m.outcome is not None and m.outcome.winner == 1


def test_perfect_level_finds_the_only_winning_move(worker: AIWorker) -> None:
    rules = NimRules("standard", {"heaps": "2,3,6,7"})
    state = rules.parse_position("1,4,6 1")
    [best] = winning_moves(rules, state)  # 1^4^6 = 3: only heap 3 goes from 6 to 5
    rid = worker.request(NIM_REF, "standard", {"heaps": "2,3,6,7"}, "1,4,6 1", [], "strong",
                         0.1, seed=3)
    assert reply_to(worker, rid).move == rules.to_notation(state, best) == "3-1"


def test_errors_come_back_as_replies(worker: AIWorker) -> None:
    rid = worker.request(NIM_REF, "standard", {"heaps": "3,4,5"}, None, ["1-1", "1-5"],
                         "easy", 0.1, seed=0)
    assert reply_to(worker, rid).error == "move 2 (1-5): heap 1 has only 2"
    rid = worker.request("no-such-game", "standard", {}, None, [], "easy", 0.1, seed=0)
    reply = reply_to(worker, rid)
    assert reply.move is None and reply.error is not None and "unknown game" in reply.error


def test_the_child_never_has_pygame(worker: AIWorker) -> None:
    import pygame  # noqa: F401  the parent has it, like the app does

    assert "pygame" in sys.modules
    rid = worker.request_diagnostics()
    info = reply_to(worker, rid).info
    assert info["pygame"] is False
    # the answer comes from the worker's own process, not from this one (which has pygame)
    assert info["pid"] == worker.pid and info["pid"] != os.getpid()


def test_cancel_drops_the_reply_and_stops_the_search(worker: AIWorker) -> None:
    worker.start()
    old_pid = worker.pid
    cancelled = worker.request(NIM_REF, "standard", {"heaps": "3,4,5"}, None, [], "ponder",
                               600.0, seed=0)
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    assert worker.pid is None  # the thinking process is gone at once
    rid = worker.request(NIM_REF, "standard", {"heaps": "3,4,5"}, None, [], "easy", 0.1, seed=0)
    reply = reply_to(worker, rid)  # the first reply is the new one, never the cancelled one
    assert reply.request_id != cancelled and reply.move is not None
    assert worker.pid not in (None, old_pid)


def test_a_new_request_replaces_one_in_flight(worker: AIWorker) -> None:
    worker.request(NIM_REF, "standard", {"heaps": "3,4,5"}, None, [], "ponder", 600.0, seed=0)
    rid = worker.request(NIM_REF, "standard", {"heaps": "1,2"}, None, [], "strong", 0.1, seed=0)
    assert reply_to(worker, rid).move == "2-1"


def test_close_ends_the_process() -> None:
    w = AIWorker(registry.get)
    rid = w.request_diagnostics()
    pid = reply_to(w, rid).info["pid"]
    proc = w._proc
    assert proc is not None and proc.is_alive() and proc.pid == pid
    w.close()
    assert w.pid is None and not w.busy
    assert w.poll() is None


def test_launcher_script_main_is_not_rerun_in_the_child(tmp_path: Path) -> None:
    """Like the installed `ludotheque` launcher: a script whose imports load pygame."""
    script = tmp_path / "launcher.py"
    script.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        import pygame  # what `from game.app import main` does in the real launcher
        from game import registry
        from game.engine.worker import AIWorker

        if __name__ == "__main__":
            w = AIWorker(registry.get)
            w.request_diagnostics()
            info = w.wait(60).info
            w.close()
            print(info["pygame"], info["main"])
    """))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["False", "None"]
