# Entry points; see README.md.
PY := .venv/bin/python
# The demo refines one CommonGen-Hard row (a paragraph that must use 20-30 given concepts): the
# default 0.5B model drafts, the 1.5B critic marks the missing concepts from the item's own list
# and adds sentences for them; the task's scorer prints the coverage of every output.
DEMO_ARGS ?= --from-task commongen_hard --row 0 --critic-model qwen2.5-coder-1.5b-instruct --rounds 1

.PHONY: setup demo test test-fast lint
setup:
	@bash scripts/setup.sh

# Set up, pull the two models (first time), and refine one task row with its scores.
demo: setup
	.venv/bin/selfrefine run $(DEMO_ARGS)

# Set up, pull the small test model, run every test (real vLLM engine included).
test: setup
	.venv/bin/selfrefine models pull smollm2-135m-instruct
	$(PY) -m pytest -v --durations=40

# Loop logic, parsers and the CLI's argument handling: no engine starts (a few minutes). Pulls the
# 98 MB test model once: the history and tokenizer tests read its tokenizer.
test-fast: setup
	.venv/bin/selfrefine models pull smollm2-135m-instruct
	$(PY) -m pytest -v -m "not engine"

# Ruff: the format check and the rules of pyproject.toml (CI runs this before the tests).
lint: setup
	.venv/bin/ruff format --check .
	.venv/bin/ruff check .
