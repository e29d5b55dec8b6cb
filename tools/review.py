"""Review a saved match: every move judged, the better move and its line, the key moments.

    python tools/review.py match.json
    python tools/review.py match.json --json
    python tools/review.py match.json --seconds 0.5 --no-cache

Text: one line a move (number, side, move, judgement, the better move and the line after it,
the reason when simple), then the key moments and a summary per side. `--json`: a list with
one object a move ({"move", "judgement", "best", "line", "reason", …}). A real-time match
(Akhimoraec) has no judged review: its timeline is printed instead (time, tip, sand levels).

The review is kept beside the match (`X.review.json`) and reused while the moves are the same
(`--no-cache` neither reads nor writes it). Time: about `--seconds` a position (each game
has its own default, see REVIEW_SECONDS in its computer player's module).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/review.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry  # noqa: E402
from game.engine import review, storage  # noqa: E402
from game.engine.entries import player_name  # noqa: E402
from game.engine.match import SaveError, find_entry  # noqa: E402
from game.engine.protocol import RealTime  # noqa: E402
from game.i18n import _  # noqa: E402
from tools._common import ToolError, run  # noqa: E402


def reason_text(reason: review.Reason | None) -> str | None:
    """A reason in the current language, its arguments (a piece's name) translated too."""
    if reason is None:
        return None
    return _(reason.key).format(**{k: _(v) for k, v in reason.args.items()})


def move_object(m: review.MoveReview, side: str) -> dict[str, Any]:
    """One move of the --json list."""
    return {"ply": m.ply, "number": m.ply + 1, "side": side, "move": m.move,
            "move_code": m.move_code, "judgement": m.judgement,
            "symbol": review.SYMBOLS[m.judgement], "best": m.best, "best_code": m.best_code,
            "line": list(m.line), "reason": reason_text(m.reason),
            "reason_key": None if m.reason is None else m.reason.key,
            "score_before": round(m.score_before, 4), "score_after": round(m.score_after, 4),
            "drop": round(m.drop, 4), "exact": m.exact}


def text_lines(done: review.Review, sides: Sequence[str]) -> list[str]:
    """The review as text (see the module docstring)."""
    out: list[str] = []
    width = max((len(m.move) for m in done.moves), default=4)
    for m in done.moves:
        word = m.judgement + review.SYMBOLS[m.judgement]
        line = f"{m.ply + 1:4d}. {sides[m.mover]:<6} {m.move:<{width}}  {word:<12}"
        line += f" {100 * m.score_after:5.1f} %"
        if m.best is not None:
            line += f"  better: {m.best}"
            if m.line:
                line += " (" + " ".join(m.line) + ")"
        said = reason_text(m.reason)
        if said:
            line += f"  — {said}"
        out.append(line.rstrip())
    moments = done.key_moments()
    if moments:
        out.append("")
        out.append("key moments: " + ", ".join(
            f"{p + 1}. {done.moves[p].move} ({done.moves[p].judgement}, "
            f"{100 * done.moves[p].drop:.0f} %)" for p in moments))
    out.append("")
    for player, side in enumerate(sides[:2]):
        s = done.summary(player)
        counts = ", ".join(f"{j} {s.counts[j]}" for j in review.JUDGEMENTS)
        out.append(f"{side}: accuracy {s.accuracy:.1f} %; {counts}")
    if not done.complete:
        out.append(f"(incomplete: {len(done.moves)} of {done.total} moves)")
    return out


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="review.py", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a saved match (.json)")
    parser.add_argument("--json", action="store_true", help="print a JSON list, one object a move")
    parser.add_argument("--seconds", type=float,
                        help="thinking time a position (default: the game's own)")
    parser.add_argument("--no-cache", action="store_true",
                        help="neither read nor write the review kept beside the match")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    path = Path(args.file)
    try:
        data = storage.parse_json(storage.read_bytes(path))
    except FileNotFoundError:
        raise ToolError(f"{path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise ToolError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise ToolError(f"{path}: not a saved match")
    try:
        entry = find_entry(str(data.get("game")), registry.get)
    except KeyError as exc:
        raise ToolError(f"{path}: {exc.args[0] if exc.args else exc}") from None
    sides = [player_name(entry, name) for name in entry.side_names]
    try:
        if isinstance(entry.make_rules(), RealTime):
            return _timeline(data, args.json)
        if not review.reviewable(entry):
            raise ToolError(f"{entry.id} has no review")
        seconds = review.review_seconds(entry) if args.seconds is None else args.seconds
        done = None if args.no_cache else review.load_cached(path, data)
        if done is not None and args.seconds is not None and done.seconds != seconds:
            done = None  # asked for another thinking time: made again
        if done is None:
            done = _review(data, seconds, args.quiet)
            if not args.no_cache:
                try:
                    review.save_cached(path, done)
                except OSError as exc:
                    print(f"warning: the review could not be kept: {exc}", file=sys.stderr)
    except SaveError as exc:
        raise ToolError(f"{path}: {exc}") from None
    if args.json:
        print(json.dumps([move_object(m, sides[m.mover]) for m in done.moves],
                         ensure_ascii=False, indent=1))
    else:
        print("\n".join(text_lines(done, sides)))
    return 0


def _review(data: dict[str, Any], seconds: float, quiet: bool) -> review.Review:
    total = len(data.get("moves") or [])
    started = time.perf_counter()

    def progress(m: review.MoveReview) -> None:
        if not quiet:
            print(f"\r{m.ply + 1}/{total} ({time.perf_counter() - started:.0f} s)",
                  end="", file=sys.stderr, flush=True)

    done = review.review_match(data, registry.get, seconds_per_move=seconds, progress=progress)
    if not quiet:
        print(f"\rreviewed {total} moves in {time.perf_counter() - started:.1f} s",
              file=sys.stderr)
    return done


def _timeline(data: dict[str, Any], as_json: bool) -> int:
    points = review.timeline(data, registry.get)
    if as_json:
        print(json.dumps([{"time": p.time, "ply": p.ply, "move": p.move, "sand": list(p.sand)}
                          for p in points], ensure_ascii=False, indent=1))
        return 0
    for p in points:
        print(f"{p.time:8.3f} s  {p.ply + 1:4d}. {p.move:<16} sand {100 * p.sand[0]:5.1f} % "
              f"/ {100 * p.sand[1]:5.1f} %")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
