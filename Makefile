# Every target sets itself up: a .venv in the checkout with the package and its dev tools.
# The solver's hot modules are compiled with mypyc when a C compiler is present (setup.py);
# the install is redone whenever one of their sources changes, so no stale native module runs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NATIVE_SOURCES := setup.py cardgames/_compiled.py $(shell $(PYTHON) -c "import runpy; c = runpy.run_path('cardgames/_compiled.py'); print(' '.join([m.replace('.', '/') + '.py' for m in c['COMPILED_MODULES']] + list(c['C_EXTENSIONS'].values())))")
BUILD_REQUIRES = $(shell $(PYTHON) -c "import tomllib; print(' '.join(repr(r) for r in tomllib.load(open('pyproject.toml', 'rb'))['build-system']['requires']))")
# The pure-Python pass covers what the compiled build replaces: the engine, the games' search
# modules and the solver on top of them (the rest of the code is the same Python either way).
PURE_TESTS := tests/test_search_engine.py tests/test_backends.py $(wildcard tests/test_solver_*.py) \
	tests/test_tailor_search_model.py tests/test_tarot_horizon.py \
	cardgames/search cardgames/solver cardgames/tarot/search.py cardgames/tarot/search_model.py \
	cardgames/tarot/search_numbering.py cardgames/tarot/search_order.py cardgames/tarot/search_bounds.py \
	cardgames/tarot/horizon.py cardgames/tarot/evaluation.py tests/test_tarot_evaluation.py \
	cardgames/tailor/search.py cardgames/tailor/search_model.py \
	cardgames/tailor/search_turns.py cardgames/tailor/search_codes.py \
	tests/test_bridge_solver.py tests/test_bridge_search.py cardgames/bridge/search.py \
	cardgames/bridge/search_model.py cardgames/bridge/search_bounds.py \
	cardgames/bridge/search_order.py cardgames/bridge/search_table.py \
	tests/test_env_fast_step.py cardgames/tarot/env_step.py cardgames/tarot/env_rules.py \
	cardgames/tailor/env_step.py cardgames/tailor/turns.py tests/test_tailor_state.py \
	tests/test_legal_moves_agree.py cardgames/_shuffle.py tests/test_deck.py

# setuptools' editable install finds the package through an import hook, which mypy cannot
# follow; a plain .pth entry for the checkout lets `mypy my_script.py` (the venv's mypy, any
# directory) type-check code that imports cardgames.
define CHECKOUT_PTH
import os, sysconfig
with open(os.path.join(sysconfig.get_paths()["purelib"], "cardgames-checkout.pth"), "w") as f:
    f.write(os.getcwd() + "\n")
endef
export CHECKOUT_PTH

.PHONY: demo test lint typecheck pytest pytest-pure docs bench clean

$(STAMP): pyproject.toml $(NATIVE_SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(BUILD_REQUIRES)
	$(BIN)/python -m pip install --quiet --no-build-isolation -e '.[dev]'
	$(BIN)/python -c "$$CHECKOUT_PTH"
	$(BIN)/cardgames --version
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/cardgames analyse

test: lint typecheck pytest pytest-pure docs

lint: $(STAMP)
	$(BIN)/ruff check cardgames tests examples benchmarks docs conftest.py setup.py
	$(BIN)/ruff format --check cardgames tests examples benchmarks docs conftest.py setup.py

typecheck: $(STAMP)
	$(BIN)/mypy cardgames tests

# The whole suite on the installed backend (compiled when the build could compile), spread over
# every core by pytest-xdist (the test ids are the same in every worker: tests/param_ids.py).
pytest: $(STAMP)
	$(BIN)/pytest -q -n auto

# The solver and engine tests again on pure Python, with the doctests of the compiled modules.
pytest-pure: $(STAMP)
	CARDGAMES_PURE=1 $(BIN)/pytest -q -n auto $(PURE_TESTS)

# autodoc reads signatures and members from Python functions, not from native ones: the API
# pages are built from the pure-Python sources of the compiled modules.
docs: $(STAMP)
	CARDGAMES_PURE=1 $(BIN)/sphinx-build -W -n -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/solver.py --rules traditional --players 3 --tricks-left 8 --positions 20 --seed 1 --compare-backends

clean:
	rm -rf $(VENV) docs/_build build *.egg-info .mypy_cache .ruff_cache .hypothesis
	find cardgames -name '*.so' -delete
	rm -f cardgames_native__mypyc*.so
