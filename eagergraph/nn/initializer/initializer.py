"""The Initializer base class, fan computation and calculate_gain (Paddle
nn/initializer/initializer.py). An initializer called on a parameter overwrites its values in
place; random ones draw from the CPU generator through the same kernels Paddle's initializers
call (uniform, gaussian, truncated_gaussian_random, with the initializer's seed attribute), so
under paddle.seed(n) a parameter gets Paddle's exact initial values. float16/bfloat16
parameters are drawn in float32 and cast, as in Paddle."""
import math

import numpy as np

from ...phi.generator import kernel_engine
from ...phi import std_random

__all__ = ["Initializer", "calculate_gain"]

# the dtypes Paddle's random initializers draw in float32 and cast back from
_LOW_PRECISION = ("float16", "bfloat16")


class Initializer:
    """Base class: `init(param, block=None)` fills `param` and returns None (dygraph)."""

    def __init__(self):
        pass

    def __call__(self, param, block=None):
        return self.forward(param, block)

    def forward(self, param, block=None):
        raise NotImplementedError

    def _compute_fans(self, var):
        """(fan_in, fan_out) as Paddle computes them: [] -> (1, 1), [n] -> (n, n), [in, out]
        (a Linear weight) -> (in, out), conv weights [out_c, in_c, *k] -> (in_c * prod(k),
        out_c * prod(k))."""
        shape = var.shape
        if not shape:
            return 1, 1
        if len(shape) == 1:
            return shape[0], shape[0]
        if len(shape) == 2:
            return shape[0], shape[1]
        receptive_field_size = int(np.prod(shape[2:]))
        return shape[1] * receptive_field_size, shape[0] * receptive_field_size


def _write(param, arr):
    """Overwrite param's values with `arr` cast to param's dtype (an in-place write: the
    parameter keeps its identity, and its version counter moves)."""
    param._data = np.asarray(arr, order="C").astype(param._data.dtype, copy=False)  # keeps 0-D
    param._bump_inplace_version()


def _draw_dtype(param):
    return np.float64 if param._data.dtype in (np.float64, np.complex128) else np.float32


def _numel(param):
    return int(param._data.size)


def _uniform(param, low, high, seed=0):
    """Paddle's uniform kernel: min/max as float32, drawn in the parameter's float type."""
    draw = _draw_dtype(param)
    out = std_random.uniform_real(kernel_engine(seed), _numel(param), draw(np.float32(low)),
                                  draw(np.float32(high)), draw)
    _write(param, out.reshape(param._data.shape))


def _gaussian(param, mean, std, seed=0):
    """Paddle's gaussian kernel: mean/std as float32; complex parameters get interleaved real
    and imaginary parts, each N(mean, std^2 / 2)."""
    draw = _draw_dtype(param)
    shape = param._data.shape
    if param._data.dtype.kind == "c":
        out = std_random.normal(kernel_engine(seed), 2 * _numel(param), draw(np.float32(mean)),
                                draw(np.float32(std) / np.float32(math.sqrt(2.0))), draw)
        _write(param, out.reshape(shape + (2,)).view(np.dtype(param._data.dtype))[..., 0])
    else:
        out = std_random.normal(kernel_engine(seed), _numel(param), draw(np.float32(mean)),
                                draw(np.float32(std)), draw)
        _write(param, out.reshape(shape))


def _truncated_gaussian(param, mean, std, a, b, seed=0):
    out = std_random.truncated_normal(kernel_engine(seed), _numel(param), mean, std, a, b,
                                      _draw_dtype(param))
    _write(param, out.reshape(param._data.shape))


def _check_float(param, op, allowed=("float16", "bfloat16", "float32", "float64")):
    if param.dtype.name not in allowed:
        raise TypeError(f"The data type of 'Out' in {op} must be one of {list(allowed)}, but "
                        f"received {param.dtype.name}.")


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity (Paddle's table: tanh 5/3, relu sqrt(2),
    leaky_relu sqrt(2 / (1 + slope^2)) with slope `param` (default 0.01), selu 3/4, linear,
    sigmoid and conv 1)."""
    if param is None:
        param = 0.01
    else:
        assert isinstance(param, (bool, int, float))
        param = float(param)
    recommended_gain = {
        "sigmoid": 1, "linear": 1, "conv1d": 1, "conv2d": 1, "conv3d": 1,
        "conv1d_transpose": 1, "conv_transpose1d": 1, "conv2d_transpose": 1,
        "conv_transpose2d": 1, "conv3d_transpose": 1, "conv_transpose3d": 1,
        "tanh": 5.0 / 3, "relu": math.sqrt(2.0),
        "leaky_relu": math.sqrt(2.0 / (1 + param ** 2)), "selu": 3.0 / 4,
    }
    if nonlinearity in recommended_gain:
        return recommended_gain[nonlinearity]
    raise ValueError(f"nonlinearity function {nonlinearity} is not supported now.")
