PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test play lint bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,ray,train]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/stratagem serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src/

test: lint
	$(BIN)/pytest -n auto --dist loadgroup --durations=25

play: $(STAMP)
	$(BIN)/stratagem play eighty_years_war --seat Dutch=human --seat Spanish=heuristic

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
