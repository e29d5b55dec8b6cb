"""About Ludothèque: the version, the credits and licences (code, fonts, libraries) and where
the rules of each game come from. Opened from Settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import APP_ID, version
from game.i18n import N_, _
from game.resources import asset
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button, draw_paragraphs

if TYPE_CHECKING:
    from game.scenes.base import Host

LEFT = pygame.Rect(40, 150, 590, 560)
RIGHT = pygame.Rect(650, 150, 590, 560)
PAD = 22
BODY_SIZE = 16
GAP = 9

CREDITS = (
    N_("Ludothèque is free software under the MIT licence. Its code, sounds, icon and "
       "pictures are the project's own, made by its tools."),
    N_("Fonts: Noto Sans and Noto Sans JP (the Noto project) and Fira Code (the Fira Code "
       "authors), under the SIL Open Font Licence 1.1."),
    N_("Libraries: Python (PSF licence); pygame-ce (LGPL 2.1) with SDL (zlib licence); "
       "pygame_gui, pymunk and platformdirs (MIT); Shapely (BSD) with GEOS (LGPL 2.1); "
       "NumPy and Babel (BSD); PyTMX (LGPL 3)."),
    N_("The full texts of these licences come with the game: the licenses folder beside the "
       "program, and /usr/share/doc/ludotheque/copyright once the package is installed."),
)

RULE_SOURCES = (
    N_("Akhimoraec: the rules posted on the Abstract Strategy Games blog, which also gave "
       "several of the French texts."),
    N_("Abalone: the published game of Michel Lalet and Laurent Lévi, and its players' "
       "start positions and four-player rules."),
    N_("Amazons: Walter Zamkauskas's game, as its public descriptions give it."),
    N_("Jeu de pions: a Nim on a ruler, solved with the theory of Winning Ways (Berlekamp, "
       "Conway, Guy)."),
    N_("Fairy Chess 16×16: Jean-Louis Cazaux's Terachess."),
    N_("Tai Shogi: the rules of The Shogi Association, as Steve Evans's ShogiVar plays them."),
    N_("Rithmomachia: the Renaissance books of Claude de Boissière and William Fulke, through "
       "their modern readers."),
    N_("Towers of Hanoi: Édouard Lucas; with four pegs, Dudeney's puzzle and the "
       "Frame–Stewart moves."),
    N_("Tangram and Ostomachion: the classical pieces; the 536 ways to rebuild Archimedes' "
       "square were counted by Bill Cutler."),
    N_("Chess (bonus): the FIDE Laws of Chess."),
)


class AboutScene(Scene):
    title = "About"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.back_btn = button(self.ui, (540, 730, 200, 46), _("Back"), object_id="#primary")
        try:
            self.icon: pygame.Surface | None = pygame.image.load(
                str(asset("icons", f"{APP_ID}-64.png")))
        except (pygame.error, FileNotFoundError):
            self.icon = None
        self.version = version()

    def retranslate(self) -> None:
        super().retranslate()
        self.back_btn.set_text(_("Back"))

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_btn:
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        title = theme.blit_text(surface, _("About Ludothèque"), (640, 34), 40, theme.ACCENT, True,
                                "midtop")
        if self.icon is not None:
            surface.blit(self.icon, self.icon.get_rect(midright=(title.left - 18, title.centery)))
        theme.blit_text(surface, _("Version {version}").format(version=self.version),
                        (640, title.bottom + 10), 20, theme.TEXT_DIM, anchor="midtop")
        self._column(surface, LEFT, _("Credits and licences"), CREDITS)
        self._column(surface, RIGHT, _("Where the rules come from"), RULE_SOURCES)

    def _column(self, surface: pygame.Surface, rect: pygame.Rect, heading: str,
                paragraphs: tuple[str, ...]) -> None:
        theme.panel(surface, rect)
        theme.blit_text(surface, heading, (rect.x + PAD, rect.y + 16), 22, theme.ACCENT, True)
        # a language that runs longer gets a size smaller rather than text past the panel
        body = pygame.Rect(rect.x + PAD, rect.y + 58, rect.width - 2 * PAD, rect.height - 58 - 12)
        draw_paragraphs(surface, [_(p) for p in paragraphs], body, BODY_SIZE, theme.TEXT,
                        gap=GAP)
