"""Running the suite in pytest-xdist workers (`make test`: two, `--dist loadgroup`): each worker
on its own share of the cores, each test in a group that keeps a session engine or server in one
worker, and the longest groups handed out first.

Pinned, two test_engine.py runs side by side took 175 and 198 s here against 165-172 s for one
alone (the 135M decodes no faster on two cores than on one); unpinned, each worker's engines
bound their threads to both cores and the suite ran slower than serially.

The order comes from tests/durations.json, each group's seconds in a whole run, written by
`pytest ... --record-durations`. A group it lacks goes out after those it has; a stale file only
costs balance between the workers, never a test.

A test marked `all_cores` runs alone on every core: it waits for the other workers' running
tests to end, and theirs wait for it (a lock on a file, `cores_lock`).
"""

import contextlib
import fcntl
import importlib.util
import json
import os
import shutil
import tempfile
from collections import defaultdict
from pathlib import Path

import pytest

# The cores this test process was given, before an xdist worker pins itself to its share of them.
ALL_CORES: list[int] = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []

GROUPS_FILE = "SELFREFINE_TEST_GROUPS"
"""The environment variable naming the file where xdist workers write each test's group."""
CORES_LOCK = "SELFREFINE_TEST_CORES_LOCK"
"""The environment variable naming the folder of the files that `cores_lock` locks."""
DURATIONS = Path(__file__).with_name("durations.json")

_groups: dict[str, str] = {}
"""node id -> group: from collection in this process, or (the xdist controller) from the file."""
_seconds: defaultdict[str, float] | None = None
"""With --record-durations, in the process that sees every report: seconds per group so far."""


def worker_cores(worker: str, workers: int, cores: list[int]) -> list[int]:
    """The cores of xdist worker `worker` ("gw0", "gw1", ...) of `workers`: its own near-equal
    share of `cores`, or all of them when there are more workers than cores."""
    if workers <= 1 or len(cores) < workers:
        return list(cores)
    i = int(worker.removeprefix("gw"))
    share, extra = divmod(len(cores), workers)
    start = i * share + min(i, extra)
    return cores[start : start + share + (i < extra)]


def thread_cores(pid: int) -> dict[int, set[int]]:
    """Each thread of process `pid` -> the cores it may run on, as the kernel has it
    (`Cpus_allowed_list` of /proc/<pid>/task/<tid>/status); a thread that ends meanwhile is
    left out."""
    from selfrefine.engine.backends.vllm_engine import _parse_ids  # the same id lists: `0-1,4`

    out: dict[int, set[int]] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            status = (task / "status").read_text()
        except OSError:
            continue
        ids = next(line for line in status.splitlines() if line.startswith("Cpus_allowed_list:"))
        out[int(task.name)] = set(_parse_ids(ids.split(":", 1)[1]))
    return out


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


def longest_first(scopes: list[str], seconds: dict[str, float]) -> list[str]:
    """`scopes` ordered by their recorded seconds, longest first; those without a record after,
    in the order given."""
    return sorted(scopes, key=lambda s: -seconds.get(s, -1.0))


def pytest_addoption(parser):
    parser.addoption(
        "--record-durations",
        action="store_true",
        help="write each test group's seconds (setup, call and teardown) to tests/durations.json, "
        "which orders the groups of later xdist runs, longest first",
    )


def _worker() -> str | None:
    return os.environ.get("PYTEST_XDIST_WORKER")


def pytest_configure(config):
    """A worker pins itself to its cores, and so do the engines and servers it starts (affinity is
    inherited, and vLLM's CPU worker binds its OpenMP threads to VLLM_CPU_OMP_THREADS_BIND, which
    the engine's default takes from the affinity). The controller picks the groups file and the
    folder of the cores lock, which the workers it starts inherit."""
    global _seconds
    config.addinivalue_line("markers", "all_cores: runs alone, on every core the suite was given")
    worker = _worker()
    if worker is None:  # the controller, or no xdist
        if config.getoption("record_durations"):
            _seconds = defaultdict(float)
        if config.pluginmanager.hasplugin("xdist") and config.getoption("dist", "no") != "no":
            folder = tempfile.mkdtemp(prefix="selfrefine-test-groups-")
            os.environ[CORES_LOCK] = folder
            if config.getoption("dist") == "loadgroup":
                os.environ[GROUPS_FILE] = os.path.join(folder, "groups.json")
        return
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    mine = worker_cores(worker, workers, ALL_CORES) if ALL_CORES else []
    if mine and mine != ALL_CORES:
        os.sched_setaffinity(0, mine)
        os.environ.pop("VLLM_CPU_OMP_THREADS_BIND", None)  # the engine's default binds to `mine`


