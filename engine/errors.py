"""Domain errors, raised inside the engine and mapped once at the CLI and HTTP edges."""


class SelfRefineError(Exception):
    """Base class for every error this project raises on purpose."""

    code = "selfrefine_error"


class ModelError(SelfRefineError):
    """Unknown model, failed pull, checksum mismatch, unloadable folder."""

    code = "model_error"


class InvalidParameter(SelfRefineError):
    """A parameter is out of range; `param` names it."""

    code = "invalid_parameter"

    def __init__(self, param: str, message: str):
        super().__init__(f"{param}: {message}")
        self.param = param


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

    def __init__(self, message: str = "the inference engine has stopped (its engine process exited; "
                 "see the server log); restart the server"):
        super().__init__(message)
