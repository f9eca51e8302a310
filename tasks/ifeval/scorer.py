"""IFEval scorer: the request's verifiable instructions checked on the output, strict mode.

The checkers are IFEval's own (Zhou et al. 2023), as packaged by `if-verifiable` (the `eval`
extra); the sample is built from the row, never from the package's loader (it downloads).
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_loaded: tuple | None = None


def _no_download(*args, **kwargs):
    raise RuntimeError("the IFEval scorer works offline: nltk.download is disabled")


def verifiers() -> tuple:
    """(evaluate_output_for_sample, IFEvalSample, INSTRUCTION_DICT), imported on first use so
    that the task loads (`selfrefine eval list`) without the `eval` extra. The one place the
    verifiers are made to run offline and deterministically: Punkt untrained, nltk.download
    refused, langdetect seeded (why: the comments below)."""
    global _loaded
    with _lock:
        if _loaded is None:
            try:
                import langdetect
                import nltk
                import nltk.tokenize
                from if_verifiable import IFEvalSample, evaluate_output_for_sample
                from if_verifiable.ifeval import instructions_util
                from if_verifiable.ifeval.instructions_registry import INSTRUCTION_DICT
                from langdetect import detector_factory
                from nltk.tokenize.punkt import PunktSentenceTokenizer
            except ImportError as exc:
                raise ImportError(
                    f"the ifeval scorer needs the `eval` extra (if-verifiable): "
                    f"pip install -e '.[eval]' ({exc})"
                ) from exc
            # IFEval counts sentences (length_constraints:number_sentences) with nltk's trained
            # Punkt model (instructions_util._get_sentence_tokenizer loads
            # tokenizers/punkt/english.pickle), and splits words for
            # change_case:capital_word_frequency with nltk.word_tokenize, whose sentence step loads
            # Punkt too (nltk.tokenize._get_punkt_tokenizer). Punkt's data cannot be downloaded
            # here, so both get an untrained PunktSentenceTokenizer() (it splits after . ? ! and
            # knows no abbreviations); every figure compared must use this same replacement
            # (tasks/DATA.md). nltk.download raises, so that nothing reaches the network.
            untrained = PunktSentenceTokenizer()
            instructions_util._get_sentence_tokenizer = lambda: untrained
            nltk.tokenize._get_punkt_tokenizer = lambda language="english": untrained
            nltk.download = _no_download
            # langdetect (language:response_language, change_case:*) is seeded (unseeded, it may
            # answer differently on the same text from run to run) and its profiles are loaded
            # once here, not by the first of several scoring threads.
            langdetect.DetectorFactory.seed = 0
            detector_factory.init_factory()
            _loaded = (evaluate_output_for_sample, IFEvalSample, INSTRUCTION_DICT)
        return _loaded


def sample(row: dict):
    """The if-verifiable IFEvalSample of a task row (the row keeps IFEval's fields as they were)."""
    _, IFEvalSample, _ = verifiers()
    return IFEvalSample(
        key=row["key"],
        prompt=row["request"],
        instruction_id_list=list(row["instruction_id_list"]),
        kwargs=[dict(k) for k in row["kwargs"]],
    )


class IFEvalScorer:
    """score: the share of the row's instructions the output meets (IFEval's strict check), so a
    partial regression (2 of 3 met -> 0 of 3) counts as worse; all_met: 1.0 when every one is."""

    needs_judge = False

    def score(self, row: dict, output: str) -> dict:
        evaluate, _, registry = verifiers()
        ids = list(row["instruction_id_list"])
        unknown = [i for i in ids if i not in registry]
        if unknown:  # if-verifiable would skip them silently: a wrong denominator
            raise ValueError(f"row {row.get('id')}: unknown IFEval instructions {unknown}")
        text = output if isinstance(output, str) else ""
        # An empty answer (or one that is only a <think> block) gets no results: nothing is met.
        results, _ = evaluate("ifeval", sample(row), text)
        if results and [r.instruction_id for r in results] != ids:
            raise ValueError(f"row {row.get('id')}: results do not match the instructions")
        met = [bool(r.strict_pass) for r in results] if results else [False] * len(ids)
        k = sum(met)
        return {
            "score": k / len(ids),
            "instructions_met": k,
            "instructions": len(ids),
            "failed": [i for i, ok in zip(ids, met, strict=True) if not ok],
            "all_met": 1.0 if k == len(ids) else 0.0,
        }
