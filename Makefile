# Two commands set fracas up on a fresh machine (Python >= 3.11):
#   make demo   installs fracas in .venv and replays the percentile chapter's worked example
#   make test   installs the test extras and runs the tests
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test lint bench install install-test

# each slow step says what it does first, and pip shows what it fetches as it goes
$(BIN)/python:
	@echo "make: creating the virtual environment $(VENV) with its own pip (seconds; half a minute on a busy machine) ..."
	$(PYTHON) -m venv $(VENV)
	@echo "make: updating pip in $(VENV) ..."
	$(BIN)/python -m pip install --upgrade pip

install: $(BIN)/python
	@echo "make: installing fracas and its libraries (NumPy, numba, pydantic, pyarrow, ...) in $(VENV): a minute or two the first time ..."
	$(BIN)/python -m pip install -e .

install-test: $(BIN)/python
	@echo "make: installing fracas with its test tools (pytest, playwright, ruff, mypy, ...) in $(VENV) ..."
	$(BIN)/python -m pip install -e '.[test]'

demo: install
	$(BIN)/fracas demo

test: install-test
	$(BIN)/python -m pytest -q -n auto

lint: install-test
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy src

# all four benches in about two minutes; bench/batch.py's full sweep (1,000 points) alone
# takes about a minute more: run it by hand for the issue's memory figure
bench: install
	$(BIN)/python bench/fight_speed.py
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/sim.py
	$(BIN)/python bench/batch.py --points 100
