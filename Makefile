# Two commands matter: `make run` (play) and `make test` (every check). Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest coverage bench package smoke-frozen clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m rt0table.desktop

test: lint typecheck pytest coverage

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict rules

pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

coverage: $(STAMP)
	$(BIN)/python -m tests.rules_coverage

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist
