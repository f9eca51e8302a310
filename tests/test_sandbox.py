"""The sandbox contains hostile programs: each test runs a real one and checks the host after."""

import os
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

from selfrefine.tasks.sandbox import UID_RANGE, Limits, run_python

pytestmark = pytest.mark.sandbox  # skipped where unavailable, a failure in CI (tests/conftest.py)


def _sandbox_pids(uids: list[int] | None = None) -> list[int]:
    """Processes of sandbox uids (of `uids` only, when given)."""
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                for line in (d / "status").read_text().splitlines():
                    uid = int(line.split()[1]) if line.startswith("Uid:") else None
                    if (
                        uid is not None
                        and UID_RANGE[0] <= uid < UID_RANGE[1]
                        and (uids is None or uid in uids)
                    ):
                        pids.append(int(d.name))
            except (OSError, ValueError):
                pass
    return pids


def _leftovers(uids: list[int], wait_s: float = 5.0) -> set[int]:
    """Processes of the runs' own uids still alive after them (the kernel needs a moment to reap
    them). Other tests' sandbox runs, in another xdist worker, have other uids."""
    assert uids, "no sandbox run was recorded"
    deadline = time.perf_counter() + wait_s
    while True:
        left = set(_sandbox_pids(uids))
        if not left or time.perf_counter() > deadline:
            return left
        time.sleep(0.1)


@pytest.fixture
def run_uids(monkeypatch) -> list[int]:
    """The uids the sandbox draws for the runs of this test, in order."""
    import random

    drawn: list[int] = []

    class Recording(random.SystemRandom):
        def randrange(self, *args, **kwargs):
            drawn.append(super().randrange(*args, **kwargs))
            return drawn[-1]

    monkeypatch.setattr(random, "SystemRandom", Recording)
    return drawn


def test_ordinary_program_reads_stdin_and_prints():
    r = run_python("import sys\nn = int(sys.stdin.readline())\nprint(sum(range(n)))\n", stdin="10\n")
    assert r.ok, r.stderr
    assert r.stdout == "45\n"
    assert r.wall_s < 5


def test_infinite_loop_is_stopped_by_the_wall_clock():
    t0 = time.perf_counter()
    r = run_python("while True:\n    pass\n", limits=Limits(wall_s=1.5, cpu_s=30))
    assert r.timed_out and not r.ok
    assert r.returncode is None
    assert time.perf_counter() - t0 < 6


def test_cpu_limit_kills_a_busy_program_before_the_wall_clock():
    r = run_python("while True:\n    pass\n", limits=Limits(wall_s=20, cpu_s=1))
    assert not r.timed_out
    assert r.returncode is not None and r.returncode != 0  # SIGXCPU / SIGKILL
    assert r.wall_s < 10


def test_fork_bomb_is_contained_and_leaves_no_process(run_uids):
    code = (
        "import os\n"
        "n = 0\n"
        "while True:\n"
        "    try:\n"
        "        os.fork(); n += 1\n"
        "    except OSError:\n"
        "        pass\n"
    )
    t0 = time.perf_counter()
    r = run_python(code, limits=Limits(wall_s=2, cpu_s=5, max_procs=16))
    assert r.timed_out or r.returncode != 0
    assert time.perf_counter() - t0 < 10
    assert _leftovers(run_uids) == set()  # the PID namespace took every fork with it


def test_fork_bomb_that_orphans_its_children_is_reaped_with_the_namespace(run_uids):
    code = (
        "import os, time\n"
        "for _ in range(8):\n"
        "    if os.fork() == 0:\n"
        "        time.sleep(60)\n"
        "print('parent done')\n"  # the program exits at once, its children keep sleeping
    )
    r = run_python(code, limits=Limits(wall_s=10))
    assert r.stdout.count("parent done") == 1
    assert r.wall_s < 8
    assert _leftovers(run_uids) == set()


def test_process_count_is_capped():
    code = (
        "import os, time\n"
        "ok = 0\n"
        "for _ in range(200):\n"
        "    try:\n"
        "        if os.fork() == 0:\n"
        "            time.sleep(5); os._exit(0)\n"
        "        ok += 1\n"
        "    except OSError:\n"
        "        break\n"
        "print(ok, flush=True)\n"
        "os._exit(0)\n"
    )
    r = run_python(code, limits=Limits(wall_s=10, max_procs=16))
    assert r.returncode == 0, r.stderr
    assert int(r.stdout) < 16


def test_ten_gigabyte_allocation_fails_inside():
    r = run_python("x = bytearray(10 * 1024 ** 3)\nprint('allocated')\n", limits=Limits(memory_mb=512))
    assert r.returncode == 1
    assert "MemoryError" in r.stderr
    assert "allocated" not in r.stdout


def test_files_outside_the_folder_are_invisible():
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, dir="/tmp") as f:
        f.write("top secret")
    os.chmod(f.name, 0o644)  # world-readable on the host: only the chroot keeps it out
    try:
        code = (
            "import os\n"
            f"for p in [{f.name!r}, '/etc/passwd', '/work/../../etc/hostname', "
            f"{str(Path(__file__).resolve())!r}]:\n"
            "    try:\n"
            "        print('READ', open(p).read()[:20])\n"
            "    except OSError as e:\n"
            "        print('denied', type(e).__name__)\n"
        )
        r = run_python(code)
        assert r.ok, r.stderr
        assert "READ" not in r.stdout and "top secret" not in r.stdout
        assert r.stdout.count("denied") == 4
    finally:
        os.unlink(f.name)


def test_writes_only_inside_the_private_folder():
    code = (
        "open('out.txt', 'w').write('fine')\n"
        "print(open('out.txt').read())\n"
        "for p in ['/usr/evil.txt', '/evil.txt', '/tmp/evil.txt']:\n"
        "    try:\n"
        "        open(p, 'w').write('x'); print('WROTE', p)\n"
        "    except OSError as e:\n"
        "        print('denied', type(e).__name__)\n"
    )
    r = run_python(code)
    assert r.ok, r.stderr
    assert r.stdout.startswith("fine\n")
    assert "WROTE" not in r.stdout and r.stdout.count("denied") == 3
    assert not Path("/tmp/evil.txt").exists() and not Path("/usr/evil.txt").exists()


def test_socket_cannot_reach_a_loopback_listener_on_the_host():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    srv.settimeout(4)
    port = srv.getsockname()[1]
    accepted = []

    def accept():
        try:
            conn, _ = srv.accept()
            accepted.append(conn)
        except OSError:
            pass

    t = threading.Thread(target=accept)
    t.start()
    # Sanity: the listener is reachable from outside the sandbox.
    probe = socket.create_connection(("127.0.0.1", port), timeout=2)
    t.join(5)
    assert len(accepted) == 1
    probe.close()
    accepted[0].close()
    accepted.clear()

    t = threading.Thread(target=accept)
    t.start()
    code = (
        "import socket\n"
        "for host in ['127.0.0.1', '10.0.0.1']:\n"
        "    try:\n"
        f"        socket.create_connection((host, {port}), timeout=2); print('CONNECTED', host)\n"
        "    except OSError as e:\n"
        "        print('blocked', type(e).__name__)\n"
    )
    r = run_python(code, limits=Limits(wall_s=10))
    t.join(6)
    srv.close()
    assert r.ok, r.stderr
    assert "CONNECTED" not in r.stdout and r.stdout.count("blocked") == 2
    assert accepted == []


def test_printing_a_gigabyte_is_cut_at_the_cap():
    code = "import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(1024):\n    sys.stdout.write(chunk)\n"
    t0 = time.perf_counter()
    r = run_python(code, limits=Limits(wall_s=30, output_bytes=1 << 20))
    assert r.output_truncated and not r.ok
    assert len(r.stdout) == 1 << 20
    assert time.perf_counter() - t0 < 10


def test_big_file_write_is_capped():
    code = "f = open('big', 'wb')\nfor _ in range(64):\n    f.write(b'x' * (1 << 20))\n"
    r = run_python(code, limits=Limits(file_mb=4))
    assert r.returncode != 0  # SIGXFSZ or OSError: file too large


def test_bad_limits_are_rejected():
    with pytest.raises(ValueError):
        Limits(memory_mb=1)
    with pytest.raises(ValueError):
        Limits(wall_s=0)


def _largest_sandbox_user(before: set[int]) -> int:
    """The most processes any one sandbox uid has, among those not in `before`."""
    uids: dict[str, int] = {}
    for pid in set(_sandbox_pids()) - before:
        try:
            lines = Path(f"/proc/{pid}/status").read_text().splitlines()
            uid = next(x for x in lines if x.startswith("Uid:"))
        except (OSError, StopIteration):
            continue  # gone already
        uids[uid] = uids.get(uid, 0) + 1
    return max(uids.values(), default=0)


def test_a_fork_bomb_does_not_starve_a_concurrent_run():
    bomb = "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
    before = set(_sandbox_pids())
    t = threading.Thread(target=run_python, args=(bomb,), kwargs={"limits": Limits(wall_s=6, max_procs=16)})
    t.start()
    # wait until the bomb's uid holds its whole process cap (seen here: within 0.3 s)
    deadline = time.perf_counter() + 5
    while _largest_sandbox_user(before) < 16 and time.perf_counter() < deadline and t.is_alive():
        time.sleep(0.02)
    assert _largest_sandbox_user(before) == 16, "the bomb never reached its process cap"
    r = run_python("print(6 * 7)\n")
    assert t.is_alive(), "the bomb ended before the concurrent run did: the run raced nothing"
    t.join(20)
    assert r.ok and r.stdout == "42\n"
