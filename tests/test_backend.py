"""The backend base (engine.backends.backend) without a model: special tokens, logprobs, generate."""

import asyncio
from dataclasses import dataclass

import pytest

from selfrefine.engine.backends.backend import (
    COUNTERS,
    LOGPROB_FLOOR,
    Backend,
    LogprobRelease,
    Request,
    end_token_ids,
    finite_logprob,
    grammar_banned_ids,
    special_token_ids,
    text_logprobs,
    token_starts,
)
from selfrefine.engine.core.history import ChatFormat, Conversation
from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter, PromptTooLong
from selfrefine.engine.types import Completion, Sampling, TokenLogprob
from tests.fakes import CharTokenizer


@dataclass
class _Added:
    special: bool


class QwenLike(CharTokenizer):
    """Qwen's layout of special tokens (ids above the characters): EOS is <|im_end|>, the
    generation config ends on <|endoftext|> too, a fill-in-the-middle marker is special without
    being named, and one added token is not special at all."""

    ENDOFTEXT, IM_START, IM_END, FIM, TOOL = 0x110000, 0x110001, 0x110002, 0x110003, 0x110004
    eos_token_id = IM_END
    all_special_ids = [ENDOFTEXT, IM_START, IM_END]
    added_tokens_decoder = {
        ENDOFTEXT: _Added(True),
        IM_START: _Added(True),
        IM_END: _Added(True),
        FIM: _Added(True),
        TOOL: _Added(False),
    }


Q = QwenLike


# ------------------------------------------------------------------ special tokens


def test_a_grammar_call_may_write_the_tokenizers_eos_and_no_other_special_token():
    banned = grammar_banned_ids(Q())
    assert banned == [Q.ENDOFTEXT, Q.IM_START, Q.FIM]  # ascending, the generation config's end too
    assert Q.IM_END not in banned and Q.TOOL not in banned  # EOS ends the grammar; TOOL is plain text


def test_end_tokens_are_the_tokenizers_eos_and_the_generation_configs():
    assert end_token_ids(Q()) == {Q.IM_END}
    assert end_token_ids(Q(), Q.ENDOFTEXT) == {Q.IM_END, Q.ENDOFTEXT}
    assert end_token_ids(Q(), [Q.IM_END, Q.ENDOFTEXT]) == {Q.IM_END, Q.ENDOFTEXT}
    assert end_token_ids(CharTokenizer(), None) == set()  # no EOS at all


def test_every_end_token_is_special_and_history_drops_a_final_one():
    tok = Q()
    assert end_token_ids(tok, [Q.IM_END, Q.ENDOFTEXT]) <= special_token_ids(tok)
    assert special_token_ids(tok) == {Q.ENDOFTEXT, Q.IM_START, Q.IM_END, Q.FIM}
    assert special_token_ids(CharTokenizer()) == set()
    fmt = ChatFormat.from_tokenizer(tok)
    for end in (Q.IM_END, Q.ENDOFTEXT):  # whichever end token stopped the turn
        conv = Conversation(tok, fmt, "hi")
        before = conv.prompt()
        conv.add_assistant_ids([ord("o"), ord("k"), end])
        assert conv.ids[len(before) :] == [ord("o"), ord("k")] + tok.encode(fmt.assistant_end)
    conv = Conversation(tok, fmt, "hi")
    conv.add_assistant_ids([ord("o"), Q.TOOL])  # not special: content, kept
    assert Q.TOOL in conv.ids


# ------------------------------------------------------------------ logprobs


def _entries(*tokens: str) -> list[TokenLogprob]:
    return [TokenLogprob(i, t, -1.0) for i, t in enumerate(tokens)]


def test_logprobs_keep_the_tokens_of_the_returned_text():
    entries = _entries("Hel", "lo", "\n", "Bye")  # generated "Hello\nBye", stop string "\nB"
    assert token_starts(entries) == [0, 3, 5, 6] and token_starts([]) == []
    assert text_logprobs(entries, 5, "string") == entries[:2]  # "\n" starts where the text ends
    assert text_logprobs(entries, 6, "string") == entries[:3]
    assert text_logprobs(entries, 5, "string", starts=[0, 3, 4, 6]) == entries[:3]  # given starts win
    eos = _entries("Hi", "")
    assert text_logprobs(eos, 2, "token") == eos[:1]  # EOS (or a stop token id) is the last token
    assert text_logprobs([], 0, "token") == []
    assert text_logprobs(entries, 9, None) == entries  # length: every token is in the text


def test_logprob_floor():
    assert finite_logprob(-1.5) == -1.5
    for low in (float("-inf"), float("nan"), -1e6):
        assert finite_logprob(low) == LOGPROB_FLOOR


def test_streamed_entries_go_out_with_the_text_they_start_in():
    out = LogprobRelease()
    for e in _entries("Hel", "lo", "\n"):
        out.add(e)  # starts 0, 3, 5 (where the previous token ends)
    assert out.starts == [0, 3, 5]
    assert [e.token for e in out.upto(0)] == []  # no text released yet
    assert [e.token for e in out.upto(2)] == ["Hel"]  # "He" released: "Hel" starts in it
    assert out.upto(2) == []  # never twice
    assert [e.token for e in out.upto(5)] == ["lo"]  # "\n" is held back (maybe a stop string)
    final = out.entries[:2]  # the stop string matched: its token is not the text's
    assert out.rest(final) == [] and out.sent == 2
    given = LogprobRelease()
    given.add(_entries("a")[0], 0)
    given.add(_entries("b")[0], 4)  # a decoder may place a token past the previous one's end
    assert len(given.upto(4)) == 1 and len(given.rest(given.entries)) == 1


