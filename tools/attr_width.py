"""Which float attributes does an op keep at float32 width, and which at float64?

Runs each case below on float64 inputs twice, once with the attribute at v and once at
float64(float32(v)); identical outputs mean the op rounded v to float32 (Paddle's `float`
attribute), different outputs mean it kept all 64 bits (`double`, or a Scalar read as double).
A third run at 1.5 * v checks that the output depends on the attribute at all.

    /tmp/oracle/bin/python tools/attr_width.py            # real Paddle: the table to match
    python tools/attr_width.py --eagergraph               # the same table for eagergraph

tests/test_attr_width.py pins eagergraph's behaviour against NumPy references for the rows
this prints (without Paddle).
"""
import sys

import numpy as np


def _f32(v):
    return float(np.float32(v))


def _inputs(v):
    """Points on both sides of v and of float32(v), so a threshold at either width shows."""
    w = _f32(v)
    mid = (v + w) / 2
    pts = [v, w, mid, np.nextafter(v, 0), np.nextafter(w, 10), 0.5, 2.0, 0.3, 1e-3]
    return np.array(pts + [-p for p in pts], dtype=np.float64)


# (label, attribute, v, fn(paddle, F, x, a), input transform)
CASES = [
    ("clip", "min", 0.1, lambda P, F, x, a: P.clip(x, min=a, max=10.0), None),
    ("clip", "max", 0.1, lambda P, F, x, a: P.clip(x, min=-10.0, max=a), None),
    ("scale", "scale", 0.1, lambda P, F, x, a: P.scale(x, scale=a), None),
    ("scale", "bias", 0.1, lambda P, F, x, a: P.scale(x, scale=1.0, bias=a), None),
    ("pow", "y", 0.1, lambda P, F, x, a: P.pow(x, a), abs),
    ("logit", "eps", 0.1, lambda P, F, x, a: P.logit(x, eps=a), abs),
    ("addmm", "beta", 0.1, lambda P, F, x, a: P.addmm(x.reshape([3, 6]), x.reshape([3, 6]),
                                                      P.eye(6, dtype="float64"), beta=a), None),
    ("addmm", "alpha", 0.1, lambda P, F, x, a: P.addmm(x.reshape([3, 6]), x.reshape([3, 6]),
                                                       P.eye(6, dtype="float64"), alpha=a), None),
    ("diag", "padding_value", 0.1, lambda P, F, x, a: P.diag(x[:3], padding_value=a), None),
    ("full", "fill_value", 0.1, lambda P, F, x, a: P.full([2], a, dtype="float64"), None),
    ("hardtanh", "min", 0.1, lambda P, F, x, a: F.hardtanh(x, min=a, max=10.0), None),
    ("hardtanh", "max", 0.1, lambda P, F, x, a: F.hardtanh(x, min=-10.0, max=a), None),
    ("leaky_relu", "negative_slope", 0.1, lambda P, F, x, a: F.leaky_relu(x, a), None),
    ("elu", "alpha", 0.1, lambda P, F, x, a: F.elu(x, a), None),
    ("celu", "alpha", 0.1, lambda P, F, x, a: F.celu(x, a), None),
    ("selu", "scale", 1.1, lambda P, F, x, a: F.selu(x, scale=a), None),
    ("selu", "alpha", 0.1, lambda P, F, x, a: F.selu(x, alpha=a), None),
    ("softplus", "beta", 0.1, lambda P, F, x, a: F.softplus(x, beta=a), None),
    ("softplus", "threshold", 0.1, lambda P, F, x, a: F.softplus(x, threshold=a), None),
    ("hardshrink", "threshold", 0.1, lambda P, F, x, a: F.hardshrink(x, a), None),
    ("softshrink", "threshold", 0.1, lambda P, F, x, a: F.softshrink(x, a), None),
    ("thresholded_relu", "threshold", 0.1, lambda P, F, x, a: F.thresholded_relu(x, a), None),
    ("thresholded_relu", "value", 0.1,
     lambda P, F, x, a: F.thresholded_relu(x, 0.2, value=a), None),
    ("hardsigmoid", "slope", 0.1, lambda P, F, x, a: F.hardsigmoid(x, slope=a), None),
    ("hardsigmoid", "offset", 0.1, lambda P, F, x, a: F.hardsigmoid(x, offset=a), None),
    ("rrelu", "lower", 0.1, lambda P, F, x, a: F.rrelu(x, a, 0.3, training=False), None),
    ("dropout", "p", 0.1, lambda P, F, x, a: F.dropout(P.ones([64], "float64"), a).max(),
     None),
    ("dropout(downscale_in_infer)", "p", 0.1,
     lambda P, F, x, a: F.dropout(x.reshape([2, -1]), a, training=False,
                                 mode="downscale_in_infer"), None),
    ("hardtanh_", "max", 0.1, lambda P, F, x, a: F.hardtanh_(x.clone(), -10.0, a), None),
    ("leaky_relu_", "negative_slope", 0.1, lambda P, F, x, a: F.leaky_relu_(x.clone(), a),
     None),
    ("elu_", "alpha", 0.1, lambda P, F, x, a: F.elu_(x.clone(), a), None),
    ("thresholded_relu_", "threshold", 0.1,
     lambda P, F, x, a: F.thresholded_relu_(x.clone(), a), None),
    ("Tensor.clip_", "max", 0.1, lambda P, F, x, a: x.clone().clip_(-10.0, a), None),
    ("Tensor.scale_", "scale", 0.1, lambda P, F, x, a: x.clone().scale_(a), None),
    ("Tensor.pow", "y", 0.1, lambda P, F, x, a: x.abs().pow(a), None),
    # outside the activations (nn.functional norms, losses, padding, ...)
    ("F.normalize", "epsilon", 0.1,
     lambda P, F, x, a: F.normalize(x.reshape([3, 6]) * 1e-3, epsilon=a), None),
    ("F.layer_norm", "epsilon", 1e-4,  # Paddle: epsilon in [0, 0.001]
     lambda P, F, x, a: F.layer_norm(x.reshape([3, 6]) * 1e-2, 6, epsilon=a), None),
    ("F.batch_norm(eval)", "epsilon", 0.1,
     lambda P, F, x, a: F.batch_norm(x.reshape([6, 3]), P.zeros([3], "float64"),
                                     P.ones([3], "float64"), epsilon=a, training=False), None),
    ("F.instance_norm", "eps", 0.1,
     lambda P, F, x, a: F.instance_norm(x.reshape([1, 3, 6]), eps=a), None),
    ("F.group_norm", "epsilon", 0.1,
     lambda P, F, x, a: F.group_norm(x.reshape([1, 6, 3]), 2, epsilon=a), None),
    ("F.local_response_norm", "alpha", 0.1,
     lambda P, F, x, a: F.local_response_norm(x.reshape([1, 6, 3]), 3, alpha=a), None),
    ("F.label_smooth", "epsilon", 0.1,
     lambda P, F, x, a: F.label_smooth(x.reshape([3, 6]).abs(), epsilon=a), None),
    ("F.pad", "value", 0.1, lambda P, F, x, a: F.pad(x.reshape([1, 1, 18]), [1, 1], value=a,
                                                     data_format="NCL"), None),
    ("F.smooth_l1_loss", "delta", 0.1,
     lambda P, F, x, a: F.smooth_l1_loss(x, x * 0, reduction="none", delta=a), None),
    ("F.cosine_similarity", "eps", 0.1,
     lambda P, F, x, a: F.cosine_similarity(x.reshape([3, 6]) * 1e-3, x.reshape([3, 6]) * 1e-3,
                                            eps=a), None),
    ("F.pairwise_distance", "epsilon", 0.1,
     lambda P, F, x, a: F.pairwise_distance(x.reshape([3, 6]), x.reshape([3, 6]) * 0,
                                            epsilon=a), None),
    ("F.margin_ranking_loss", "margin", 0.1,
     lambda P, F, x, a: F.margin_ranking_loss(x, x * 0, P.ones_like(x), margin=a,
                                              reduction="none"), None),
    ("F.hinge_embedding_loss", "margin", 0.1,
     lambda P, F, x, a: F.hinge_embedding_loss(x, -P.ones_like(x), margin=a,
                                               reduction="none"), None),
    ("paddle.lerp", "weight", 0.1, lambda P, F, x, a: P.lerp(x, x * 3, a), None),
    ("paddle.full_like", "fill_value", 0.1, lambda P, F, x, a: P.full_like(x, a), None),
    ("paddle.linspace", "start", 0.1,
     lambda P, F, x, a: P.linspace(a, 1.0, 3, dtype="float64"), None),
    ("paddle.arange", "start", 0.1,
     lambda P, F, x, a: P.arange(a, 1.0, 0.25, dtype="float64"), None),
    ("paddle.uniform", "min", 0.1, lambda P, F, x, a: P.uniform([4], "float64", a, a), None),
]


def width_table(P, F):
    rows = []
    for op, attr, v, fn, tf in CASES:
        xs = _inputs(v)
        if tf is not None:
            xs = tf(xs)
        x = P.to_tensor(xs, dtype="float64")
        try:
            outs = [fn(P, F, x, a).numpy() for a in (v, _f32(v), 1.5 * v)]
        except Exception as e:  # noqa: BLE001 (a missing op is a row of the table too)
            rows.append((op, attr, f"error: {type(e).__name__}: {str(e)[:60]}"))
            continue
        if np.array_equal(outs[0], outs[2], equal_nan=True):
            width = "no effect at this probe"
        elif np.array_equal(outs[0], outs[1], equal_nan=True):
            width = "float32"
        else:
            width = "float64"
        rows.append((op, attr, width))
    return rows


def main(argv):
    if "--eagergraph" in argv:
        import eagergraph as P
    else:
        import paddle as P
    import warnings
    warnings.filterwarnings("ignore")
    F = P.nn.functional
    for op, attr, width in width_table(P, F):
        print(f"{op:30s} {attr:16s} {width}")


if __name__ == "__main__":
    main(sys.argv[1:])
