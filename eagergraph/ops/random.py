"""Random ops (Paddle python/paddle/tensor/random.py): rand, randn, standard_normal, uniform,
normal, randint, randperm, over the generated `uniform`, `gaussian`, `randint`, `randperm`;
draws shaped like a tensor (bernoulli, poisson, multinomial, binomial, standard_gamma, the
*_like functions); and in-place fills (Tensor.bernoulli_, exponential_, cauchy_, geometric_,
log_normal_, random_) which, like uniform_ and normal_ (ops/inplace.py), overwrite x's values
(x's gradient w.r.t. its old values becomes zero), bump its version and refuse a leaf that needs
grad.

Difference from Paddle: Paddle 3.3.1's geometric_ returns log(u) / log1p(-p), a continuous value;
here it is the ceiling of that, a geometric count in {1, 2, ...} (the distribution it names).

All draw from the CPU generator (eagergraph.phi.generator), Paddle's std::mt19937_64 engine
and libstdc++ distributions: under `paddle.seed(n)`, rand/randn/uniform/normal/randint/randperm/
bernoulli/multinomial/exponential_/uniform_/normal_/bernoulli_/random_/poisson/binomial/
standard_gamma give Paddle 3.3.1's
values (log_normal_: Paddle's normal draws; exp may differ in the last bit) (tests/test_random_streams.py compares them with values captured from Paddle).
Difference from Paddle: Paddle's cauchy_ transforms normal_() draws (not a Cauchy
distribution); here cauchy_ transforms uniform draws, tan(pi * (u - 0.5))."""
import numpy as np

from .._generated import ops_api as _C_ops
from ..framework import default_float_dtype
from ..phi.generator import default_cpu_generator, kernel_engine, GeneratorState
from ..phi import std_random
from ..phi.common import int64, complex64, convert_dtype
from .._generated.eager_utils import parse_tensor, parse_float, errors_name_op
from ..tensor import Tensor
from .inplace import _overwrite, _check_float
from .manipulation import broadcast_tensors

__all__ = ["rand", "randn", "standard_normal", "uniform", "normal", "randint", "randperm",
           "bernoulli", "poisson", "multinomial", "binomial", "standard_gamma", "log_normal",
           "rand_like", "randn_like", "randint_like", "get_rng_state", "set_rng_state",
           "get_cuda_rng_state", "set_cuda_rng_state",
           "bernoulli_", "log_normal_", "geometric_", "cauchy_"]  # paddle.X_ as in Paddle 3.3.1
TENSOR_METHODS = ["bernoulli", "multinomial", "bernoulli_", "exponential_", "cauchy_",
                  "geometric_", "log_normal_", "random_"]


def uniform(shape, dtype=None, min=0, max=1.0, seed=0, name=None):
    """Uniform in [min, max). dtype=None: the default float dtype; complex dtypes draw the real
    and imaginary parts independently. seed != 0 repeats the same values on every call."""
    return _C_ops.uniform(shape, default_float_dtype() if dtype is None else dtype, min, max,
                          seed)


def rand(shape, dtype=None, name=None):
    """Uniform in [0, 1)."""
    return _C_ops.uniform(shape, default_float_dtype() if dtype is None else dtype, 0.0, 1.0, 0)


def standard_normal(shape, dtype=None, name=None):
    """Standard normal N(0, 1); complex dtypes give real and imaginary parts each N(0, 1/2)."""
    return _C_ops.gaussian(shape, 0.0, 1.0, 0, default_float_dtype() if dtype is None else dtype)


randn = standard_normal


