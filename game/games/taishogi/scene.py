"""The Tai Shogi screen: the shared piece-match screen with shogi wedges and TSA coordinates.

Everything is shared (game/scenes/piece_match.py): zoom and pan over the 625 squares, click or
drag moves, a Lion's two-click moves (click the man it takes first, then where it ends; click
the origin to capture without moving), the piece card, trays, the computer off the render loop.
This file names what is Tai Shogi: the board adapter (`adapter.TaiShogiBoard`), wedges with the
kanji names (Noto Sans JP, OFL, shipped by pygame_gui) or, with `W`, the Western abbreviations,
files 25 → 1 and ranks a → y as in TSA records, and a longer thinking time.

The `W` choice is a per-game setting: kept in the settings file beside the game's last setup
(`settings.setups["taishogi"]["western"]`) and restored when a match opens. The piece card
names each man in full: English as the title, then its kanji name (in the Japanese font),
romaji and value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

import pygame

from game.games.taishogi.adapter import TRAY_ORDER, TaiShogiBoard
from game.games.taishogi.pieces import KINDS, ROYALS, SIZE
from game.i18n import N_, _
from game.scenes.piece_match import PieceMatchScene
from game.ui import theme
from game.ui.board_view import BoardView
from game.ui.piece_card import CARD_W, PieceCards, render_card
from game.ui.piece_game import PieceView
from game.ui.piece_sprites import PieceSprites
from game.ui.token_sprites import WedgeDrawer, jp_font, render_kanji

#: The name written on each wedge: the kanji (two at most; the Emperor's 自在天王 as 自在).
KANJI = {abbr: k.kanji[:2] for abbr, k in KINDS.items()}
WESTERN = {abbr: abbr for abbr in KINDS}
BOARD_WOOD = (222, 184, 128)
LINE_INK = (120, 86, 46)
BIG = frozenset({"E", "CP", "Ln", "FF", "BSp", "LGn", "HM", "Ca"})
GAME_ID = "taishogi"
#: Where the shared card writes its second line (pad + sprite + gap, pad + 32).
CARD_LINE = (14 + 58, 14 + 30)


class TaiShogiCards(PieceCards):
    """The shared piece card, its second line written by us: the full kanji name in the
    Japanese font (the interface font has no kanji), then romaji and value."""

    def image(self, piece: PieceView, down: bool | None = None) -> pygame.Surface:
        key = (piece, piece.side == 1 if down is None else down)
        img = self._cache.get(key)
        if img is None:
            info = self.info(piece)
            img = render_card(replace(info, value=""), piece, self.sprite, key[1])
            x, y = CARD_LINE
            kanji = render_kanji(jp_font(16, False), KINDS[piece.kind].kanji, theme.TEXT)
            img.blit(kanji, (x, y))
            left = x + kanji.get_width() + 8
            theme.blit_text(img, theme.fit_text(info.value, 14, CARD_W - 14 - left),
                            (left, y + 2), 14, theme.TEXT_DIM)
            self._cache[key] = img
        return img


class RoyalWedgeDrawer(WedgeDrawer):
    """Wedges with a gold band across the base of every royal man (Emperor, Crown Prince), so a
    player always sees what must be protected, at every zoom."""

    GOLD = (214, 160, 30)

    def draw(self, piece: PieceView, size: int) -> pygame.Surface:
        return self._band(super().draw(piece, size), piece, size, 0.93)

    def draw_small(self, piece: PieceView, size: int) -> pygame.Surface:
        """On small squares a band would cover the name: gold sides instead."""
        img = super().draw_small(piece, size)
        if piece.kind in ROYALS:
            top, h = round(size * 0.12), size - round(size * 0.12) - 1
            for x in (1, size - 4):
                img.fill(self.GOLD, (x, top if piece.side == 0 else 1, 3, h))
        return img

    def _band(self, img: pygame.Surface, piece: PieceView, size: int,
              base: float) -> pygame.Surface:
        if piece.kind in ROYALS:
            w = max(2, size // 14)
            y = round(size * base) - w if piece.side == 0 else round(size * (1 - base))
            pygame.draw.rect(img, self.GOLD, (round(size * 0.2), y, round(size * 0.6), w),
                             border_radius=max(1, w // 2))
        return img


class TaiShogiScene(PieceMatchScene):
    """Play Tai Shogi (TSA rules by default)."""

    title = N_("Tai Shogi")
    TRAY_ORDER = TRAY_ORDER
    THUMB_FOCUS = (0.5, 0.1)
    #: Tai Shogi has no check: an attacked royal is a danger to see, not a rule.
    CHECK_NOTE = N_(" — royal in danger")
    CHECK_MARKS = False
    CONTROLS_NOTE = N_("W: labels · wheel: zoom · right-click: card")
    #: Wedges show kanji (False) or the Western abbreviations (True); `W` switches.
    western: ClassVar[bool] = False

    @classmethod
    def make_game(cls, rules: Any) -> TaiShogiBoard:
        return TaiShogiBoard(rules)

    @classmethod
    def make_drawer(cls) -> WedgeDrawer:
        return RoyalWedgeDrawer(WESTERN if cls.western else KANJI, big=BIG)

    def __init__(self, app: Any, match: Any, **kwargs: Any) -> None:
        saved = app.settings.setups.get(GAME_ID, {}).get("western")
        if isinstance(saved, bool):
            type(self).western = saved
        super().__init__(app, match, **kwargs)
        self.cards = TaiShogiCards(self.game.card, self.sprites)
        self.view.file_label = lambda f: str(SIZE - f)
        self.view.rank_label = lambda r: chr(ord("y") - r)
        # a shogi board is one colour of wood, its squares ruled by thin lines (§1)
        self.view.light = self.view.dark = BOARD_WOOD
        self.view._board = None
        self.view.board_image = self._ruled(self.view.board_image)  # type: ignore[method-assign]

    def _ruled(self, plain: Any) -> Any:
        """The view's board picture with ink lines between the squares, drawn once per size."""
        cache: dict[int, pygame.Surface] = {}

        def board_image() -> pygame.Surface:
            img = plain()
            if cache.get(id(img)) is not img:
                cell = self.view.cell
                w, h = img.get_size()
                for i in range(1, SIZE):
                    pygame.draw.line(img, LINE_INK, (i * cell, 0), (i * cell, h))
                    pygame.draw.line(img, LINE_INK, (0, i * cell), (w, i * cell))
                cache.clear()
                cache[id(img)] = img
            return img
        return board_image

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: Any,
                     position: str) -> None:
        """The shared pictures, plus "promotion:R,EB,Ln": each man, an arrow marked
        "captures", and the man it turns into (red), named — promotion shown, not only told."""
        if not position.startswith("promotion:"):
            super().draw_diagram(surface, rect, entry, position)
            return
        rules = entry.make_rules()
        kinds = [k.strip() for k in position[10:].split(",") if k.strip()]
        sprites = PieceSprites(cls.make_drawer())
        row = min(120, rect.height // max(1, len(kinds)))
        size = min(64, row - 30)
        for i, kind in enumerate(kinds):
            target = rules.promotes_to(kind)
            y = rect.y + i * row
            inset = 62 - size // 2  # room for a long name under the man
            left = pygame.Rect(rect.x + inset, y, size, size)
            right = pygame.Rect(rect.right - inset - size, y, size, size)
            surface.blit(sprites(PieceView(kind, 0), size), left)
            theme.blit_text(surface, _(KINDS[kind].name), (left.centerx, left.bottom + 2), 14,
                            theme.TEXT, True, "midtop")
            if target is None:
                continue
            surface.blit(sprites(PieceView(target, 0, True), size), right)
            theme.blit_text(surface, _(KINDS[target].name), (right.centerx, right.bottom + 2),
                            14, theme.BAD, True, "midtop")
            a, b = (left.right + 12, left.centery), (right.left - 12, right.centery)
            pygame.draw.line(surface, theme.ACCENT, a, (b[0] - 10, b[1]), 4)
            pygame.draw.polygon(surface, theme.ACCENT, [b, (b[0] - 14, b[1] - 9),
                                                        (b[0] - 14, b[1] + 9)])
            theme.blit_text(surface, _("captures"), ((a[0] + b[0]) // 2, a[1] - 6), 14,
                            theme.ACCENT, False, "midbottom")

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu picture: three ranks of Black's camp around the Emperor, large enough to
        read the wedges on a small card (the shared one shows five: dots at this size)."""
        surf = pygame.Surface(size)
        rules = cls.registry_entry().make_rules()
        game = cls.make_game(rules)
        view = BoardView(game.files, game.ranks, surf.get_rect(), margin=0, fill=True,
                         light=BOARD_WOOD, dark=BOARD_WOOD)
        view.set_cell(max(view.fit_cell, size[1] // 3))
        view.centre_on((SIZE // 2, 1))
        view.draw_board(surf, coords=False)
        view.draw_pieces(surf, game.pieces(rules.initial_state()), PieceSprites(cls.make_drawer()))
        return surf

    def square(self, name: str) -> tuple[int, int]:
        """TSA square name ('13m') -> the view's (file index, rank index)."""
        name = name.strip().lower()
        try:
            f, r = int(name[:-1]), ord(name[-1]) - ord("a")
        except ValueError:
            raise ValueError(f"no square {name!r} on this board") from None
        if not (1 <= f <= SIZE and 0 <= r < SIZE):
            raise ValueError(f"no square {name!r} on this board")
        return (SIZE - f, SIZE - 1 - r)

    def _view_key(self, event: pygame.event.Event) -> bool:
        """`W` switches the wedges between kanji and Western abbreviations."""
        if event.key == pygame.K_w and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            type(self).western = not type(self).western
            self.sprites = PieceSprites(self.make_drawer(), badge=self._badge)
            self.cards = TaiShogiCards(self.game.card, self.sprites)
            self.app.settings.setups.setdefault(GAME_ID, {})["western"] = type(self).western
            self.app.save_settings()
            return True
        return super()._view_key(event)
