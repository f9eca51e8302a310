"""Domain errors, raised inside the engine and mapped once at the CLI and HTTP edges."""

# The base and the parameter error live in grammars (which imports nothing from the engine) and
# are the same classes here: an InvalidParameter from a schema is caught as the engine's.
from selfrefine.grammars.errors import InvalidParameter, SelfRefineError

__all__ = ["EngineDead", "EngineFault", "InvalidParameter", "ModelError", "PromptTooLong", "SelfRefineError"]


class ModelError(SelfRefineError):
    """Unknown model, failed pull, checksum mismatch, unloadable folder."""

    code = "model_error"


class PromptTooLong(SelfRefineError):
    """A prompt does not fit the model's context window."""

    code = "context_length_exceeded"

    def __init__(self, prompt_tokens: int, max_model_len: int, what: str = "prompt"):
        super().__init__(
            f"{what} has {prompt_tokens} tokens; the model's context is {max_model_len} tokens "
            "(raise --max-model-len or shorten the input)"
        )
        self.prompt_tokens = prompt_tokens
        self.max_model_len = max_model_len


class EngineFault(SelfRefineError):
    """The inference engine failed while serving a request."""

    code = "engine_error"


class EngineDead(EngineFault):
    """The inference engine stopped after start-up (e.g. its process died); nothing more can run."""

    code = "engine_dead"

    def __init__(
        self,
        message: str = "the inference engine has stopped (its engine process exited; "
        "see the server log); restart the server",
    ):
        super().__init__(message)
