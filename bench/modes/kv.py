"""A small KV cache: loop-aware scheduling under pressure, cost growth, and HTTP clients at low load."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from selfrefine.bench.harness import Harness, PeakRSS, reset_prefix_cache, workload
from selfrefine.bench.summary import ModeRun, summarize
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.types import LoopResult


class KVBench(Harness):
    async def _kv_loops(
        self,
        engine,
        key: str,
        label: str,
        items: list[Item],
        rcfg: RefineConfig,
        admission: bool,
        note: str = "",
    ) -> ModeRun:
        """All loops submitted at once; loop latency counted from submission (the time a user
        waits, admission waits included); vLLM's preemptions counted over the run."""
        from selfrefine.engine.backends.scheduling import KVAdmission

        await reset_prefix_cache(engine)
        task, tick = self._bar(label, len(items))
        done_at: dict[int, float] = {}

        def on_done(i, _res):
            done_at[i] = time.perf_counter()
            tick()

        cap = engine.kv_capacity_tokens
        gate = KVAdmission(cap) if admission and cap else False
        pre0 = engine.vllm_value("vllm:num_preemptions_total")
        with PeakRSS() as mem:
            t0 = time.perf_counter()
            res = await refine_many(
                engine, items, rcfg, concurrency=len(items), on_done=on_done, kv_admission=gate
            )
            wall = time.perf_counter() - t0
        await asyncio.sleep(0.5)  # the stat logger records the last steps
        self._done(task)
        res = [
            replace(r, seconds=done_at[i] - t0) if isinstance(r, LoopResult) and i in done_at else r
            for i, r in enumerate(res)
        ]
        stats = {
            "preemptions": int(engine.vllm_value("vllm:num_preemptions_total") - pre0),
            "kv_capacity_tokens": cap,
            "scheduling": engine.options.scheduling,
            "admission": bool(gate),
        }
        if gate:
            stats.update(admission_peak_in_flight=gate.peak_in_flight, admission_waited=gate.waited)
        run = ModeRun(key, label, len(items), wall, results=res, peak_rss=mem.peak, note=note, stats=stats)
        self._record_repeat(run)
        return self._store(run)

    def _record_repeat(self, run: ModeRun) -> None:
        """Keep one repeat's figures of a KV-pressure run, for the paired ratios of the report."""
        s = summarize(run)
        self.extra.setdefault("kv_repeats", []).append(
            {
                "key": run.key,
                "tok_s": s["gen_tok_per_s"],
                "p95_s": s["latency_p95_s"],
                "p50_s": s["latency_p50_s"],
                "answers_s": s["answers_per_s"],
            }
        )

    def _items(self, n: int) -> list[Item]:
        return [Item(input=t, id=f"item-{i}") for i, t in enumerate(workload(n))]

    async def kv_modes(self) -> None:
        """pressure: loop-aware scheduling vs FCFS (and KV admission) with the histories of
        `pressure_loops` loops competing for a small KV cache; growth: loops in flight x rounds
        at that KV size, without and (where the estimated histories do not fit) with admission;
        HTTP clients on vLLM's server with the same settings, speculation off and on, under
        pressure and at low load."""
        cfg = self.cfg
        pcfg = self._sized_config(cfg.pressure_rounds, cfg.pressure_tokens)
        items = self._items(max(cfg.pressure_loops, *cfg.growth_loops))
        server = None
        try:
            if self.want("pressure"):  # started first, so that its runs interleave with the engines'
                server = await self._kv_server("off")
            if self.want("pressure") or self.want("growth"):
                await self._kv_engine_modes(items, pcfg, server)
            if self.want("lowload"):
                server = server or await self._kv_server("off")
                await self._kv_http(server, "off", items, pcfg, pressure=False)
        finally:
            if server is not None:
                server.stop()
        if self.want("pressure") or self.want("lowload"):
            server = await self._kv_server("ngram")
            try:
                await self._kv_http(server, "ngram", items, pcfg, pressure=self.want("pressure"))
            finally:
                server.stop()

    def _sized_config(self, rounds: int, tokens: int) -> RefineConfig:
        """The run's loop config with `rounds` rounds and `tokens` per draft / refine call."""
        base = self.cfg.refine_config()
        return replace(base, rounds=rounds, sampling=replace(base.sampling, max_tokens=tokens))

    async def _kv_server(self, spec: str):
        cfg = self.cfg
        server = self._server(cfg.pressure_kv_gib, spec, log=f"vllm_server_small_kv_{spec}.log")
        try:
            await self._start_server(
                server,
                f"http_server_small_kv_{spec}",
                f"vLLM server (KV {cfg.pressure_kv_gib} GiB, speculation {spec})",
                cfg.pressure_loops,
            )
        except BaseException:
            server.stop()
            raise
        return server

    async def _kv_engine_modes(self, items: list[Item], pcfg: RefineConfig, server=None) -> None:
        cfg = self.cfg
        kv, n = cfg.pressure_kv_gib, cfg.pressure_loops
        engines: dict = {}
        try:
            if self.want("pressure"):  # the growth sweep runs on the priority engine only
                engines["fcfs"] = await self._start(
                    "engine_fcfs_small_kv",
                    f"engine (FCFS, KV {kv} GiB)",
                    True,
                    scheduling="fcfs",
                    kv_cache_gib=kv,
                )
            engines["prio"] = await self._start(
                "engine_priority_small_kv",
                f"engine (loop priority, KV {kv} GiB)",
                True,
                scheduling="loop",
                kv_cache_gib=kv,
            )
            self.extra["kv_capacity_tokens"] = engines["prio"].kv_capacity_tokens
            if self.want("pressure"):
                variants = (
                    ("kv_fcfs", "fcfs", "fcfs", False),
                    ("kv_loop", "prio", "loop", False),
                    ("kv_las", "prio", "las", False),
                    ("kv_fcfs_admit", "fcfs", "fcfs", True),
                    ("kv_loop_admit", "prio", "loop", True),
                )
                for _ in range(max(1, cfg.repeats)):  # interleaved, so drift hits every variant alike
                    for key, e, policy, admit in variants:
                        engines[e].options.scheduling = policy
                        await self._kv_loops(
                            engines[e],
                            key,
                            f"8 KV pressure, {policy}{' + admission' if admit else ''}: {n} loops",
                            items[:n],
                            pcfg,
                            admit,
                        )
                    if server is not None:
                        await self._kv_http(
                            server, "off", items, pcfg, pressure=True, lowload=False, repeats=1
                        )
            if self.want("growth"):
                if "fcfs" in engines:
                    engines.pop("fcfs").shutdown()
                engine = engines["prio"]
                engine.options.scheduling = "loop"
                from selfrefine.engine.backends.scheduling import KVGrowth
                from selfrefine.engine.core.many import peak_history

                for r in cfg.growth_rounds:
                    gcfg = self._sized_config(r, cfg.growth_tokens)
                    for L in cfg.growth_loops:
                        need = sum(peak_history(engine, it, gcfg, KVGrowth(gcfg).prior) for it in items[:L])
                        fits = need <= (engine.kv_capacity_tokens or need)
                        for admit in (False,) if fits else (False, True):
                            await self._kv_loops(
                                engine,
                                f"grow_l{L}_r{r}{'_admit' if admit else ''}",
                                f"9 growth: {L} loops x {r} rounds{' + admission' if admit else ''}",
                                items[:L],
                                gcfg,
                                admit,
                                note=f"estimated peak histories {need} tokens",
                            )
        finally:
            for engine in engines.values():
                engine.shutdown()

    async def _kv_http(
        self,
        server,
        spec: str,
        items: list[Item],
        pcfg: RefineConfig,
        pressure: bool,
        lowload: bool | None = None,
        repeats: int | None = None,
    ) -> None:
        """HTTP clients on vLLM's server with the pressure KV size: the pressure workload with as
        many clients as loops, and low load (`lowload_clients` clients)."""
        cfg = self.cfg
        n, k = cfg.pressure_loops, cfg.lowload_clients
        lowload = self.want("lowload") if lowload is None else lowload
        tasks = [it.input for it in items]
        budget = replace(self.budget, answer_tokens=cfg.pressure_tokens)
        for _ in range(max(1, cfg.repeats) if repeats is None else repeats):
            if pressure:
                rec = await self._http_run(
                    server,
                    f"kv_http_{spec}",
                    f"8 KV pressure, HTTP clients, speculation {spec}: {n} loops",
                    tasks[:n],
                    n,
                    pcfg,
                    budget,
                    "vLLM OpenAI server, same engine settings (FCFS, KV size)",
                )
                self._record_repeat(rec)
            if lowload:
                await self._http_run(
                    server,
                    f"low_http_{spec}",
                    f"10 low load, HTTP clients, speculation {spec}: {k} clients",
                    tasks[: 2 * k],
                    k,
                    pcfg,
                    budget,
                    "vLLM OpenAI server, low load",
                )
