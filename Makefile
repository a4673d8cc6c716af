# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAYER := $(VENV)/.player
STAMP := $(VENV)/.installed
CORE := $(VENV)/.core

.PHONY: run test test-slow lint typecheck unit test-a11y bench bench-app bench-solver bench-storage bench-winnable screenshots clean \
	dist install-desktop uninstall-desktop web bench-web

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# A player's environment: the app and what playing needs (Qt, platformdirs, Babel, rich), with the
# compiled search core where a C compiler and Python's headers are; the last line says which search runs.
$(PLAYER): $(BIN)/python pyproject.toml setup.py src/canfield/solver/_core.c
	$(BIN)/python -m pip install --quiet -e .
	@$(BIN)/canfield --version
	touch $(PLAYER)

# The developer's environment: the player's plus the test and research extras (pytest, ruff, mypy,
# build, Dask, matplotlib).
$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $(CORE)

# The compiled search core (src/canfield/solver/_core.c), rebuilt in place when its source changes.
$(CORE): $(STAMP) src/canfield/solver/_core.c
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(CORE)

run: $(PLAYER)
	$(BIN)/canfield

# An sdist and a wheel in dist/ (python -m build: the wheel is built from the sdist).
dist: $(CORE)
	rm -f dist/canfield-*.whl dist/canfield-*.tar.gz  # not dist/web, the browser build
	$(BIN)/python -m build --outdir dist .

# The browser version's npm packages (Pyodide, TypeScript, playwright-core, axe-core), exactly
# as package-lock.json pins them. Without npm the browser build and its tests are skipped.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "npm not found: the browser build (make web) and its tests are skipped"; fi

# The browser version as a static site in dist/web/ (serve it with `canfield web`).
web: $(CORE) $(NODE_STAMP)
	$(BIN)/python tools/build_web.py

lint: $(CORE)
	$(BIN)/ruff check --no-cache src tests benchmarks tools/build_web.py tools/web_workload.py tools/web_screenshots.py
	$(BIN)/ruff format --no-cache --check src tests benchmarks tools/build_web.py tools/web_workload.py \
		tools/web_screenshots.py
	$(BIN)/lint-imports

# mypy --strict over src, tests, benchmarks and the tools the tests import (pyproject's
# [tool.mypy]). To mypy every conftest.py is the module "conftest": tests/a11y's and tests/web's
# are checked a run each.
typecheck: $(CORE) $(NODE_STAMP)
	$(BIN)/mypy
	$(BIN)/mypy tests/a11y/conftest.py
	$(BIN)/mypy tests/web/conftest.py
	@if [ -x node_modules/.bin/tsc ]; then node_modules/.bin/tsc -p web/tsconfig.json --noEmit \
		&& node_modules/.bin/tsc -p web/tsconfig.worker.json --noEmit; fi

# The quick tier, every test not marked slow: under 10 minutes on two cores.
unit: $(CORE) $(NODE_STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 --dist loadgroup -q -m "not slow"

# The slow tier (CI runs it after `make test`): the real screen-reader stack and Orca in four
# languages, installs into fresh venvs, Dask clusters killed mid-survey, axe on every browser screen,
# the solver's longest cross-checks.
test-slow: $(CORE) $(NODE_STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 --dist loadgroup -q -rs -m slow

# The app under a real screen-reader stack (Xvfb, AT-SPI, pyatspi, xdotool), all four
# languages. Part of `make test-slow`; without the stack it skips and says why.
test-a11y: $(CORE)
	@$(BIN)/python tests/a11y/stack.py || true
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q -rs tests/a11y

test: lint typecheck unit

bench: $(CORE)
	$(BIN)/python benchmarks/bench_engine.py

bench-solver: $(CORE)
	taskset -c 0 $(BIN)/python benchmarks/bench_solver.py --count 400 --time-limit 10

bench-storage: $(CORE)
	$(BIN)/python benchmarks/bench_storage.py

bench-web: web
	nice -n 19 $(BIN)/python benchmarks/bench_web.py

bench-winnable: $(CORE)
	$(BIN)/python benchmarks/bench_winnable.py

bench-app: $(CORE)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/bench_app.py

screenshots: $(CORE)
	CANFIELD=$(BIN)/canfield sh tools/make_screenshots.sh

clean:
	rm -rf $(VENV) build dist node_modules src/*.egg-info .pytest_cache .mypy_cache .ruff_cache src/canfield/solver/_core*.so

# Desktop integration (XDG): a menu entry, its icon and AppStream metainfo under $(PREFIX)/share.
# The entry starts this clone's app ($(VENV)/bin/canfield-app); `make install-desktop PREFIX=/usr/local`
# (as root) for every user, DESTDIR for packaging.
PREFIX ?= $(HOME)/.local
APP_ID := io.github.canfield.Canfield
SHARE = $(DESTDIR)$(PREFIX)/share

install-desktop:
	install -d "$(SHARE)/applications" "$(SHARE)/icons/hicolor/scalable/apps" "$(SHARE)/metainfo"
	sed 's|^Exec=canfield-app$$|Exec="$(abspath $(BIN))/canfield-app"|' data/$(APP_ID).desktop \
		> "$(SHARE)/applications/$(APP_ID).desktop"
	chmod 644 "$(SHARE)/applications/$(APP_ID).desktop"
	install -m 644 data/$(APP_ID).svg "$(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -m 644 data/$(APP_ID).metainfo.xml "$(SHARE)/metainfo/$(APP_ID).metainfo.xml"
	-command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$(SHARE)/applications"
	-command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$(SHARE)/icons/hicolor"

uninstall-desktop:
	rm -f "$(SHARE)/applications/$(APP_ID).desktop" \
		"$(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg" \
		"$(SHARE)/metainfo/$(APP_ID).metainfo.xml"
