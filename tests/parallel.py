"""Running the suite in pytest-xdist workers (`make test`: two, `--dist loadgroup`): each worker
on its own share of the cores, and each test in a group that keeps a session engine or server
in one worker.

Pinned, two test_engine.py runs side by side took 175 and 198 s here against 165-172 s for one
alone (the 135M decodes no faster on two cores than on one); unpinned, each worker's engines
bound their threads to both cores and the suite ran slower than serially.
"""

import importlib.util
import json
import os
import shutil
import tempfile

# The cores this test process was given, before an xdist worker pins itself to its share of them.
ALL_CORES: list[int] = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []


def worker_cores(worker: str, workers: int, cores: list[int]) -> list[int]:
    """The cores of xdist worker `worker` ("gw0", "gw1", ...) of `workers`: its own near-equal
    share of `cores`, or all of them when there are more workers than cores."""
    if workers <= 1 or len(cores) < workers:
        return list(cores)
    i = int(worker.removeprefix("gw"))
    share, extra = divmod(len(cores), workers)
    start = i * share + min(i, extra)
    return cores[start : start + share + (i < extra)]


GROUPS_FILE = "SELFREFINE_TEST_GROUPS"
"""The environment variable naming the file where xdist workers write each test's group."""
FIRST_GROUPS = ("real", "key_server")
"""Scheduled before the rest: the two session groups are the longest units of work."""


def pytest_configure(config):
    """A worker pins itself to its cores, and so do the engines and servers it starts (affinity is
    inherited, and vLLM's CPU worker binds its OpenMP threads to VLLM_CPU_OMP_THREADS_BIND, which
    the engine's default takes from the affinity). The controller picks the groups file."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:  # the controller, or no xdist: where the workers will write the groups
        if config.pluginmanager.hasplugin("xdist") and config.getoption("dist", "no") == "loadgroup":
            folder = tempfile.mkdtemp(prefix="selfrefine-test-groups-")
            os.environ[GROUPS_FILE] = os.path.join(folder, "groups.json")
        return
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    mine = worker_cores(worker, workers, ALL_CORES) if ALL_CORES else []
    if mine and mine != ALL_CORES:
        os.sched_setaffinity(0, mine)
        os.environ.pop("VLLM_CPU_OMP_THREADS_BIND", None)  # the engine's default binds to `mine`


def xdist_group(item) -> str:
    """The group an item runs in under `--dist loadgroup`: the tests on the session engine
    (`real`) in one, the tests on the session server (`key_server`) in another, so that each
    starts once; every other test with the rest of its file, whose module fixtures start once."""
    names = set(item.fixturenames)
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("on_backend") == "vllm":
        names.add("real")  # test_hf_engine's backend parameter asks for `real` at run time
    if "real" in names:
        return "real"
    if "key_server" in names:
        return "key_server"
    return item.module.__name__


def pytest_unconfigure(config):
    path = os.environ.get(GROUPS_FILE)
    if path and os.environ.get("PYTEST_XDIST_WORKER") is None:
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)


def pytest_collection_modifyitems(config, items):
    # xdist 3.8's own loadgroup reads `xdist_group` marks by renaming node ids through an
    # attribute pytest 9.2 no longer has, so its groups came out empty and both workers started
    # each session engine. The workers write the groups to a file instead, which GroupScheduling
    # (in the controller, once every worker has collected) reads.
    path = os.environ.get(GROUPS_FILE)
    if path and os.environ.get("PYTEST_XDIST_WORKER"):
        tmp = f"{path}.{os.environ['PYTEST_XDIST_WORKER']}"
        with open(tmp, "w") as fh:
            json.dump({item.nodeid: xdist_group(item) for item in items}, fh)
        os.replace(tmp, path)  # every worker collects the same tests: whichever lands last is alike


def _make_scheduler(config, log):
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        """Work units are the groups of `xdist_group(item)`; the session groups go out first."""

        _groups: dict | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self._groups is None:
                with open(os.environ[GROUPS_FILE]) as fh:
                    self._groups = json.load(fh)
            return self._groups.get(nodeid) or nodeid.split("::")[0]

        def _assign_work_unit(self, node) -> None:
            for scope in reversed(FIRST_GROUPS):
                if scope in self.workqueue:
                    self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return GroupScheduling(config, log)


if importlib.util.find_spec("xdist") is not None:  # pytest refuses a hook of a plugin it lacks
    pytest_xdist_make_scheduler = _make_scheduler
