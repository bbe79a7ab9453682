"""Normalization functionals (Paddle nn/functional/norm.py): batch_norm, layer_norm, group_norm,
instance_norm, local_response_norm, normalize. Each is composed from public ops (mean, square,
rsqrt, reshape, ...) so its gradients, to any order, are those of the ops. Variances are the
biased ones (divided by the element count), as Paddle's kernels compute them; batch_norm's
running statistics are updated in place, outside the graph, as
running = momentum * running + (1 - momentum) * batch (the biased batch variance).

Each per-channel (or per-row) operand - weight, bias, mean, variance - enters its elementwise
op already broadcast (`_spread`: the internal op broadcast_view), so its gradient is summed in
NumPy's order: the engine sums a broadcast input's gradient in Paddle's elementwise-grad order,
which Paddle's fused norm kernels do not use, and which is measured further from them
(phi/sum_order.py)."""
import numbers

import numpy as np

from ... import ops as _ops
from ..._generated import ops_api as _C_ops
from ...autograd import no_grad
from ..._generated.eager_utils import to_float32 as _f32
from .._param_alias import aliases

__all__ = ["batch_norm", "layer_norm", "group_norm", "instance_norm", "local_response_norm",
           "normalize", "rms_norm"]

_BN_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def _channel_axis(ndim, data_format):
    """Channel axis of an ndim input laid out as data_format ('NC..' first, 'N..C' last)."""
    return 1 if data_format[1] == "C" else ndim - 1


def _param_shape(ndim, c_axis):
    shape = [1] * ndim
    shape[c_axis] = -1
    return shape


def _spread(t, like):
    """t broadcast to like's shape, its gradient summed in NumPy's order (the module says why)."""
    return _C_ops.broadcast_view(t, like)


def _normalized(x, axes, epsilon):
    """(x - mean) / sqrt(var + epsilon), mean and biased var over `axes`."""
    mean = _ops.mean(x, axis=axes, keepdim=True)
    centered = _ops.subtract(x, _spread(mean, x))
    var = _ops.mean(_ops.square(centered), axis=axes, keepdim=True)
    return _ops.multiply(centered, _spread(_ops.rsqrt(_ops.scale(var, 1.0, epsilon)), x))


def _affine(y, weight, bias, shape):
    if weight is not None:
        y = _ops.multiply(y, _spread(_ops.reshape(weight, shape), y))
    if bias is not None:
        y = _ops.add(y, _spread(_ops.reshape(bias, shape), y))
    return y


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.9, epsilon=1e-05, data_format="NCHW", use_global_stats=None,
               name=None):
    """Normalize each channel by the batch statistics (training, or use_global_stats=False)
    or by running_mean / running_var (eval, or use_global_stats=True). Using batch statistics
    also updates running_mean / running_var in place."""
    assert len(x.shape) >= 2, "input dim must be larger than 1"
    if data_format not in _BN_FORMATS:
        raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', "
                         f"'NLC', 'NHWC', 'NDHWC' but receive {data_format}")
    if use_global_stats is None:
        use_global_stats = not training
        trainable_statistics = False
    else:
        trainable_statistics = not use_global_stats
    return _batch_norm(x, running_mean, running_var, weight, bias, not training, momentum,
                       epsilon, data_format, use_global_stats, trainable_statistics)


def _by_running(x, running_mean, running_var, shape, epsilon):
    """x normalized by the running statistics."""
    mean = _spread(_ops.reshape(running_mean, shape), x)
    scale = _ops.rsqrt(_ops.scale(_ops.reshape(running_var, shape), 1.0, epsilon))
    return _ops.multiply(_ops.subtract(x, mean), _spread(scale, x))


def _batch_norm(x, running_mean, running_var, weight, bias, is_test, momentum, epsilon,
                data_format, use_global_stats, trainable_statistics):
    """The batch_norm kernel's rule: running statistics in test mode without trainable
    statistics, or whenever use_global_stats; otherwise the batch's, and those update the
    running ones. epsilon and momentum are float32 attributes in Paddle's kernel."""
    epsilon, momentum = _f32(epsilon), _f32(momentum)
    ndim = len(x.shape)
    c_axis = _channel_axis(ndim, data_format)
    shape = _param_shape(ndim, c_axis)
    if (is_test and not trainable_statistics) or use_global_stats:
        return _affine(_by_running(x, running_mean, running_var, shape, epsilon), weight, bias,
                       shape)
    axes = [i for i in range(ndim) if i != c_axis]
    mean = _ops.mean(x, axis=axes, keepdim=True)
    centered = _ops.subtract(x, _spread(mean, x))
    var = _ops.mean(_ops.square(centered), axis=axes, keepdim=True)
    with no_grad():
        for running, batch in ((running_mean, mean), (running_var, var)):
            new = _ops.add(_ops.scale(running, momentum),
                           _ops.scale(_ops.cast(_ops.reshape(batch, [-1]), running.dtype),
                                      1.0 - momentum))
            running.set_value(new)
    y = _affine(_ops.multiply(centered, _spread(_ops.rsqrt(_ops.scale(var, 1.0, epsilon)), x)),
                weight, bias, shape)
    if is_test:
        # test mode with trainable statistics: Paddle's grad kernel differentiates as if the
        # (just updated) running statistics had normalized x. Same values, that gradient.
        y_running = _affine(_by_running(x, running_mean, running_var, shape, epsilon), weight,
                            bias, shape)
        y = _ops.add(_ops.subtract(y, y_running).detach(), y_running)
    return y


