"""Op-table rows: pool2d and pool3d (max and average, exclusive or not, adaptive), with
paddings, strides, ceil_mode, global pooling and channel-last layouts; max_pool2d/3d_with_index
(values and the int32 mask); unpool and unpool3d. References are direct loops over the windows
(Paddle's CPU kernel rules: C++ integer division for the output size, a non-exclusive average
divides by min(start + k, n + pad_before) - start per dim)."""
import itertools
import math

import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array


def _geometry(sp, kernel_size, strides, paddings, global_pooling, adaptive):
    nd = len(sp)
    k = list(kernel_size) * (nd if len(kernel_size) == 1 else 1)
    s = list(strides) * (nd if len(strides) == 1 else 1)
    p = list(paddings)
    p = p * (2 * nd) if len(p) == 1 else ([v for v in p for _ in (0, 1)] if len(p) == nd else p)
    if global_pooling:
        k, s, p = list(sp), [1] * nd, [0] * (2 * nd)
    if adaptive:
        p = [0] * (2 * nd)
    return k, s, p


def _windows(sp, k, s, p, ceil_mode, adaptive):
    """Per dim, the list of (start, end, divisor_non_exclusive) of each output."""
    dims = []
    for i, n in enumerate(sp):
        cells = []
        if adaptive:
            for o in range(k[i]):
                a, b = (o * n) // k[i], math.ceil((o + 1) * n / k[i])
                cells.append((a, b, b - a))
        else:
            span = n + p[2 * i] + p[2 * i + 1] - k[i] + (s[i] - 1 if ceil_mode else 0)
            out = int(span / s[i]) + 1  # C++ truncation
            for o in range(out):
                start = o * s[i] - p[2 * i]
                cells.append((max(start, 0), min(start + k[i], n),
                              min(start + k[i], n + p[2 * i]) - start))
        dims.append(cells)
    return dims


def _pool_ref(x, kernel_size, strides, paddings, ceil_mode, exclusive, channel_last,
              pooling_type, global_pooling, adaptive, with_mask=False):
    if channel_last:
        x = np.moveaxis(x, -1, 1)
    sp = x.shape[2:]
    k, s, p = _geometry(sp, kernel_size, strides, paddings, global_pooling, adaptive)
    dims = _windows(sp, k, s, p, ceil_mode, adaptive)
    out = np.zeros(x.shape[:2] + tuple(len(d) for d in dims), x.dtype)
    mask = np.zeros(out.shape, np.int32)
    for pos in itertools.product(*[range(len(d)) for d in dims]):
        cells = [dims[i][o] for i, o in enumerate(pos)]
        win = x[(slice(None), slice(None)) + tuple(slice(a, b) for a, b, _ in cells)]
        flat = win.reshape(x.shape[:2] + (-1,))
        if pooling_type == "max":
            arg = flat.argmax(axis=-1)
            out[(slice(None), slice(None)) + pos] = flat.max(axis=-1)
            local = np.unravel_index(arg, win.shape[2:])
            mask[(slice(None), slice(None)) + pos] = np.ravel_multi_index(
                tuple(loc + a for loc, (a, _, _) in zip(local, cells)), sp)
        else:
            cnt = flat.shape[-1] if (exclusive or adaptive) else np.prod([d for _, _, d in cells])
            out[(slice(None), slice(None)) + pos] = flat.sum(axis=-1) / max(cnt, 1)
    if channel_last:
        out = np.moveaxis(out, 1, -1)
    return (out, mask) if with_mask else out


def ref_pool(x, kernel_size, strides=(1,), paddings=(0,), ceil_mode=False, exclusive=True,
             data_format="NCHW", pooling_type="max", global_pooling=False, adaptive=False,
             padding_algorithm="EXPLICIT"):
    return _pool_ref(x, kernel_size, strides, paddings, ceil_mode, exclusive,
                     data_format in ("NHWC", "NDHWC"), pooling_type, global_pooling, adaptive)


def ref_with_index(x, kernel_size, strides=(1,), paddings=(0,), global_pooling=False,
                   adaptive=False, ceil_mode=False):
    return _pool_ref(x, kernel_size, strides, paddings, ceil_mode, True, False, "max",
                     global_pooling, adaptive, with_mask=True)


CASES2 = [((2, 3, 6, 5), {"kernel_size": [2, 2], "strides": [2, 2]}),
          ((1, 2, 5, 5), {"kernel_size": [3, 2], "strides": [2, 1], "paddings": [1, 1]}),
          ((1, 2, 5, 6), {"kernel_size": [2, 3], "strides": [2, 2], "paddings": [1, 0, 0, 1],
                          "ceil_mode": True}),
          ((2, 2, 4, 3), {"kernel_size": [1, 1], "global_pooling": True}),
          ((1, 2, 5, 7), {"kernel_size": [2, 3], "adaptive": True}),
          ((1, 5, 4, 2), {"kernel_size": [2, 2], "strides": [1, 1], "data_format": "NHWC",
                          "paddings": [1, 0]})]
