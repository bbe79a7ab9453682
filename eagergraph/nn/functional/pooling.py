"""Pooling functionals (Paddle nn/functional/pooling.py): argument normalisation as Paddle's
Python does it, then the ops: pool2d / pool3d (max and average, adaptive average),
max_pool2d/3d_with_index (return_mask=True and the adaptive max pools), unpool / unpool3d.
1-D pooling runs on a height-1 image, as Paddle's."""
from ..._generated import ops_api as _C_ops
from ... import ops as _ops
from .conv import update_padding, _ints, _check_format

__all__ = ["max_pool1d", "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
           "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
           "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d", "max_unpool1d",
           "max_unpool2d", "max_unpool3d"]

_FORMATS = {2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


def _pool_padding(padding, channel_last, n, ceil_mode):
    pads, algo = update_padding(padding, channel_last, n)
    if algo == "VALID" and ceil_mode:
        raise ValueError('When Attr(padding) is "VALID", Attr(ceil_mode) must be False. '
                         'Received ceil_mode: True.')
    return pads, algo


def _check_ndim(x, n, fn):
    if len(x.shape) != n:
        raise ValueError(f"{fn}: the input should be a {n}-D Tensor, but received shape "
                         f"{x.shape}.")


def _pool_nd(x, nd, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind,
             fn):
    _check_format(data_format, _FORMATS[nd])
    _check_ndim(x, nd + 2, fn)
    k = _ints(kernel_size, nd, "pool_size")
    s = k if stride is None else _ints(stride, nd, "pool_stride")
    pads, algo = _pool_padding(padding, data_format == _FORMATS[nd][1], nd, ceil_mode)
    if kind == "avg":
        _check_positive(k, "kernel_size")
        _check_positive(s, "stride")
    op = _C_ops.pool2d if nd == 2 else _C_ops.pool3d
    return op(x, k, s, pads, ceil_mode, exclusive, data_format, kind, False, False, algo), k


def _max_pool_nd(x, nd, kernel_size, stride, padding, return_mask, ceil_mode, data_format, fn):
    if not return_mask:
        return _pool_nd(x, nd, kernel_size, stride, padding, ceil_mode, True, data_format,
                        "max", fn)[0]
    _check_format(data_format, _FORMATS[nd])
    if data_format != _FORMATS[nd][0]:
        raise ValueError(f"When setting return_mask to true, data_format must be set to "
                         f"{_FORMATS[nd][0]} in API:{fn}")
    _check_ndim(x, nd + 2, fn)
    k = _ints(kernel_size, nd, "pool_size")
    s = k if stride is None else _ints(stride, nd, "pool_stride")
    pads, _ = _pool_padding(padding, False, nd, ceil_mode)
    op = _C_ops.max_pool2d_with_index if nd == 2 else _C_ops.max_pool3d_with_index
    return tuple(op(x, k, s, pads, False, False, ceil_mode))


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    return _max_pool_nd(x, 2, kernel_size, stride, padding, return_mask, ceil_mode,
                        data_format, "max_pool2d")


def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCDHW", name=None):
    return _max_pool_nd(x, 3, kernel_size, stride, padding, return_mask, ceil_mode,
                        data_format, "max_pool3d")


def _divide(out, k, divisor_override):
    """Paddle's divisor_override: out * prod(kernel) / divisor_override (0 gives inf)."""
    if divisor_override is None:
        return out
    if not isinstance(divisor_override, (int, float)):
        raise ValueError(f"Excepted {(int, float)} type for divisor_override but received "
                         f"type: {type(divisor_override)}. ")
    size = 1
    for v in k:
        size *= v
    return out * size / divisor_override


def _check_positive(v, name):
    for e in v:
        if e < 1e-3:
            raise ValueError(f"Excepted the input {name} to be greater than 0.001 but received "
                             f"x: {e}. ")


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    out, k = _pool_nd(x, 2, kernel_size, stride, padding, ceil_mode, exclusive, data_format,
                      "avg", "avg_pool2d")
    return _divide(out, k, divisor_override)


def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCDHW", name=None):
    out, k = _pool_nd(x, 3, kernel_size, stride, padding, ceil_mode, exclusive, data_format,
                      "avg", "avg_pool3d")
    return _divide(out, k, divisor_override)


def _1d_args(kernel_size, stride, padding, ceil_mode, avg=False):
    k = [1] + _ints(kernel_size, 1, "pool_size")
    s = k if stride is None else [1] + _ints(stride, 1, "pool_stride")
    pads, algo = _pool_padding(padding, False, 1, ceil_mode)
    if avg:
        _check_positive(k, "kernel_size")
        _check_positive(s, "stride")
    return k, s, ([0, 0] + pads if len(pads) == 2 else [0] + pads), algo


def _squeeze(out):
    if isinstance(out, tuple):
        return tuple(_ops.squeeze(t, [2]) for t in out)
    return _ops.squeeze(out, [2])


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    _check_ndim(x, 3, "max_pool1d")
    k, s, pads, algo = _1d_args(kernel_size, stride, padding, ceil_mode)
    x = _ops.unsqueeze(x, [2])
    if return_mask:
        return _squeeze(tuple(_C_ops.max_pool2d_with_index(x, k, s, pads, False, False,
                                                           ceil_mode)))
    return _squeeze(_C_ops.pool2d(x, k, s, pads, ceil_mode, True, "NCHW", "max", False, False,
                                  algo))


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
               name=None):
    _check_ndim(x, 3, "avg_pool1d")
    k, s, pads, algo = _1d_args(kernel_size, stride, padding, ceil_mode, True)
    return _squeeze(_C_ops.pool2d(_ops.unsqueeze(x, [2]), k, s, pads, ceil_mode, exclusive,
                                  "NCHW", "avg", False, False, algo))


