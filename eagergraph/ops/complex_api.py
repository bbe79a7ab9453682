"""Complex construction (Paddle python/paddle/tensor/creation.py: complex; manipulation.py:
as_complex, as_real; math.py: angle; attribute.py: is_complex)."""
from ..tensor import Tensor

# complex (real + i * imag, broadcasting; float32 -> complex64), as_complex, as_real and angle
# are the generated functions (ops.yaml `public:`)


def is_complex(x):
    """True if x's dtype is complex64 or complex128 (a plain check, no op)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")
    return x._data.dtype.kind == "c"


__all__ = ["is_complex"]
TENSOR_METHODS = ["is_complex"]
