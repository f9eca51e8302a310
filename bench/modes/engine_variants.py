"""Mode 1 on differently started engines: without prefix caching (mode 3) and on vLLM's own CPU threads."""

from __future__ import annotations

import os

from selfrefine.bench.harness import Harness


class EngineVariantBench(Harness):
    async def no_cache_mode(self) -> None:
        """Mode 3: mode 1 on an engine without prefix caching."""
        n = self.cfg.loops
        engine = await self._start("engine_no_cache", "engine (prefix caching off)", False)
        try:
            await self._loops(engine, "no_cache", f"3 no prefix cache: {n} loops at once", self.items[:n], n)
        finally:
            engine.shutdown()

    async def threads_mode(self) -> None:
        """Mode 1 again on an engine with vLLM's own CPU thread choice instead of ours (every core)."""
        n = self.cfg.loops
        saved = {k: os.environ.get(k) for k in ("VLLM_CPU_OMP_THREADS_BIND", "VLLM_CPU_NUM_OF_RESERVED_CPU")}
        os.environ["VLLM_CPU_OMP_THREADS_BIND"] = "auto"  # vLLM's default: it binds and reserves itself
        os.environ.pop("VLLM_CPU_NUM_OF_RESERVED_CPU", None)
        try:
            engine = await self._start("engine_vllm_threads", "engine (vLLM's thread binding)", True)
        finally:  # the engine's processes read the variables at start
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        try:
            await self._loops(
                engine,
                "ours_vllm_threads",
                f"1 ours on vLLM's thread binding: {n} loops",
                self.items[:n],
                n,
                note="VLLM_CPU_OMP_THREADS_BIND=auto (vLLM's default)",
            )
        finally:
            engine.shutdown()