@contextlib.contextmanager
def cores_lock(alone: bool):
    """Held by every test of an xdist worker: shared, or (`alone`) exclusive, so that an
    `all_cores` test runs while no other worker runs a test. A test that wants it alone first
    takes the gate, which the others pass through on their way in: once it waits, no new test
    starts, and it runs when the running ones end. Only between xdist workers; locks go with the
    process, so a crashed worker holds none."""
    folder = os.environ.get(CORES_LOCK)
    if not folder or _worker() is None:
        yield
        return
    with open(os.path.join(folder, "gate"), "a") as gate, open(os.path.join(folder, "cores"), "a") as cores:
        fcntl.flock(gate, fcntl.LOCK_EX)
        fcntl.flock(cores, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        if not alone:
            fcntl.flock(gate, fcntl.LOCK_UN)
        yield  # closing the files releases both


@contextlib.contextmanager
def on_all_cores():
    """This thread (and what it starts) on every core the suite was given, as without xdist, and
    back on its worker's share after."""
    mine = os.sched_getaffinity(0)
    os.sched_setaffinity(0, ALL_CORES)
    try:
        yield
    finally:
        os.sched_setaffinity(0, mine)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    # setup, call and teardown (a session fixture's teardown included) under the lock
    alone = item.get_closest_marker("all_cores") is not None
    with cores_lock(alone), on_all_cores() if alone and ALL_CORES else contextlib.nullcontext():
        return (yield)


def pytest_collection_modifyitems(config, items):
    # xdist 3.8's own loadgroup reads `xdist_group` marks by renaming node ids through an
    # attribute pytest 9.2 no longer has, so its groups came out empty and both workers started
    # each session engine. The workers write the groups to a file instead, which GroupScheduling
    # (in the controller, once every worker has collected) reads.
    _groups.update({item.nodeid: xdist_group(item) for item in items})
    path = os.environ.get(GROUPS_FILE)
    if path and _worker():
        tmp = f"{path}.{_worker()}"
        with open(tmp, "w") as fh:
            json.dump(_groups, fh)
        os.replace(tmp, path)  # every worker collects the same tests: whichever lands last is alike


def _group_of(nodeid: str) -> str:
    if not _groups and os.environ.get(GROUPS_FILE):  # the controller: the workers' file
        with open(os.environ[GROUPS_FILE]) as fh:
            _groups.update(json.load(fh))
    return _groups.get(nodeid) or nodeid.split("::")[0]


def pytest_runtest_logreport(report):
    # the controller gets every worker's reports; a worker's own copies are not counted again
    if _seconds is not None and _worker() is None:
        _seconds[_group_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session, exitstatus):
    if _seconds and _worker() is None:
        ordered = sorted(_seconds.items(), key=lambda kv: -kv[1])
        DURATIONS.write_text(json.dumps({g: round(s, 1) for g, s in ordered}, indent=1) + "\n")


def pytest_unconfigure(config):
    folder = os.environ.get(CORES_LOCK)
    if folder and _worker() is None:
        shutil.rmtree(folder, ignore_errors=True)


def _make_scheduler(config, log):
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    seconds = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}

    class GroupScheduling(LoadScopeScheduling):
        """Work units are the groups of `xdist_group(item)`, handed out longest first: each worker
        gets one, then the next whenever it is almost done (xdist's own rule)."""

        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return _group_of(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not self.ordered:  # the queue is complete when the first unit goes out
                for scope in longest_first(list(self.workqueue), seconds):
                    self.workqueue.move_to_end(scope)
                self.ordered = True
            super()._assign_work_unit(node)

    return GroupScheduling(config, log)


if importlib.util.find_spec("xdist") is not None:  # pytest refuses a hook of a plugin it lacks
    pytest_xdist_make_scheduler = _make_scheduler
