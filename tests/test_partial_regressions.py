"""Partial regressions count as worse: a row that falls from 2 of 3 constraints met to 0 of 3 is
worse though its all-or-nothing score stays 0 (tasks.eval.share, the eval summary, dev_table)."""

from selfrefine.tasks import registry
from selfrefine.tasks.eval import share, summarize
from selfrefine.tasks.tools.dev_table import sign_test, stats


def _record(base_share, final_share, base=0.0, final=0.0):
    draft = {"stage": "draft", "round": 0, "completion_tokens": 10, "seconds": 1.0}
    return {
        "id": "x",
        "status": "ok",
        "outputs": ["a", "b"],
        "scores": [{"score": base, "partial": base_share}, {"score": final, "partial": final_share}],
        "score_by_round": [base] + [final] * 16,
        "base": base,
        "final": final,
        "selected_round": 1,
        "stop_reason": "max_rounds",
        "rounds": 1,
        "checks": {},
        "usage": {"prompt_tokens": 1, "cached_tokens": 0, "completion_tokens": 30},
        "usage_all_calls": {"completion_tokens": 30},
        "seconds": 3.0,
        "rounds_per_item": 1,
        "trace": [draft],
    }


def test_a_fall_from_two_of_three_to_none_is_worse():
    r = _record(2 / 3, 0.0)
    assert share(r, "base") > share(r, "final")
    task = registry.load("generic:dev")
    summary = summarize(task, [r, _record(1 / 3, 2 / 3), _record(0.5, 0.5)], {"settings": {}})
    assert summary["worsened"] == 0 and summary["worsened_partial"] == 1
    assert summary["improved_partial"] == 1
    s = stats([r, _record(1 / 3, 2 / 3)])
    assert (s["better"], s["worse"]) == (1, 1)


def test_error_records_are_counted_not_dropped():
    s = stats([_record(0.0, 1.0, 0.0, 1.0), {"id": "y", "status": "error"}])
    assert s["items"] == 2 and s["errors"] == 1


def test_the_sign_test():
    assert sign_test(0, 0) == 1.0 and sign_test(5, 5) == 1.0
    assert abs(sign_test(25, 1) - 8.05e-7) < 1e-8