# ------------------------------------------------------------------ the generate contract


class _Echo(Backend):
    """A backend that records the checked request and answers with its max_tokens."""

    backend = "echo"

    def __init__(self, started=True, dead=False, max_model_len=16):
        super().__init__("/models/echo")
        self._started, self._dead, self.max_model_len = started, dead, max_model_len
        self.requests: list[Request] = []

    @property
    def started(self) -> bool:
        return self._started

    @property
    def dead(self) -> bool:
        return self._dead

    async def _run(self, r: Request) -> Completion:
        self.requests.append(r)
        self.counters["requests"] += 1
        return self._counted(Completion("x", [1], len(r.prompt_ids), 1, r.max_tokens, 0.0))


def test_generate_checks_the_call_and_cuts_max_tokens_to_the_room_left():
    engine = _Echo()
    assert engine.name == "/models/echo" and engine.counters == dict.fromkeys(COUNTERS, 0)
    out = asyncio.run(engine.generate([1] * 10, Sampling(max_tokens=100), {"type": "object"}, logprobs=3))
    assert out.completion_tokens == 6  # 16 - 10
    (r,) = engine.requests
    assert (r.json_schema, r.logprobs, r.on_text, r.on_tokens) == ({"type": "object"}, 3, None, None)
    assert engine.counters == {
        "requests": 1,
        "aborted": 0,
        "prompt_tokens": 10,
        "cached_tokens": 1,
        "completion_tokens": 6,
    }
    for prompt, logprobs, error in (
        ([], None, InvalidParameter),
        ([1] * 16, None, PromptTooLong),
        ([1], 21, InvalidParameter),
    ):
        with pytest.raises(error):
            asyncio.run(engine.generate(prompt, Sampling(), logprobs=logprobs))
    with pytest.raises(EngineFault, match="not started"):
        asyncio.run(_Echo(started=False).generate([1], Sampling()))
    with pytest.raises(EngineDead):
        asyncio.run(_Echo(dead=True).generate([1], Sampling()))
    assert len(engine.requests) == 1  # a refused call never reaches the backend


def test_defaults_every_engine_has():
    engine = _Echo()
    assert (engine.dead, engine.kv_capacity_tokens, engine.vllm_metrics()) == (False, None, [])
    assert Backend.dead is False


def test_a_failed_load_says_what_failed_for_which_model_on_one_line():
    engine = _Echo()
    with pytest.raises(EngineFault) as e:
        with engine._loading("transformers could not load", " (hint)"):
            raise OSError("no such\n  file " + "x" * 700)
    message = str(e.value)
    assert message.startswith("transformers could not load /models/echo: OSError: no such file xxx")
    assert message.endswith("x (hint)") and "\n" not in message and isinstance(e.value.__cause__, OSError)
    assert isinstance(engine._fault(RuntimeError("boom")), EngineFault)
    assert str(engine._fault(RuntimeError("boom"))) == "RuntimeError: boom"
    assert isinstance(_Echo(dead=True)._fault(RuntimeError("boom")), EngineDead)


# ------------------------------------------------------------------ the vLLM backend's use of it (no vLLM)


def _seq(tokens: list[str], text: str, finish: str | None = None, stop_reason=None):
    """A vLLM CompletionOutput stand-in: per position, the sampled token at rank 1."""
    from types import SimpleNamespace as NS

    positions = [{i: NS(rank=1, logprob=-0.5, decoded_token=t)} for i, t in enumerate(tokens)]
    return NS(
        token_ids=list(range(len(tokens))),
        logprobs=positions,
        text=text,
        finish_reason=finish,
        stop_reason=stop_reason,
    )


def test_vllm_reports_and_streams_the_entries_of_its_text():
    from selfrefine.engine.backends.vllm_engine import VLLMEngine, _TokenStream

    engine = VLLMEngine("m")
    assert engine.backend == "vllm" and not engine.started and not engine.dead
    tokens = ["Hel", "lo", "\n", "Bye"]
    texts = lambda seq: [e.token for e in engine._text_logprobs(seq, 1)]  # noqa: E731
    assert texts(_seq(tokens, "Hello", "stop", "\nB")) == ["Hel", "lo"]  # stop string "\nB"
    assert texts(_seq(tokens[:2] + [""], "Hello", "stop", None)) == ["Hel", "lo"]  # EOS
    assert texts(_seq(tokens, "Hello\nBye", "length")) == tokens

    stream, got = _TokenStream(engine, 1), []
    for n, shown in ((1, "He"), (2, "Hello"), (3, "Hello")):  # "\n" held back: it may start "\nB"
        got.append([e.token for e in stream.release(_seq(tokens[:n], shown), finished=False)])
    got.append([e.token for e in stream.release(_seq(tokens, "Hello", "stop", "\nB"), finished=True)])
    assert got == [["Hel"], ["lo"], [], []]
