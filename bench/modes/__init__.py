"""The benchmarks of `selfrefine bench`, one module each; bench/run.py runs them in order."""
