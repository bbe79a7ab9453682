"""paddle.static, as far as dygraph code uses it: InputSpec (the input description paddle.Model
and paddle.summary take). Static graphs themselves are not part of eagergraph."""
from .input_spec import InputSpec

__all__ = ["InputSpec"]
