"""Tai Shogi computer: material (§5.5 values) plus mobility, and a shallow selective search.

A full-width search is out of reach in Python (300–700 moves a side, three-second budget), so
the computer looks at its moves in a useful order and checks each one against the opponent's
exact replies:

* order: captures by value taken (most valuable victim, cheapest taker first), then moves of our
  men the opponent can take now (evasions, royals first), then quiet moves of the other men by
  value, the Emperor's quiet leaps last (there are hundreds of them and they rarely matter);
* for each candidate, as time allows, the position after it is searched one ply for the
  opponent's captures: what each would win, less the taker's worth when we guard the square
  (a static exchange guess); the best of those is the threat the move leaves;
* score = material won now − that threat + a small mobility term (our men's moves minus the
  opponent's), so a move that leaves a royal en prise scores as losing it, and taking the last
  royal wins at once;
* "default" and "strong" score their captures by a capture search instead of the guess
  (game/pieces/exchange.py: every capture of either side, anywhere, until both stop, within a
  node budget): the guess misses a guard that goes when its man takes back, and the man that
  takes back more cheaply may lose value by its promotion;
* "strong" also counts the threats a move makes (a second capture prepared on another square,
  which one reply cannot parry, is how forks are found); then, for its best two dozen moves,
  it plays its own capture's exchange out on the real legal moves and searches a third ply:
  the opponent's best captures and the escapes of the men we threaten, each answered by our
  best capture, so a threat one escape parries counts nothing and a fork counts its second
  prong (`reply_line`), and the quiet answers that let the enemy take the man it just
  moved (one that comes to attack it or opens a line onto it, or cuts its guard: the enemy
  Emperor takes a man no other man guards), each answered by the man's flights and our best
  captures (`unguarding`); a threat it prefers to a capture that surely wins two men must
  still be worth as much against every answer (`surer`);
* "default" and "strong" first look for a forced win in two while the enemy has one royal
  left: a move after which we would take it, and after which every reply still leaves it to
  take (`forced_win`, exact over the replies, within two fifths of the time).

Levels differ by how many of their candidates they check against the replies: "easy" checks
twenty (a quarter second, some noise), so it often leaves men hanging; "default" checks the
first hundred in the order above (captures, evasions, the valuable men), so it errs now and
then with a minor man (a move it does not check ranks behind the checked ones and below what
the opponent can take now, and is checked before it is played); "strong" checks every move,
then refines as said (1.3 s a move of its 2.5 s on the tools' virtual clock, at most 2.4 s,
over ten games against default).
"""

from __future__ import annotations

import random
import time
from bisect import insort
from typing import Any

