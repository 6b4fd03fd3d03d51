# Conveniences around kit.py, which holds the README's two commands (`python3 kit.py course`,
# `python3 kit.py test`) and needs nothing but Python. Other targets reuse its .venv.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: course test fast venv lint clean notebooks student bench soak docs

$(STAMP): pyproject.toml
	$(PY) -c "import kit; kit.setup()"

venv: $(STAMP)

## Open the course in JupyterLab (works as root; prints the URL to open).
course:
	$(PY) kit.py course

## The whole test suite: unit tests, doctests, widget tests, strict nbval, browser tier.
test:
	$(PY) kit.py test

## The fast tier, after each change: every test not marked slow, in one process.
fast:
	$(PY) kit.py fast

## Build and execute every notebook from its jupytext source in tools/course/ (then commit them).
notebooks: $(STAMP)
	$(BIN)/python tools/build_notebooks.py

## The student copy: notebooks without solutions or teacher hints (DEST=folder).
DEST ?= build/student
student: $(STAMP)
	$(BIN)/python tools/student_copy.py $(DEST)

## The course website (Sphinx + MyST-NB, warnings as errors, internal links checked): build/docs/html.
docs: $(STAMP)
	$(BIN)/python tools/build_docs.py build/docs

## The benchmarks table (writes benchmarks/RESULTS.md).
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

## A longer soak of the property and fuzz tests (random seeds, many more examples).
soak: $(STAMP)
	MTGKIT_SOAK=1 $(BIN)/python -m pytest tests/test_properties.py tests/test_fuzz_scenarios.py tests/test_stateful.py \
		--hypothesis-show-statistics

lint: $(STAMP)
	$(BIN)/ruff check mtgkit tests benchmarks tools docs

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
