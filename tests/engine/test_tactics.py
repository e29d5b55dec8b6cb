"""tools/tactics.py: the prover on hand-made positions, the suite files, and the computer at its
default level on the published half of every suite (the other half is for the tool alone)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from game import registry
from tests.engine.tactic_positions import BOXED, fairy
from tests.tactic_regressions import every_regression
from tools import tactic_kinds as kinds
from tools import tactic_proofs as proofs
from tools import tactics
from tools.tactic_games import ADAPTERS

SUITES = sorted(tactics.SUITE_DIR.glob("*.json"))
#: a short time a move: the one-move kinds are found by exact root checks, not by depth
SHORT = 0.3


def test_win_in_one_is_proved_by_the_rules() -> None:
    rules, turns = fairy()
    state = rules.parse_position(BOXED.format(side="b"))
    assert proofs.prove_win1(turns, state) == ["h16-h1"]
    assert proofs.prove_win1(turns, rules.initial_state()) is None


def test_parry_in_one_lists_exactly_the_moves_after_which_no_mate_is_left() -> None:
    rules, turns = fairy()
    state = rules.parse_position(BOXED.format(side="w"))
    good = proofs.prove_parry1(turns, state)
    assert good is not None and "a2-a3" in good and "p3-p1" in good and "p3-p9" not in good
    for move in rules.legal_moves(state):
        after = rules.play(state, move)
        mate = any(rules.outcome(rules.play(after, r)) is not None
                   for r in rules.legal_moves(after))
        assert (rules.to_notation(state, move) in good) == (not mate)


def test_the_check_plays_the_computer_and_judges_by_the_proof() -> None:
    entry = registry.get("fairy16")
    rules, turns = fairy()
    player = entry.make_ai(rules, "default")
    ok, played = tactics.check_position(entry, rules, turns, player, "parry1",
                                        BOXED.format(side="w"), 0.05, random.Random(1))
    assert ok, played


def chess() -> tuple[object, object]:
    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    return rules, ADAPTERS["chess"](rules)


# A Rook hangs on d5; a Pawn on d5 that c6 protects (a Queen or Rook that takes it is lost).
HANGING = "4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1"
PROTECTED = "4k3/8/2p5/3p4/8/8/3R4/3QK3 w - - 0 1"


def test_free_material_is_a_capture_that_wins_once_the_recaptures_are_played_out() -> None:
    rules, turns = chess()
    assert kinds.prove_free(turns, rules.parse_position(HANGING)) == ["d1xd5"]
    assert kinds.prove_free(turns, rules.parse_position(PROTECTED)) is None
    assert kinds.prove_badx(turns, rules.parse_position(HANGING)) is None


def test_a_bad_exchange_lists_the_capture_that_loses_more_than_it_takes() -> None:
    rules, turns = chess()
    state = rules.parse_position(PROTECTED)
    # Rook takes Pawn, c6 takes Rook, Queen takes back: a Pawn and a Pawn for a Rook
    assert kinds.prove_badx(turns, state) == ["d2xd5"]
    mat = turns.material()
    assert mat.move_gain(state, rules.parse_move(state, "d2xd5")) == 200 - 500
    assert mat.move_gain(state, rules.parse_move(state, "e1-f2")) == 0


def test_the_material_check_judges_the_move_played() -> None:
    entry = registry.get("chess")
    rules, turns = chess()
    player = entry.make_ai(rules, "default")
    for kind, text in (("free", HANGING), ("badx", PROTECTED)):
        ok, played = tactics.check_position(entry, rules, turns, player, kind, text, 0.2,
                                            random.Random(1))
        assert ok, (kind, played)


@pytest.mark.parametrize("path", SUITES, ids=lambda p: p.stem)
def test_suite_files_say_how_they_were_made(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["command"].startswith("tools/tactics.py make ") and isinstance(data["seed"], int)
    entry = registry.get(data["game"])
    rules = entry.make_rules(data["variant"], data["options"])
    positions = data["positions"]
    assert positions and data["kind"] in tactics.KINDS
    assert len({p["position"] for p in positions}) == len(positions)
    published = [p for p in positions if p["published"]]
    assert len(published) == (len(positions) + 1) // 2
    for p in positions:
        rules.parse_position(p["position"])
        assert p["answers"]


#: The fast tests check the first published positions of each suite: the first
#: FAST_SAMPLE at the default level, the next FAST_SAMPLE at the hint level, so each level is
#: tried on every suite and the suite's first 2 * FAST_SAMPLE positions are all played (the
#: slow test plays every published one at the default level). Each position costs the
#: search's whole time (the CPU of these tests is that time): two a level were 18 s of the
#: fast suite's CPU, one is 7 s, and every level still meets every kind of every game.
FAST_SAMPLE = 1


def _published(path: Path, limit: int | None) -> list[str]:
    """The check of the published positions at the default level (or the one LEVEL names): at
    SHORT, except the bad exchanges, at the level's screen time (a quiet move that leaves a man
    hanging shows only past the first ply, which the fairy-chess middle game does not reach in
    SHORT), and the suites of AT_SCREEN_TIME."""
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = registry.get(data["game"])
    level = LEVEL.get((data["game"], data["kind"]), entry.default_level)
    seconds = SHORT
    if data["kind"] == "badx" or (data["game"], data["kind"]) in AT_SCREEN_TIME:
        seconds = entry.think_time(level)
    return tactics.check_suite(path, level, seconds, "published", limit, 0,
                               tick=TICK[data["game"]])


#: Share of a suite the default level must solve: every win and parry in one; the material
#: kinds 90 % (a bad exchange taken at most one time in ten; a free capture can lose to a move
#: that wins more by a threat the capture search does not count).
TARGET = {"free": 0.9, "badx": 0.9}
#: Chess's free captures: its deeper search prefers, four times in 32, a check or a threat
#: that the capture-only proof cannot credit (docs/tactics.md); held to what it does now.
#: Fairy chess's wins in two: the default level finds them by an exact test within half its
#: time; at SHORT on a loaded machine that half can end before the slowest find (up to a
#: second there), so one miss in ten is allowed (the target is the strong level's, 90 %).
#: Tai Shogi's wins in two: the levels find them by an exact search over the replies within
#: two fifths of their time, 0.1 to 0.7 s of CPU a position; the tests give them the screen's
#: time and the strongest level's target (90 %), and leave them to the slow test (two
#: positions at the screen's time would add some 6 s of CPU to the fast suite).
#: Rithmomachia's wins in two: only the strongest level looks for them (an exact search over
#: whole turns within a third of its time, 0.03 to 0.15 s of CPU a position; its own tests,
#: with no deadline, are in the fast suite), so the slow test plays that level (LEVEL), at its
#: screen time, held to the issue's target for it, 90 %.
GAME_TARGET = {("chess", "free"): 0.85, ("fairy16", "win2"): 0.9, ("taishogi", "win2"): 0.9,
               ("rithmomachia", "win2"): 0.9}
#: The suites held to a share left to the slow test (see `_skip_partial`).
SLOW_ONLY = {("chess", "free"), ("taishogi", "win2"), ("rithmomachia", "win2")}
#: The suites played at the level's screen time, not SHORT (besides the bad exchanges). Tai
#: Shogi's parries too: the default level checks every move against the threat (300-600 moves,
#: about 0.6 s of CPU), and at SHORT on a machine at load 4 it missed a parry of the suite of
#: 2026-12-02 (32/32 at its 2 s, 0.56 s a position on average); the target is at the normal
#: time.
#: The virtual clock of each game's checks (tools/virtual_clock.py; the steps of
#: docs/tactics.md, about a second of this machine's CPU a virtual second): the levels' answers
#: are then the same under any load. On the real clock, with other work on the cores, the
#: default level at 0.3 s missed a fairy chess parry its proof had not finished.
TICK = {"abalone": 0.008, "chess": 0.008, "fairy16": 0.008, "rithmomachia": 0.0007,
        "amazons": 0.0003, "taishogi": 0.001}
AT_SCREEN_TIME = {("taishogi", "win2"), ("rithmomachia", "win2"), ("taishogi", "parry1")}
#: The suites the published check plays at another level than the default one.
LEVEL = {("rithmomachia", "win2"): "strong"}


def _enough(path: Path, lines: list[str]) -> bool:
    data = json.loads(path.read_text(encoding="utf-8"))
    target = GAME_TARGET.get((data["game"], data["kind"]), TARGET.get(data["kind"], 1.0))
    solved, total = (int(n) for n in lines[0].split()[1].split("/"))
    # the share missed may be rounded up: a sample of four may hold one such position
    return total - solved <= math.ceil(round((1.0 - target) * total, 6))


@pytest.mark.parametrize("path", SUITES, ids=lambda p: p.stem)
def test_the_default_level_solves_the_first_published_positions(path: Path) -> None:
    _skip_partial(path)
    lines = _published(path, FAST_SAMPLE)
    assert _enough(path, lines), "\n".join(lines)


def _skip_partial(path: Path) -> None:
    """A suite of SLOW_ONLY (held to less than all, GAME_TARGET) is left to the slow test: on a few
    positions, whether a deeper idea wins over the proved capture, or an exact search ends in
    time, depends on the time the search happens to get."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if (data["game"], data["kind"]) in SLOW_ONLY:
        pytest.skip("held to a share of the whole suite (the slow test)")


