"""Prometheus metrics of the server: loops in flight and queued, rounds, stop reasons, tokens
(by stage, and by model: the critic's apart from the main model's).

Each server has its own registry (no global state), and the engines' own counters (requests,
aborted requests, tokens, cached tokens) and vLLM's own `vllm:` metrics are read at scrape time.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from selfrefine.engine.backends.backend import COUNTERS
from selfrefine.engine.server.errors import error_response
from selfrefine.engine.types import Call, Engine, LoopResult


class _EngineCollector:
    """Reads the engines' `counters` when /metrics is scraped: summed over the main engine and
    the critic's (when the server has one), as one engine's were before critics."""

    def __init__(self, engines: list[Engine]) -> None:
        self.engines = engines

    def collect(self):
        c = {key: sum(e.counters.get(key, 0) for e in self.engines) for key in COUNTERS}
        for key in COUNTERS:
            fam = CounterMetricFamily(f"selfrefine_engine_{key}", f"engine counter {key!r} since start")
            fam.add_metric([], float(c[key]))
            yield fam
        share = GaugeMetricFamily(
            "selfrefine_prefix_cache_hit_share",
            "share of prompt tokens served from the prefix cache since start",
        )
        share.add_metric([], c["cached_tokens"] / c["prompt_tokens"] if c["prompt_tokens"] else 0.0)
        yield share
        # vLLM's own metrics (scheduler gauges, token counters) under their usual `vllm:` names;
        # two engines' families of one name become one family (their model_name labels differ)
        families: dict = {}
        for e in self.engines:
            for fam in e.vllm_metrics():
                if fam.name in families:
                    families[fam.name].samples.extend(fam.samples)
                else:
                    families[fam.name] = fam
        yield from families.values()


class Metrics:
    """All server metrics; `render()` gives the Prometheus text format."""

    def __init__(self, *engines) -> None:
        self.registry = r = CollectorRegistry()
        self.loops_in_flight = Gauge(
            "selfrefine_loops_in_flight", "loops (or plain generations) running", registry=r
        )
        self.loops_queued = Gauge("selfrefine_loops_queued", "admitted loops waiting for a slot", registry=r)
        self.loops = Counter(
            "selfrefine_loops", "finished loops by kind and outcome", ["kind", "outcome"], registry=r
        )
        self.rejected = Counter(
            "selfrefine_requests_rejected", "requests refused because the queue was full", registry=r
        )
        self.rounds = Histogram(
            "selfrefine_loop_rounds",
            "refine rounds per finished loop",
            buckets=(0, 1, 2, 3, 4, 6, 8, 12, 16),
            registry=r,
        )
        self.stop_reasons = Counter(
            "selfrefine_loop_stop_reasons", "why loops stopped", ["reason"], registry=r
        )
        self.tokens = Counter(
            "selfrefine_tokens",
            "tokens by stage (plain/draft/feedback/refine) and kind (prompt/cached/completion)",
            ["stage", "kind"],
            registry=r,
        )
        self.model_tokens = Counter(
            "selfrefine_model_tokens",
            "tokens by model (the main one, or the critic's), stage and kind (prompt/cached/completion)",
            ["model", "stage", "kind"],
            registry=r,
        )
        self.model_calls = Counter(
            "selfrefine_model_calls", "engine calls by model and stage", ["model", "stage"], registry=r
        )
        self.errors = Counter(
            "selfrefine_errors", "error responses by HTTP status and code", ["status", "code"], registry=r
        )
        engines = [e for e in engines if e is not None]
        if engines:
            r.register(_EngineCollector(engines))

    def record_calls(self, calls: list[Call]) -> None:
        for c in calls:
            self.tokens.labels(c.stage, "prompt").inc(c.prompt_tokens)
            self.tokens.labels(c.stage, "cached").inc(c.cached_tokens)
            self.tokens.labels(c.stage, "completion").inc(c.completion_tokens)
            self.model_tokens.labels(c.model, c.stage, "prompt").inc(c.prompt_tokens)
            self.model_tokens.labels(c.model, c.stage, "cached").inc(c.cached_tokens)
            self.model_tokens.labels(c.model, c.stage, "completion").inc(c.completion_tokens)
            self.model_calls.labels(c.model, c.stage).inc()

    def record_loop(self, res: LoopResult) -> None:
        self.loops.labels("refine", "ok").inc()
        self.rounds.observe(res.rounds)
        self.stop_reasons.labels(res.stop_reason).inc()
        self.record_calls(res.trace)

    def error_response(self, exc: BaseException) -> tuple[int, dict]:
        """`errors.error_response(exc)`, counted in selfrefine_errors by status and code."""
        status, body = error_response(exc)
        self.errors.labels(str(status), body["error"]["code"]).inc()
        return status, body

    def render(self) -> bytes:
        return generate_latest(self.registry)
