"""Mode 4: N concurrent HTTP clients looping over chat completions on vLLM's OpenAI server."""

from __future__ import annotations

from selfrefine.bench.harness import Harness


class HttpBench(Harness):
    async def http_mode(self) -> None:
        cfg, n = self.cfg, self.cfg.loops
        server = self._server()
        try:
            await self._start_server(server, "http_server", "vLLM OpenAI server", n)
            rcfg = cfg.refine_config()
            label = f"4 HTTP: {n} clients, chat completions"
            for _ in range(max(1, cfg.repeats)):
                await self._http_run(
                    server,
                    "http",
                    label,
                    self.tasks[:n],
                    n,
                    rcfg,
                    self.budget,
                    "vLLM OpenAI server, same engine settings, json_schema feedback",
                )
        finally:
            server.stop()