from .evaluation import ROYAL_LOSS, WIN, Measure, material
from .rules import Move, State, TaiShogiRules

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: Weight of one move of mobility against one point of §5.5 material.
MOBILITY = 0.02
#: Weight of one square closer to the nearest enemy royal (a man that is not royal), normally
#: and once we lead by HUNT_LEAD points: the won game must still be finished.
HUNT, HUNT_AHEAD, HUNT_LEAD = 0.05, 0.4, 150
#: Per level: time cap (s); how many candidates, in the order of `ordered`, get the reply
#: check (captures always do; None: all) and how far the others rank below a checked move of
#: the same gain; noise; whether the threats a move makes count; how many of the best get
#: their exchanges played out; whether it first looks for a forced win in two (`forced_win`);
#: whether its captures are scored by the capture search (`capture_threat`).
_LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"cap": 0.25, "checked": 20, "unchecked": 1.0, "noise": 2.0, "threats": False,
             "exact": 0, "win2": False, "played_out": False},
    "default": {"cap": 2.5, "checked": 100, "unchecked": 3.0, "noise": 0.3, "threats": False,
                "exact": 0, "win2": True, "played_out": True},
    "strong": {"cap": 3.0, "checked": None, "noise": 0.0, "threats": True,
               "exact": 24, "deep": True, "win2": True, "played_out": True},
}
#: The third ply (strong): how many of the opponent's captures are tried as replies, how many
#: escapes of each man we threaten, and what our best capture after their reply counts for (a
#: move later, guessed, so less than now).
DEEP_CAPTURES, ESCAPES, FOLLOW = 8, 2, 0.8
#: What a capture must win once played out (two of the cheapest men) for the strong level to
#: prefer it to a threat that some answer parries (`surer`).
SURE_GAIN = 2.0
#: The quiet answers that expose the man just moved (strong, `unguarding`): the smallest man
#: looked after (a Gold General is 6, a Pawn 1), how many such answers are played out, and
#: how many of our best captures and of the man's flights each is answered with.
TRAP_MIN, TRAP_REPLIES, TRAP_CAPTURES, TRAP_FLIGHTS = 4.0, 6, 2, 4
#: Share of the time a level with "win2" may spend looking for a forced win in two (only
#: while the enemy has one royal left) before its search.
WIN2_SHARE = 0.4
#: In that search, how many replies that need no generation of our moves (our man still
#: takes the royal: 0.05 ms, up to 0.8 ms for a man with range captures) pass between two
#: readings of the clock, so that a reading stands for about the work it does elsewhere (a
#: millisecond) and the tools' virtual clock, a millisecond a reading, gives the search the
#: time a real clock does. Over the 64 wins in two of taishogi-win2 before its second run
#: (docs/tactics.md; the 22 positions from games with random moves are still in it) it read
#: the clock at every reply: 16 556 readings for 9.8 s of CPU (0.59 ms a reading), so on that
#: clock it stopped after about half its time's work; every second such reply: 9 332 for
#: 9.4 s (1.0 ms; the rest of the level's search, 0.8-1.5 ms a reading).
CHEAP_REPLIES = 2
#: Points a quiet move that takes a man straight back to where the side's own last move took
#: it from ranks below what the scan finds for it: such a move is played only when every other
#: is worse by that much. Between strong and default, once a royal was gone, the hunters and
#: the hunted went back and forth 19.5 times every 100 plies; the approach term alone is worth
#: 0.4 a square then, so a step back and forth cost nearly nothing.
RETURN_MARGIN = 1.0


#: What the scan keeps of a checked move: material won now, the threat left, the bonus for the
#: threats made, the position after it, the opponent's captures there and ours (each with its
#: guessed gain, best first; ours only when the level counts threats).
Guess = tuple[float, float, float, tuple[int, ...], list[tuple[float, Move]],
              list[tuple[float, Move]]]


