"""Match setup: each side human or computer (with a level), names, the variant and the game's
options, each with a line saying what it does.

The last setup started for each game (players, names, levels, variant, options) is kept in the
settings and offered again next time; names and colours come from the game's own sides, so one
game's "Gold" never becomes another game's first player.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import registry
from game.engine import ladder, storage
from game.engine.match import Match, PlayerSpec, option_problem
from game.engine.names import clean_name
from game.engine.settings import Settings
from game.i18n import N_, _, labelled, pgettext
from game.registry import level_title
from game.scenes.base import Scene
from game.ui import gui_adapter, theme
from game.ui.widgets import FIT_SIZES, LABEL_PAD, ListCover, Modal, button, fitted_id

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

KINDS = (("human", N_("Human")), ("computer", N_("Computer")))
ROWS = 7  # options per column
ROW_H = 44
COLS_X = (70, 650)
LABEL_W = 212
DD_X, DD_W = 222, 330
DD_ARROW = 22  # the drop-down's arrow button, beside its label
OPT_Y = 344
HELP_Y = OPT_Y + ROWS * ROW_H + 6  # the explanation line under the options
NAME_LIMIT = 24


def side_colours(entry: registry.GameEntry) -> tuple[theme.Colour, ...]:
    """The colours of a game's sides as its board shows them (the entry's side_colours)."""
    own = entry.side_colours
    if own:
        return tuple((int(c[0]), int(c[1]), int(c[2])) for c in own)
    return theme.SIDE_COLOURS


def label_lines(title: str) -> tuple[list[str], int]:
    """An option's name beside its drop-down, as (lines, font size): two lines at most in the
    row, a size or more smaller for a long name (a longer language), three only as a last
    resort."""
    lines = theme.wrap(title, 16, LABEL_W)
    if len(lines) == 1:
        return lines, 16
    for size in range(15, 11, -1):  # two lines a size smaller keep the rows apart
        lines = theme.wrap(title, size, LABEL_W)
        if len(lines) <= 2:
            return lines, size
    return theme.wrap(title, 12, LABEL_W)[:3], 12


def _longest(labels: Iterable[str]) -> str:
    """The widest of a drop-down's choices: the one its font must fit."""
    return max(labels, key=lambda t: theme.font(18).size(t)[0])


def short_label(label: str) -> str:
    """What a drop-down shows of a choice: the words before an explanation in brackets (the
    whole label is read on the explanation line)."""
    return label.split(" (", 1)[0] if " (" in label else label


def remembered_setup(settings: Settings, entry: registry.GameEntry) -> dict[str, Any]:
    """The last setup of a game, checked against what the game offers now: a value the game
    does not have is never passed to the rules (a retired value is taken under its new name).
    Any other value resets the whole setup to the game's defaults, and "problems" says what was
    wrong (the screen tells the player)."""
    raw = settings.setups.get(entry.id)
    defaults: dict[str, Any] = {"players": [], "variant": entry.variants[0].id, "options": {},
                                "problems": []}
    if raw is None:
        return defaults
    out: dict[str, Any] = {**defaults, "options": {}, "players": [], "problems": []}
    problems: list[str] = out["problems"]
    if not isinstance(raw, dict):
        return {**defaults, "problems": [_("it is not a list of choices")]}
    if "variant" in raw:
        if raw["variant"] in {v.id for v in entry.variants}:
            out["variant"] = raw["variant"]
        else:
            problems.append(_("there is no variant {value}").format(value=_shown(raw["variant"])))
    opts = raw.get("options", {})
    if not isinstance(opts, dict):
        problems.append(_("the options are not a list of choices"))
        opts = {}
    for o in entry.options:
        if o.id not in opts:
            continue
        value = entry.current_option(o.id, opts[o.id])
        if any(_same(v, value) for v, _label in o.choices):
            out["options"][o.id] = value
        elif option_problem(o, value) is not None:  # (a free value is only not offered)
            problems.append(_("{value} is not a choice of {option}").format(
                value=_shown(value), option=_(o.title)))
    players = raw.get("players", [])
    if not isinstance(players, list):
        problems.append(_("the players are not a list"))
        players = []
    for p in players[:len(entry.side_names)]:
        problem = _player_problem(p, entry)
        if problem is not None:
            problems.append(problem)
            break
        kind = p.get("kind", "human")
        level = entry.current_level(p.get("level"))
        level = level if level in entry.ai_levels else entry.default_level
        name = clean_name(p.get("name") or "")
        out["players"].append({"kind": kind, "level": level, "name": name[:NAME_LIMIT]})
    if problems:
        log.warning("the remembered setup of %s is reset: %s", entry.id, "; ".join(problems))
        return {**defaults, "problems": problems}
    return out