CASES3 = [((1, 2, 4, 4, 6), {"kernel_size": [2, 2, 2], "strides": [2, 2, 2]}),
          ((1, 1, 4, 5, 3), {"kernel_size": [3, 2, 2], "strides": [2, 1, 2], "paddings": [1, 0, 0],
                             "ceil_mode": True}),
          ((1, 2, 3, 5, 4), {"kernel_size": [2, 3, 2], "adaptive": True}),
          ((1, 3, 4, 3, 2), {"kernel_size": [2, 2, 2], "strides": [1, 1, 1],
                             "data_format": "NDHWC", "paddings": [0, 1, 0, 0, 1, 0]})]


def _distinct(rng, s, dt):
    """Distinct values: a max pool's gradient is smooth around them."""
    x = make_array(rng, s, dt)
    return (rng.permutation(x.size).reshape(s) * 0.1 + 0.01 * x).astype(dt)


def _pool_samples(cases):
    def samples(rng, dt):
        out = []
        for kind, exclusive in (("max", True), ("avg", True), ("avg", False)):
            for s, kw in cases:
                kw = dict(kw, pooling_type=kind, exclusive=exclusive)
                x = _distinct(rng, s, dt) if kind == "max" else make_array(rng, s, dt)
                out.append(Sample([x], kw, desc=f"{s} {kw}"))
        return out
    return samples


def _with_index_samples(cases):
    def samples(rng, dt):
        out = []
        for s, kw in cases:
            if kw.get("data_format") or len(kw.get("paddings", [0] * (len(s) - 2))) != len(s) - 2:
                continue
            kw = {k: v for k, v in kw.items() if k != "data_format"}
            out.append(Sample([_distinct(rng, s, dt)], kw, desc=f"{s} {kw}"))
        return out
    return samples


def ref_unpool(x, indices, ksize, strides, paddings, output_size, data_format="NCHW"):
    n, c = x.shape[:2]
    out_sp = tuple(output_size)[-(x.ndim - 2):]
    out = np.zeros((n, c, int(np.prod(out_sp))), x.dtype)
    for i in range(n):
        for j in range(c):
            out[i, j, indices[i, j].ravel()] = x[i, j].ravel()
    return out.reshape((n, c) + out_sp)


def _unpool_samples(nd):
    def samples(rng, dt):
        out = []
        shapes = ([(2, 3, 3, 4), (1, 2, 2, 2)] if nd == 2 else [(1, 2, 2, 3, 2), (2, 1, 2, 2, 2)])
        for s in shapes:
            x = make_array(rng, s, dt)
            k = [2] * nd
            out_sp = [2 * v for v in s[2:]]
            # one distinct position inside each 2x..x2 cell, as a max pool's mask would give
            cell = [rng.integers(0, 2, s) for _ in range(nd)]
            grid = np.meshgrid(*[np.arange(v) for v in s[2:]], indexing="ij")
            pos = [2 * g + o for g, o in zip(grid, cell)]
            idx = np.ravel_multi_index(pos, out_sp).astype(np.int32 if nd == 2 else np.int64)
            out.append(Sample([x, idx], {"ksize": k, "strides": k, "paddings": [0] * nd,
                                         "output_size": out_sp}, desc=f"{s}"))
        return out
    return samples


def _op(name):
    return lambda *a, **k: getattr(paddle._C_ops, name)(*a, **k)


ROWS = [
    OpInfo("pool2d", _op("pool2d"), ref_pool, ("float32", "float64"),
           sample_inputs=_pool_samples(CASES2)),
    OpInfo("pool3d", _op("pool3d"), ref_pool, ("float32", "float64"),
           sample_inputs=_pool_samples(CASES3)),
    OpInfo("max_pool2d_with_index", _op("max_pool2d_with_index"), ref_with_index,
           ("float32", "float64"), sample_inputs=_with_index_samples(CASES2),
           out_dtype=lambda d: (d, "int32")),
    OpInfo("max_pool3d_with_index", _op("max_pool3d_with_index"), ref_with_index,
           ("float32", "float64"), sample_inputs=_with_index_samples(CASES3),
           out_dtype=lambda d: (d, "int32")),
    OpInfo("unpool", _op("unpool"), ref_unpool, ("float32", "float64"),
           sample_inputs=_unpool_samples(2)),
    OpInfo("unpool3d", _op("unpool3d"), ref_unpool, ("float32", "float64"),
           sample_inputs=_unpool_samples(3)),
]
