"""The 536 collection, pure: recognising a built square up to symmetry, numbering, hints toward
an unfound solution, and the saved collection (round trip, damaged files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.games.ostomachion import collection, solver
from game.games.ostomachion.collection import Collection
from game.games.ostomachion.solver import PIECES, Poly

CAT = collection.catalogue()
REF_NUMBER = 138


def rings(polys: list[Poly] | tuple[Poly, ...], noise: float = 0.0
          ) -> list[list[tuple[float, float]]]:
    return [[(x + noise, y - noise) for x, y in p] for p in polys]


def image(polys: tuple[Poly, ...], o: int) -> list[Poly]:
    g = solver.square_symmetry(o)
    return [tuple(g(v) for v in p) for p in polys]


# -- recognition ------------------------------------------------------------------------------


def test_the_reference_square_is_recognised_in_all_eight_positions() -> None:
    for o in range(8):
        assert collection.recognise(CAT, rings(image(PIECES, o))) == REF_NUMBER


def test_twins_swapped_are_the_same_solution() -> None:
    polys = list(PIECES)
    polys[2], polys[9] = polys[9], polys[2]  # pieces 3 and 10 are congruent
    polys[3], polys[10] = polys[10], polys[3]
    assert collection.recognise(CAT, rings(polys)) == REF_NUMBER


def test_rounding_noise_is_snapped_and_a_piece_off_the_grid_is_not() -> None:
    assert collection.recognise(CAT, rings(PIECES, 1e-9)) == REF_NUMBER
    off = rings(PIECES)
    off[6] = [(x + 0.3, y) for x, y in off[6]]
    assert collection.recognise(CAT, off) is None
    assert collection.recognise(CAT, rings(PIECES[:-1])) is None


def test_a_wrong_square_is_not_recognised() -> None:
    polys = list(PIECES)
    polys[6], polys[12] = polys[12], polys[6]  # same area, different shapes
    assert collection.recognise(CAT, rings(polys)) is None


@pytest.mark.parametrize("number", [1, 2, 77, 301, 535, 536])
def test_every_stored_solution_is_recognised_as_its_own_number(number: int) -> None:
    for o in (0, 3, 5):
        assert collection.recognise(CAT, rings(image(CAT.pieces(number), o))) == number


def test_the_square_can_sit_anywhere_on_the_board() -> None:
    moved = [[(x + 20.0, y - 3.0) for x, y in r] for r in rings(PIECES)]
    assert collection.recognise(CAT, moved, origin=(20.0, -3.0)) == REF_NUMBER


def test_a_damaged_catalogue_is_refused_with_the_reason(tmp_path: Path) -> None:
    good = json.loads(collection.catalogue_path().read_text(encoding="utf-8"))
    bad = dict(good, solutions=list(reversed(good["solutions"])))
    with pytest.raises(collection.CatalogueError, match="out of order"):
        collection.parse_catalogue(bad)
    bad = dict(good, solutions=good["solutions"][:-1])
    with pytest.raises(collection.CatalogueError, match="536"):
        collection.parse_catalogue(bad)
    bad = dict(good, solutions=["x" + good["solutions"][0][1:]] + good["solutions"][1:])
    with pytest.raises(collection.CatalogueError, match="solution 1"):
        collection.parse_catalogue(bad)
    path = tmp_path / "c.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(collection.CatalogueError, match="cannot be read"):
        collection.load_catalogue(path)


# -- hints --------------------------------------------------------------------------------------


def test_a_hint_on_an_empty_board_lays_the_largest_piece_of_the_first_unfound() -> None:
    h = collection.hint(CAT, set(), {})
    assert h is not None and h.number == 1 and h.piece == 5  # piece 6, area 24
    assert h.keep == frozenset()
    assert collection.recognise(CAT, rings(h.solution)) == 1
    h2 = collection.hint(CAT, {1, 2, 3}, {})
    assert h2 is not None and h2.number == 4


def test_a_hint_agrees_with_the_pieces_laid_and_avoids_found_solutions() -> None:
    placed = {i: PIECES[i] for i in (0, 1, 2, 11, 5)}  # five pieces as in the reference
    h = collection.hint(CAT, {REF_NUMBER}, placed)
    assert h is not None and h.number != REF_NUMBER
    assert h.keep == frozenset(placed)
    for i, poly in placed.items():
        assert solver.key(h.solution[i]) == solver.key(poly)
    assert h.piece not in placed
    assert collection.recognise(CAT, rings(h.solution)) == h.number
    # the only solutions sharing those five pieces with the reference: none of them is 138
    sharing = {n for n in range(1, len(CAT) + 1) for img in CAT.images[n - 1]
               if all((solver.shape_classes()[i], solver.key(p)) in img
                      for i, p in placed.items())}
    assert h.number == min(sharing - {REF_NUMBER})


def test_a_hint_that_cannot_agree_keeps_as_many_pieces_as_it_can() -> None:
    placed = {5: tuple((x + 3, y + 3) for x, y in PIECES[5])}  # piece 6 floating mid-square
    placed[6] = PIECES[6]
    h = collection.hint(CAT, set(), placed)
    assert h is not None
    assert 6 in h.keep or 5 in h.keep


def test_no_hint_once_every_solution_is_found() -> None:
    assert collection.hint(CAT, set(range(1, 537)), {}) is None


# -- the saved collection ---------------------------------------------------------------------


def test_adding_keeps_the_first_date_and_refuses_unknown_numbers() -> None:
    coll = Collection()
    assert coll.add(17, "2026-11-01")
    assert not coll.add(17, "2026-11-20")
    assert coll.found[17] == "2026-11-01"
    coll.add(3, "2026-11-02")
    assert coll.numbers() == [17, 3]
    with pytest.raises(ValueError):
        coll.add(537)


def test_collection_round_trip_is_readable_json(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    coll = Collection()
    coll.add(5, "2026-11-01")
    coll.add(400, "2026-11-22")
    coll.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"format": 1, "found": {"5": "2026-11-01", "400": "2026-11-22"}}
    back, notice = Collection.load(path)
    assert notice is None and back.found == coll.found


def test_collection_saved_beside_the_progress(home: Path) -> None:
    coll = Collection()
    coll.add(9, "2026-11-03")
    coll.save()
    assert collection.collection_path().parent == (home / "data")
    assert Collection.load()[0].found == {9: "2026-11-03"}


def test_a_corrupt_collection_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text('{"found": {"5": "2026-', encoding="utf-8")
    coll, notice = Collection.load(path)
    assert coll.found == {} and notice is not None and ".bad" in notice
    assert (tmp_path / "c.json.bad").read_text(encoding="utf-8").startswith('{"found"')
    path.write_text("[1, 2]", encoding="utf-8")
    coll, notice = Collection.load(path)
    assert coll.found == {} and notice is not None and (tmp_path / "c.json.2.bad").exists()


def test_wrong_entries_are_dropped_and_the_good_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": 1, "found": {
        "17": "2026-11-01", "999": "2026-11-01", "5": "yesterday", "x": 1}}), encoding="utf-8")
    coll, notice = Collection.load(path)
    assert coll.found == {17: "2026-11-01"}
    assert notice is not None and "999" in notice and "yesterday" in notice
    assert (tmp_path / "c.json.bad").exists()
    assert Collection.load(path) == (coll, None)  # the repaired file was written back


def test_hints_always_keep_a_partial_square_that_an_unfound_solution_extends() -> None:
    """Random partial boards taken from random solutions in random positions: the hint keeps
    every laid piece, leads to a solution not found, and that solution is a real square."""
    import random

    rng = random.Random(17)
    classes = solver.shape_classes()
    for _ in range(40):
        n = rng.randint(1, len(CAT))
        o = rng.randrange(8)
        polys = image(CAT.pieces(n), o)
        laid = {i: polys[i] for i in rng.sample(range(14), rng.randint(0, 12))}
        found = set(rng.sample(range(1, 537), 200)) - {n}
        h = collection.hint(CAT, found, laid)
        assert h is not None and h.number not in found
        assert h.keep == frozenset(laid)
        assert h.piece not in laid
        tiling = tuple(sorted((classes[i], solver.key(p)) for i, p in enumerate(h.solution)))
        assert solver.is_tiling(tiling) and CAT.number(tiling) == h.number


def test_the_latest_find_is_the_last_added_even_on_the_same_day(tmp_path: Path) -> None:
    coll = Collection()
    coll.add(300, "2026-11-27")
    coll.add(12, "2026-11-27")  # found after No. 300, the same day
    assert coll.numbers()[-1] == 12
    path = tmp_path / "c.json"
    coll.save(path)
    back, notice = Collection.load(path)
    assert notice is None and back.numbers() == [300, 12]


def test_a_square_built_with_hints_is_marked_until_built_without(tmp_path: Path) -> None:
    coll = Collection()
    assert coll.add(40, "2026-11-27", helped=True)
    assert coll.helped == {40}
    path = tmp_path / "c.json"
    coll.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["helped"] == [40]
    back, notice = Collection.load(path)
    assert notice is None and back.helped == {40}
    assert not back.add(40, "2026-11-28", helped=True) and back.helped == {40}
    assert not back.add(40, "2026-11-28") and back.helped == set()  # built alone at last
    assert back.found[40] == "2026-11-27"


def test_a_mark_for_a_square_not_found_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": 1, "found": {"17": "2026-11-01"},
                                "helped": [17, 18, "x"]}), encoding="utf-8")
    coll, notice = Collection.load(path)
    assert coll.helped == {17} and notice is not None and "18" in notice


def test_every_solution_is_pictured_the_same_way_up() -> None:
    """The cards side by side: the long thin triangle (piece 1) stands upright in every
    picture, its third corner low; the canonical forms laid it across the middle in 248 of
    them, which drew those cards a quarter turn from the rest."""
    canonical_lying = 0
    for n in range(1, len(CAT) + 1):
        long = CAT.shown(n)[0]
        xs = [x for x, _ in long]
        side = [v for v in long if xs.count(v[0]) == 2]
        assert len(side) == 2 and abs(side[0][1] - side[1][1]) == solver.SIDE, n
        third = next(v for v in long if v not in side)
        assert third[1] < solver.SIDE / 2, n
        assert collection.as_tiling(dict(enumerate(CAT.shown(n)))) is not None
        assert CAT.number(collection.as_tiling(dict(enumerate(CAT.shown(n))))) == n
        canonical_lying += len({y for _, y in CAT.pieces(n)[0]}) == 2
    assert canonical_lying > 0  # the case the turn is for
