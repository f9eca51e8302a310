"""Run model-written Python in a contained subprocess: time, CPU, memory, processes, network,
files and output are all bounded. If namespaces are unavailable (Linux with root or
unprivileged user namespaces and util-linux `unshare` is needed), `run_python` raises
`SandboxUnavailable` instead of running untrusted code unconfined. How it is contained: the
comment above `_LAUNCHER`.
"""

from __future__ import annotations

import os
import random
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

UID_RANGE = (200_000, 1_200_000)
"""Each run gets its own unused uid from this range, so RLIMIT_NPROC (counted per uid) bounds
that run alone: a fork bomb in one run cannot starve a concurrent run of processes."""


class SandboxUnavailable(RuntimeError):
    """This machine cannot build the sandbox (no unshare / namespaces)."""


@dataclass(frozen=True)
class Limits:
    """Bounds for one run."""

    wall_s: float = 10.0
    cpu_s: int = 10
    memory_mb: int = 512
    """RLIMIT_AS: address space per process."""
    max_procs: int = 16
    """RLIMIT_NPROC for the sandbox user (processes + threads)."""
    output_bytes: int = 1 << 20
    """stdout and stderr are each cut here and the program is killed."""
    file_mb: int = 16
    """Largest file the program may write (RLIMIT_FSIZE)."""

    def __post_init__(self) -> None:
        if not (0 < self.wall_s <= 3600 and 0 < self.cpu_s <= 3600):
            raise ValueError("wall_s and cpu_s must be in (0, 3600]")
        if not 64 <= self.memory_mb <= 65536:
            raise ValueError("memory_mb must be in [64, 65536]")
        if not 1 <= self.max_procs <= 1024:
            raise ValueError("max_procs must be in [1, 1024]")


@dataclass
class RunResult:
    """What one contained run did."""

    stdout: str
    stderr: str
    returncode: int | None
    """Exit status; negative = killed by that signal; None = never finished."""
    timed_out: bool = False
    output_truncated: bool = False
    wall_s: float = 0.0
    cpu_s: float = 0.0
    """User + system CPU of the program and every process it waited for."""
    program_s: float | None = None
    """With timed=True: CPU seconds of the program itself, interpreter start-up excluded."""

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and not self.output_truncated

    def describe(self) -> str:
        if self.timed_out:
            return "timed out"
        if self.output_truncated:
            return "output over the cap"
        if self.returncode == 0:
            return "ok"
        tail = self.stderr.strip().splitlines()[-1:] or [""]
        return f"exit {self.returncode}: {tail[0][:200]}"


# How the program is contained:
#
# - `unshare --mount --net --pid --fork --kill-child`: a private mount table, a network
#   namespace with only a down loopback (no route anywhere, not even to the host's 127.0.0.1),
#   and a PID namespace whose init is the program: when it exits or is killed, the kernel kills
#   every process left in the namespace (a fork bomb dies with it).
# - Inside, a tiny launcher (run with `python -I -S`) builds a root folder from read-only bind
#   mounts of /usr and the interpreter's prefix plus the private work folder (read-write),
#   chroots into it, sets RLIMIT_AS / CPU / NPROC / FSIZE / NOFILE / CORE, drops to a fresh
#   unprivileged uid of its own (so RLIMIT_NPROC applies: it is ignored for root, and it is
#   counted per uid) and execs Python on the program. Nothing outside /usr, the interpreter
#   and the work folder is visible, and the only writable place is the work folder.
# - The parent enforces the wall-clock limit and caps stdout / stderr while reading them; on
#   timeout or overflow it kills the whole process group (and `--kill-child` the namespace).
#
# The launcher runs as root inside the new namespaces, before the program. Only stdlib.
_LAUNCHER = r"""
import ctypes, os, resource, sys
root, work, prefix, uid, mem, cpu, nproc, fsize = sys.argv[1:9]
uid, mem, cpu, nproc, fsize = int(uid), int(mem), int(cpu), int(nproc), int(fsize)
libc = ctypes.CDLL(None, use_errno=True)
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 32, 4096, 16384, 1 << 18
def mount(src, dst, flags):
    if libc.mount(src and src.encode(), dst.encode(), None, flags, None) != 0:
        e = ctypes.get_errno(); raise OSError(e, f"mount {src} -> {dst}: {os.strerror(e)}")
mount(None, "/", MS_REC | MS_PRIVATE)
def bind(src, ro=True):
    dst = root + src
    if os.path.isdir(src):
        os.makedirs(dst, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(dst), exist_ok=True); open(dst, "a").close()
    mount(src, dst, MS_BIND | MS_REC)
    if ro:
        mount(None, dst, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_REC)
bind("/usr")
if not prefix.startswith("/usr/"):
    bind(prefix)
for name in ("bin", "lib", "lib64", "sbin"):
    if os.path.islink("/" + name) and not os.path.lexists(f"{root}/{name}"):
        os.symlink(os.readlink("/" + name), f"{root}/{name}")
    elif os.path.isdir("/" + name) and not os.path.islink("/" + name):
        bind("/" + name)
bind("/dev/null", ro=False); bind("/dev/urandom")
os.makedirs(root + "/work", exist_ok=True)
mount(work, root + "/work", MS_BIND | MS_NOSUID | MS_NODEV)
os.chroot(root); os.chdir("/work")
for res, val in ((resource.RLIMIT_AS, mem), (resource.RLIMIT_CPU, cpu), (resource.RLIMIT_NPROC, nproc),
                 (resource.RLIMIT_FSIZE, fsize), (resource.RLIMIT_NOFILE, 64), (resource.RLIMIT_CORE, 0)):
    resource.setrlimit(res, (val, val))
os.setgroups([]); os.setgid(uid); os.setuid(uid)
os.execve(sys.executable, [sys.executable, "-I", "-B", sys.argv[9]],
          {"PATH": "/usr/bin:/bin", "HOME": "/work", "TMPDIR": "/work", "LANG": "C.UTF-8",
           "PYTHONIOENCODING": "utf-8", "PYTHONHASHSEED": "0"})
"""