def _output_size(output_size, in_sp, nd):
    """Paddle's adaptive output_size: an int for every dim, or one per dim (None: the input's)."""
    if isinstance(output_size, int):
        return [output_size] * nd
    out = list(output_size)
    if len(out) < nd:  # Paddle's Python indexes output_size[nd - 1]
        raise IndexError(f"list index out of range: output_size should be an int or a "
                         f"list/tuple of {nd}, but received {output_size}.")
    return [in_sp[i] if v is None else v for i, v in enumerate(out)]


def _adaptive_avg(x, nd, output_size, data_format, fn):
    _check_format(data_format, _FORMATS[nd])
    _check_ndim(x, nd + 2, fn)
    in_sp = x.shape[1:-1] if data_format == _FORMATS[nd][1] else x.shape[2:]
    out = _output_size(output_size, in_sp, nd)
    op = _C_ops.pool2d if nd == 2 else _C_ops.pool3d
    return op(x, out, [1] * nd, [0] * nd, False, True, data_format, "avg", False, True,
              "EXPLICIT")


def _adaptive_max(x, nd, output_size, return_mask, fn):
    _check_ndim(x, nd + 2, fn)
    out = _output_size(output_size, x.shape[2:], nd)
    op = _C_ops.max_pool2d_with_index if nd == 2 else _C_ops.max_pool3d_with_index
    res = op(x, out, [1] * nd, [0] * nd, False, True, False)
    return tuple(res) if return_mask else res[0]


def adaptive_avg_pool1d(x, output_size, name=None):
    _check_ndim(x, 3, "adaptive_avg_pool1d")
    k = [1] + _ints(output_size, 1, "pool_size")
    return _squeeze(_C_ops.pool2d(_ops.unsqueeze(x, [2]), k, [1, 1], [0, 0], False, True,
                                  "NCHW", "avg", False, True, "EXPLICIT"))


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    return _adaptive_avg(x, 2, output_size, data_format, "adaptive_avg_pool2d")


def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    return _adaptive_avg(x, 3, output_size, data_format, "adaptive_avg_pool3d")


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    _check_ndim(x, 3, "adaptive_max_pool1d")
    k = [1] + _ints(output_size, 1, "pool_size")
    res = _C_ops.max_pool2d_with_index(_ops.unsqueeze(x, [2]), k, [1, 1], [0, 0], False, True,
                                       False)
    return _squeeze(tuple(res)) if return_mask else _squeeze(res[0])


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    return _adaptive_max(x, 2, output_size, return_mask, "adaptive_max_pool2d")


def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    return _adaptive_max(x, 3, output_size, return_mask, "adaptive_max_pool3d")


def _unpool_output_size(in_sp, k, s, p, output_size):
    """Paddle's _unpool_output_size: (in - 1) * stride + kernel - 2 * padding per dim, or the
    given output_size (its last len(k) entries) within a stride of that."""
    default = [(in_sp[d] - 1) * s[d] + k[d] - 2 * p[d] for d in range(len(k))]
    if output_size is None:
        return default
    if not isinstance(output_size, (list, tuple)):
        raise AssertionError(f"Required output_size is None|list|tuple, but received "
                             f"{output_size}")
    out = [int(v) for v in output_size]
    if len(out) == len(k) + 2:
        out = out[2:]
    if len(out) != len(k):
        raise ValueError(f"output_size should be a sequence containing {len(k)} or "
                         f"{len(k) + 2} elements, but it has a length of '{len(out)}'")
    for d in range(len(k)):
        lo, hi = default[d] - s[d], default[d] + s[d]
        if not lo < out[d] < hi:
            raise ValueError(f'invalid output_size "{out}" (dim {d} must be between {lo} and '
                             f'{hi})')
    return out