def _shown(value: Any) -> str:
    """A stored value as the player may read it in a notice (short)."""
    return json.dumps(value, default=repr)[:30]


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same kind (True is not 1): a remembered choice is exact."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _player_problem(p: Any, entry: registry.GameEntry) -> str | None:
    """What is wrong with one remembered side (None: nothing)."""
    if not isinstance(p, dict):
        return _("a player is not readable")
    kind = p.get("kind", "human")
    if kind not in ("human", "computer") or (kind == "computer" and not entry.ai_levels):
        return _("{value} is not a kind of player").format(value=_shown(kind))
    level = p.get("level")
    if kind == "computer" and level is not None and \
            entry.current_level(level) not in entry.ai_levels:
        return _("the computer has no level {value}").format(value=_shown(level))
    if p.get("name") is not None and not isinstance(p.get("name"), str):
        return _("a player's name is not text")
    return None


def _option_id(dd: Any) -> str:
    """The id of a drop-down's chosen option (its shown text is in the player's language)."""
    chosen = dd.selected_option
    return str(chosen[1] if isinstance(chosen, tuple) else chosen)


def level_label(level: str, words: dict[str, str]) -> str:
    """A level as the list shows it: "Default · club" (the name alone without ladder data)."""
    word = words.get(level)
    title = level_title(level)
    if not word or _(word).casefold() == title.casefold():  # not "Strong · strong"
        return title
    return _("{level} · {word}").format(level=title, word=_(word))


