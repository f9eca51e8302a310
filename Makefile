# Entry points; see README.md.
PY := .venv/bin/python
# The demo refines a plain request the way `selfrefine run` does for any user: the default 0.5B
# model drafts, a tool counts the draft's characters against the request's limit, the count goes
# into the review, and a rewrite is kept only if the tools find fewer faults in it and it adds no
# fact (greedy first, up to four). `make demo DEMO_ARGS='--from-task commongen_hard --row 0
# --critic-model qwen2.5-coder-1.5b-instruct --rounds 1'` refines a CommonGen-Hard row with the
# task's scorer.
DEMO_ARGS ?= "Write a message of at most 200 characters announcing a bake sale at a school." --rounds 2 --temperature 0

.PHONY: setup demo test test-fast test-bench lint
setup:
	@bash scripts/setup.sh

# Set up, pull the default model (first time), and refine one plain request, with its trace.
demo: setup
	.venv/bin/selfrefine run $(DEMO_ARGS)

# Set up, pull the small test model, run every test (real vLLM engine included), in TEST_WORKERS
# pytest-xdist workers, each on its own share of the cores (tests/parallel.py): 2 here, one a
# core, the longest test groups first (tests/durations.json, written by --record-durations).
# TEST_WORKERS=0 runs them in this one process.
TEST_WORKERS ?= 2
test: setup
	.venv/bin/selfrefine models pull smollm2-135m-instruct
	$(PY) -m pytest -v --durations=40 -m "not bench_full" -n $(TEST_WORKERS) --dist loadgroup

# The whole `bench --quick` for real, every mode (12 engine starts, about 10 minutes); `make test`
# runs its modes that share one engine.
test-bench: setup
	.venv/bin/selfrefine models pull smollm2-135m-instruct
	$(PY) -m pytest -v -m bench_full

# Loop logic, parsers and the CLI's argument handling: no engine starts (a few minutes). Pulls the
# 98 MB test model once: the history and tokenizer tests read its tokenizer.
test-fast: setup
	.venv/bin/selfrefine models pull smollm2-135m-instruct
	$(PY) -m pytest -v -m "not engine"

# Ruff: the format check and the rules of pyproject.toml (CI runs this before the tests).
lint: setup
	.venv/bin/ruff format --check .
	.venv/bin/ruff check .
