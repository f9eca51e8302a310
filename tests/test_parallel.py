"""The suite's own parallel layout (tests/parallel.py): which cores a worker gets, which group a
test runs in."""

from types import SimpleNamespace

import pytest

from tests.parallel import worker_cores, xdist_group


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
