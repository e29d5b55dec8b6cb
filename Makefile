# Two commands matter: `make play` and `make test`. Both create .venv and install on first use:
# `make play` only what playing needs, `make test` the test tools besides.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
# pytest-xdist workers for the tests: one per core. Each worker takes whole test files
# (`--dist loadfile`): a file's module fixtures and the caches its tests fill are made by one
# worker, not by both. Python writes its bytecode, as it does by default, even where the
# environment says not to: each worker, each child process a test starts (tools, the smoke
# test's app) and the next run then read the compiled game and test modules instead of
# compiling them again. Measured on a fresh clone, first run, 2 cores: pytest's CPU from
# about 154 s to 142 s.
JOBS   ?= auto
PYTEST := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONDONTWRITEBYTECODE= \
	$(PY) -m pytest -n $(JOBS) --dist loadfile

.PHONY: play test test-slow test-all lint bench build clean screenshots catalogs

# gettext catalogs: the .po sources are in git, the .mo files are compiled from them here.
LOCALES := game/locale
POT     := $(LOCALES)/ludotheque.pot
MO      := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/ludotheque.po))

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(TEST_STAMP)

%.mo: %.po | $(STAMP)
	$(VENV)/bin/pybabel compile -D ludotheque -i $< -o $@ --statistics

# After changing a message in the code: gather them, merge into each language, compile.
catalogs: $(STAMP)
	PYTHONPATH=. $(VENV)/bin/pybabel extract -F babel.cfg -k N_ -k C_:1c,2 -k pgettext:1c,2 -k plural_label:1,2 --sort-by-file \
		--project=Ludothèque --no-wrap -o $(POT) game levels
	$(VENV)/bin/pybabel update -D ludotheque -i $(POT) -d $(LOCALES) --no-wrap \
		--ignore-obsolete --previous
	$(VENV)/bin/pybabel compile -D ludotheque -d $(LOCALES) --statistics

play: $(STAMP) $(MO)
	$(PY) -m game

# The fast tests (the heavy checks marked `slow` are skipped), then the linters.
test: $(TEST_STAMP) $(MO)
	$(PYTEST)
	$(PY) -m ruff check game tools tests
	$(PY) -m mypy

# The heavy checks alone: long searches, full suites, stored reference data recomputed.
test-slow: $(TEST_STAMP) $(MO)
	$(PYTEST) -m slow

test-all: test test-slow

lint: $(TEST_STAMP)
	$(PY) -m ruff check game tools tests
	$(PY) -m mypy

bench: $(STAMP) $(MO)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/bench_frames.py

screenshots: $(STAMP) $(MO)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshot.py --readme

build: $(STAMP) $(MO)
	$(PY) -m pip install --quiet -e ".[build]"
	$(PY) tools/build_desktop.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache

# Release: the desktop build packed as a tarball and a .deb, and a wheel, in dist/ (see README,
# "Installing and removing"); `tools/make_dist.py --check` tests them as CI does.
.PHONY: dist
dist: $(STAMP) $(MO)
	$(PY) -m pip install --quiet -e ".[build]"
	$(PY) tools/make_dist.py
