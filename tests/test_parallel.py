"""The suite's own parallel layout (tests/parallel.py): which cores a worker gets, which group a
test runs in."""

from types import SimpleNamespace

import pytest

from tests.parallel import ALL_CORES, worker_cores, xdist_group


@pytest.mark.parametrize(
    "worker,workers,cores,mine",
    [
        ("gw0", 2, [0, 1], [0]),
        ("gw1", 2, [0, 1], [1]),
        ("gw1", 2, [4, 5, 6, 7, 8], [7, 8]),  # near-equal shares of the cores given, in order
        ("gw0", 2, [4, 5, 6, 7, 8], [4, 5, 6]),
        ("gw2", 3, [0, 1], [0, 1]),  # more workers than cores: each shares all of them
        ("gw0", 1, [0, 1], [0, 1]),
    ],
)
def test_each_worker_gets_its_own_share_of_the_cores(worker, workers, cores, mine):
    assert worker_cores(worker, workers, cores) == mine


def _item(fixtures, module="tests.test_x", params=None):
    return SimpleNamespace(
        fixturenames=fixtures,
        module=SimpleNamespace(__name__=module),
        callspec=SimpleNamespace(params=params) if params is not None else None,
    )


def test_session_engine_and_server_tests_form_one_group_each_and_the_rest_go_by_file():
    assert xdist_group(_item(["cli_on_real", "real", "test_model_path"])) == "real"
    assert xdist_group(_item(["server", "key_server"])) == "key_server"
    assert xdist_group(_item(["tmp_path"], module="tests.test_tools")) == "tests.test_tools"
    # the backend parameter that asks for the session engine at run time
    assert xdist_group(_item(["on_backend"], params={"on_backend": "vllm"})) == "real"
    assert (
        xdist_group(_item(["on_backend"], "tests.test_hf", {"on_backend": "transformers"})) == "tests.test_hf"
    )


MINI_CONFTEST = """
import os
import pytest

pytest_plugins = ["tests.parallel"]


@pytest.fixture(scope="session")
def real():
    return "engine"


@pytest.fixture(scope="session")
def key_server():
    return "server"


@pytest.fixture
def server(key_server):
    return key_server


@pytest.fixture(autouse=True)
def record(request):
    yield
    with open(os.environ["RECORD"], "a") as fh:
        cores = ",".join(map(str, sorted(os.sched_getaffinity(0))))
        fh.write(f"{os.environ['PYTEST_XDIST_WORKER']} {cores} {request.node.nodeid}\\n")
"""


def test_under_xdist_each_group_runs_in_one_worker_pinned_to_its_own_core(tmp_path):
    """The real mechanism, not its parts: a small suite run as `make test` runs ours. xdist's own
    loadgroup had stopped grouping under pytest 9.2 without failing a test (both workers then
    started every session engine), so this checks where the tests ran."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "conftest.py").write_text(MINI_CONFTEST)
    (tmp_path / "test_a.py").write_text(
        "".join(f"def test_engine_{i}(real): pass\n" for i in range(3))
        + "".join(f"def test_plain_{i}(): pass\n" for i in range(4))
    )
    (tmp_path / "test_b.py").write_text(
        "".join(f"def test_engine_{i}(real): pass\n" for i in range(3))
        + "".join(f"def test_served_{i}(server): pass\n" for i in range(3))
        + "".join(f"def test_plain_{i}(): pass\n" for i in range(4))
    )
    record = tmp_path / "record.txt"
    root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "RECORD": str(record), "PYTHONPATH": root}
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("PYTEST_XDIST_WORKER_COUNT", None)
    # on every core this suite was given, not only those of the worker running this test
    pin = ["taskset", "-c", ",".join(map(str, ALL_CORES))] if ALL_CORES else []
    p = subprocess.run(
        [
            *pin,
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            "--dist",
            "loadgroup",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    runs = [line.split() for line in record.read_text().splitlines()]
    assert len(runs) == 17

    def workers(pick) -> set[str]:
        return {w for w, _, nodeid in runs if pick(nodeid)}

    assert len(workers(lambda n: "test_engine_" in n)) == 1  # both files' `real` tests together
    assert len(workers(lambda n: "test_served_" in n)) == 1
    assert len(workers(lambda n: "test_a.py::test_plain" in n)) == 1  # the rest: by file
    assert len(workers(lambda n: True)) == 2
    cores = {w: c for w, c, _ in runs}
    if len(ALL_CORES) >= 2:  # one core each, not the same one
        assert all("," not in c and "-" not in c for c in cores.values()) and len(set(cores.values())) == 2


def test_groups_go_out_longest_first_and_unrecorded_ones_last_in_their_order():
    from tests.parallel import longest_first

    seconds = {"real": 400.0, "tests.test_tools": 150.0, "key_server": 200.0}
    scopes = ["tests.test_a", "tests.test_tools", "real", "tests.test_b", "key_server"]
    assert longest_first(scopes, seconds) == [
        "real",
        "key_server",
        "tests.test_tools",
        "tests.test_a",
        "tests.test_b",
    ]
