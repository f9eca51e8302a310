"""selfrefine: Self-Refine loops on vLLM, from Python.

    from selfrefine import SelfRefine

    if __name__ == "__main__":  # the engine's processes are spawned and import this script again
        with SelfRefine(model="qwen2.5-coder-0.5b-instruct", rounds=2) as sr:
            print(sr.run("Write a haiku about rain.").answer)

See `SelfRefine` for the options (those of `selfrefine run`).
"""

from selfrefine.api import SelfRefine

__all__ = ["SelfRefine"]