def _max_unpool_nd(x, indices, nd, kernel_size, stride, padding, data_format, output_size):
    names = {2: "[N, C, H, W]", 3: "[N, C, D, H, W]"}
    if x.ndim != nd + 2:
        raise ValueError(f"The x should have {names[nd]} format, but received {x.shape}.")
    if indices.ndim != nd + 2:
        raise ValueError(f"The indices should have {names[nd]} format, but received "
                         f"{indices.shape}.")
    k = _ints(kernel_size, nd, "pool_size")
    s = k if stride is None else _ints(stride, nd, "pool_stride")
    p = _ints(padding, nd, "padding")
    if data_format != _FORMATS[nd][0]:
        raise ValueError(f"Attr(data_format) should be '{_FORMATS[nd][0]}'. Received "
                         f"Attr(data_format): {data_format}.")
    out = _unpool_output_size(x.shape[2:], k, s, p, output_size)
    op = _C_ops.unpool if nd == 2 else _C_ops.unpool3d
    return op(x, indices, k, s, p, out, data_format)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL",
                 output_size=None, name=None):
    if data_format != "NCL":
        raise ValueError(f"Attr(data_format) should be 'NCL'. Received Attr(data_format): "
                         f"{data_format}.")
    k = [1] + _ints(kernel_size, 1, "pool_size")
    s = k if stride is None else [1] + _ints(stride, 1, "pool_stride")
    pads, _ = update_padding(padding, False, 1)
    if len(pads) != 1:
        raise ValueError(f"The size of padding's dimension should be 1. But got "
                         f"padding={padding}")
    p = [0] + pads
    x3, i3 = _ops.unsqueeze(x, [2]), _ops.unsqueeze(indices, [2])
    if output_size is not None:
        output_size = list(output_size[:2]) + [1] + list(output_size[2:])  # as Paddle's
    out = _unpool_output_size(x3.shape[2:], k, s, p, output_size)
    return _ops.squeeze(_C_ops.unpool(x3, i3, k, s, p, out, "NCHW"), [2])


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
    return _max_unpool_nd(x, indices, 2, kernel_size, stride, padding, data_format, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW",
                 output_size=None, name=None):
    return _max_unpool_nd(x, indices, 3, kernel_size, stride, padding, data_format, output_size)


# ---- power-average (LP) pooling, Paddle's lp_pool1d/2d: (sum over the window of x^p)^(1/p),
# composed as p-th powers, the exclusive average pool2d and the number of input elements in each
# window (a constant), so the gradients of any order are those of pow and pool2d.

__all__ += ["lp_pool1d", "lp_pool2d"]


def _window_counts(in_sp, k, s, pads, algo, out_sp):
    """[*out_sp] the number of input elements in each window (the exclusive average's
    divisor), separable per spatial dim."""
    import numpy as np
    from ...phi.infermeta.pool import pool_geometry
    k, s, pads = pool_geometry(in_sp, k, s, pads, False, algo)
    cnt = np.ones([1] * len(in_sp), np.int64)
    for i, n in enumerate(in_sp):
        start = np.arange(out_sp[i]) * s[i] - pads[2 * i]
        d = np.maximum(np.minimum(start + k[i], n) - np.maximum(start, 0), 0)
        shape = [1] * len(in_sp)
        shape[i] = out_sp[i]
        cnt = cnt * d.reshape(shape)
    return cnt


def _not_registered(x, op, supported):
    if x.dtype.name not in supported:
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{x.dtype.name}) of kernel `{op}` is not registered. Selected wrong "
                           f"DataType `{x.dtype.name}`. Paddle support following DataTypes: "
                           f"{', '.join(supported)}.")


def _lp_pool(x, norm_type, k, s, pads, algo, ceil_mode, data_format):
    from ...tensor import Tensor
    _not_registered(x, "lp_pool2d", ("float64", "float32"))
    p = float(norm_type)
    if p == float("inf"):  # the limit, as Paddle's kernel: the window's max (its first max's grad)
        return _C_ops.pool2d(x, k, s, pads, ceil_mode, True, data_format, "max", False, False,
                             algo)
    avg = _C_ops.pool2d(_ops.pow(x, p), k, s, pads, ceil_mode, True, data_format, "avg", False,
                        False, algo)
    last = data_format == "NHWC"
    in_sp = x.shape[1:3] if last else x.shape[2:]
    out_sp = avg.shape[1:3] if last else avg.shape[2:]
    cnt = _window_counts(in_sp, k, s, pads, algo, out_sp)
    cnt = cnt[..., None] if last else cnt
    total = _ops.multiply(avg, Tensor._wrap(cnt.astype(x._data.dtype)))
    return _ops.pow(total, 1.0 / p)


