"""Op-table rows: conv2d (strides, paddings in every form, SAME/VALID, dilations, groups, NHWC),
unfold and fold, against direct loops over the output positions."""
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
    OpInfo("unfold", lambda x, **k: paddle._C_ops.unfold(x, **k), ref_unfold,
           ("float32", "float64"), sample_inputs=_unfold_samples),
    OpInfo("fold", lambda x, **k: paddle._C_ops.fold(x, **k), ref_fold, ("float32", "float64"),
           sample_inputs=_fold_samples),
]