@aliases({"x": ["input"], "epsilon": ["eps"]})
def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    """Normalize over the trailing len(normalized_shape) dims; weight and bias are 1-D with
    prod(normalized_shape) elements."""
    input_shape = list(x.shape)
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    elif isinstance(normalized_shape, tuple):
        normalized_shape = list(normalized_shape)
    elif not isinstance(normalized_shape, list):
        raise ValueError("`normalized_shape` should be int, list of ints or tuple of ints.")
    begin = len(input_shape) - len(normalized_shape)
    if begin < 0 or input_shape[begin:] != list(normalized_shape):
        s = str(normalized_shape)
        raise ValueError(f"Given normalized_shape is {s}, expected input with shape [*, "
                         f"{s[1:]}, but got input shape {input_shape}")
    for t, what in ((weight, "Scale"), (bias, "Bias")):
        if t is not None and len(t.shape) != 1:
            raise ValueError(f"(InvalidArgument) The dimensions of Input({what}) must be 1, "
                             f"but received dimensions of Input({what}) is "
                             f"[{len(t.shape)}]")
    y = _normalized(x, list(range(begin, len(input_shape))), _f32(epsilon))  # float32 attr
    return _affine(y, weight, bias, list(normalized_shape))


def group_norm(*args, **kwargs):
    """Normalize x [N, C, *] (or channel-last) over each of num_groups channel groups.
    Also callable as group_norm(input, num_groups, weight, bias, eps)."""
    if len(args) + len(kwargs) < 2:
        raise TypeError(
            f"Too few arguments in the function call: {len(args)}, {len(kwargs)}. Expect one "
            "of: \n - (Tensor input, int num_groups, Tensor weight = None, Tensor bias = None, "
            "float eps = 1e-05)\n - (Tensor x, int num_groups, float epsilon = 1e-05, Tensor "
            "weight = None, Tensor bias = None, DataLayout1D | DataLayout2D | DataLayout3D "
            "data_format = 'NCHW', str | None name = None)")

    def put(key, value):
        if key in kwargs:
            raise TypeError(f"got multiple values for argument '{key}'")
        kwargs[key] = value

    if "input" in kwargs:
        put("x", kwargs.pop("input"))
    if "eps" in kwargs:
        put("epsilon", kwargs.pop("eps"))
    if len(args) >= 3 and not isinstance(args[2], float):
        for key, value in zip(("weight", "bias", "epsilon"), args[2:]):
            put(key, value)
        args = args[:2]
    return _group_norm(*args, **kwargs)


