"""OpenAI-compatible HTTP server over one shared engine: plain generation and Self-Refine loops.

protocol.py holds the request models, serving.py the planning and running (no HTTP), events.py the
typed events a streamed request's jobs report and the renderer base, streaming.py the chat /
completions SSE chunks, responses_api.py the /v1/responses front end, responses.py the response
pieces they share, errors.py the error classes and their OpenAI error bodies, tools.py tool calling
(schemas that force a call, reading calls out of the output), metrics.py the Prometheus metrics,
faults.py the debug fault hook, readiness.py the engines' start and health, and app.py the FastAPI
routes, their dependencies and the process start-up.
"""

REFINE_SUFFIX = "-selfrefine"
"""A model name ending in this runs a Self-Refine loop on the model named without it."""
