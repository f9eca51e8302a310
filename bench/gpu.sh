#!/usr/bin/env bash
# The benchmark on a CUDA machine: every mode with a real model at 64 and 256 concurrent loops.
#
# Run: bash bench/gpu.sh [MODEL]        (after `SELFREFINE_EXTRA=gpu make setup`, or in the image)
#   MODEL      hub id or local folder (default Qwen/Qwen2.5-1.5B-Instruct; a 7B fits one H200 too)
#   LOOPS      loops in modes 1, 3, 4 (default 256)
#   SWEEP      concurrency sweep for ours vs sequential (default 1,16,64,256)
#   KV_GIB     KV cache for our engine and vLLM's server alike (default 40)
#   PRESSURE_KV_GIB  KV cache of the pressure / growth / lowload modes, small enough that the
#              histories of PRESSURE_LOOPS loops compete for it (default 1, with 256 loops)
#   COMPILE=1  torch.compile + CUDA graphs (faster steps, ~1 min more per engine start; the
#              default eager run is sized to finish in under 8 minutes on one H200)
#   OUT        results folder (default results/bench-gpu)
# Writes the same report as `selfrefine bench`: bench.json, bench.md, PNG plots, calls.json.
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:-${MODEL:-Qwen/Qwen2.5-1.5B-Instruct}}
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "bench/gpu.sh: no NVIDIA GPU found (nvidia-smi); on CPU run: selfrefine bench" >&2
  exit 2
fi
bin=selfrefine
[ -x .venv/bin/selfrefine ] && bin=.venv/bin/selfrefine
compile=--eager
[ "${COMPILE:-0}" = 1 ] && compile=--compile
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
export VLLM_LOGGING_LEVEL=${VLLM_LOGGING_LEVEL:-WARNING}
time "$bin" bench --model "$model" --loops "${LOOPS:-256}" --sweep "${SWEEP:-1,16,64,256}" \
  --rounds 2 --max-tokens 128 --max-model-len 4096 --kv-cache-gib "${KV_GIB:-40}" \
  --gpu-memory-utilization 0.9 "$compile" --out "${OUT:-results/bench-gpu}" \
  --pressure-kv-gib "${PRESSURE_KV_GIB:-1}" --pressure-loops "${PRESSURE_LOOPS:-256}" \
  --growth-loops "${GROWTH_LOOPS:-1,16,64,256,512}"