@pytest.mark.slow
@pytest.mark.parametrize("path", SUITES, ids=lambda p: p.stem)
def test_the_default_level_solves_every_published_position(path: Path) -> None:
    lines = _published(path, None)
    assert _enough(path, lines), "\n".join(lines)


def test_hint_asks_the_strongest_level_for_at_most_two_seconds() -> None:
    for game in ("fairy16", "rithmomachia", "abalone", "amazons", "taishogi", "pions"):
        entry = registry.get(game)
        level, seconds = entry.hint_level()
        assert level == entry.ai_levels[-1] and 0 < seconds <= 2.0


@pytest.mark.parametrize("path", SUITES, ids=lambda p: p.stem)
def test_the_hint_level_solves_the_first_published_positions(path: Path) -> None:
    _skip_partial(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    level, _seconds = registry.get(data["game"]).hint_level()
    lines = tactics.check_suite(path, level, SHORT, "published", FAST_SAMPLE, 0,
                                tick=TICK[data["game"]],
                                start=FAST_SAMPLE)
    assert _enough(path, lines), "\n".join(lines)


# --------------------------------------------------------------------- material, from the rules


def _abalone() -> tuple[object, object]:
    rules = registry.get("abalone").make_rules("standard", {})
    return rules, ADAPTERS["abalone"](rules)


def _ejects(rules: object, state: object, move: object) -> tuple[object, bool]:
    after = rules.play(state, move)  # type: ignore[attr-defined]
    return after, sum(after.lost) > sum(state.lost)  # type: ignore[attr-defined]


def _can_eject(rules: object, state: object) -> bool:
    return any(_ejects(rules, state, m)[1] for m in rules.legal_moves(state))  # type: ignore[attr-defined]


def _suite_position(name: str) -> dict[str, object]:
    data = json.loads((tactics.SUITE_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return data["positions"][0]  # type: ignore[no-any-return]


def test_free_material_is_every_ejection_no_answer_can_match() -> None:
    # The prover's fast path (raw moves) against the rules' public moves, one by one.
    rules, turns = _abalone()
    p = _suite_position("abalone-free")
    state = rules.parse_position(p["position"])  # type: ignore[attr-defined]
    free = []
    for move in rules.legal_moves(state):  # type: ignore[attr-defined]
        after, took = _ejects(rules, state, move)
        if took and rules.outcome(after) is None and not _can_eject(rules, after):  # type: ignore[attr-defined]
            free.append(rules.to_notation(state, move))  # type: ignore[attr-defined]
    assert free and proofs.PROVERS["free"](turns, state) == sorted(free) == p["answers"]


def test_a_bad_exchange_is_refuted_whatever_the_side_that_took_it_does() -> None:
    rules, turns = _abalone()
    p = _suite_position("abalone-badx")
    state = rules.parse_position(p["position"])  # type: ignore[attr-defined]
    assert proofs.PROVERS["badx"](turns, state) == p["answers"]
    side = state.to_move  # type: ignore[attr-defined]
    capture = rules.parse_move(state, p["answers"][0])  # type: ignore[attr-defined]
    after, took = _ejects(rules, state, capture)
    assert took

    def refutes(reply: object) -> bool:
        """After the opponent's ejection `reply`: every move of ours meets an ejection that
        ends the game or that we cannot answer by an ejection."""
        if rules.outcome(reply) is not None:  # type: ignore[attr-defined]
            return True
        for ours in rules.legal_moves(reply):  # type: ignore[attr-defined]
            answer, we_took = _ejects(rules, reply, ours)
            if we_took or rules.outcome(answer) is not None:  # type: ignore[attr-defined]
                return False
            if not any(took_again and (rules.outcome(final) is not None  # type: ignore[attr-defined]
                                       or not _can_eject(rules, final))
                       for final, took_again in (_ejects(rules, answer, m)
                                                 for m in rules.legal_moves(answer))):  # type: ignore[attr-defined]
                return False
        return True

    replies = [r for r, t in (_ejects(rules, after, m) for m in rules.legal_moves(after)) if t]  # type: ignore[attr-defined]
    assert any(refutes(r) for r in replies)
    # and a quiet move keeps every marble for a move
    assert any(not t and not _can_eject(rules, a)
               for a, t in (_ejects(rules, state, m) for m in rules.legal_moves(state)))  # type: ignore[attr-defined]
    assert side == state.to_move  # type: ignore[attr-defined]


def test_tai_shogi_wins_and_parries_agree_with_playing_every_move() -> None:
    from game.games.taishogi import rules as ts

    entry = registry.get("taishogi")
    rules = entry.make_rules("standard", {})
    turns = ADAPTERS["taishogi"](rules)
    board = [0] * 625
    board[312] = ts.code(ts.kind_number("CP"), ts.BLACK)  # each side's last royal
    board[314] = ts.code(ts.kind_number("CP"), ts.WHITE)
    board[14] = ts.code(ts.kind_number("R"), ts.BLACK)  # on the White Prince's file
    board[600] = ts.code(ts.kind_number("P"), ts.WHITE)

    def brute(state: ts.State) -> list[str]:
        return sorted(rules.to_notation(state, m) for m in rules.legal_moves(state)
                      if (out := rules.outcome(rules.play(state, m))) is not None
                      and out.winner == state.to_move)

    black = ts.State(tuple(board), ts.BLACK)
    assert brute(black) == sorted(turns.winning(black)) == ["Rx11m+"]
    # White to move must take its Prince off the Rook's file (or block it): the parries
    white = ts.State(tuple(board), ts.WHITE)
    good = proofs.prove_parry1(turns, white)
    assert good is not None
    for m in rules.legal_moves(white):
        after = rules.play(white, m)
        assert (rules.to_notation(white, m) in good) == (not brute(after))


def test_tai_shogi_wins_in_two_agree_with_the_plain_proof_over_every_turn() -> None:
    from game.games.taishogi import rules as ts
    from tools.tactic_games import TaiShogiTurns

    class Plain(TaiShogiTurns):
        prove_win2 = None  # type: ignore[assignment]  # the generic proof of tools/tactics.py

    rules = registry.get("taishogi").make_rules("standard", {})
    turns, plain = TaiShogiTurns(rules), Plain(rules)

    def boxed(first_rook: int) -> ts.State:
        # White's last royal on the first rank, a Black Rook on the rank `first_rook`, the
        # other Rook free to come to the first rank and take it next move
        board = [0] * 625
        board[12] = ts.code(ts.kind_number("CP"), ts.WHITE)
        board[612] = ts.code(ts.kind_number("CP"), ts.BLACK)
        board[25 * first_rook] = ts.code(ts.kind_number("R"), ts.BLACK)
        board[10 * 25 + 24] = ts.code(ts.kind_number("R"), ts.BLACK)
        board[20 * 25] = ts.code(ts.kind_number("P"), ts.WHITE)
        return ts.State(tuple(board), ts.BLACK)

    won = boxed(1)
    assert turns.prove_win2(won) == proofs.prove_win2(plain, won, 10_000) == ["R-1a"]
    free = boxed(2)  # the Prince steps to the second rank
    assert turns.prove_win2(free) is None and proofs.prove_win2(plain, free, 10_000) is None
    assert proofs.prove_win2(turns, won) == ["R-1a"]  # the tool's entry takes the game's own
    white = ts.State(won.board, ts.WHITE)
    assert turns.prove_win2(white) is None  # nothing to force for White


#: Rithmomachia, de corpore at four pieces: the Evens have taken three. The Pyramid's step to b5
#: leaves the Odds' two men no turn that saves both (whatever they do, the Evens' next turn
#: takes one); without the Triangle on a4 nothing threatens, without the Circle on c7 every
#: threat has a defence.
RITHMO_WIN2 = "8/8/8/8/8/8/8/8/1,t12,6/2,C4,5/1,s66,C8,5/8/T49,7/8/1,P91,6/8 e e:c7,c9,s28 o:T9"


def test_rithmomachia_wins_in_two_agree_with_the_plain_proof_over_every_turn() -> None:
    from tools.tactic_games import RithmoTurns

    class Plain(RithmoTurns):
        prove_win2 = None  # type: ignore[assignment]  # the generic proof of tools/tactics.py

    rules = registry.get("rithmomachia").make_rules("standard", {})
    turns, plain = RithmoTurns(rules), Plain(rules)
    won = rules.parse_position(RITHMO_WIN2)
    assert turns.prove_win2(won) == proofs.prove_win2(plain, won, 10_000) == ["b2-b5"]
    assert proofs.prove_win2(turns, won) == ["b2-b5"]  # the tool's entry takes the game's own
    free = rules.parse_position(RITHMO_WIN2.replace("T49,7", "8"))
    assert turns.prove_win2(free) is None and proofs.prove_win2(plain, free, 10_000) is None
    parried = rules.parse_position(RITHMO_WIN2.replace("2,C4,5", "8"))
    assert turns.prove_win2(parried) is None and proofs.prove_win2(plain, parried, 10_000) is None
    odds = rules.parse_position(RITHMO_WIN2.replace(" e e:", " o e:"))
    assert turns.prove_win2(odds) is None  # nothing to force for the Odds
    # a turn in progress is not a position of the kind (the win-in-one suite tests those):
    # after b2-b5, in phase 3, the plain proof counts ending the turn ("--") as the win
    in_progress = rules.parse_position(
        "8/8/8/8/8/8/8/8/1,t12,6/2,C4,5/1,s66,C8,5/1,P91,6/T49,7/8/8/8 e 3:b5 e:c7,c9,s28 o:T9")
    assert proofs.prove_win2(plain, in_progress, 10_000) == ["--"]
    assert turns.prove_win2(in_progress) is None


#: The same, the win opened by a capture: the Evens must take d6 by a combination of d3 and c6
#: before they step, and have taken two (the capture is their third).
RITHMO_WIN2_CAPTURE = "8/8/8/8/8/8/8/8/1,t12,6/8/2,C8,s28,4/8/8/3,T72,4/1,P91,6/8 e e:c7,c9 o:T9"


@pytest.mark.parametrize("text", [RITHMO_WIN2, RITHMO_WIN2_CAPTURE], ids=["step", "capture"])
def test_the_strong_rithmomachia_level_plays_a_forced_win_in_two_move_by_move(text: str) -> None:
    entry = registry.get("rithmomachia")
    rules = entry.make_rules("standard", {})
    turns = ADAPTERS["rithmomachia"](rules)
    answers = turns.prove_win2(rules.parse_position(text))
    assert answers
    player = entry.make_ai(rules, "strong")
    ok, played = tactics.check_position(entry, rules, turns, player, "win2", text, SHORT,
                                        random.Random(1))
    assert ok and played in answers, played
    state = rules.parse_position(text)
    player = entry.make_ai(rules, "strong")  # found by the exact search, not by chance
    player.choose(state, seconds=SHORT, rng=random.Random(1))
    assert player.last.get("kind") == "win2"
    for level in ("easy", "default"):  # the lower levels do not look for it
        other = entry.make_ai(rules, level)
        other.choose(state, seconds=SHORT, rng=random.Random(1))
        assert other.last.get("kind") != "win2", level


def test_the_rithmomachia_forced_win_search_refuses_a_turn_one_defence_escapes() -> None:
    import time

    rules = registry.get("rithmomachia").make_rules("standard", {})
    player = registry.get("rithmomachia").make_ai(rules, "strong")
    state = rules.parse_position(RITHMO_WIN2)
    plan = player._forced_win(state, time.perf_counter() + 10)
    assert plan is not None
    played = []
    for key, move in plan:  # each move is played in the state the plan says
        assert key == state.key()
        played.append(rules.to_notation(state, move))
        state = rules.play(state, move)
    assert " ".join(played) == "b2-b5"
    # without the Circle on c7, b2-b5 and a4-a6 still threaten a man, but the Odds have a
    # defence to each
    free = rules.parse_position(RITHMO_WIN2.replace("2,C4,5", "8"))
    assert player._forced_win(free, time.perf_counter() + 10) is None


#: RITHMO_WIN2 with the Odds to move and a Circle of theirs far away on h16: a step of either
#: of their two men saves both, a step of the Circle leaves the Evens b2-b5 and its forced win.
RITHMO_LOSS2 = RITHMO_WIN2.replace(" e e:", " o e:").replace("8/8/8/8/", "7,c25/8/8/8/", 1)


def test_the_strong_rithmomachia_level_refuses_a_step_into_a_forced_loss_in_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from game.engine.search import SearchResult
    from tools.tactic_games import RithmoTurns

    entry = registry.get("rithmomachia")
    rules = entry.make_rules("standard", {})
    turns = RithmoTurns(rules)
    state = rules.parse_position(RITHMO_LOSS2)
    steps = {rules.to_notation(state, m): m for m in rules.steps(state)}
    losing, safe = steps["h16-h15"], steps["b6-b9"]
    player = entry.make_ai(rules, "strong")

    def proved_lost(step: object) -> bool:  # the tool's proof, not the player's
        return turns.prove_win2(player.game.play(state, step)) is not None  # type: ignore[arg-type]

    assert proved_lost(losing) and not proved_lost(safe)
    later = time.perf_counter() + 10
    assert player._avoid_forced_loss(state, safe, list(steps.values()), later) == safe
    kept = player._avoid_forced_loss(state, losing, list(steps.values()), later)
    assert kept != losing and not proved_lost(kept)
    # in a whole choice: the search's step is replaced at strong, played as it is at default
    for level in ("strong", "default"):
        player = entry.make_ai(rules, level)
        monkeypatch.setattr(player.search, "search",
                            lambda *a, **k: SearchResult(losing, 0.0, 2, 10))
        played = player.choose(state, seconds=SHORT, rng=random.Random(1))
        assert (played == losing) == (level == "default"), level
        assert (player.last.get("avoided") == "forced loss in two") == (level == "strong")


def test_the_loss_in_two_tool_plays_the_suite_positions_with_the_other_side_to_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tools import loss_in_two

    entry = registry.get("rithmomachia")
    won = RITHMO_WIN2.replace("8/8/8/8/", "7,c25/8/8/8/", 1)  # the Evens to move: b2-b5 wins
    only_safe = RITHMO_WIN2  # with the Odds to move, each of their four steps saves
    positions = [{"phase": "middle", "ply": 0, "position": text, "answers": ["b2-b5"]}
                 for text in (won, only_safe)]
    path = tmp_path / "rithmomachia-win2.json"
    tactics.write_suite(path, entry, "standard", {}, "win2", 1, ["test"], positions)
    assert loss_in_two.main([str(path), "--level", "strong", "--seconds", str(SHORT)]) == 0
    assert capsys.readouterr().out.startswith("loss2 1/1  (rithmomachia, level strong, 0.3 s, "
                                              "1 left out,")
    assert loss_in_two.main([str(path), "--level", "strong", "--seconds", str(SHORT),
                             "--tick", "0.0007"]) == 0
    assert capsys.readouterr().out.startswith(
        "loss2 1/1  (rithmomachia, level strong, 0.3 s on the virtual clock (tick 0.0007), ")
    state = loss_in_two.passed(registry.get("rithmomachia").make_rules("standard", {})
                               .parse_position(won))
    assert state is not None and state.to_move == 1
    saving, losing = loss_in_two.saving_turns(ADAPTERS["rithmomachia"](
        entry.make_rules("standard", {})), state)
    assert sorted(saving) == ["b6-b3", "b6-b9", "b8-b10", "b8-d8"] and losing == 2
    wrong = tmp_path / "rithmomachia-win1.json"
    tactics.write_suite(wrong, entry, "standard", {}, "win1", 1, ["test"], positions)
    assert loss_in_two.main([str(wrong)]) == 2


# --------------------------------------------------------------------- checking

def test_a_check_on_the_virtual_clock_names_it_and_gives_the_same_answer_twice() -> None:
    """`check --tick` lets a suite be checked while other work shares the cores: the level
    reads a clock that moves only when read, so its search and its move are the same."""
    path = tactics.SUITE_DIR / "rithmomachia-win1.json"
    first = tactics.check_suite(path, "default", 0.2, "published", 1, 0, tick=0.0015)
    again = tactics.check_suite(path, "default", 0.2, "published", 1, 0, tick=0.0015)
    assert "virtual clock (tick 0.0015)" in first[0]
    assert first[0].split("(")[0] == again[0].split("(")[0] and first[1:] == again[1:]
    assert tactics._main(["check", str(path), "--level", "default", "--seconds", "0.2",
                          "--limit", "1", "--tick", "0.0015"]) == 0


def test_a_check_at_the_hint_level_asks_what_the_hint_button_asks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`check --level hint` measures the Hint button itself: its level and its time, which
    for most games is shorter than the strongest level's own (2 s of 2.5 s)."""
    asked: list[tuple[str, float]] = []

    def fake(path: Path, level: str, seconds: float, *args: object, **kw: object) -> list[str]:
        asked.append((level, seconds))
        return ["win1 1/1"]

    monkeypatch.setattr(tactics, "check_suite", fake)
    for name in ("rithmomachia-win1", "taishogi-win1"):
        path = tactics.SUITE_DIR / f"{name}.json"
        assert tactics._main(["check", str(path), "--level", "hint"]) == 0
    entries = [registry.get(g) for g in ("rithmomachia", "taishogi")]
    assert asked == [e.hint_level() for e in entries]
    assert all(level == "strong" and seconds == 2.0 for level, seconds in asked)


@pytest.mark.slow  # a Rithmomachia bad-exchange proof takes seconds
@pytest.mark.parametrize("case", every_regression(), ids=lambda c: c["id"])
def test_the_positions_kept_as_regressions_are_still_proved(case: dict) -> None:
    """The positions of the first suites that tests keep (tests/data/tactic_regressions.json)
    still prove what they claim, so the tests that use them test the right thing."""
    entry = registry.get(case["game"])
    rules = entry.make_rules(entry.variants[0].id, {})
    turns = ADAPTERS[case["game"]](rules)
    proved = proofs.PROVERS[case["kind"]](turns, rules.parse_position(case["position"]))
    assert proved is not None
    if "answers_total" in case:  # the file keeps the first twenty
        assert len(proved) == case["answers_total"] and set(case["answers"]) <= set(proved)
    else:
        assert proved == case["answers"]


@pytest.mark.parametrize("suite", ["chess-free", "chess-badx"])
def test_the_judge_of_a_move_falls_on_the_same_side_of_a_bound_as_the_exact_gain(
        suite: str) -> None:
    """The check judges the computer's move by a narrow-window search (`move_reaches`): for
    every legal move of a few suite positions, and bounds just below, at and above its exact
    gain, the answer is the one the exact count gives."""
    data = json.loads((tactics.SUITE_DIR / f"{suite}.json").read_text(encoding="utf-8"))
    entry = registry.get("chess")
    rules = entry.make_rules(data["variant"], {})
    mat = ADAPTERS["chess"](rules).material()
    tried = 0
    for p in data["positions"][:3]:
        state = rules.parse_position(p["position"])  # type: ignore[attr-defined]
        for move in rules.legal_moves(state):  # type: ignore[attr-defined]
            gain = mat.move_gain(state, move)
            for bound in (gain - 1, gain, gain + 1, mat.threshold, 1 - mat.threshold):
                assert mat.move_reaches(state, move, bound) == (gain >= bound), (p["id"], move)
                tried += 1
    assert tried > 100