# With timed=True the program runs under this harness, which records its CPU time.
_TIMER = """import runpy, sys, time
t0 = time.process_time()
code = 0
try:
    runpy.run_path("main.py", run_name="__main__")
except SystemExit as exc:
    code = exc.code
finally:
    dt = time.process_time() - t0
    try:
        sys.stdout.flush()
    finally:
        with open(".elapsed", "w") as f:
            f.write(repr(dt))
sys.exit(code)
"""


def _python() -> tuple[str, str]:
    """The real interpreter (not a venv shim) and its prefix."""
    exe = os.path.realpath(sys.executable)
    return exe, os.path.realpath(sys.base_prefix)


@lru_cache(maxsize=1)
def check_available() -> str | None:
    """None when the sandbox works here, else why not."""
    if sys.platform != "linux":
        return "the sandbox needs Linux namespaces"
    if shutil.which("unshare") is None:
        return "util-linux `unshare` is not installed"
    r = subprocess.run(
        ["unshare", "--mount", "--net", "--pid", "--fork", "--kill-child", "true"],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        return f"unshare failed: {r.stderr.strip()[:200]} (run as root or enable user namespaces)"
    return None


def run_python(
    code: str,
    stdin: str = "",
    limits: Limits | None = None,
    files: dict[str, str] | None = None,
    timed: bool = False,
) -> RunResult:
    """Run `code` as main.py in a fresh private folder under the limits; return what it did.

    `files` are extra files placed next to it; `timed` measures the program's own CPU time.
    """
    limits = limits or Limits()
    why = check_available()
    if why:
        raise SandboxUnavailable(why)
    exe, prefix = _python()
    base = Path(tempfile.mkdtemp(prefix="selfrefine-sbx-"))
    try:
        os.chmod(base, 0o700)
        work = base / "work"
        root = base / "root"
        work.mkdir()
        root.mkdir()
        os.chmod(root, 0o755)
        (work / "main.py").write_text(code)
        if timed:
            (work / "_timer.py").write_text(_TIMER)
        for name, text in (files or {}).items():
            if "/" in name or name.startswith(".") or name in ("main.py", "_timer.py"):
                raise ValueError(f"bad file name {name!r}")
            (work / name).write_text(text)
        uid = random.SystemRandom().randrange(*UID_RANGE)
        if os.geteuid() == 0:
            for p in [work, *work.iterdir()]:
                os.chown(p, uid, uid)
        argv = [
            "unshare",
            "--mount",
            "--net",
            "--pid",
            "--fork",
            "--kill-child",
            "--",
            exe,
            "-I",
            "-S",
            "-c",
            _LAUNCHER,
            str(root),
            str(work),
            prefix,
            str(uid),
            str(limits.memory_mb << 20),
            str(limits.cpu_s),
            str(limits.max_procs),
            str(limits.file_mb << 20),
            "_timer.py" if timed else "main.py",
        ]
        res = _supervise(argv, stdin, limits)
        if timed and res.ok:
            try:
                res.program_s = float((work / ".elapsed").read_text())
            except (OSError, ValueError):
                res.program_s = None
        return res
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _supervise(argv: list[str], stdin: str, limits: Limits) -> RunResult:
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )

    # Feed stdin from a thread so a program that prints before reading cannot deadlock us.
    def feed() -> None:
        try:
            if stdin:
                proc.stdin.write(stdin.encode())
            proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    threading.Thread(target=feed, daemon=True).start()
    bufs = {proc.stdout.fileno(): bytearray(), proc.stderr.fileno(): bytearray()}
    sel = selectors.DefaultSelector()
    for f in (proc.stdout, proc.stderr):
        os.set_blocking(f.fileno(), False)
        sel.register(f.fileno(), selectors.EVENT_READ)
    timed_out = truncated = False
    deadline = t0 + limits.wall_s
    while sel.get_map():
        left = deadline - time.perf_counter()
        if left <= 0:
            timed_out = True
            break
        for key, _ in sel.select(min(left, 0.5)):
            try:
                chunk = os.read(key.fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                sel.unregister(key.fd)
                continue
            buf = bufs[key.fd]
            room = limits.output_bytes - len(buf)
            buf += chunk[:room]
            if len(chunk) > room:
                truncated = True
        if truncated:
            break
    if timed_out or truncated:
        _kill(proc)
    rc, cpu = _reap(proc, deadline + 5)
    if rc is None:
        timed_out = True
    sel.close()
    proc.stdout.close()
    proc.stderr.close()
    out, err = bufs.values()
    return RunResult(
        stdout=out.decode(errors="replace"),
        stderr=err.decode(errors="replace"),
        returncode=None if (timed_out or truncated) else rc,
        timed_out=timed_out,
        output_truncated=truncated,
        wall_s=time.perf_counter() - t0,
        cpu_s=cpu,
    )


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _reap(proc: subprocess.Popen, deadline: float) -> tuple[int | None, float]:
    """Wait for unshare; its rusage includes the program it waited for."""
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            # unshare reports a killed child as 128 + signal; map back to -signal.
            rc = proc.returncode
            if rc > 128:
                rc = -(rc - 128)
            return rc, ru.ru_utime + ru.ru_stime
        if time.perf_counter() > deadline:
            _kill(proc)
            deadline = time.perf_counter() + 5
        time.sleep(0.01)
