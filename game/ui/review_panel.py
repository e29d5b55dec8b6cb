"""The review screen's text panels: the analysis' progress bar, the shown move's verdict (its
judgement, the better move, the line after it and why), each side's summary and the key
moments' chips. Plain drawing of what the review says; the screen chooses what to show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.ui import theme
from game.ui.eval_graph import judgement_colour
from game.ui.widgets import fitting_size

#: Each judgement's name for people, in the order of the review's JUDGEMENTS.
JUDGEMENT_NAMES: Mapping[str, str] = {
    "best": N_("Best move"), "good": N_("Good move"), "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"), "blunder": N_("Blunder")}


def judgement_name(judgement: str) -> str:
    return _(JUDGEMENT_NAMES.get(judgement, judgement))


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, done: int, total: int,
                  label: str) -> None:
    """A bar filling as moves are judged, with the count written over it."""
    theme.panel(surface, rect, theme.BG_DEEP, rect.height // 2)
    inner = rect.inflate(-6, -6)
    if total > 0 and done > 0:
        fill = inner.copy()
        fill.width = max(inner.height, round(inner.width * min(1.0, done / total)))
        pygame.draw.rect(surface, theme.ACCENT_DARK, fill, border_radius=inner.height // 2)
    theme.blit_text(surface, theme.fit_text(label, 16, inner.width - 12), inner.center, 16,
                    theme.TEXT, True, "center")


@dataclass(frozen=True)
class Verdict:
    """What the detail panel says about the move shown (all text already for people)."""

    heading: str                 # "Move 12 · Nf3??"
    judgement: str | None        # None: not analysed yet, or the start position
    chances: str = ""            # "White's chances: 62 % → 38 %"
    better: str = ""             # "Better: Qxe5"
    line: str = ""               # "Then: Nxe5 Qxe5+"
    reason: str = ""             # "Why: allows mate in one"
    note: str = ""               # a dim sentence when there is nothing to judge


def draw_verdict(surface: pygame.Surface, rect: pygame.Rect, v: Verdict,
                 bottom_room: int = 0) -> None:
    """The panel of the move shown; `bottom_room` is kept free for a button."""
    theme.panel(surface, rect, theme.PANEL, 12)
    x, y, w = rect.x + 14, rect.y + 10, rect.width - 28
    theme.blit_text(surface, theme.fit_text(v.heading, 20, w * 3 // 5, True), (x, y), 20,
                    theme.TEXT, True)
    if v.judgement is not None:
        word = judgement_name(v.judgement)
        colour = judgement_colour(v.judgement)
        tag = theme.text(theme.fit_text(word, 17, w * 2 // 5 - 16, True), 17, theme.BG_DEEP, True)
        box = tag.get_rect(topright=(rect.right - 14, y)).inflate(14, 6)
        pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
        surface.blit(tag, tag.get_rect(center=box.center))
    y += 32
    limit = rect.bottom - 6 - bottom_room
    lines: list[tuple[str, theme.Colour, bool]] = []
    if v.chances:
        lines.append((v.chances, theme.TEXT_DIM, False))
    if v.better:
        lines.append((v.better, theme.TEXT, True))
    if v.line:
        lines.append((v.line, theme.TEXT_DIM, False))
    if v.reason:
        lines.append((v.reason, judgement_colour(v.judgement), False))
    if v.note:
        lines.append((v.note, theme.TEXT_DIM, False))
    # a long reason (or a language that runs longer) is set smaller, never cut
    for size in (17, 16, 15, 14, 13):
        step = size + 6
        laid = [(part, colour, bold) for text, colour, bold in lines
                for part in theme.wrap(text, size, w, bold)]
        if y + step * len(laid) <= limit:
            break
    for part, colour, bold in laid:
        theme.blit_text(surface, theme.fit_text(part, size, w, bold), (x, y), size, colour, bold)
        y += step


def draw_summary(surface: pygame.Surface, rect: pygame.Rect, sides: Sequence[str],
                 colours: Sequence[theme.Colour], accuracies: Sequence[float | None],
                 counts: Sequence[Mapping[str, int]], signs: Mapping[str, str]) -> None:
    """One row a side: its name, its accuracy, and how many inaccuracies, mistakes and
    blunders (each with its sign and colour)."""
    theme.panel(surface, rect, theme.PANEL, 12)
    row_h = (rect.height - 12) // max(1, len(sides))
    shown = [j for j in ("inaccuracy", "mistake", "blunder") if signs.get(j)]
    slot = 48
    for i, name in enumerate(sides):
        y = rect.y + 6 + i * row_h
        cy = y + row_h // 2
        pygame.draw.circle(surface, colours[i], (rect.x + 20, cy), 7)
        right = rect.right - 14 - slot * len(shown)
        acc = accuracies[i]
        acc_text = _("accuracy {n} %").format(n=round(acc)) if acc is not None else "–"
        # the name and the accuracy share the row: each a size smaller when a language
        # runs long, never cut
        half = (right - 10 - (rect.x + 36)) // 2
        acc_size = fitting_size(acc_text, half + 20, 17, True, 12)
        acc_img = theme.text(theme.fit_text(acc_text, acc_size, half + 20, True), acc_size,
                             theme.TEXT, True)
        surface.blit(acc_img, acc_img.get_rect(midright=(right - 10, cy)))
        room = right - 10 - acc_img.get_width() - 12 - (rect.x + 36)
        size = fitting_size(name, room, 17, False, 12)
        theme.blit_text(surface, theme.fit_text(name, size, max(20, room)), (rect.x + 36, cy),
                        size, theme.TEXT_DIM, anchor="midleft")
        for k, judgement in enumerate(shown):
            sx = right + k * slot
            n = counts[i].get(judgement, 0)
            sign = theme.text(signs[judgement], 16, judgement_colour(judgement), True)
            surface.blit(sign, sign.get_rect(midleft=(sx + 4, cy)))
            theme.blit_text(surface, str(n), (sx + 4 + sign.get_width() + 7, cy), 16,
                            theme.TEXT if n else theme.TEXT_DIM, anchor="midleft")


def chip_rects(area: pygame.Rect, labels: Sequence[str], label_x: int) -> list[pygame.Rect]:
    """Where each key moment's chip sits, left to right after the row's title."""
    out = []
    x = label_x
    for text in labels:
        w = theme.font(16, True).size(text)[0] + 24
        if x + w > area.right:
            break
        out.append(pygame.Rect(x, area.y, w, area.height))
        x += w + 8
    return out


def draw_chips(surface: pygame.Surface, rects: Sequence[pygame.Rect], labels: Sequence[str],
               judgements: Sequence[str], hot: int | None, current: int | None) -> None:
    for i, r in enumerate(rects):
        lit = i in (hot, current)
        theme.panel(surface, r, theme.PANEL_LIGHT if lit else theme.PANEL, r.height // 2,
                    theme.ACCENT if i == current else judgement_colour(judgements[i]))
        theme.blit_text(surface, labels[i], r.center, 16, theme.TEXT, True, "center")


#: The rules screen's page about the review (the same for every game that has one).
REVIEW_HEADING = N_("Game review")


def review_help(thresholds: Mapping[str, float], signs: Mapping[str, str]) -> str:
    """The review's page, in the player's language, with the thresholds written in (points of
    the expected score, out of 100)."""
    points = {k: round(100 * v) for k, v in thresholds.items()}
    scale = _(
        "After a match, Review (on the results screen or in Load) replays it with the "
        "computer's judgement of every move. The graph follows the first player's chances, "
        "from 0% (a sure loss) to 100% (a sure win); a draw counts half.")
    rules = _(
        "A move is judged by how many points of its player's chances it throws away, compared "
        "with the best move the computer finds. The thresholds are the same in every game:")
    table = "\n".join("  " + line for line in (
        _("best: less than {good} points").format(good=points["good"]),
        _("good: {good} to {inaccuracy} points").format(good=points["good"],
                                                        inaccuracy=points["inaccuracy"]),
        _("inaccuracy {sign}: {inaccuracy} to {mistake} points").format(
            sign=signs["inaccuracy"], inaccuracy=points["inaccuracy"], mistake=points["mistake"]),
        _("mistake {sign}: {mistake} to {blunder} points").format(
            sign=signs["mistake"], mistake=points["mistake"], blunder=points["blunder"]),
        _("blunder {sign}: {blunder} points or more").format(sign=signs["blunder"],
                                                              blunder=points["blunder"])))
    exact = _(
        "In the Jeu de pions the computer knows the exact answer: a move keeps a won game or "
        "throws it away (a blunder).")
    after = _(
        "At a mistake or a blunder, \"Show the better move\" draws the better move on the board, "
        "with the moves that would follow and, when it is simple, why. \"Try again from here\" "
        "starts a new match from the position shown, against the computer or between two "
        "players. Akhimoraec, played in real time, has a timeline instead.")
    return "\n\n".join((scale, rules, table, exact, after))


def draw_heading(surface: pygame.Surface, side: pygame.Rect, heading: str,
                 names: Sequence[str]) -> None:
    """The top of a review's side panel (the review and the timeline share it): the heading,
    a size smaller when long, and the players under it."""
    size = fitting_size(heading, side.width - 8, 26, True, 18)
    theme.blit_text(surface, theme.fit_text(heading, size, side.width - 8, True),
                    (side.x + 4, side.y + (26 - size) // 2), size, theme.ACCENT, True)
    theme.blit_text(surface, theme.fit_text(_(" vs ").join(names), 16, side.width - 8),
                    (side.x + 4, side.y + 36), 16, theme.TEXT_DIM)