class SetupScene(Scene):
    title = "Setup"

    def __init__(self, app: Host, entry: registry.GameEntry) -> None:
        super().__init__(app)
        self.entry = entry
        last = remembered_setup(app.settings, entry)
        if last["problems"]:
            app.toast(_("The setup remembered for {game} was reset to the defaults ({problem}).")
                      .format(game=_(entry.title), problem=last["problems"][0]), "bad", 8)
            app.settings.setups.pop(entry.id, None)  # said once: the next start remembers anew
        self.variant: str = last["variant"]
        self.options: dict[str, Any] = entry.default_options()
        self.options.update(last["options"])
        self.colours = side_colours(entry)
        # sides ----------------------------------------------------------------------
        self.side_widgets: list[dict[str, Any]] = []
        words = ladder.level_words(entry.id, entry.ai_levels) if entry.ai_levels else {}
        for i, side in enumerate(entry.side_names):
            x = 90 + i * 560
            y = 140
            mem = last["players"][i] if i < len(last["players"]) else {}
            name = registry.player_name(entry, mem.get("name") or side)[:NAME_LIMIT]
            kind = "human" if i == 0 or not entry.ai_levels else "computer"
            if mem:
                kind = mem["kind"]
            w: dict[str, Any] = {"label": (side, x, y)}
            w["name"] = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 140, y + 44, 360, 42),
                                                            self.ui, initial_text=name)
            w["name"].set_text_length_limit(NAME_LIMIT)
            offered = [(_(title), k) for k, title in KINDS if entry.ai_levels or k == "human"]
            kinds: list[str | tuple[str, str]] = list(offered)
            w["kind"] = pygame_gui.elements.UIDropDownMenu(
                kinds, next(k for k in offered if k[1] == kind),
                pygame.Rect(x + 140, y + 94, 150, 42), self.ui,
                object_id=fitted_id(_longest(k[0] for k in offered), 150 - DD_ARROW))
            if entry.ai_levels:
                # each level with its strength in a word, from the committed arena ladder
                levels: list[str | tuple[str, str]] = [(level_label(lv, words), lv)
                                                       for lv in entry.ai_levels]
                level = mem.get("level") or entry.default_level
                w["level"] = pygame_gui.elements.UIDropDownMenu(
                    levels, (level_label(level, words), level),
                    pygame.Rect(x + 300, y + 94, 200, 42), self.ui,
                    object_id=fitted_id(_longest(str(k[0]) for k in levels), 200 - DD_ARROW))
                if kind == "human":
                    w["level"].disable()
            self.side_widgets.append(w)
        # variant and options --------------------------------------------------------
        #: drop-down → (option id, shown text → value)
        self.opt_widgets: dict[pygame_gui.core.UIElement, str] = {}
        self.opt_values: dict[pygame_gui.core.UIElement, dict[str, Any]] = {}
        self.opt_labels: list[tuple[list[str], int, int, int, int]] = []
        slots: list[tuple[str, str, list[tuple[Any, str]], Any, str]] = []
        if len(entry.variants) > 1:
            slots.append(("__variant__", _("Variant"),
                          [(v.id, _(v.title)) for v in entry.variants], self.variant, ""))
        for o in entry.options:
            if len(o.choices) < 2:
                continue  # not a choice (e.g. a value set by a game's own editor)
            slots.append((o.id, _(o.title), [(v, _(label)) for v, label in o.choices],
                          self.options[o.id], _(o.help) if o.help else ""))
        per_page = 2 * ROWS
        self.pages = max(1, (len(slots) + per_page - 1) // per_page)
        self.page = 0
        self.opt_pages: dict[pygame_gui.core.UIElement, int] = {}
        #: row rect → (title, help, drop-down): the explanation line reads these
        self.opt_rows: list[tuple[pygame.Rect, str, str, Any]] = []
        self.explained: Any = None
        for k, (oid, title, choices, current, help_text) in enumerate(slots):
            page, i = divmod(k, per_page)
            c, r = divmod(i, ROWS)
            x = COLS_X[c]
            y = OPT_Y + r * ROW_H
            shown = {short_label(label): value for value, label in choices}
            if len(shown) < len(choices):  # two choices would read the same: keep them whole
                shown = {label: value for value, label in choices}
            # a choice too long for the box even in the smallest font ends in an ellipsis (the
            # explanation line names it whole), unless two would then read the same
            room = DD_W - DD_ARROW - LABEL_PAD
            elided = {theme.fit_text(t, FIT_SIZES[-1], room): v for t, v in shown.items()}
            if len(elided) == len(shown):
                shown = elided
            current_text = next(t for t, v in shown.items() if v == current)
            # the open list stays on the screen: it opens the way with more room and
            # scrolls if even that is too short
            list_h = 30 * len(shown) + 4
            below = theme.SIZE[1] - 8 - (y + ROW_H - 6)
            above = y - 8
            up = list_h > below and above > below
            dd = pygame_gui.elements.UIDropDownMenu(
                list(shown), current_text, pygame.Rect(x + DD_X, y, DD_W, ROW_H - 6), self.ui,
                expansion_height_limit=min(list_h, above if up else below),
                expand_on_option_click=True,
                object_id=fitted_id(_longest(shown), DD_W - DD_ARROW, "#list_up" if up else None))
            self.opt_widgets[dd] = oid
            self.opt_values[dd] = shown
            self.opt_pages[dd] = page
            self.opt_labels.append((*label_lines(title), x, y + (ROW_H - 6) // 2, page))
            self.opt_rows.append((pygame.Rect(x, y, DD_X + DD_W, ROW_H - 6), title, help_text, dd))
        self.more_btn = button(self.ui, (940, 306, 240, 32), _("More options"), None)
        if self.pages == 1:
            self.more_btn.hide()
        #: hides the controls an open list lies over (see `_uncover`)
        self.cover = ListCover()
        #: drop-down → why its option does nothing with the others chosen ("" when it counts)
        self.opt_unused: dict[Any, str] = {}
        self._show_page()
        # buttons --------------------------------------------------------------------
        self.rules_btn = button(self.ui, (330, 738, 180, 48), _("Rules"))
        self.back_btn = button(self.ui, (530, 738, 180, 48), _("Back"))
        self.start_btn = button(self.ui, (730, 738, 220, 48), pgettext("button", "Start"),
                                object_id="#primary")
        self.actions = {self.more_btn: self.next_page, self.start_btn: self.start,
                        self.back_btn: self.back, self.rules_btn: lambda: self.open_rules(self.entry)}

    # ------------------------------------------------------------------------------
    def next_page(self) -> None:
        self.page = (self.page + 1) % self.pages
        self.app.sounds.play("click")
        self._show_page()

    def _show_page(self) -> None:
        for dd, page in self.opt_pages.items():
            if page == self.page:
                dd.show()
            else:
                dd.hide()
        self._grey_unused()
        self.more_btn.set_text(_("More options ({page}/{pages})").format(page=self.page + 1,
                                                                          pages=self.pages))

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            super().on_ui_event(event)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for w in self.side_widgets:
                if event.ui_element is w["kind"] and "level" in w:
                    if _option_id(w["kind"]) == "computer":
                        w["level"].enable()
                    else:
                        w["level"].disable()
            oid = self.opt_widgets.get(event.ui_element)
            if oid is not None:
                value = self.opt_values[event.ui_element][event.text]
                if oid == "__variant__":
                    self.variant = value
                else:
                    self.options[oid] = value
                self.explained = event.ui_element
                self._grey_unused()
            self.app.sounds.play("click")
        else:
            super().on_ui_event(event)

    def _grey_unused(self) -> None:
        """Options that do nothing with the others chosen (a number another victory counts)
        are disabled; the explanation line says why."""
        by_id = {o.id: o for o in self.entry.options}
        for dd, oid in self.opt_widgets.items():
            opt = by_id.get(oid)
            why = opt.unused(self.options) if opt is not None and opt.unused else ""
            self.opt_unused[dd] = why
            if why:
                dd.disable()
            else:
                dd.enable()

    def players(self) -> list[PlayerSpec]:
        out = []
        for i, w in enumerate(self.side_widgets):
            side = self.entry.side_names[i]
            name = clean_name(w["name"].get_text()) or side
            if name == _(side):
                name = side  # the side's own name, kept language-neutral (shown translated)
            if _option_id(w["kind"]) == "computer":
                out.append(PlayerSpec("computer", name, _option_id(w["level"])))
            else:
                out.append(PlayerSpec("human", name, ""))
        return out

    def start(self) -> None:
        """Start the match; an unfinished match of this game is replaced only when the player
        says so (it is the one Continue would resume)."""
        if storage.autosave_path(self.entry.id).is_file() and self.modal is None:
            self.modal = Modal(self.ui, _("Replace the unfinished {game} match?").format(
                game=_(self.entry.title)),
                _("A new match takes its place; Continue would no longer find it."),
                [(_("Start anew"), self._start), (_("Resume it"), self._resume),
                 (_("Cancel"), lambda: None)])
            return
        self._start()

    def _resume(self) -> None:
        from game.scenes.match_base import resume_autosave

        resume_autosave(self.app, storage.autosave_path(self.entry.id))

    def _start(self) -> None:
        players = self.players()
        try:
            match = Match(self.entry, self.variant, dict(self.options), players)
        except Exception as exc:  # an option combination the rules refuse
            log.info("cannot start %s: %s", self.entry.id, exc, exc_info=True)
            self.app.toast(_("Cannot start: {reason}").format(reason=exc), "bad", 5)
            self.app.sounds.play("refuse")
            return
        # keys the setup does not own (a game's view choices, e.g. Tai Shogi's labels) stay
        kept = {k: v for k, v in self.app.settings.setups.get(self.entry.id, {}).items()
                if k not in ("variant", "options", "players")}
        self.app.settings.setups[self.entry.id] = {
            **kept, "variant": self.variant, "options": dict(self.options),
            "players": [{"kind": p.kind, "name": p.name, "level": p.level} for p in players]}
        self.app.save_settings()
        storage.autosave_path(self.entry.id).unlink(missing_ok=True)
        from game.scenes.match_base import open_match

        self.app.sounds.play("click")
        open_match(self.app, match, replace=True)

    def update(self, dt: float) -> None:
        if self.modal is not None and not self.modal.open:
            self.modal = None
        self._uncover()

    def _controls(self) -> list[Any]:
        """Every control of this screen an open list can fall over."""
        out: list[Any] = [w[k] for w in self.side_widgets for k in ("name", "kind", "level")
                          if k in w]
        return out + list(self.opt_widgets) + [self.more_btn]

    def _uncover(self) -> None:
        """While a list is open, the controls under it are hidden (see `ListCover`); the labels
        on the left stay, so the player keeps his place."""
        self.cover.update(self._controls(),
                          lambda c: self.opt_pages.get(c, self.page) == self.page)

    def explanation(self) -> tuple[str, str]:
        """(heading, text) of the option the player looks at: the open list, else the row
        under the pointer, else the one changed last."""
        rows = [row for row in self.opt_rows if self.opt_pages[row[3]] == self.page]
        mouse = theme.mouse_pos()
        row = next((r for r in rows if gui_adapter.is_open(r[3])), None)
        row = row or next((r for r in rows if r[0].collidepoint(mouse)), None)
        row = row or next((r for r in rows if r[3] is self.explained), None)
        if row is None:
            return "", _("Point at an option to read what it does.")
        _rect, title, help_text, dd = row
        oid = self.opt_widgets[dd]
        shown = dd.selected_option[0] if isinstance(dd.selected_option, tuple) else \
            dd.selected_option
        # in an open list, the choice under the pointer is the one explained
        shown = self._hovered_choice(dd) or shown
        value = self.opt_values[dd][shown]
        if oid == "__variant__":
            v = next(v for v in self.entry.variants if v.id == value)
            description = getattr(v, "description", "") or ""
            return labelled(title, _(v.title)), _(description) if description else ""
        opt = next(o for o in self.entry.options if o.id == oid)
        why = self.opt_unused.get(dd, "")
        if why:  # a greyed-out option says why first
            return labelled(title, _(opt.label_of(value))), f"{why} {help_text}".strip()
        return labelled(title, _(opt.label_of(value))), help_text

    @staticmethod
    def _hovered_choice(dd: Any) -> str | None:
        return gui_adapter.hovered_choice(dd)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        e = self.entry
        theme.blit_text(surface, _(e.title), (640, 20), 44, theme.ACCENT, True, "midtop")
        for k, line in enumerate(theme.wrap(_(e.tagline), 18, 1100)[:2]):
            theme.blit_text(surface, line, (640, 82 + 24 * k), 18, theme.TEXT_DIM, anchor="midtop")
        for i, w in enumerate(self.side_widgets):
            side, x, y = w["label"]
            box = pygame.Rect(x - 20, y - 10, 540, 160)
            theme.panel(surface, box)
            col = self.colours[i % len(self.colours)]
            pygame.draw.circle(surface, col, (x + 12, y + 18), 11)
            pygame.draw.circle(surface, theme.TEXT, (x + 12, y + 18), 11, 2)
            heading = _("{side} · moves first").format(side=_(side)) if i == 0 else _(side)
            theme.blit_text(surface, heading, (x + 34, y + 18), 22, theme.TEXT, True, "midleft")
            theme.blit_text(surface, _("Name"), (x, y + 65), 18, theme.TEXT_DIM, anchor="midleft")
            theme.blit_text(surface, _("Player"), (x, y + 115), 18, theme.TEXT_DIM,
                            anchor="midleft")
        if self.opt_labels:
            theme.blit_text(surface, _("Rules and options"), (70, 322), 20, theme.TEXT_DIM, True,
                            "midleft")
        for lines, size, x, y, page in self.opt_labels:
            if page == self.page:
                # a line apart (accents above capitals stay off the line before)
                pitch = theme.font(size).get_linesize() if len(lines) < 3 else size + 2
                top = y - pitch * len(lines) / 2
                for k, line in enumerate(lines):
                    theme.blit_text(surface, line, (x, top + pitch * k), size, theme.TEXT)
        if self.opt_rows:
            head, body = self.explanation()
            box = pygame.Rect(60, HELP_Y, 1160, 70)
            theme.panel(surface, box, theme.BG_DEEP, 10)
            if head:
                theme.blit_text(surface, theme.fit_text(head, 17, 1130), (box.x + 14, box.y + 6),
                                17, theme.ACCENT, True)
            y = box.y + (30 if head else 20)
            for line in theme.wrap(body, 15, 1130)[:2]:
                theme.blit_text(surface, line, (box.x + 14, y), 15, theme.TEXT_DIM)
                y += 19
