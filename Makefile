# Two commands matter: `make play` and `make test`. Both create .venv and install on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test lint bench build clean screenshots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest
	$(PY) -m ruff check game tools tests
	$(PY) -m mypy

lint: $(STAMP)
	$(PY) -m ruff check game tools tests
	$(PY) -m mypy

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/bench_frames.py

screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshot.py --readme

build: $(STAMP)
	$(PY) -m pip install --quiet -e ".[build]"
	$(PY) tools/build_desktop.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
