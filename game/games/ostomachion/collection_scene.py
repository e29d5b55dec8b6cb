"""The 536: rebuild Archimedes' square again and again; every different way joins a collection.

The Ostomachion screen on the square, untimed, with four changes: a finished square is
recognised exactly (collection.recognise: corners on the grid, checked in integers, up to the
square's symmetries and the twins) and numbered; a new one is added to the player's collection
and celebrated, one found before says which it is and when it was found; hints and "watch a
solution" lead toward a solution not found yet, agreeing with the pieces already laid when
one can; and the gallery (G) shows the collection. The level select shows this screen as one
more card ("The 536", `level_select_cards`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.games.dissection.rules import DissectionRules, Hint
from game.games.ostomachion import collection
from game.games.ostomachion.collection import Catalogue, Collection
from game.games.ostomachion.gallery import (
    GalleryScene,
    draw_progress,
    pieces_thumbnail,
    solution_thumbnail,
)
from game.games.ostomachion.scene import OstomachionScene
from game.i18n import N_, _, ngettext
from game.scenes.puzzle_base import BOARD_AREA, SIDE, LevelInfo, list_levels
from game.ui import theme
from game.ui.tween import ease_out
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

TITLE = N_("The 536")


def collection_of(app: Host) -> tuple[Catalogue, Collection]:
    """The catalogue and the player's collection, loaded once per run (a damaged collection
    file is set aside with a notice, like the puzzle progress)."""
    cat = collection.catalogue()
    coll = getattr(app, "ostomachion_collection", None)
    if coll is None:
        coll, notice = Collection.load(size=len(cat))
        if notice:
            app.toast(notice, "bad", 8)
        app.ostomachion_collection = coll  # type: ignore[attr-defined]
    return cat, coll


def square_info(entry: registry.GameEntry) -> LevelInfo:
    """The square level (its silhouette is the one to fill), titled for this mode."""
    for lv in list_levels(entry):
        if lv.error is None and lv.id.endswith("square"):
            return dataclasses.replace(lv, title=TITLE)
    raise ValueError("the Ostomachion square level is missing")


@dataclass(frozen=True)
class Found:
    """The square just finished: its number, whether it is new, whether it was only watched
    or built with hints."""

    number: int | None
    new: bool = False
    watched: bool = False
    #: hints laid some of its pieces (a new find is marked so in the collection)
    helped: bool = False
    #: the square as the player laid it (piece index order): the card shows it this way up
    pieces: tuple[collection.Poly, ...] = ()


class CollectionScene(OstomachionScene):
    """Free building on the square; each distinct solution found is collected."""

    title = TITLE

    def __init__(self, app: Host, entry: registry.GameEntry, info: LevelInfo | None = None,
                 free: bool = True, *, build: int = 0, **kwargs: Any) -> None:
        """`build` (tools and tests): start with solution number `build` laid out, as if the
        player had just built it; other keywords are the Tangram screen's."""
        self.cat, self.coll = collection_of(app)
        self.found_now: Found | None = None
        self.target: int | None = None  # the unfound solution the hints lead to
        super().__init__(app, entry, square_info(entry), True, **kwargs)
        self.gallery_btn = button(self.ui, (SIDE.x + 16, SIDE.y + 370, 320, 38),
                                  _("Gallery (G)"), _("Every square you have found"))
        self.extra_buttons[self.gallery_btn] = self.open_gallery
        self.next_btn.set_text(_("Build another (Enter)"))
        self.hint_btn.set_tooltip(_("One piece glides to its place in a square you have not "
                                    "found yet (H)"))
        if build:
            self._aim_at(build, collection.catalogue().pieces(build))
            for _piece in range(self.pieces.count):
                self._place_solution_piece()
            self.tweens.finish_all()
            self.motions.clear()
            self.check_solved()

    # -- the side panel and the status line --------------------------------------------------
    def subtitle(self) -> str:
        return _("Rebuild the square · every new way is collected")

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        box = rect.inflate(0, -10)
        theme.panel(surface, box, theme.PANEL, 12)
        theme.blit_text(surface, _("Your collection"), (box.x + 16, box.y + 10), 17, theme.TEXT,
                        True)
        draw_progress(surface, pygame.Rect(box.x + 16, box.y + 38, box.width - 32, 24),
                      len(self.coll.found), len(self.cat))
        last = self.coll.numbers()[-1] if self.coll.found else None
        note = _("latest: No. {n}, {date}").format(n=last, date=self.coll.found[last]) if last \
            else _("none yet")
        theme.blit_text(surface, note, (box.x + 16, box.y + 68), 15, theme.TEXT_DIM)

    def status_text(self) -> tuple[str, str]:
        f = self.found_now
        if self.is_solved and f is not None and f.number is not None:
            more = _("Enter: build another · G: gallery")
            if f.watched:
                return _("Shown: solution No. {n} (build it yourself to collect it)").format(
                    n=f.number), more
            if f.new and f.helped:
                return (_("New, with hints: No. {n} · {found} / {total} found").format(
                    n=f.number, found=len(self.coll.found), total=len(self.cat)), more)
            if f.new:
                found = len(self.coll.found)
                return (ngettext("New: solution No. {n} · {found} / {total} found",
                                 "New: solution No. {n} · {found} / {total} found", found).format(
                    n=f.number, found=found, total=len(self.cat)), more)
            return (_("Solution No. {n} again: found on {date}").format(
                n=f.number, date=self.coll.found[f.number]), more)
        left, right = super().status_text()
        if left == _("Fill the shadow with all the pieces"):
            return _("Rebuild the square in a way not in your collection"), \
                _("H: hint · G: gallery")
        return left, right

    # -- flow ------------------------------------------------------------------------------------
    def next_info(self) -> LevelInfo | None:
        return self.info if self.is_solved else None  # "Build another" instead of a next level

    def go_next(self) -> None:
        self.restart()

    def restart(self) -> None:
        super().restart()
        self.found_now = None

    def autosave(self) -> None:
        """The 536 keeps no autosave: its record is the collection, and its hints aim at squares
        not yet found, so its moves would not replay on the plain square level."""

    def check_solved(self) -> None:
        if self.is_solved or not self.solved():
            return
        watched = self.watched
        super().check_solved()
        if not self.is_solved:
            return
        rings = self.rules.polygons(self.state)
        number = collection.recognise(self.cat, rings)
        if number is None:  # within the tolerance yet off the grid: say so, collect nothing
            self.found_now = Found(None)
            self.app.toast(_("A square, but a piece is off the grid: snap it into place."), "info")
            return
        laid = collection.on_grid(rings)
        pieces = tuple(laid[i] for i in sorted(laid))
        helped = self.hints_used > 0
        new = False
        if not watched:
            marked = number in self.coll.helped
            new = self.coll.add(number, helped=helped)
            if new or marked != (number in self.coll.helped):
                try:
                    self.coll.save()
                except OSError as exc:
                    self.app.toast(_("The collection could not be saved: {error}").format(
                        error=exc),
                                   "bad", 6)
        self.found_now = Found(number, new, watched, helped and not watched, pieces)

    def _solved_notice(self) -> None:
        self.app.toast(_("Solved! Enter builds another square."), "info")

    def _spawn_party(self) -> None:
        if self.found_now is not None and self.found_now.new:
            super()._spawn_party()  # confetti only for a new find

    # -- help toward an unfound solution ------------------------------------------------------
    def _aim(self) -> bool:
        """Point the rules' reference solution at an unfound solution agreeing with the board."""
        placed = collection.on_grid(self.rules.polygons(self.state))
        h = collection.hint(self.cat, set(self.coll.found), placed)
        if h is None:
            if len(self.coll.found) == len(self.cat):
                self.app.toast(_("Every solution is in your collection!"), "good", 4)
            else:
                self.app.toast(_("These pieces already make a square you have not found."),
                               "info")
            return False
        return self._aim_at(h.number, h.solution)

    def _aim_at(self, number: int, polys: tuple[collection.Poly, ...]) -> bool:
        """Make solution `number`, laid as `polys` (one per piece), the rules' reference."""
        solution = []
        for i, ring in enumerate(polys):
            p = self.pieces.find_placement(i, [(float(x), float(y)) for x, y in ring])
            if p is None:  # cannot happen: the ring is the piece itself, turned and moved
                return False
            solution.append(p)
        level = dataclasses.replace(self.level, solution=tuple(solution))
        self.rules = DissectionRules(self.pieces, level, options={"snap": True})
        self.target = number
        return True

    def hint(self) -> None:
        if self.is_solved:
            self.app.toast(_("Solved — Enter builds another square."), "info")
            return
        if self.held is not None:
            self._put_back(self.held)
        self._settle()
        if self._aim() and self.submit(Hint(), sound="tip"):
            i = self.state.order[-1]
            self.app.toast(_("Hint: {piece} goes here, on the way to a square not in your "
                             "collection yet.").format(piece=self.piece_name(i)), "good", 4)

    def watch_solution(self) -> None:
        if not self.watching and not self.is_solved and not self._aim():
            return
        super().watch_solution()

    # -- keys and the gallery -------------------------------------------------------------------
    def shortcut(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g and self.held is None:
            self.open_gallery()
            return True
        return super().shortcut(event)

    def open_gallery(self) -> None:
        self.app.sounds.play("click")
        last = self.found_now.number if self.found_now is not None else None
        self.app.push(GalleryScene(self.app, self.entry, self.cat, self.coll, last))

    # -- the celebration ---------------------------------------------------------------------------
    def draw_celebration(self, surface: pygame.Surface) -> None:
        f = self.found_now
        if f is None or f.number is None:
            super().draw_celebration(surface)
            return
        a = ease_out(min(1.0, (self.t - self.solved_t) / 0.5))
        right = self.view.to_screen((12.0, 0.0))[0]
        box = pygame.Rect(0, 0, 300, 340)
        box.center = (int(min(BOARD_AREA.right - 160, max(right + 170, (right + BOARD_AREA.right)
                                                            / 2))),
                      int(BOARD_AREA.centery - 20 * (1 - a)))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.BG_DEEP, 235), panel.get_rect(), border_radius=16)
        pygame.draw.rect(panel, theme.ACCENT if f.new else theme.LINE, panel.get_rect(), 2,
                         border_radius=16)
        panel.set_alpha(int(255 * a))
        surface.blit(panel, box)
        head = _("New solution!") if f.new else _("Shown") if f.watched else _("Found before")
        theme.blit_text(surface, head, (box.centerx, box.y + 14), 28,
                        theme.ACCENT if f.new else theme.TEXT, True, "midtop")
        img = pieces_thumbnail(f.pieces, 150) if f.pieces else \
            solution_thumbnail(self.cat, f.number, 150)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 58)))
        theme.blit_text(surface, _("No. {n}").format(
            n=f.number), (box.centerx, box.y + 218), 26, theme.TEXT,
                        True, "midtop")
        if f.watched:
            lines = (_("watched, not built:"), _("not added to the collection"))
        elif f.new:
            lines = (collected(len(self.coll.found), len(self.cat)),
                     _("built with hints: marked so") if f.helped else
                     _("found on {date}").format(date=self.coll.found[f.number]))
        else:
            lines = (_("first found on {date}").format(date=self.coll.found[f.number]),
                     collected(len(self.coll.found), len(self.cat)))
        for k, line in enumerate(lines):
            theme.blit_text(surface, line, (box.centerx, box.y + 260 + 24 * k), 17,
                            theme.TEXT_DIM, anchor="midtop")


