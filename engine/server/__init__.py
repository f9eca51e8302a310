"""OpenAI-compatible HTTP server over one shared engine: plain generation and Self-Refine loops.

protocol.py holds the request models, serving.py the planning and running (no HTTP), streaming.py
the SSE chunks, responses.py the response pieces both share, errors.py the error classes and their
OpenAI error bodies, tools.py tool calling (schemas that force a call, reading calls out of the
output), metrics.py the Prometheus metrics and app.py the FastAPI routes and the process start-up.
"""

REFINE_SUFFIX = "-selfrefine"
"""A model name ending in this runs a Self-Refine loop on the model named without it."""
