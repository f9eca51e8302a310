"""Prometheus metrics of the server: loops in flight and queued, rounds, stop reasons, tokens.

Each server has its own registry (no global state), and the engine's own counters (requests,
aborted requests, tokens, cached tokens) and vLLM's own `vllm:` metrics are read at scrape time.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from selfrefine.engine.backend import COUNTERS
from selfrefine.engine.types import Call, Engine, LoopResult


class _EngineCollector:
    """Reads the engine's `counters` when /metrics is scraped."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def collect(self):
        c = dict(self.engine.counters)
        for key in COUNTERS:
            fam = CounterMetricFamily(f"selfrefine_engine_{key}", f"engine counter {key!r} since start")
            fam.add_metric([], float(c.get(key, 0)))
            yield fam
        share = GaugeMetricFamily(
            "selfrefine_prefix_cache_hit_share",
            "share of prompt tokens served from the prefix cache since start",
        )
        share.add_metric(
            [], c.get("cached_tokens", 0) / c["prompt_tokens"] if c.get("prompt_tokens") else 0.0
        )
        yield share
        # vLLM's own metrics (scheduler gauges, token counters) under their usual `vllm:` names
        yield from self.engine.vllm_metrics()


class Metrics:
    """All server metrics; `render()` gives the Prometheus text format."""

    def __init__(self, engine=None) -> None:
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
        self.errors = Counter(
            "selfrefine_errors", "error responses by HTTP status and code", ["status", "code"], registry=r
        )
        if engine is not None:
            r.register(_EngineCollector(engine))

    def record_calls(self, calls: list[Call]) -> None:
        for c in calls:
            self.tokens.labels(c.stage, "prompt").inc(c.prompt_tokens)
            self.tokens.labels(c.stage, "cached").inc(c.cached_tokens)
            self.tokens.labels(c.stage, "completion").inc(c.completion_tokens)

    def record_loop(self, res: LoopResult) -> None:
        self.loops.labels("refine", "ok").inc()
        self.rounds.observe(res.rounds)
        self.stop_reasons.labels(res.stop_reason).inc()
        self.record_calls(res.trace)

    def render(self) -> bytes:
        return generate_latest(self.registry)