def _group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW",
                name=None):
    if data_format not in ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise ValueError("unsupported data layout:" + data_format)
    shape = list(x.shape)
    ndim = len(shape)
    c_axis = _channel_axis(ndim, data_format)
    c = shape[c_axis]
    if c % num_groups:
        raise ValueError(f"(InvalidArgument) Expected number of channels in input to be "
                         f"divisible by num_groups, but got input channel is {c} and "
                         f"num_groups is {num_groups}")
    if c_axis == 1:  # [N, G, C/G * spatial]
        grouped = _ops.reshape(x, [shape[0], num_groups, -1])
        axes = [2]
    else:  # [N, spatial, G, C/G]
        grouped = _ops.reshape(x, [shape[0], -1, num_groups, c // num_groups])
        axes = [1, 3]
    y = _ops.reshape(_normalized(grouped, axes, epsilon), shape)
    return _affine(y, weight, bias, _param_shape(ndim, c_axis))


group_norm.__wrapped__ = _group_norm  # inspect.signature shows Paddle's documented signature


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.9, eps=1e-05, data_format="NCHW",
                  name=None):
    """Normalize each (sample, channel) of x [N, C, *] over its spatial elements. As in
    Paddle's dygraph, the running statistics, use_input_stats, momentum and data_format are
    accepted and ignored: the statistics are always the input's, channels always on axis 1."""
    shape = list(x.shape)
    eps = _f32(eps)  # a float32 attribute in Paddle's kernel
    if len(shape) == 2:  # no spatial dims: each instance is its single element
        y = _ops.reshape(_normalized(_ops.reshape(x, shape + [1]), [2], eps), shape)
    else:
        y = _normalized(x, list(range(2, len(shape))), eps)
    return _affine(y, weight, bias, _param_shape(len(shape), 1))


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
    """x / (k + alpha * avg)^beta, avg being the mean of x^2 over a window of `size` channels
    (size // 2 before, (size - 1) // 2 after, zeros beyond the edges, always divided by size)."""
    if data_format not in ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC"):
        raise ValueError("data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC],"
                         f" but got {data_format}")
    sizes = list(x.shape)
    dim = len(sizes)
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input, but got {dim} dimensions")
    for i, sz in enumerate(sizes):
        if not sz > 0 and i > 0:
            raise ValueError("Expected every dim's size to be larger than 0, "
                             f"but the size of the {i}-th dim is {sz}")
    c_axis = dim - 1 if data_format[-1] == "C" else 1
    c = sizes[c_axis]
    sq = _ops.multiply(x, x)
    parts = []
    for n in (size // 2, None, (size - 1) // 2):
        if n is None:
            parts.append(sq)
        elif n > 0:
            pad_shape = list(sizes)
            pad_shape[c_axis] = n
            parts.append(_ops.zeros(pad_shape, x.dtype))
    padded = _ops.concat(parts, axis=c_axis) if len(parts) > 1 else sq
    total = None
    for j in range(size):
        win = _ops.slice(padded, [c_axis], [j], [j + c])
        total = win if total is None else _ops.add(total, win)
    avg = _ops.scale(total, 1.0 / size)
    div = _ops.pow(_ops.scale(avg, alpha, k), beta)
    return _ops.divide(x, div)


def _p_norm(x, p, axis):
    """Paddle's p_norm with keepdim: max |x| (inf), min |x| (-inf), the count of non-zeros
    (0), else (sum |x|^p)^(1/p)."""
    if p == float("inf"):
        return _ops.max(_ops.abs(x), axis=axis, keepdim=True)
    if p == float("-inf"):
        return _ops.min(_ops.abs(x), axis=axis, keepdim=True)
    if p == 0:
        return _ops.sum(_ops.cast(_ops.not_equal(x, _ops.zeros_like(x)), x.dtype), axis=axis,
                        keepdim=True)
    if p == 2:
        return _ops.sqrt(_ops.sum(_ops.square(x), axis=axis, keepdim=True))
    # as Paddle's p_norm kernel: |x|^float32(p), then the sum to the power float32(1 / p)
    return _ops.pow(_ops.sum(_ops.pow(_ops.abs(x), p), axis=axis, keepdim=True),
                    float(np.float32(1.0) / np.float32(p)))


@aliases({"x": ["input"], "axis": ["dim"], "epsilon": ["eps"]})
def normalize(x, p=2, axis=1, epsilon=1e-12, out=None, name=None):
    """x / max(||x||_p along axis, epsilon)."""
    rank = len(x.shape)
    if rank and not -rank <= axis < rank:
        raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R "
                         f"is the rank of Input(X). But received axis: {axis}, R: {rank}. "
                         f"Current Input(X)'s shape is={list(x.shape)}.")
    eps = _ops.full([1], epsilon, x.dtype)
    ret = _ops.divide(x, _ops.maximum(_p_norm(x, float(p), axis), eps))
    if out is not None:
        _ops.assign(ret, out)
        return out
    return ret


def rms_norm(input, normalized_shape, weight=None, eps=1e-5, name=None):
    """Root-mean-square normalization over the trailing `normalized_shape` axes:
    out = x / sqrt(mean(x^2) + eps) * weight. Returns (out, invvar), invvar = 1 / sqrt(mean(x^2)
    + eps) with one value per row (the leading axes flattened), as Paddle's (GPU) op; composed
    from differentiable ops. (Paddle 3.3.1 registers this op for the GPU only.)"""
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    n = len(normalized_shape)
    if n == 0 or list(input.shape[-n:]) != list(normalized_shape):
        raise ValueError(f"rms_norm(): normalized_shape {list(normalized_shape)} must match the "
                         f"last dimensions of input (shape {input.shape})")
    axes = list(range(input.ndim - n, input.ndim))
    ms = _ops.mean(_ops.square(input), axis=axes, keepdim=True)
    inv = _ops.rsqrt(ms + eps)
    out = input * inv
    if weight is not None:
        out = out * weight
    return out, _ops.reshape(inv, [-1])