@dataclass
class CollectionCard:
    """The level select's card for this mode: a title, a picture, progress, and opening it."""

    app: Host
    entry: registry.GameEntry
    title: str = TITLE

    def subtitle(self) -> str:
        try:
            cat, coll = collection_of(self.app)
        except collection.CatalogueError:
            return _("cannot be read")
        return ngettext("{found} / {total} found", "{found} / {total} found",
                        len(coll.found)).format(found=len(coll.found), total=len(cat))

    def thumbnail(self, size: tuple[int, int]) -> pygame.Surface:
        cat, coll = collection_of(self.app)
        shown = coll.numbers()[-3:] or [138, 1, 536]
        surf = pygame.Surface(size, pygame.SRCALPHA)
        side = min(size[1], (size[0] - 8) // 3)
        x = (size[0] - 3 * side - 8) // 2
        for k, n in enumerate(shown):
            surf.blit(solution_thumbnail(cat, n, side), (x + k * (side + 4), 0))
        return surf

    def open(self) -> None:
        try:
            scene = CollectionScene(self.app, self.entry)
        except collection.CatalogueError as exc:
            self.app.toast(str(exc), "bad", 8)
            self.app.sounds.play("refuse")
            return
        self.app.push(scene)


def level_select_cards(app: Host, entry: registry.GameEntry) -> list[CollectionCard]:
    """The extra cards of the Ostomachion level select (its registry entry's `level_cards`)."""
    return [CollectionCard(app, entry)]


def collected(found: int, total: int) -> str:
    """"12 of 536 collected", agreed with the count (French: 1 collectionnée, 2 collectionnées)."""
    return ngettext("{found} of {total} collected", "{found} of {total} collected", found).format(
        found=found, total=total)
