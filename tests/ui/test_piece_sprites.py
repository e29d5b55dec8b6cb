"""Piece sprites: every fairy chess design draws for both sides, the 24 silhouettes are all
different, sizes are cached, the move mnemonic is added only when asked, the card draws."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.games.fairy16.sprites import DESIGNS, NAMES, drawer
from game.ui.piece_card import mnemonic, render_card
from game.ui.piece_game import BOTH, CAPTURE, CardInfo, MoveDiagram, PieceView
from game.ui.piece_sprites import PieceSprites, sheet

JOCLY = "KQRBNPOIEDLHXJZWTFUSAMCG"


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.init()
    pygame.display.set_mode((8, 8))


def silhouette(img: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(img, 127)


def brightness(img: pygame.Surface, m: pygame.mask.Mask) -> float:
    pts = [(x, y) for x in range(m.get_size()[0]) for y in range(m.get_size()[1]) if m.get_at((x, y))]
    return sum(sum(img.get_at(p)[:3]) / 3 for p in pts) / len(pts)


def test_there_are_24_designs_named_by_the_jocly_letters() -> None:
    assert sorted(DESIGNS) == sorted(JOCLY) and len(DESIGNS) == 24
    assert set(NAMES) == set(DESIGNS)


def test_every_man_draws_on_both_sides_and_the_silhouettes_differ() -> None:
    sprites = PieceSprites(drawer())
    masks = {}
    for kind in JOCLY:
        white = sprites.get(PieceView(kind, 0), 40)
        black = sprites.get(PieceView(kind, 1), 40)
        assert white.get_size() == (40, 40)
        m = silhouette(white)
        assert 250 < m.count() < 1400, kind  # a real figure, not a dot nor a filled square
        assert silhouette(black).count() == pytest.approx(m.count(), rel=0.05)  # same shape
        # ivory and ebony: the figure is light for White, dark for Black, on average
        assert brightness(white, m) > brightness(black, m) + 60, kind
        masks[kind] = m
    for a, b in itertools.combinations(JOCLY, 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        union = masks[a].count() + masks[b].count() - overlap
        assert overlap / union < 0.93, f"{NAMES[a]} and {NAMES[b]} look alike"


def test_sizes_are_cached_and_a_sheet_draws() -> None:
    sprites = PieceSprites(drawer())
    p = PieceView("L", 0)
    assert sprites.get(p, 40) is sprites.get(p, 40)
    assert sprites.get(p, 64).get_size() == (64, 64)
    img = sheet(sprites, list(DESIGNS), 40, NAMES)
    assert img.get_width() > 400


def test_the_mnemonic_badge_is_added_only_when_asked() -> None:
    diagram = MoveDiagram(3, {(1, 2): BOTH, (0, 1): CAPTURE})
    sprites = PieceSprites(drawer(), badge=lambda p, s: mnemonic(diagram, s * 2 // 5, p.side))
    p = PieceView("N", 0)
    plain = sprites.get(p, 48)
    sprites.show_badges = True
    marked = sprites.get(p, 48)
    assert plain is not marked
    corner = (47 - 4, 47 - 4)
    assert marked.get_at(corner) != plain.get_at(corner)
    img = mnemonic(diagram, 20, 0)
    w = img.get_width()
    assert img.get_at((w // 2, w // 2))[:3] == (255, 255, 255)  # the man itself, in the middle


def test_a_card_draws_with_its_promotion() -> None:
    sprites = PieceSprites(drawer())
    info = CardInfo("Centurion", "Steps forward…", MoveDiagram(2, {(0, 1): BOTH}),
                    "Promotes to Queen, Lion or Gryphon.", ("Q", "L", "H"))
    img = render_card(info, PieceView("O", 1), sprites)
    assert img.get_width() == 300 and img.get_height() > 250


def test_wedge_and_token_drawers_serve_other_games() -> None:
    from game.ui.token_sprites import TokenDrawer, WedgeDrawer

    wedges = PieceSprites(WedgeDrawer({"K": "玉将", "P": "歩兵"}, big=frozenset("K")))
    up, down = wedges.get(PieceView("P", 0), 48), wedges.get(PieceView("P", 1), 48)
    # the second player's wedge points the other way: its silhouette is the first one turned
    assert silhouette(pygame.transform.rotate(up, 180)).overlap_area(
        silhouette(down), (0, 0)) > 0.9 * silhouette(up).count()
    assert silhouette(wedges.get(PieceView("K", 0), 48)).count() > silhouette(up).count()
    tokens = PieceSprites(TokenDrawer(lambda k: {"a": ("round", "49"), "b": ("triangle", "16"),
                                                 "c": ("square", "153")}[k]))
    counts = [silhouette(tokens.get(PieceView(k, 0), 48)).count() for k in "abc"]
    assert len(set(counts)) == 3 and min(counts) > 500


def test_a_hint_is_seen_beyond_its_small_squares() -> None:
    """At the whole-board zoom of a 25 × 25 board the hint rings the man and its destination
    well outside their ~26 px squares, so it is found at a glance."""
    from game.scenes.piece_match import BOARD_REGION
    from game.ui import theme
    from game.ui.board_view import BoardView, Marks

    pygame.init()
    view = BoardView(25, 25, BOARD_REGION)
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    frm, to = (5, 5), (5, 8)
    view.draw_over(surface, Marks(hint=(frm, to)))
    accent = [(x, y) for x in range(1280) for y in range(0, 800, 2)
              if surface.get_at((x, y))[:3] == theme.ACCENT]
    r = view.square_rect(to)
    outside = [p for p in accent if not view.square_rect(frm).inflate(4, 4).collidepoint(p)
               and not r.inflate(4, 4).collidepoint(p)]
    assert len(outside) > 60  # rings and arrow, not only frames inside the squares
    assert any(abs(x - r.centerx) > r.width * 0.6 for x, _y in outside)