def normal(mean=0.0, std=1.0, shape=None, name=None):
    """Normal with the given mean and std. With Python numbers the result has `shape` and the
    default float dtype (complex64 for a complex mean, whose real and imaginary parts must be
    equal). With Tensors the result takes the Tensor's shape and dtype: out = z * std + mean
    for standard normal z, so gradients flow to mean and std."""
    if isinstance(mean, Tensor):
        if isinstance(std, Tensor):
            if std.shape != mean.shape:  # Paddle reshapes std to mean's shape
                if std.size != mean.size:
                    raise ValueError(f"normal(): std (shape {list(std.shape)}) must have as many "
                                     f"elements as mean (shape {list(mean.shape)})")
                std = _C_ops.reshape(std, mean.shape)
            if std.dtype != mean.dtype and not mean.dtype.is_complex:
                std = std.astype(mean.dtype)
        else:
            std = float(std)
        z = _C_ops.gaussian(mean.shape, 0.0, 1.0, 0, mean.dtype)
    elif isinstance(std, Tensor):
        if isinstance(mean, complex):
            _check_complex_mean(mean)
            z = _C_ops.gaussian(std.shape, 0.0, 1.0, 0, complex64)
        else:
            mean = float(mean)
            z = _C_ops.gaussian(std.shape, 0.0, 1.0, 0, std.dtype)
    else:
        if shape is None:
            raise TypeError("normal(): shape must be given when mean and std are numbers")
        if isinstance(mean, complex):
            _check_complex_mean(mean)
            return _C_ops.gaussian(shape, mean.real, std, 0, complex64)
        return _C_ops.gaussian(shape, mean, std, 0, default_float_dtype())
    return z * std + mean


def _check_complex_mean(mean):
    if mean.real != mean.imag:
        raise ValueError(
            f"normal(): The mean of complex gaussian distribution should be a complex number "
            f"with real part equal imaginary part, but got {mean.real} != {mean.imag}")


def randint(low=0, high=None, shape=[1], dtype=None, name=None):  # noqa: B006 (Paddle's default)
    """Integers uniform in [low, high); randint(n) draws from [0, n). dtype=None: int64."""
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received "
                             f"low = {low}.")
        low, high = 0, low
    _check_int32("randint", low, high)
    return _C_ops.randint(low, high, shape, int64 if dtype is None else dtype)


def _check_int32(op, *values):
    """randint's low/high are int32 attributes in Paddle, which refuses wider ints."""
    for v in values:
        if isinstance(v, (int, np.integer)) and not -2 ** 31 <= int(v) < 2 ** 31:
            raise IndexError(f"{op}(): (OutOfRange) Integer value {int(v)} exceeds int32 range "
                             f"[-2147483648, 2147483647]")


def randperm(n, dtype="int64", name=None):
    """A random permutation of 0..n-1."""
    return _C_ops.randperm(n, dtype)


# ---- draws shaped like a tensor ----------------------------------------------------------------

def bernoulli(x, p=None, name=None):
    """0/1 draws with probability x (or the float p for every element), in x's dtype; the
    result stops gradient."""
    x = parse_tensor(x, "bernoulli", "x", 0)
    if p is not None:
        x = _C_ops.full_like(x, parse_float(p, "bernoulli", "p", 1), x.dtype)
    return _C_ops.bernoulli(x)


def poisson(x, name=None):
    """Poisson draws with rates x, in x's dtype; the gradient to x is zero, as in Paddle."""
    return _C_ops.poisson(x)


def multinomial(x, num_samples=1, replacement=False, name=None, *, out=None):
    """num_samples category indices (int64) per row of the weights x (1-D or 2-D)."""
    return _C_ops.multinomial(x, num_samples, replacement)


def binomial(count, prob, name=None):
    """Binomial draws (int64): count trials with success probability prob, elementwise."""
    count = parse_tensor(count, "binomial", "count", 0)
    prob = parse_tensor(prob, "binomial", "prob", 1)
    if count.dtype != prob.dtype:
        count = count.astype(prob.dtype)
    if tuple(count.shape) != tuple(prob.shape):  # Paddle broadcasts the two
        count, prob = broadcast_tensors([count, prob])
    return _C_ops.binomial(count, prob)


def standard_gamma(x, name=None):
    """Gamma(x, 1) draws, in x's dtype."""
    return _C_ops.standard_gamma(x)


def log_normal(mean=1.0, std=2.0, shape=None, name=None):
    """exp(N(mean, std^2)) draws: `shape` (default float dtype) for numbers, the tensor's shape
    for Tensor arguments."""
    for arg, v in (("mean", mean), ("std", std)):
        if not isinstance(v, (int, float, Tensor)) or isinstance(v, bool):
            raise TypeError(f"log_normal(): {arg} must be a float or a Tensor, got "
                            f"{type(v).__name__}")
    if not isinstance(mean, Tensor) and not isinstance(std, Tensor) and not isinstance(
            shape, (list, tuple, Tensor)):
        raise TypeError(f"log_normal(): shape must be a list, tuple or Tensor, got "
                        f"{type(shape).__name__}")
    return normal(mean, std, shape).exp()


