# Every target sets itself up: a .venv in the checkout with the package and its dev tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest docs bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/cardgames analyse

test: lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check cardgames tests examples benchmarks docs
	$(BIN)/ruff format --check cardgames tests examples benchmarks docs

typecheck: $(STAMP)
	$(BIN)/mypy cardgames tests

pytest: $(STAMP)
	$(BIN)/pytest -q

docs: $(STAMP)
	$(BIN)/sphinx-build -W -n -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/solver.py --rules traditional --players 3 --tricks-left 8 --positions 20 --seed 1

clean:
	rm -rf $(VENV) docs/_build build *.egg-info .mypy_cache .ruff_cache .hypothesis
