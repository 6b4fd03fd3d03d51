# The two commands of the README's quick start: `make course` and `make test`.
# Each sets itself up: a local .venv with mtgkit installed in editable mode.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: course test venv lint clean notebooks student bench soak

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $(STAMP)

venv: $(STAMP)

## Open the course in JupyterLab (works as root; prints the URL to open).
course: $(STAMP)
	$(BIN)/python -m mtgkit.course

## The whole test suite: unit tests, doctests, widget tests, strict nbval, browser tier.
test: $(STAMP)
	$(BIN)/python -m pytest mtgkit tests notebooks \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

## Re-execute every notebook from tools/course/ (then commit the outputs).
notebooks: $(STAMP)
	$(BIN)/python tools/build_notebooks.py

## The student copy: notebooks without solutions or teacher hints (DEST=folder).
DEST ?= build/student
student: $(STAMP)
	$(BIN)/python tools/student_copy.py $(DEST)

## The benchmarks table (writes benchmarks/RESULTS.md).
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

## A longer soak of the property and fuzz tests (random seeds, many more examples).
soak: $(STAMP)
	MTGKIT_SOAK=1 $(BIN)/python -m pytest tests/test_properties.py tests/test_fuzz_scenarios.py \
		--hypothesis-show-statistics

lint: $(STAMP)
	$(BIN)/ruff check mtgkit tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
