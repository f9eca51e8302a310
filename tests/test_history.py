"""Token-level history against the real SmolLM2 tokenizer and chat template."""

import pytest
from transformers import AutoTokenizer

from selfrefine.engine.backends import models
from selfrefine.engine.core.history import ChatFormat, Conversation
from selfrefine.engine.errors import ModelError
from tests.fakes import CharTokenizer


@pytest.fixture(scope="module")
def tok():
    return AutoTokenizer.from_pretrained(models.pull("smollm2-135m-instruct"))


def test_conversation_matches_the_template_rendering(tok):
    fmt = ChatFormat.from_tokenizer(tok)
    conv = Conversation(tok, fmt, "What is 2+2?")
    snapshots = [conv.prompt()]
    conv.add_assistant_text("4")
    conv.add_user("Check it.")
    snapshots.append(conv.prompt())
    msgs = [
        {"role": "user", "content": "What is 2+2?"},
        {"role": "assistant", "content": "4"},
        {"role": "user", "content": "Check it."},
    ]
    rendered = tok.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True)
    assert tok.decode(conv.prompt()) == rendered
    assert snapshots[1][: len(snapshots[0])] == snapshots[0]


def test_generated_ids_are_kept_verbatim_and_eos_is_not_doubled(tok):
    fmt = ChatFormat.from_tokenizer(tok)
    conv = Conversation(tok, fmt, "hi")
    generated = tok.encode("Hello there", add_special_tokens=False) + [tok.eos_token_id]
    before = conv.prompt()
    conv.add_assistant_ids(generated)
    assert conv.ids[len(before) : len(before) + len(generated) - 1] == generated[:-1]
    assert tok.decode(conv.ids).count("<|im_end|>") == 3  # system, user, assistant


def test_non_append_only_template_is_refused():
    class Rewriting(CharTokenizer):
        def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False):
            return f"[{len(messages)} turns]" + super().apply_chat_template(
                messages, tokenize, add_generation_prompt
            )

    with pytest.raises(ModelError, match="append-only"):
        ChatFormat.from_tokenizer(Rewriting())