def _lp_args(args, kwargs):
    """Paddle's lp_pool_function_decorator: `input=` for x, and a bool 5th positional argument
    read as ceil_mode (with a warning)."""
    if "input" in kwargs:
        kwargs["x"] = kwargs.pop("input")
    if len(args) == 5 and isinstance(args[4], bool):
        import warnings
        warnings.warn("The 5th positional argument is a boolean value, which is being "
                      "interpreted as 'ceil_mode'.", stacklevel=3)
        kwargs["ceil_mode"] = args[4]
        args = args[:4]
    return args, kwargs


def _lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
               data_format="NCHW", name=None):
    if len(x.shape) != 4:
        raise ValueError(f"Excepted Input X is 4-D tensor, but received {len(x.shape)}-D "
                         f"{type(x)}")
    if norm_type == 0:
        raise ValueError("`norm_type` cannot be 0.")
    _check_format(data_format, _FORMATS[2])
    k = _ints(kernel_size, 2, "pool_size")
    s = k if stride is None else _ints(stride, 2, "pool_stride")
    _check_lp_positive(k, "kernel_size")
    _check_lp_positive(s, "stride")
    pads, algo = _pool_padding(padding, data_format == "NHWC", 2, ceil_mode)
    return _lp_pool(x, norm_type, k, s, pads, algo, ceil_mode, data_format)


def _check_lp_positive(v, name):
    for i in v:
        if i <= 1e-3:
            raise ValueError(f"Excepted the input {name} to be greater than 0.001 but received "
                             f"x: {i}. ")


def lp_pool2d(*args, **kwargs):
    """lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
    data_format="NCHW", name=None): (sum over each window of x^norm_type)^(1/norm_type)."""
    args, kwargs = _lp_args(args, kwargs)
    return _lp_pool2d(*args, **kwargs)


def _lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
               data_format="NCL", name=None):
    if data_format not in ("NCL", "NLC"):
        raise ValueError(f"Attr(data_format) should be 'NCL' or 'NLC'. Received "
                         f"Attr(data_format): {data_format}.")
    if len(x.shape) != 3:
        raise ValueError(f"Excepted Input X is 3-D tensor, but received {len(x.shape)}-D "
                         f"{type(x)}")
    if norm_type == 0:
        raise ValueError("(InvalidArgument) norm_type of LPPool op cannot be 0.")
    k = [1] + _ints(kernel_size, 1, "kernel_size")
    s = k if stride is None else [1] + _ints(stride, 1, "pool_stride")
    _check_lp_positive(k, "kernel_size")
    _check_lp_positive(s, "stride")
    pads, algo = _pool_padding(padding, data_format == "NLC", 1, ceil_mode)
    pads = [0, 0] + pads if len(pads) == 2 else [0] + pads
    axis, fmt = (1, "NHWC") if data_format == "NLC" else (2, "NCHW")
    out = _lp_pool(_ops.unsqueeze(x, [axis]), norm_type, k, s, pads, algo, ceil_mode, fmt)
    return _ops.squeeze(out, [axis])


def lp_pool1d(*args, **kwargs):
    """lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
    data_format="NCL", name=None): lp_pool2d over a height-1 image."""
    args, kwargs = _lp_args(args, kwargs)
    return _lp_pool1d(*args, **kwargs)


# ---- fractional max pooling (Paddle fractional_max_pool2d/3d, Graham 2014): pseudo-random
# windows from one number u in (0, 1), the regions computed as Paddle's kernel does in float32
# (FractionalRationalU / FractionalStartIndex / FractionalEndIndex). The first maximum of each
# window is found in NumPy (the mask, int32 flat positions in the input plane, as Paddle), and
# the output gathers x there (take_along_axis), so its gradient goes to that element as
# Paddle's grad kernel sends it, and gradients of any order are the gather's.

__all__ += ["fractional_max_pool2d", "fractional_max_pool3d"]


