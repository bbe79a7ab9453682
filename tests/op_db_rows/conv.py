"""Op-table rows: conv2d and conv3d (strides, paddings in every form, SAME/VALID, dilations,
groups, channel-last), conv2d_transpose and conv3d_transpose (also output_padding and
output_size), unfold and fold, against direct loops over the output (or input) positions."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

F = paddle.nn.functional


def _pads4(p):
    """[p] / [ph, pw] / [top, bottom, left, right] -> [top, bottom, left, right]."""
    p = list(p)
    return p * 4 if len(p) == 1 else ([p[0], p[0], p[1], p[1]] if len(p) == 2 else p)


def _same(n, k, s):
    out = -(-n // s)
    total = max((out - 1) * s + k - n, 0)
    return [total // 2, total - total // 2]


def ref_conv2d(x, w, strides=(1, 1), paddings=(0, 0), padding_algorithm="EXPLICIT",
               dilations=(1, 1), groups=1, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    n, c, h, wd = x.shape
    oc, cg, kh, kw = w.shape
    d = list(dilations)
    if padding_algorithm == "SAME":
        p, d = _same(h, kh, strides[0]) + _same(wd, kw, strides[1]), [1, 1]
    elif padding_algorithm == "VALID":
        p = [0, 0, 0, 0]
    else:
        p = _pads4(paddings)
    xp = np.pad(x, ((0, 0), (0, 0), (p[0], p[1]), (p[2], p[3])))
    oh = (h + p[0] + p[1] - d[0] * (kh - 1) - 1) // strides[0] + 1
    ow = (wd + p[2] + p[3] - d[1] * (kw - 1) - 1) // strides[1] + 1
    out = np.zeros((n, oc, oh, ow), np.result_type(x, w))
    for o in range(oc):
        g = o // (oc // groups)
        for i in range(oh):
            for j in range(ow):
                hs, ws = i * strides[0], j * strides[1]
                patch = xp[:, g * cg:(g + 1) * cg, hs:hs + d[0] * (kh - 1) + 1:d[0],
                           ws:ws + d[1] * (kw - 1) + 1:d[1]]
                out[:, o, i, j] = (patch * w[o]).sum(axis=(1, 2, 3))
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


CONV_CASES = [  # (x shape, w shape, kwargs)
    ((2, 3, 5, 5), (4, 3, 3, 3), {}),
    ((1, 4, 6, 5), (6, 2, 3, 2), {"strides": [2, 1], "paddings": [1, 0, 2, 1], "dilations": [1, 2],
                                  "groups": 2}),
    ((2, 2, 5, 4), (3, 2, 2, 3), {"paddings": [1, 2]}),
    ((1, 3, 7, 6), (2, 3, 3, 3), {"strides": [2, 2], "padding_algorithm": "SAME"}),
    ((1, 2, 5, 5), (2, 2, 2, 2), {"padding_algorithm": "VALID", "paddings": [3, 3]}),
    ((2, 4, 4, 3), (2, 3, 2, 2), {"data_format": "NHWC", "paddings": [1, 1]}),
]


def _conv_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], dict(kw), desc=f"{a} {b} {kw}")
            for a, b, kw in CONV_CASES]


def _pairs(p, nd):
    """[p] / [p per dim] / [before, after per dim] -> [(before, after) per dim]."""
    p = list(p)
    if len(p) == 1:
        p = p * nd
    if len(p) == nd:
        return [(v, v) for v in p]
    return [(p[2 * i], p[2 * i + 1]) for i in range(nd)]


def _nd_geometry(in_sizes, k, strides, paddings, padding_algorithm, dilations):
    nd = len(in_sizes)
    if padding_algorithm == "SAME":
        return [tuple(_same(in_sizes[i], k[i], strides[i])) for i in range(nd)], [1] * nd
    if padding_algorithm == "VALID":
        return [(0, 0)] * nd, list(dilations)
    return _pairs(paddings, nd), list(dilations)


def ref_conv3d(x, w, strides=(1, 1, 1), paddings=(0, 0, 0), padding_algorithm="EXPLICIT",
               groups=1, dilations=(1, 1, 1), data_format="NCDHW"):
    """Direct loops over the output positions: each is the sum of a window times the filter."""
    if data_format == "NDHWC":
        x = np.moveaxis(x, -1, 1)
    k = w.shape[2:]
    p, d = _nd_geometry(x.shape[2:], k, strides, paddings, padding_algorithm, dilations)
    xp = np.pad(x, [(0, 0), (0, 0)] + p)
    o = [(xp.shape[2 + i] - d[i] * (k[i] - 1) - 1) // strides[i] + 1 for i in range(3)]
    oc, cg = w.shape[:2]
    out = np.zeros((x.shape[0], oc, *o), np.result_type(x, w))
    for pos in np.ndindex(*o):
        win = xp[(slice(None), slice(None)) + tuple(
            slice(pos[i] * strides[i], pos[i] * strides[i] + d[i] * (k[i] - 1) + 1, d[i])
            for i in range(3))]
        for g in range(groups):
            wg = w[g * (oc // groups):(g + 1) * (oc // groups)]
            out[(slice(None), slice(g * (oc // groups), (g + 1) * (oc // groups))) + pos] = \
                np.tensordot(win[:, g * cg:(g + 1) * cg], wg, axes=([1, 2, 3, 4], [1, 2, 3, 4]))
    return np.moveaxis(out, 1, -1) if data_format == "NDHWC" else out


def ref_conv_transpose(x, w, strides=(1, 1), paddings=(0,), output_padding=(),
                       output_size=(), padding_algorithm="EXPLICIT", groups=1, dilations=(1, 1),
                       data_format="NCHW"):
    """Direct loops over the input positions: each adds its value times the filter into the
    window of the output it came from (the adjoint of the convolution)."""
    cl = data_format in ("NHWC", "NDHWC")
    if cl:
        x = np.moveaxis(x, -1, 1)
    nd = x.ndim - 2
    k, sizes = w.shape[2:], x.shape[2:]
    strides = list(strides) if len(strides) == nd else [1] * nd  # the defaults are 2-D
    dilations = list(dilations) if len(dilations) == nd else [1] * nd
    p, d = _nd_geometry(sizes, k, strides, paddings, padding_algorithm, dilations)
    out_sizes = [(sizes[i] - 1) * strides[i] - p[i][0] - p[i][1] + d[i] * (k[i] - 1) + 1
                 + (output_padding[i] if output_padding else 0) for i in range(nd)]
    if output_size:
        out_sizes = list(output_size)
    full = [max(p[i][0] + out_sizes[i], (sizes[i] - 1) * strides[i] + d[i] * (k[i] - 1) + 1)
            for i in range(nd)]
    c, ocg = w.shape[:2]
    cg = c // groups
    buf = np.zeros((x.shape[0], ocg * groups, *full), np.result_type(x, w))
    for pos in np.ndindex(*sizes):
        for g in range(groups):
            contrib = np.tensordot(x[(slice(None), slice(g * cg, (g + 1) * cg)) + pos],
                                   w[g * cg:(g + 1) * cg], axes=([1], [0]))
            buf[(slice(None), slice(g * ocg, (g + 1) * ocg)) + tuple(
                slice(pos[i] * strides[i], pos[i] * strides[i] + d[i] * (k[i] - 1) + 1, d[i])
                for i in range(nd))] += contrib
    out = buf[(slice(None), slice(None)) + tuple(slice(p[i][0], p[i][0] + out_sizes[i])
                                                 for i in range(nd))]
    return np.moveaxis(out, 1, -1) if cl else out


CONV3D_CASES = [
    ((2, 2, 3, 4, 3), (3, 2, 2, 2, 2), {}),
    ((1, 4, 4, 3, 5), (4, 2, 2, 1, 3), {"strides": [2, 1, 2], "paddings": [1, 0, 0, 1, 2, 1],
                                        "dilations": [1, 2, 1], "groups": 2}),
    ((1, 2, 4, 3, 3), (2, 2, 3, 2, 2), {"strides": [2, 2, 1], "padding_algorithm": "SAME"}),
    ((1, 3, 4, 3, 2), (2, 2, 2, 2, 1), {"data_format": "NDHWC", "paddings": [1, 0, 1]}),
]

CONV2D_TRANSPOSE_CASES = [
    ((2, 2, 3, 4), (2, 3, 2, 3), {}),
    ((1, 4, 3, 3), (4, 1, 3, 2), {"strides": [2, 3], "paddings": [1, 0, 0, 1], "groups": 2,
                                  "output_padding": [1, 2]}),
    ((1, 2, 3, 2), (2, 2, 2, 2), {"strides": [2, 2], "dilations": [2, 1], "paddings": [1, 0],
                                  "output_size": [6, 4]}),
    ((1, 2, 3, 3), (2, 2, 3, 3), {"strides": [2, 2], "padding_algorithm": "SAME"}),
    ((2, 3, 2, 2), (2, 2, 2, 2), {"data_format": "NHWC", "strides": [2, 1], "paddings": [1, 0]}),
]

CONV3D_TRANSPOSE_CASES = [
    ((1, 2, 2, 3, 2), (2, 2, 2, 2, 2), {"strides": [2, 1, 2], "paddings": [1, 0, 0],
                                        "output_padding": [1, 0, 0]}),
    ((1, 2, 3, 2, 4), (4, 1, 2, 1, 2), {"groups": 2, "dilations": [1, 1, 2],
                                        "data_format": "NHWC"}),
]


def _cases(cases):
    def samples(rng, dt):
        return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], dict(kw),
                       desc=f"{a} {b} {kw}") for a, b, kw in cases]
    return samples


def ref_unfold(x, kernel_sizes, strides=(1, 1), paddings=(0, 0, 0, 0), dilations=(1, 1)):
    top, left, bottom, right = paddings
    xp = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
    kh, kw = kernel_sizes
    n, c, h, w = xp.shape
    oh = (h - dilations[0] * (kh - 1) - 1) // strides[0] + 1
    ow = (w - dilations[1] * (kw - 1) - 1) // strides[1] + 1
    out = np.zeros((n, c * kh * kw, oh * ow), x.dtype)
    for ci in range(c):
        for i in range(kh):
            for j in range(kw):
                for a in range(oh):
                    for b in range(ow):
                        out[:, (ci * kh + i) * kw + j, a * ow + b] = xp[
                            :, ci, a * strides[0] + i * dilations[0],
                            b * strides[1] + j * dilations[1]]
    return out


def ref_fold(x, output_sizes, kernel_sizes, strides=(1, 1), paddings=(0, 0, 0, 0),
             dilations=(1, 1)):
    top, left, bottom, right = paddings
    kh, kw = kernel_sizes
    h, w = output_sizes[0] + top + bottom, output_sizes[1] + left + right
    oh = (h - dilations[0] * (kh - 1) - 1) // strides[0] + 1
    ow = (w - dilations[1] * (kw - 1) - 1) // strides[1] + 1
    n, ckk, _ = x.shape
    c = ckk // (kh * kw)
    out = np.zeros((n, c, h, w), x.dtype)
    for ci in range(c):
        for i in range(kh):
            for j in range(kw):
                for a in range(oh):
                    for b in range(ow):
                        out[:, ci, a * strides[0] + i * dilations[0],
                            b * strides[1] + j * dilations[1]] += x[:, (ci * kh + i) * kw + j,
                                                                    a * ow + b]
    return out[:, :, top:top + output_sizes[0], left:left + output_sizes[1]]


UNFOLD_CASES = [((2, 3, 4, 5), {"kernel_sizes": [2, 2]}),
                ((1, 2, 5, 5), {"kernel_sizes": [3, 2], "strides": [2, 1],
                                "paddings": [1, 0, 0, 2], "dilations": [1, 2]})]


def _unfold_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], dict(kw), desc=f"{s} {kw}") for s, kw in UNFOLD_CASES]


def _fold_samples(rng, dt):
    out = []
    for s, kw in UNFOLD_CASES:
        cols = ref_unfold(np.zeros(s), **kw).shape
        out.append(Sample([make_array(rng, cols, dt)], dict(kw, output_sizes=list(s[2:])),
                          desc=f"{cols} {kw}"))
    return out


ROWS = [
    OpInfo("conv2d", lambda x, w, **k: paddle._C_ops.conv2d(x, w, **k), ref_conv2d,
           ("float32", "float64"), arity=2, sample_inputs=_conv_samples),
    OpInfo("conv3d", lambda x, w, **k: paddle._C_ops.conv3d(x, w, **k), ref_conv3d,
           ("float32", "float64"), arity=2, sample_inputs=_cases(CONV3D_CASES)),
    OpInfo("conv2d_transpose", lambda x, w, **k: paddle._C_ops.conv2d_transpose(x, w, **k),
           ref_conv_transpose, ("float32", "float64"), arity=2,
           sample_inputs=_cases(CONV2D_TRANSPOSE_CASES)),
    OpInfo("conv3d_transpose", lambda x, w, **k: paddle._C_ops.conv3d_transpose(x, w, **k),
           ref_conv_transpose, ("float32", "float64"), arity=2,
           sample_inputs=_cases(CONV3D_TRANSPOSE_CASES)),
    OpInfo("unfold", lambda x, **k: paddle._C_ops.unfold(x, **k), ref_unfold,
           ("float32", "float64"), sample_inputs=_unfold_samples),
    OpInfo("fold", lambda x, **k: paddle._C_ops.fold(x, **k), ref_fold, ("float32", "float64"),
           sample_inputs=_fold_samples),
]
