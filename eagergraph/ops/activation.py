"""Activation functions whose public Python does work before the op (Paddle
python/paddle/nn/functional/activation.py): gelu, silu, softmax, log_softmax; paddle.nn.functional
re-exports them."""
from .._generated import ops_api as _C_ops
from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from .._generated.eager_utils import parse_tensor, parse_dtype
from ..phi.common import NP_TO_DTYPE

# relu, leaky_relu, elu, softplus, sigmoid and tanh are the generated functions (ops.yaml
# `public:`; sigmoid and tanh are the same functions as paddle.sigmoid / paddle.tanh, as in Paddle)
__all__ = []  # none is paddle.X; reduce.py makes paddle.softmax
FUNCTIONAL = ["gelu", "silu", "softmax", "log_softmax"]  # paddle.nn.functional.X


def gelu(x, approximate=False, name=None):
    """x * Phi(x); approximate=True or 'tanh' uses the tanh approximation, False or 'none' the
    exact erf form."""
    if approximate is not True and approximate is not False:
        if approximate == "tanh":
            approximate = True
        elif approximate == "none":
            approximate = False
        elif isinstance(approximate, str):
            raise ValueError(f"(InvalidArgument) gelu(): the value of approximate in gelu should "
                             f"be 'tanh' or 'none', but received {approximate}")
        else:
            raise TypeError(f"(InvalidType) gelu(): argument 'approximate' (position 1) must be "
                            f"bool, 'tanh' or 'none', but got {type(approximate).__name__}")
    return _C_ops.gelu(x, approximate)


def silu(x, inplace=False, name=None):
    """x * sigmoid(x). inplace=True runs silu_ (writes into x, keeps gradients right)."""
    return _C_ops.silu_(x) if inplace else _C_ops.silu(x)


def _with_dtype(x, dtype, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if dtype is not None:
        d = parse_dtype(dtype, op, "dtype", 2)
        if NP_TO_DTYPE[x._data.dtype] is not d:
            x = _ad.cast_ad_func(x, d)
    return x


def softmax(x, axis=-1, dtype=None, name=None):
    """exp(x) / sum(exp(x)) along `axis`, max-subtracted for stability; `dtype` converts x
    first (integer inputs need it)."""
    return _C_ops.softmax(_with_dtype(x, dtype, "softmax"), axis)


def log_softmax(x, axis=-1, dtype=None, name=None):
    """log(softmax(x)) along `axis`, computed as x - max - log(sum(exp(x - max)))."""
    return _C_ops.log_softmax(_with_dtype(x, dtype, "log_softmax"), axis)
