"""Model catalog, resolution and the checksum guard of `pull`."""

import dataclasses

import pytest

from selfrefine.engine.backends import models
from selfrefine.engine.errors import ModelError


def test_catalog_has_the_three_models_and_a_default():
    assert set(models.CATALOG) == {
        "smollm2-135m-instruct",
        "qwen2.5-coder-0.5b-instruct",
        "qwen2.5-coder-1.5b-instruct",
    }
    assert models.DEFAULT_MODEL in models.CATALOG
    for m in models.CATALOG.values():
        assert len(m.sha256) == 64 and all(p.count("==") == 1 for p in m.packages)
    assert len(models.CATALOG["qwen2.5-coder-1.5b-instruct"].packages) == 22


def test_cache_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(models.CACHE_ENV, str(tmp_path))
    assert models.model_dir("x") == tmp_path / "models" / "x"


def test_resolve_rejects_unknown_names_and_bad_folders(tmp_path):
    with pytest.raises(ModelError, match="unknown model"):
        models.resolve("no such model!")
    with pytest.raises(ModelError, match="config.json"):
        models.resolve(str(tmp_path))
    with pytest.raises(ModelError, match="unknown model"):
        models.pull("gpt-17")


def test_resolve_passes_folders_and_hub_ids_through(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    assert models.resolve(str(tmp_path)) == (tmp_path.name, str(tmp_path))
    assert models.resolve("Qwen/Qwen2.5-7B-Instruct") == ("Qwen/Qwen2.5-7B-Instruct",) * 2


def test_pull_refuses_a_checksum_mismatch_and_caches_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv(models.CACHE_ENV, str(tmp_path))
    real = models.CATALOG["smollm2-135m-instruct"]
    tampered = dataclasses.replace(real, name="tampered", sha256="0" * 64)
    monkeypatch.setitem(models.CATALOG, "tampered", tampered)
    stages = []
    with pytest.raises(ModelError, match="sha256 mismatch"):
        models.pull("tampered", lambda s, d, t: stages.append(s))
    assert not models.is_pulled("tampered")
    assert not any(s.startswith("convert") for s in stages)
    assert list((tmp_path / "models").iterdir()) == []  # no staging folder left behind


def test_pulled_test_model_is_a_safetensors_folder():
    path = models.pull("smollm2-135m-instruct")  # cached after the first run
    assert (path / "model.safetensors").is_file() and (path / "tokenizer.json").is_file()
    assert models.resolve("smollm2-135m-instruct") == ("smollm2-135m-instruct", str(path))
