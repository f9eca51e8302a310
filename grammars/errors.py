"""The project's base error and the parameter error, at the lowest layer so grammars need no engine."""


class SelfRefineError(Exception):
    """Base class for every error this project raises on purpose."""

    code = "selfrefine_error"


class InvalidParameter(SelfRefineError):
    """A parameter is out of range; `param` names it."""

    code = "invalid_parameter"

    def __init__(self, param: str, message: str):
        super().__init__(f"{param}: {message}")
        self.param = param
