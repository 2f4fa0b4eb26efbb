# Two commands matter: `make run` (play) and `make test` (every check). Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest coverage bench bench-start bench-saves package smoke-frozen clean \
	compiled test-compiled simulate lab

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m rt0table.desktop

# mypy (one process) runs beside pytest (two workers): each leaves idle what the other fills, on two cores
test: lint
	$(MAKE) --no-print-directory -j2 typecheck pytest
	$(MAKE) --no-print-directory coverage

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy reads the folders under the names they are installed as (rt0table.rules, rt0table.desktop, ...):
# build/typecheck/rt0table links to them, as setup.py maps them for the installed package.
TYPECHECK := build/typecheck
typecheck: $(STAMP)
	@mkdir -p $(TYPECHECK)/rt0table
	@for folder in rules desktop assets; do ln -sfn ../../../$$folder $(TYPECHECK)/rt0table/$$folder; done
	MYPYPATH=$(TYPECHECK) $(BIN)/mypy --strict -p rt0table.rules -p rt0table.desktop -p rt0table.assets

# PYTHONDONTWRITEBYTECODE= : pytest keeps its assertion-rewritten test modules in __pycache__ (git-ignored), so a
# run after the first collects in about 10 s instead of 25 (an environment that sets it pays that on every run).
pytest: $(STAMP)
	PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n auto --dist worksteal

coverage: $(STAMP)
	$(BIN)/python -m tests.rules_coverage

bench: $(STAMP) compiled
	$(BIN)/python -m bench

# The rules engine compiled by mypyc into build/compiled (same games, several times faster), for simulations
# and the engine benchmark. The rules tests run against it too: both engines must play the same games.
compiled: $(STAMP)
	$(BIN)/python packaging/compile_rules.py

test-compiled: compiled
	PYTHONDONTWRITEBYTECODE= RT0_EXPECT_COMPILED=1 PYTHONPATH=build/compiled $(BIN)/python -m pytest -q -n auto --dist worksteal -p no:cacheprovider tests/rules

# Designers' simulations on the compiled engine, e.g. make simulate ARGS="brick --turns 100000"
simulate: compiled
	PYTHONPATH=build/compiled $(BIN)/python -m rt0table.rules.rt0.cli.simulation_cli $(ARGS)

# The balance lab on the compiled engine, e.g. make lab ARGS="--policy lookahead --fights 10000 --workers 2"
lab: compiled
	PYTHONPATH=build/compiled $(BIN)/python -m rt0table.rules.rt0.lab.lab_cli $(ARGS)

# The frozen app. A separate venv with a NON-editable install of the project: PyInstaller cannot
# follow setuptools' editable finder hooks. Its dependencies install once; `package` reinstalls the
# project itself every time so the bundle always holds the current sources.
PKG_VENV := build/package-venv
PKG_BIN := $(PKG_VENV)/bin
PKG_STAMP := $(PKG_VENV)/.installed
SMOKE_TIMEOUT ?= 120

$(PKG_STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(PKG_VENV)
	$(PKG_BIN)/python -m pip install --quiet --upgrade pip
	$(PKG_BIN)/python -m pip install --quiet '.[package]'
	touch $(PKG_STAMP)

package: $(PKG_STAMP)
	rm -rf build/lib build/bdist.*
	$(PKG_BIN)/python -m pip install --quiet --no-deps --force-reinstall .
	$(PKG_BIN)/pyinstaller --noconfirm --log-level WARN \
		--distpath dist --workpath build/pyinstaller packaging/rt0-table.spec
	@du -sh dist/rt0-table

smoke-frozen:
	@test -x dist/rt0-table/rt0-table || { echo "no dist/rt0-table/rt0-table: run make package" >&2; exit 1; }
	dist/rt0-table/rt0-table --version | grep -v unknown
	QT_QPA_PLATFORM=offscreen timeout $(SMOKE_TIMEOUT) dist/rt0-table/rt0-table --smoke-test

# Start-up time, memory and bundle size against a bare PySide6 window; updates docs/benchmarks.md.
BENCH_RUNS ?= 10
bench-start: $(STAMP) package
	$(BIN)/python bench/startup.py --runs $(BENCH_RUNS) --write docs/benchmarks.md

# Save store: autosave time per action, load time of a 1,000-action game, file size; updates docs/benchmarks.md.
bench-saves: $(STAMP)
	$(BIN)/python bench/saves.py --write docs/benchmarks.md

clean:
	rm -rf $(VENV) build dist