def _like(x, dtype, op):
    parse_tensor(x, op, "x", 0)
    if dtype is None:
        return x.dtype
    try:
        return convert_dtype(dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{op}(): {e}") from None


def rand_like(input, name=None, *, dtype=None, device=None, requires_grad=False):
    """Uniform [0, 1) draws of input's shape (and dtype unless given)."""
    dt = _like(input, dtype, "rand_like")
    out = _C_ops.uniform(input.shape, dt, 0.0, 1.0, 0)
    out.stop_gradient = not requires_grad
    return out


def randn_like(x, dtype=None, name=None, *, device=None, requires_grad=False):
    """Standard normal draws of x's shape (and dtype unless given)."""
    dt = _like(x, dtype, "randn_like")
    out = _C_ops.gaussian(x.shape, 0.0, 1.0, 0, dt)
    out.stop_gradient = not requires_grad
    return out


def randint_like(x, low=0, high=None, dtype=None, name=None):
    """Integers uniform in [low, high) (randint_like(x, n): [0, n)) of x's shape, in dtype (x's
    dtype by default, also for float x)."""
    dt = _like(x, dtype, "randint_like")
    for arg, v in (("low", low), ("high", high)):
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise TypeError(f"randint_like(): {arg} must be an int, got {type(v).__name__}")
    if high is None:
        if low <= 0:
            raise ValueError(f"randint_like(): If high is None, low must be greater than 0, "
                             f"but received low = {low}.")
        low, high = 0, low
    if low >= high:
        raise ValueError(f"randint_like(): low must be less than high, got low={low}, "
                         f"high={high}")
    _check_int32("randint_like", low, high)
    if dt.is_floating_point or dt.name == "bool":
        return _C_ops.randint(low, high, x.shape, int64).astype(dt)
    return _C_ops.randint(low, high, x.shape, dt)


def get_rng_state(device=None):
    """The CPU generator's state, as a one-element list of GeneratorState (Paddle returns one
    per device); set_rng_state restores it."""
    return [default_cpu_generator().get_state()]


def set_rng_state(state_list, device=None):
    """Restore a state from get_rng_state(): the following draws repeat."""
    if not hasattr(state_list, "__len__"):
        raise TypeError(f"set_rng_state(): object of type '{type(state_list).__name__}' has "
                        f"no len()")
    if len(state_list) != 1:
        raise ValueError("set_rng_state(): Length of cpu state list should be equal to 1")
    state = state_list[0]
    if not isinstance(state, GeneratorState):
        raise TypeError(f"set_rng_state(): incompatible function arguments: expected a "
                        f"GeneratorState, got {type(state).__name__}")
    default_cpu_generator().set_state(state)


def get_cuda_rng_state():
    """The CUDA generators' states: none in a CPU-only build, as in Paddle's CPU wheel."""
    return []


def set_cuda_rng_state(state_list):
    """A no-op in a CPU-only build (Paddle's CPU wheel ignores the list)."""


def _uniform_like(x, lo=0.0, hi=1.0):
    """uniform_(lo, hi) draws in x's float type (Paddle's uniform_inplace kernel)."""
    draw = np.float64 if x._data.dtype == np.float64 else np.float32
    u = std_random.uniform_real(kernel_engine(), x._data.size, draw(np.float32(lo)),
                                draw(np.float32(hi)), draw)
    return u.reshape(x._data.shape)


# ---- in-place fills --------------------------------------------------------------------------

def _prob_array(p, x, op):
    raw = np.asarray(p._data if isinstance(p, Tensor) else p)
    if raw.dtype.kind not in "biuf":
        raise TypeError(f"(InvalidArgument) {op}(): the probability must be a real number or "
                        f"a real tensor, got {raw.dtype}")
    arr = raw.astype(np.float64)
    if arr.size and not (np.all(arr >= 0) and np.all(arr <= 1)):
        raise ValueError(f"(InvalidArgument) {op}(): the probability must be in [0, 1], "
                         f"got {arr[~((arr >= 0) & (arr <= 1))].flat[0]}")
    return np.broadcast_to(arr, x._data.shape)


@errors_name_op
def bernoulli_(x, p=0.5, name=None):
    """x := Bernoulli(p) draws (p a float or a tensor broadcast to x)."""
    x = parse_tensor(x, "bernoulli_", "x", 0)
    _check_float(x, "bernoulli_", "bernoulli")
    p = _prob_array(p, x, "bernoulli_")
    # as Paddle: x.uniform_(0, 1), then 1 where u < p and 0 where u > p
    u = _uniform_like(x)
    return _overwrite(x, "bernoulli_", np.where(u < p, 1.0, np.where(u > p, 0.0, u)))


@errors_name_op
def exponential_(x, lam=1.0, name=None):
    """x := exponential draws with rate lam."""
    x = parse_tensor(x, "exponential_", "x", 0)
    lam = parse_float(lam, "exponential_", "lam", 1)
    if not lam > 0:
        raise ValueError(f"(InvalidArgument) exponential_(): lambda must be > 0, got {lam}")
    _check_float(x, "exponential_", "exponential")
    return _overwrite(x, "exponential_", _C_ops.exponential(x.detach(), lam)._data)


@errors_name_op
def cauchy_(x, loc=0, scale=1, name=None):
    """x := Cauchy(loc, scale) draws."""
    x = parse_tensor(x, "cauchy_", "x", 0)
    _check_float(x, "cauchy_", "uniform_inplace")
    u = _uniform_like(x).astype(np.float64)
    return _overwrite(x, "cauchy_", loc + scale * np.tan(np.pi * (u - 0.5)))


@errors_name_op
def geometric_(x, probs, name=None):
    """x := the number of Bernoulli(probs) trials up to and including the first success."""
    x = parse_tensor(x, "geometric_", "x", 0)
    _check_float(x, "geometric_", "uniform_inplace")
    p = _prob_array(probs, x, "geometric_")
    tiny = np.finfo(x._data.dtype).tiny
    u = _uniform_like(x, float(tiny), 1.0)
    with np.errstate(divide="ignore"):
        draws = np.ceil(np.log(u) / np.log1p(-p))
    return _overwrite(x, "geometric_", np.maximum(draws, 1.0))


@errors_name_op
def log_normal_(x, mean=1.0, std=2.0, name=None):
    """x := exp(N(mean, std^2)) draws."""
    x = parse_tensor(x, "log_normal_", "x", 0)
    mean = parse_float(mean, "log_normal_", "mean", 1)
    std = parse_float(std, "log_normal_", "std", 2)
    _check_float(x, "log_normal_", "gaussian_inplace")
    draw = np.float64 if x._data.dtype == np.float64 else np.float32
    z = std_random.normal(kernel_engine(), x._data.size, draw(np.float32(mean)),
                          draw(np.float32(std)), draw)  # Paddle: normal_(mean, std).exp_()
    return _overwrite(x, "log_normal_", np.exp(z).reshape(x._data.shape))


@errors_name_op
def random_(x, from_=0, to=None, *, generator=None):
    """x := integers uniform in [from_, to); random_(n) draws from [0, n); with no bounds, from
    [0, 2^mantissa) for floats (24 bits for float32, 53, 11, 8 for float64, float16, bfloat16)
    and [0, max) for integer dtypes. As Paddle's kernel: one engine output per value, taken
    modulo the range (its low 32 bits when the range is below 2^28)."""
    x = parse_tensor(x, "random_", "x", 0)
    name = x.dtype.name
    if to is None:
        if from_ != 0:
            from_, to = 0, from_
        elif name in ("float32", "float64", "float16", "bfloat16"):
            to = 2 ** {"float32": 24, "float64": 53, "float16": 11, "bfloat16": 8}[name]
        elif name == "bool":
            to = 1
        else:
            to = int(np.iinfo(x._data.dtype).max)
    if not from_ < to:
        raise ValueError(f"(InvalidArgument) random_ expects 'from' to be less than 'to', but "
                         f"got from={from_} >= to={to}")
    span = np.uint64((int(to) - int(from_)) & 0xFFFFFFFFFFFFFFFF)
    bits = kernel_engine().take(x._data.size)
    if span < np.uint64(1 << 28):
        bits &= np.uint64(0xFFFFFFFF)
    out = (bits % span).astype(np.int64) + np.int64(from_)
    return _overwrite(x, "random_", out.reshape(x._data.shape))