def _fractional_bounds(n, out, pool, u):
    """(start, end) int arrays of the `out` windows over an axis of n elements."""
    import numpy as np
    f = np.float32
    alpha = f(n - pool) / f(out - (1 if pool > 0 else 0))
    if pool <= 0:
        base = n // out
        max_u = min(f(base + 2) / alpha - f(1), f(n + 1 - base) / alpha - f(out - 1))
        u = f(u) * f(max_u)
    u = f(u)
    idx = np.arange(out, dtype=np.float32)
    start = ((idx + u) * alpha).astype(np.int64) - int(u * alpha)
    end = start + pool if pool > 0 else ((idx + f(1) + u) * alpha).astype(np.int64) - int(
        u * alpha)
    return np.maximum(start, 0), np.minimum(end, n)


def _fractional_mask(xa, out_size, kernel, u):
    """[N, C, *out] int64 flat positions (in the input plane) of each window's first max."""
    import numpy as np
    nd = len(out_size)
    sp = xa.shape[2:]
    flat = np.zeros([1] * (2 * nd), np.int64)
    valid = np.ones([1] * (2 * nd), bool)
    step = 1
    for i in reversed(range(nd)):
        start, end = _fractional_bounds(sp[i], out_size[i], kernel[i], u)
        width = max(int((end - start).max()), 1)
        pos = start[:, None] + np.arange(width)[None, :]  # [out_i, width]
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = out_size[i], width
        valid = valid & (pos < end[:, None]).reshape(shape)
        flat = flat + (np.minimum(pos, sp[i] - 1) * step).reshape(shape)
        step *= sp[i]
    n_out = int(np.prod(out_size))
    full = np.broadcast_shapes(flat.shape, valid.shape)  # [*out, *widths]
    flat = np.broadcast_to(flat, full).reshape(n_out, -1)
    valid = np.broadcast_to(valid, full).reshape(n_out, -1)
    vals = xa.reshape(xa.shape[:2] + (-1,))[:, :, flat.T]  # [N, C, K, O]
    best = np.full(xa.shape[:2] + (n_out,), -np.inf, xa.dtype)
    pos = np.broadcast_to(flat[:, 0], best.shape).copy()
    for j in range(flat.shape[1]):  # window offsets, each over all windows at once
        v = vals[:, :, j]
        upd = (v > best) & valid[:, j]  # the kernel's strict '<': first max, NaN skipped
        np.copyto(best, v, where=upd)
        np.copyto(pos, flat[:, j], where=upd)
    return pos.reshape(xa.shape[:2] + tuple(out_size))


def _fractional_max_pool(x, nd, output_size, kernel_size, random_u, return_mask):
    import numpy as np
    from ...tensor import Tensor
    if len(x.shape) != nd + 2:
        raise ValueError(f"Excepted Input X is {nd + 2}-D tensor, but received "
                         f"{len(x.shape)}-D {type(x)}")
    _not_registered(x, f"fractional_max_pool{nd}d", ("float64", "float16", "float32"))
    if random_u is None:
        u = float(_ops.rand([], "float32")._data)
    elif random_u <= 0 or random_u >= 1:
        raise ValueError("The param `random_u` should be a `float` in (0, 1).")
    else:
        u = float(random_u)
    k = [0] * nd if kernel_size is None else _ints(kernel_size, nd, "kernel_size")
    sp = list(x.shape[2:])
    if isinstance(output_size, int):
        out = [output_size] * nd
    else:
        out = [sp[i] if o is None else int(o) for i, o in enumerate(output_size)]
    for name, n, o, kk in zip(("depth", "height", "width")[3 - nd:], sp, out, k):
        if n < o - 1 + kk:
            raise ValueError(f"(InvalidArgument) input_{name} [{n}] is less than valid "
                             f"output_{name} [{o - 1 + kk}]")
    mask = _fractional_mask(x._data, out, k, u) if x.size else np.zeros(
        list(x.shape[:2]) + out, np.int64)
    flat = _ops.reshape(x, list(x.shape[:2]) + [int(np.prod(sp))])
    idx = Tensor._wrap(mask.reshape(mask.shape[:2] + (int(np.prod(out)),)))
    res = _ops.reshape(_ops.take_along_axis(flat, idx, 2), list(mask.shape))
    if return_mask:
        return res, Tensor._wrap(mask.astype(np.int32))
    return res


def fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """Max over pseudo-random windows giving output_size (Paddle's fractional pooling; the
    same random_u gives Paddle's windows), with the int32 mask when return_mask."""
    return _fractional_max_pool(x, 2, output_size, kernel_size, random_u, return_mask)


def fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """fractional_max_pool2d over depth, height and width."""
    return _fractional_max_pool(x, 3, output_size, kernel_size, random_u, return_mask)