class TaiShogiAI(Measure):
    """The computer at one level."""

    def __init__(self, rules: TaiShogiRules, level: str) -> None:
        if level not in _LEVELS:
            raise KeyError(f"unknown Tai Shogi level {level!r} (levels: {', '.join(LEVELS)})")
        super().__init__(rules)
        self.level = level
        self.shape = _LEVELS[level]
        self.info: dict[str, Any] = {}
        #: per side, its last move (the player may play both sides, as the hint does)
        self.previous: dict[int, Move] = {}

    # ---- pieces of the measure ---------------------------------------------------------

    # ---- the choice ----------------------------------------------------------------------

    def ordered(self, state: State, moves: list[Move], threatened: set[int]) -> list[Move]:
        """Candidates best-looking first (see the module docstring); `threatened` are the
        squares of our men the opponent could take now."""
        board, rules = state.board, self.rules
        value, universal, royal = rules.value, rules.universal, rules.royal

        def key(m: Move) -> tuple[int, float]:
            p = board[m.frm]
            if m.caps:
                return 0, -(self.gain(board, m) * 100 - value[p])
            if m.frm in threatened:
                return 1, -(1000 if p in royal else value[p])
            if p in universal:
                return 3, 0.0
            return 2, -value[p]

        return sorted(moves, key=key)

    def choose(self, state: State, *, seconds: float, rng: random.Random) -> Move:
        move = self._choose(state, seconds=seconds, rng=rng)
        self.previous[state.to_move] = move
        return move

    def goes_back(self, me: int, move: Move) -> bool:
        """Whether quiet `move` takes a man straight back where side `me`'s last move took it
        from (see RETURN_MARGIN)."""
        last = self.previous.get(me)
        return last is not None and not move.caps and (move.frm, move.to) == (last.to, last.frm)

    def _choose(self, state: State, *, seconds: float, rng: random.Random) -> Move:
        started = time.perf_counter()
        end = started + max(0.02, min(seconds, self.shape["cap"]))
        rules = self.rules
        board, me = state.board, state.to_move
        moves = rules.legal_moves(state)
        if not moves:
            raise ValueError("no legal move to choose from")
        for m in moves:
            if self.wins(board, m):
                return m
        if self.shape["win2"]:
            forced = self.forced_win(state, moves, started + WIN2_SHARE * (end - started))
            if forced is not None:
                self.info = {"forced": True, "score": WIN,
                             "seconds": round(time.perf_counter() - started, 3)}
                return forced
        #: the opponent's captures now, were it their turn (`captures`), and the squares of
        #: our men they take
        opp_now = self.captures(board, 1 - me)[0]
        threatened = {c for _g, r in opp_now for c in r.caps}
        ordered = self.ordered(state, moves, threatened)
        checked = self.shape["checked"]
        if checked is not None and threatened.intersection(rules.royals(state, me)):
            checked = None  # a royal in danger: every move is looked at
        base_mob = self.mobility(board, me)
        targets = [divmod(sq, 25) for sq in rules.royals(state, 1 - me)]
        hunt = HUNT_AHEAD if material(rules, board, me) >= HUNT_LEAD else HUNT

        def nearer(m: Move) -> float:
            if not targets or board[m.frm] in rules.royal:
                return 0.0
            (fr, fc), (tr, tc) = divmod(m.frm, 25), divmod(m.to, 25)
            before = min(max(abs(fr - r), abs(fc - c)) for r, c in targets)
            after = min(max(abs(tr - r), abs(tc - c)) for r, c in targets)
            return hunt * (before - after)

        scored: list[tuple[float, Move]] = []
        #: what the scan found for each checked move, kept for `exact` (see `Guess`)
        guesses: dict[Move, Guess] = {}
        #: the captures scored by the capture search (`capture_threat`)
        searched: set[Move] = set()
        #: the moves ranked without the reply check, and what the opponent could take now,
        #: which such a move (not one of a threatened man's) leaves standing
        unchecked: set[Move] = set()
        standing = min(ROYAL_LOSS, max(0.0, opp_now[0][0])) if opp_now else 0.0
        checks = 0

        def check(m: Move) -> float:
            """The move's score against the opponent's replies (see the module docstring)."""
            nonlocal checks
            gain = self.gain(board, m)
            back = RETURN_MARGIN if self.goes_back(me, m) else 0.0
            after = rules.apply(board, m)
            replies, opp_mob = self.captures(after, 1 - me)
            threat = max(0.0, replies[0][0]) if replies else 0.0
            if m.caps and self.shape["played_out"] and threat < WIN:
                found = self.capture_threat(board, me, m, gain, end)
                if found is not None:
                    threat = found
                    searched.add(m)
                else:  # past the search's budget: the exchange on the square, played out
                    elsewhere = max((g for g, r in replies if r.to != m.to), default=0.0)
                    threat = max(0.0, gain - self.exchange(board, m), elsewhere)
            checks += 1
            bonus = 0.0
            ours: list[tuple[float, Move]] = []
            if time.perf_counter() >= end:
                mob = base_mob
            elif self.shape["threats"]:
                ours, mob = self.captures(after, me)
                bonus = self.threat_bonus(after, ours)
            else:
                mob = self.mobility(after, me)
            score = gain - threat + bonus + MOBILITY * (mob - opp_mob) + nearer(m) - back
            score += rng.random() * float(self.shape["noise"])
            guesses[m] = (gain, threat, bonus, after, replies, ours)
            return score

        examined = 0
        for m in ordered:
            if examined and time.perf_counter() > end:
                break
            if not m.caps and checked is not None and examined >= checked:
                back = RETURN_MARGIN if self.goes_back(me, m) else 0.0
                score = self.gain(board, m) - back + rng.random() * self.shape["noise"]
                # behind the checked, and under what the opponent can take now
                scored.append((score - self.shape["unchecked"] - standing, m))
                unchecked.add(m)
            else:
                scored.append((check(m), m))
            examined += 1
        scored.sort(key=lambda x: -x[0])
        # A move ranked by a guess is played only once checked: an Emperor's leap ranked
        # first because every checked move lost something could land where it is taken.
        while scored and scored[0][1] in unchecked and time.perf_counter() < end:
            m = scored.pop(0)[1]
            unchecked.discard(m)
            insort(scored, (check(m), m), key=lambda x: -x[0])
        surer = False
        if self.shape["exact"] and time.perf_counter() < end:
            scored = self.exact(board, me, scored, guesses, searched, end)
        if self.shape.get("deep"):  # even with no time left: then the sure capture is played
            first = scored[0][1]
            scored = self.surer(board, me, scored, guesses, searched, end)
            surer = scored[0][1] != first
        self.info = {"examined": examined, "checked": checks, "of": len(moves),
                     "score": scored[0][0], "seconds": round(time.perf_counter() - started, 3)}
        if surer:
            self.info["surer"] = True
        return scored[0][1]

    def forced_win(self, state: State, moves: list[Move], end: float) -> Move | None:
        """A move after which every reply leaves us the last enemy royal to take (a win in
        two), or None. Sought only while the enemy has one royal left (a hunt; a first move
        that takes one of two royals and threatens the other is left to the search): first
        among the moves whose man then attacks it, then among the others after which some man
        of ours does (a line opened), those landing nearest to it first, until `end`. Every
        reply is tried, the royal's own moves and the captures first (they refute most), then
        those that land in the rectangle of our man and the royal, where a man that blocks
        its path stands (in taishogi-win2-058, game 1801 ply 1024, the 27 moves tried before
        the win took 1 336 readings of the clock without them first, 274 with them); one that
        takes our own last royal refutes the move. After a reply that leaves our man, the
        royal and the enemy's royals as they were, our man's own moves say whether it still
        takes the royal (0.05-0.8 ms, CHEAP_REPLIES); after any other, all our moves are
        asked."""
        rules, board, me = self.rules, state.board, state.to_move
        targets = rules.royals(state, 1 - me)
        if len(targets) != 1:
            return None
        target = targets[0]
        tr, tc = divmod(target, 25)
        make, royal = type(state), rules.royal

        def attacks(b: tuple[int, ...], sq: int) -> bool:
            return any(target in caps for _to, caps in rules.piece_moves(b, sq))

        def takes_last(b: tuple[int, ...]) -> bool:
            return any(self.wins(b, x) for x in rules.legal_moves(make(b, me)))

        def near(m: Move) -> int:
            return max(abs(m.to // 25 - tr), abs(m.to % 25 - tc))

        def refutations_first(after: tuple[int, ...], sq: int, replies: list[Move]) -> None:
            (r0, r1), (c0, c1) = sorted((sq // 25, tr)), sorted((sq % 25, tc))

            def key(r: Move) -> tuple[bool, bool, bool]:
                row, col = divmod(r.to, 25)
                between = r0 <= row <= r1 and c0 <= col <= c1  # where a blocking man stands
                return after[r.frm] not in royal, not r.caps, not between

            replies.sort(key=key)

        ordered = sorted(moves, key=near)
        afters = {m: rules.apply(board, m) for m in ordered}
        direct = [m for m in ordered if attacks(afters[m], m.to)]
        seen = set(direct)
        for m in direct + [m for m in ordered if m not in seen]:
            if time.perf_counter() > end:
                return None
            after = afters[m]
            if m not in seen and not takes_last(after):
                continue
            replies = rules.legal_moves(make(after, 1 - me))
            if not replies:
                return m  # the enemy cannot move: it has lost
            refutations_first(after, m.to, replies)
            ours = after[m.to]
            cheap = 0
            for r in replies:
                if self.wins(after, r):  # the reply takes our last royal first
                    break
                then = rules.apply(after, r)
                same = (r.frm != target and then[m.to] == ours
                        and (then[r.to] not in royal or after[r.frm] in royal))
                if same and attacks(then, m.to):
                    cheap += 1
                    if cheap % CHEAP_REPLIES == 0 and time.perf_counter() > end:
                        return None
                    continue
                if time.perf_counter() > end:
                    return None
                if not takes_last(then):
                    break
            else:
                return m
        return None

    def exact(self, board: tuple[int, ...], me: int, scored: list[tuple[float, Move]],
              guesses: dict[Move, Guess], searched: set[Move], end: float
              ) -> list[tuple[float, Move]]:
        """The best few again, with our capture's exchange played out instead of guessed, and
        what follows it either guessed by the worst of the opponent's captures (each played
        out too) or, with "deep", searched a ply further (`reply_line`). The captures in
        `searched` were scored by the capture search (`capture_threat`), which counts the
        opponent's captures already: only what they leave us to threaten is added."""
        width = self.shape["exact"]
        better: list[tuple[float, Move]] = []
        for score, m in scored[:width]:
            if m not in guesses or time.perf_counter() > end:
                better.append((score, m))
                continue
            gain_guess, threat_guess, bonus, after, replies, ours = guesses[m]
            if threat_guess >= WIN:
                # the reply takes our last royal: the game is lost, whatever the exchange on
                # the square says (it counts a royal taken back as its worth in men)
                better.append((score, m))
                continue
            rest = score - gain_guess + threat_guess - bonus  # mobility, approach, noise
            tail = None
            if self.shape.get("deep"):
                tail = self.reply_line(after, me, m, replies, ours, end)
            if m in searched:
                # the capture search already counted every capture of theirs that follows,
                # here or elsewhere: what is left to add is what we threaten after it
                own = gain_guess - threat_guess
                better.append((rest + own + max(bonus if tail is None else tail, 0.0), m))
                continue
            own = self.exchange(board, m) if m.caps else gain_guess
            if tail is None:
                threat = 0.0  # no reply wins: that move kept its score above
                for _g, r in replies[:5]:
                    if m.caps and r.to == m.to:
                        continue  # the take-back on our square is already in `own`
                    threat = max(threat, self.exchange(after, r))
                tail = bonus - threat
            better.append((rest + own + tail, m))
        better.sort(key=lambda x: -x[0])
        return better + scored[width:]

    def escapes(self, after: tuple[int, ...], me: int, hit: set[int], seen: set[Move]
                ) -> list[Move]:
        """A few moves of each opponent man on a square of `hit` (which we threaten) to a
        square we do not attack (`attacked` leaves our Emperor out), guarded by their own men
        first: our Emperor may take an unguarded man anywhere. Where it goes matters little
        to what we take next, and an Emperor has hundreds of leaps: an escape that is no
        escape makes a threat on it look like a won royal. A man with no such escape tries
        ESCAPES of its moves anyway (then what we take next shows it is caught)."""
        rules, attacked = self.rules, self.rules.engine.attacked
        by_man: dict[int, list[Move]] = {}
        for r in rules.legal_moves(State(after, 1 - me)):
            if r.frm in hit and r not in seen:
                by_man.setdefault(r.frm, []).append(r)
        out: list[Move] = []
        for moves in by_man.values():
            # first where their own men guard it: our Emperor may take a man anywhere else
            guarded: list[Move] = []
            unguarded: list[Move] = []
            for r in moves:
                if attacked(after, r.to, me):
                    continue
                if attacked(after, r.to, 1 - me):
                    guarded.append(r)
                    if len(guarded) == ESCAPES:
                        break
                elif len(unguarded) < ESCAPES:
                    unguarded.append(r)
            out += (guarded + unguarded)[:ESCAPES] or moves[:ESCAPES]
        return out

    def reply_line(self, after: tuple[int, ...], me: int, move: Move,
                   replies: list[tuple[float, Move]], ours: list[tuple[float, Move]],
                   end: float) -> float | None:
        """What the opponent's best answer to `move` leaves us, a ply deeper than the scan:
        the smallest, over their replies that matter, of (minus what the reply takes) plus
        FOLLOW times our best capture after it. The replies tried are their best captures and
        a few escapes of each man we threaten (`escapes`); a reply elsewhere leaves our best
        threat standing. So a threat that one escape parries counts little and a fork counts
        its second prong, by search rather than by the weights of `threat_bonus`. None when
        the time runs out before every reply is tried."""
        hit = {c for g, r in ours if g > 0 for c in r.caps}
        tried = [r for g, r in replies[:DEEP_CAPTURES]
                 if not (move.caps and r.to == move.to)]  # the take-back is in the exchange
        tried += self.escapes(after, me, hit, set(tried))
        worst = self.worst_answer(after, me, tried, self.follow(ours), end)  # or one elsewhere
        if worst is None:
            return None
        trapped = self.unguarding(after, me, move.to, end)
        return None if trapped is None else min(worst, trapped)

    def unguarding(self, after: tuple[int, ...], me: int, sq: int, end: float
                   ) -> float | None:
        """What the opponent's worst quiet answer for us does to our man on `sq` (the one just
        moved): a man of theirs that comes to attack it, or that opens a line onto it, or that
        cuts its only guard. A man guarded only by our Emperor, or by nobody, is taken by the
        enemy Emperor once another enemy man attacks it (the refined protection rule); a man
        attacked by a cheaper one is lost unless it flies. Each such answer (those that leave
        it unguarded first, at most TRAP_REPLIES) counts FOLLOW times the best we then get
        (`rescue`). ROYAL_LOSS (no limit) when no answer threatens it, None when the time
        runs out first.

        This is the third ply the replies `reply_line` tries do not reach: in a game between
        the levels a Horned Falcon guarded by the Emperor alone went where a Pawn's step
        opened a Capricorn's line onto it, every flight of the Falcon uncovered a royal, and
        the enemy Emperor took it."""
        rules = self.rules
        attacked = rules.engine.attacked
        if rules.value[after[sq]] < TRAP_MIN or attacked(after, sq, 1 - me):
            return ROYAL_LOSS  # a small man, or one already attacked: the scan counts that
        flagged: list[tuple[bool, tuple[int, ...]]] = []
        for r in rules.legal_moves(State(after, 1 - me)):
            if r.caps:
                continue  # captures are tried as replies already
            then = rules.apply(after, r)
            if attacked(then, sq, 1 - me):
                flagged.append((attacked(then, sq, me), then))
        flagged.sort(key=lambda x: x[0])  # those that leave it unguarded first (stable)
        worst = ROYAL_LOSS
        for _guarded, then in flagged[:TRAP_REPLIES]:
            if time.perf_counter() > end:
                return None
            theirs, _ = self.captures(then, 1 - me)
            taken = max((g for g, x in theirs if sq in x.caps), default=0.0)
            if taken >= TRAP_MIN:
                worst = min(worst, FOLLOW * self.rescue(then, me, sq, taken))
        return worst

    def rescue(self, then: tuple[int, ...], me: int, sq: int, taken: float) -> float:
        """The best we get in `then`, our man on `sq` left unprotected and worth `taken` to
        the opponent: a few of its flights to squares no enemy man attacks, or a few of our
        best captures, each less the best capture the opponent then has (the guess of
        `captures`); at worst, -`taken`."""
        rules = self.rules
        attacked = rules.engine.attacked
        best = -taken
        ours, _ = self.captures(then, me)
        tries = [r for g, r in ours[:TRAP_CAPTURES] if g > 0]
        flights = 0
        for r in rules.legal_moves(State(then, me)):
            if r.frm == sq and not r.caps and not attacked(rules.apply(then, r), r.to, 1 - me):
                tries.append(r)
                flights += 1
                if flights == TRAP_FLIGHTS:
                    break
        for r in tries:
            if self.wins(then, r):
                return WIN
            theirs, _ = self.captures(rules.apply(then, r), 1 - me)
            best = max(best, self.gain(then, r) - max(0.0, theirs[0][0] if theirs else 0.0))
            if best >= 0:
                break
        return best

    def follow(self, captures: list[tuple[float, Move]]) -> float:
        """What our best capture (`captures`, best first) counts for a move later. Taking the
        last royal counts ROYAL_LOSS, not WIN: the answers tried may not be all the parries."""
        return FOLLOW * min(ROYAL_LOSS, max(0.0, captures[0][0])) if captures else 0.0

    def worst_answer(self, after: tuple[int, ...], me: int, answers: list[Move], best: float,
                     end: float) -> float | None:
        """The smallest of `best` and, over the opponent's `answers` in `after`, minus what
        the answer takes plus our best capture after it (`follow`); -WIN when one takes our
        last royal, None when the time runs out first."""
        rules = self.rules
        for r in answers:
            if time.perf_counter() > end:
                return None
            if self.wins(after, r):
                return -WIN
            follow, _ = self.captures(rules.apply(after, r), me)
            best = min(best, self.follow(follow) - self.gain(after, r))
        return best

    def answered(self, after: tuple[int, ...], me: int, end: float) -> float | None:
        """`worst_answer` over every legal answer (`reply_line` tries a few); None when the
        time runs out first (some 0.4 s for four hundred answers)."""
        answers = self.rules.legal_moves(State(after, 1 - me))
        return self.worst_answer(after, me, answers, ROYAL_LOSS, end)

    def surer(self, board: tuple[int, ...], me: int, scored: list[tuple[float, Move]],
              guesses: dict[Move, Guess], searched: set[Move], end: float
              ) -> list[tuple[float, Move]]:
        """`scored`, or the capture that wins most once played out (`searched`) put first,
        when it wins SURE_GAIN or more and the move ranked first is not one of them: that
        move is then kept only if, over every answer (`answered`), what it threatens is
        still worth that much. The threats the scan and `reply_line` count are parried by
        answers they do not try (a man put in the way, a guard), and a sure capture was
        given up for them."""
        top = scored[0][1]
        sure = [(guesses[m][0] - guesses[m][1], m) for m in searched]
        if top in searched or not sure:
            return scored
        value, capture = max(sure, key=lambda x: x[0])
        if value < SURE_GAIN:
            return scored
        after = guesses[top][3] if top in guesses else self.rules.apply(board, top)
        worst = self.answered(after, me, end)
        if worst is not None and self.gain(board, top) + worst >= value:
            return scored
        return [(scored[0][0], capture)] + [x for x in scored if x[1] != capture]


def make_ai(rules: TaiShogiRules, level: str) -> TaiShogiAI:
    return TaiShogiAI(rules, level)


# --------------------------------------------------------------------------- the game review

from game.i18n import N_  # noqa: E402  (the reasons below are words to translate)

#: Points of §5.5 material worth a 73 % expected score in the review's logistic (a man of
#: middling value, a Gold General or a Lance, is a few points; a Lion twenty-odd).
REVIEW_SCALE = 15.0
#: Seconds the review thinks about each position: a 200-ply match within 5 minutes on two
#: cores (each position is analysed once, and the better move's position again when the move
#: played looks an inaccuracy or worse: the strong level's score counts the threats and
#: mobility of the side to move, so only positions with the same side to move compare).
REVIEW_SECONDS = 0.9
#: Points a line must cost more than the better one for the review to say "loses the …".
REVIEW_LOSS = 4.0


def _review_player(rules: TaiShogiRules) -> TaiShogiAI:
    from game.engine.analysis import kept

    return kept(rules, "taishogi", lambda: TaiShogiAI(rules, "strong"))


def analyse(rules: TaiShogiRules, state: State, *, seconds: float) -> Any:
    """The review's analysis: the strong level's choice (no noise), its score (material won
    less the threat left, see the module docstring) added to the material on the board, then
    through the logistic of REVIEW_SCALE; taking the last royal is a won position. The line
    is the opponent's best capture after the move, when there is one."""
    from game.engine.analysis import score_of
    from game.engine.protocol import Analysis

    if rules.outcome(state) is not None or not rules.legal_moves(state):
        return None
    ai = _review_player(rules)
    ai.info = {}
    move = ai.choose(state, seconds=seconds, rng=random.Random(0))
    if ai.wins(state.board, move):
        return Analysis(1.0, move, ())
    score = float(ai.info.get("score", 0.0))
    value = material(rules, state.board, state.to_move) + score
    after = rules.play(state, move)
    line: tuple[Move, ...] = ()
    replies, _mobility = ai.captures(after.board, after.to_move)
    if replies and replies[0][0] > 0:
        line = (replies[0][1],)
    return Analysis(score_of(value, REVIEW_SCALE, WIN / 2), move, line)


def _men(rules: TaiShogiRules, state: State, side: int) -> list[tuple[int, str]]:
    kinds = rules.spec.kinds
    return [(rules.value[p], kinds[(p >> 2) - 1].name) for p in state.board
            if p and (p & 1) == side]  # a royal too: losing one of two is losing a lot


def explain(rules: TaiShogiRules, state: State, move: Move, after: State, analysis: Any,
            reply: Any) -> tuple[str, dict[str, str]] | None:
    """Why a move is bad, when simple: the opponent can then take the last royal (a mate in
    one), the move missed taking it, or the opponent's best line takes a man the better
    line keeps."""
    if rules.outcome(after) is not None:
        return None
    ai = _review_player(rules)
    if analysis.best is not None and ai.wins(state.board, analysis.best):
        return (N_("misses mate in one"), {})
    if any(ai.wins(after.board, r) for r in rules.legal_moves(after) if r.caps):
        return (N_("allows mate in one"), {})
    if reply is None or analysis.best is None:
        return None
    from game.engine.analysis import lost_material

    name = lost_material(rules.play, lambda s, side: _men(rules, s, side), state.to_move,
                         after, (reply.best, *reply.line), rules.play(state, analysis.best),
                         analysis.line, int(REVIEW_LOSS))
    return None if name is None else (N_("loses the {piece}"), {"piece": name})
