"""Op-table rows: paddle.nn.functional activations. References are the textbook formulas
(SciPy where it has them); Paddle-specific edge behaviour (softmax's -64 clip, softplus's
threshold, relu of nan) is tested in tests/test_activation.py."""
import numpy as np
from scipy import special

import eagergraph as paddle
import eagergraph.nn.functional as F
from ..op_db import OpInfo, Sample, make_array

FL = ("float16", "bfloat16", "float32", "float64")
FC = FL + ("complex64", "complex128")


def _kw_samples(*kwargs, shapes=((), (3,), (2, 3))):
    def fn(rng, dt):
        return [Sample([make_array(rng, s, dt)], dict(kw), desc=f"{s} {kw}")
                for kw in kwargs for s in shapes]
    return fn


def _gelu(x, approximate=False):
    if approximate is True or approximate == "tanh":
        return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + special.erf(x / np.sqrt(2)))


def _softplus(x, beta=1.0, threshold=20.0):
    xb = x * beta
    return np.where(np.real(xb) > threshold, x, np.log1p(np.exp(xb)) / beta)


def _leaky_relu(x, negative_slope=0.01):
    return np.where(x > 0, x, negative_slope * x)


def _elu(x, alpha=1.0):
    return np.where(x > 0, x, alpha * (np.exp(x) - 1))


def _softmax(x, axis=-1):
    return np.ones_like(x) if x.ndim == 0 else special.softmax(x, axis=axis)


def _log_softmax(x, axis=-1):
    return np.zeros_like(x) if x.ndim == 0 else special.log_softmax(x, axis=axis)


_AXIS_SAMPLES = _kw_samples({}, {"axis": 0}, shapes=((), (4,), (2, 3, 4)))


def _axis_samples(rng, dt):
    return _AXIS_SAMPLES(rng, dt) + [Sample([make_array(rng, (2, 3, 4), dt)], {"axis": 1},
                                            desc="(2, 3, 4) axis=1")]


def _cross_entropy(x, label, soft_label=False, use_softmax=True, numeric_stable_mode=True,
                   ignore_index=-100, axis=-1):
    """(softmax, loss): the textbook softmax, then -log p at the label's class (0 where it is
    ignore_index) or -sum(label * log p); a log of 0 is -1e20 (Paddle's TolerableValue)."""
    lb = np.asarray(label)
    ax = axis % x.ndim
    p = special.softmax(x, axis=ax) if use_softmax else x.copy()
    with np.errstate(divide="ignore"):
        logp = np.log(p)
    logp = np.where(np.isinf(logp), np.copysign(1e20, logp), logp)
    if soft_label:
        return p, -(lb * logp).sum(axis=ax, keepdims=True)
    lbl = lb.astype(np.int64)
    ignored = lbl == ignore_index
    loss = -np.take_along_axis(logp, np.where(ignored, 0, lbl), axis=ax)
    loss[ignored] = 0
    return p, loss


def _ce_samples(rng, dt):
    """Hard labels (class ids, with ignored ones), soft labels (a constant Tensor: the op gives
    the label no gradient), logits or probabilities (use_softmax=False), class axis last or 1."""
    def probs(shape, axis):
        return special.softmax(rng.uniform(-1, 1, shape), axis=axis).astype(dt)

    def ids(shape, n):
        return rng.integers(0, n, shape).astype(np.int64)
    x45, x342 = make_array(rng, (4, 5), dt), make_array(rng, (3, 4, 2), dt)
    hard45, hard342 = ids((4, 1), 5), ids((3, 1, 2), 4)
    hard45[2, 0] = 1
    soft = paddle.to_tensor(probs((4, 5), -1))
    return [
        Sample([x45, hard45], {}, desc="(4, 5) hard"),
        Sample([x45, hard45], {"ignore_index": 1}, desc="(4, 5) hard, label 1 ignored"),
        Sample([x342, hard342], {"axis": 1}, desc="(3, 4, 2) hard axis=1"),
        Sample([x45, soft], {"soft_label": True}, desc="(4, 5) soft"),
        Sample([probs((4, 5), -1), hard45], {"use_softmax": False}, desc="(4, 5) probs, hard"),
        Sample([probs((4, 5), -1), soft], {"soft_label": True, "use_softmax": False},
               desc="(4, 5) probs, soft"),
        Sample([probs((3, 4, 2), 1), hard342], {"use_softmax": False, "axis": 1},
               desc="(3, 4, 2) probs, hard axis=1"),
    ]


ROWS = [
    OpInfo("relu", F.relu, lambda x: np.maximum(x, 0), FL),
    OpInfo("gelu", F.gelu, _gelu, FL,
           sample_inputs=_kw_samples({}, {"approximate": True}, {"approximate": "none"})),
    OpInfo("silu", F.silu, lambda x: x / (1 + np.exp(-x)), FC),
    OpInfo("leaky_relu", F.leaky_relu, _leaky_relu, FL,
           sample_inputs=_kw_samples({}, {"negative_slope": 0.2})),
    OpInfo("elu", F.elu, _elu, FL, sample_inputs=_kw_samples({}, {"alpha": 0.5})),
    OpInfo("softplus", F.softplus, _softplus, FC,
           sample_inputs=_kw_samples({}, {"beta": 2.0, "threshold": 1.0})),
    OpInfo("softmax", F.softmax, _softmax, FL, sample_inputs=_axis_samples),
    OpInfo("log_softmax", F.log_softmax, _log_softmax, FL, sample_inputs=_axis_samples),
    OpInfo("cross_entropy_with_softmax", paddle._C_ops.cross_entropy_with_softmax,
           _cross_entropy, ("float32", "float64"), sample_inputs=_ce_samples),
]
