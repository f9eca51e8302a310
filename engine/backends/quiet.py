"""What the commands print besides their own output: everything with `-v`, little without.

vLLM's CPU engine runs in spawned processes (the engine core, and a worker per rank where there
are several) whose stderr is ours, so filtering Python warnings or loggers in this process is not
enough: the settings go into the environment, which those processes inherit, before vLLM, torch
or transformers are imported. A variable the user has set already is left alone. Errors stay visible: every
logger keeps ERROR, and a failed engine start is reported by the command itself.
"""

from __future__ import annotations

import os
import warnings

QUIET_ENV = {
    # vLLM's own log (INFO lines, config dumps, warnings) down to errors.
    "VLLM_LOGGING_LEVEL": "ERROR",
    # Python warnings (torch / vLLM FutureWarnings, resource_tracker's leak notice) in every
    # process started from here.
    "PYTHONWARNINGS": "ignore",
    # torch's C++ warnings ("[W... utils.cpp] Warning: NUMA binding ...") go through c10 logging.
    "TORCH_CPP_LOG_LEVEL": "ERROR",
    # torch's Python loggers ("W... torch/_library/triton.py] Triton not available") to ERROR.
    "TORCH_LOGS": "-torch",
    # transformers' advice while `models pull` converts GGUF, and its progress bars.
    "TRANSFORMERS_VERBOSITY": "error",
    "TRANSFORMERS_NO_ADVISORY_WARNINGS": "1",
    "HF_HUB_DISABLE_PROGRESS_BARS": "1",
    # Any other tqdm bar that does not pass `disable` itself; our rich bars show progress.
    "TQDM_DISABLE": "1",
}


def configure(verbose: bool) -> None:
    """Set up what engine-side libraries print. Call before importing vLLM / torch / transformers."""
    # vLLM logs to stdout by default; stdout is for answers and JSON.
    os.environ.setdefault("VLLM_LOGGING_STREAM", "ext://sys.stderr")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if verbose:
        os.environ.setdefault("VLLM_LOGGING_LEVEL", "INFO")
        return
    for key, value in QUIET_ENV.items():
        os.environ.setdefault(key, value)
    if os.environ.get("PYTHONWARNINGS") == "ignore":
        warnings.simplefilter("ignore")  # this process read PYTHONWARNINGS before we set it


def load_progress_bar() -> bool:
    """Whether vLLM should draw its weight-loading bar (it passes tqdm's `disable` itself)."""
    return os.environ.get("TQDM_DISABLE", "").lower() not in ("1", "true", "yes")
