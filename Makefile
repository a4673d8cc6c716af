# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit test-a11y bench bench-app bench-solver bench-storage screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/canfield

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 -q

# The app under a real screen-reader stack (Xvfb, AT-SPI, pyatspi, xdotool), all four
# languages. Also part of `make unit` (tests/a11y); without the stack it skips and says why.
test-a11y: $(STAMP)
	@$(BIN)/python tests/a11y/stack.py || true
	$(BIN)/python -m pytest -n 2 -q -rs tests/a11y

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py

bench-solver: $(STAMP)
	taskset -c 0 $(BIN)/python benchmarks/bench_solver.py --count 400 --time-limit 10

bench-storage: $(STAMP)
	$(BIN)/python benchmarks/bench_storage.py

bench-app: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/bench_app.py

screenshots: $(STAMP)
	CANFIELD=$(BIN)/canfield sh tools/make_screenshots.sh

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
