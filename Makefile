# Entry points; see README.md.
PY := .venv/bin/python
DEMO_TASK ?= Write a Python function is_prime(n) with a docstring, and explain its complexity in one sentence.

.PHONY: setup demo test test-fast lint
setup:
	@bash scripts/setup.sh

# Set up, pull the default model (first time), and refine one answer.
demo: setup
	.venv/bin/selfrefine run "$(DEMO_TASK)"

# Set up, pull the small test model, run every test (real vLLM engine included).
test: setup
	.venv/bin/selfrefine models pull smollm2-135m-instruct
	$(PY) -m pytest -v

# Loop logic and parsers only, no engine (seconds).
test-fast: setup
	$(PY) -m pytest -v -m "not engine"
