"""Op-table rows: pool2d, max and average (exclusive or not), with paddings, strides, ceil_mode,
global pooling and NHWC, against direct loops over the windows."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array


def ref_pool2d(x, kernel_size, strides=(1, 1), paddings=(0, 0), ceil_mode=False,
               exclusive=True, data_format="NCHW", pooling_type="max", global_pooling=False,
               adaptive=False, padding_algorithm="EXPLICIT"):
    if data_format == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    n, c, h, w = x.shape
    k, s = list(kernel_size), list(strides)
    p = list(paddings)
    p = [p[0], p[0], p[1], p[1]] if len(p) == 2 else p
    if global_pooling:
        k, s, p = [h, w], [1, 1], [0, 0, 0, 0]
    size = []
    for i, m in enumerate((h, w)):
        span = m + p[2 * i] + p[2 * i + 1] - k[i]
        size.append((span + (s[i] - 1 if ceil_mode else 0)) // s[i] + 1)
    out = np.zeros((n, c, size[0], size[1]), x.dtype)
    for a in range(size[0]):
        for b in range(size[1]):
            h0, w0 = a * s[0] - p[0], b * s[1] - p[2]
            hs, he = max(h0, 0), min(h0 + k[0], h)
            ws, we = max(w0, 0), min(w0 + k[1], w)
            win = x[:, :, hs:he, ws:we]
            if pooling_type == "max":
                out[:, :, a, b] = win.max(axis=(2, 3))
            else:
                cnt = (he - hs) * (we - ws) if exclusive else k[0] * k[1]
                out[:, :, a, b] = win.sum(axis=(2, 3)) / max(cnt, 1)
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


CASES = [((2, 3, 6, 5), {"kernel_size": [2, 2], "strides": [2, 2]}),
         ((1, 2, 5, 5), {"kernel_size": [3, 2], "strides": [2, 1], "paddings": [1, 1]}),
         ((1, 2, 5, 6), {"kernel_size": [2, 3], "strides": [2, 2], "paddings": [1, 0, 0, 1],
                         "ceil_mode": True}),
         ((2, 2, 4, 3), {"kernel_size": [1, 1], "global_pooling": True}),
         ((1, 5, 4, 2), {"kernel_size": [2, 2], "strides": [1, 1], "data_format": "NHWC",
                         "paddings": [1, 0]})]


def _samples(pooling_type, exclusive=True):
    def samples(rng, dt):
        out = []
        for s, kw in CASES:
            kw = dict(kw, pooling_type=pooling_type, exclusive=exclusive)
            x = make_array(rng, s, dt)
            if pooling_type == "max":  # distinct values: the gradient is smooth around them
                x = (rng.permutation(x.size).reshape(s) * 0.1 + 0.01 * x).astype(dt)
            out.append(Sample([x], kw, desc=f"{s} {kw}"))
        return out
    return samples


def _samples_all(rng, dt):
    return (_samples("max")(rng, dt) + _samples("avg")(rng, dt)
            + _samples("avg", exclusive=False)(rng, dt))


ROWS = [
    OpInfo("pool2d", lambda x, **k: paddle._C_ops.pool2d(x, **k), ref_pool2d,
           ("float32", "float64"), sample_inputs=_samples_all),
]
