"""Edge samples for activations: the kinks (relu/leaky_relu/elu at 0), softplus's threshold,
softmax of +-inf rows, and F.hardtanh (a clip with float attributes: Paddle passes min/max as
float32, so a float64 input between 0.1 and float32(0.1) is not clamped)."""
import numpy as np

import eagergraph.nn.functional as F
from . import Edge, Extra, INF, NAN
from .record import decode, upstream

BOUNDARY = {
    "relu": [1e-300, -1e-300],
    "leaky_relu": [1e-300, -1e-300],
    "elu": [1e-300, -1e-300, -745.0, 710.0],
    "softplus": [20.0, 20.000001, 19.999999, 40.0, -40.0, 700.0, -700.0],
    "gelu": [8.0, -8.0, 40.0, -40.0],
    "silu": [40.0, -40.0, 710.0, -745.0],
}

_ROW = np.array([[0.0, 1.0, 2.0], [INF, 0.0, 1.0], [-INF, 0.0, 1.0], [-INF, -INF, -INF],
                 [NAN, 0.0, 1.0], [INF, INF, 0.0], [1000.0, -1000.0, 0.0]])


def _f32_boundary():
    t = float(np.float32(0.1))  # the float32 attribute 0.1 is 0.10000000149...
    return np.array([0.1, -0.1, 0.1 + 1e-10, -0.1 - 1e-10, t, -t, 0.2, -0.2, 0.0, NAN, INF, -INF])


EDGES = {
    "softmax": [Edge([_ROW], desc="float64 rows with inf/nan/ties"),
                Edge([_ROW.astype(np.float32)], {"axis": 0}, desc="float32 axis 0 with inf/nan"),
                Edge([np.zeros((0, 3))], desc="empty (0, 3)"),
                Edge([np.zeros((2, 0))], desc="empty (2, 0)")],
    "log_softmax": [Edge([_ROW], desc="float64 rows with inf/nan/ties"),
                    Edge([np.zeros((0, 3))], desc="empty (0, 3)")],
    "softplus": [Edge([np.array([1.0, 1.5, 0.5, 2.0, -1.0])], {"beta": 2.0, "threshold": 2.0},
                      desc="float64 at beta*x == threshold")],
    "leaky_relu": [Edge([np.array([0.0, -0.0, -1.0, 1.0, -INF, NAN])], {"negative_slope": -0.5},
                        desc="float64 negative slope")],
    "elu": [Edge([np.array([0.0, -0.0, -1.0, 1.0, -INF, INF, NAN])], {"alpha": 0.0},
                 desc="float64 alpha 0")],
    "gelu": [Edge([np.array([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN])], {"approximate": True},
                  desc="float64 tanh approximation specials")],
    "cross_entropy_with_softmax": [
        Edge([_ROW, np.array([[0], [1], [2], [0], [1], [2], [1]])],
             desc="float64 rows with inf/nan/ties, hard labels"),
        Edge([_ROW.astype(np.float32), np.array([[1], [-100], [2], [0], [1], [0], [1]])],
             desc="float32 hard labels, one ignored"),
        Edge([np.array([[0.0, 1.0, 0.0], [0.5, 0.5, 0.0], [1.0, 0.0, 0.0]]),
              np.array([[0], [2], [1]])], {"use_softmax": False},
             desc="float64 probabilities with zeros (log 0 -> -1e20)"),
        Edge([np.array([[30.0, -30.0, 0.0], [100.0, 0.0, -100.0]]),
              np.array([[0.2, 0.3, 0.5], [0.0, 0.0, 1.0]])], {"soft_label": True},
             desc="float64 soft labels, softmax at its -64 clip"),
        Edge([np.zeros((2, 3)), np.array([[3], [0]])], desc="float64 label out of range"),
        Edge([np.zeros((2, 3)), np.array([[0], [-1]])], desc="float64 negative label"),
        Edge([np.zeros((0, 3)), np.zeros((0, 1), np.int64)], desc="float64 empty batch"),
    ],
}

EXTRA = [
    Extra("hardtanh", lambda x, **k: F.hardtanh(x, **k), [
        Edge([np.array([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, INF, -INF, NAN])],
             desc="float64 default [-1, 1] at and beyond the bounds"),
        Edge([_f32_boundary()], {"min": -0.1, "max": 0.1},
             desc="float64 [-0.1, 0.1]: bounds are float32 attributes"),
        Edge([_f32_boundary().astype(np.float32)], {"min": -0.1, "max": 0.1},
             desc="float32 [-0.1, 0.1]"),
        Edge([np.array([0.5, 1.5])], {"min": 1.0, "max": 1.0}, desc="float64 min == max"),
        Edge([np.zeros((2, 0))], desc="float64 empty"),
        Edge([np.array(1.0)], desc="float64 0-d at the bound"),
        Edge([np.array([-3, 0, 1, 3])], desc="int64 values", grad=False),
    ]),
    # compositions of clip whose kinks Paddle's own kernels treat as exclusive (gradient 0 at
    # the bounds), where paddle.clip's gradient is inclusive
    Extra("relu6", lambda x: F.relu6(x), [
        Edge([np.array([-1.0, 0.0, -0.0, 3.0, 6.0, 7.0, INF, -INF, NAN])], desc="float64 kinks"),
        Edge([np.array([0.0, 6.0], np.float32)], desc="float32 kinks")]),
    Extra("hardsigmoid", lambda x, **k: F.hardsigmoid(x, **k), [
        Edge([np.array([-3.0, -2.9999994, 0.0, 3.0, 2.9999994, 4.0, INF, -INF, NAN])],
             desc="float64 kinks"),
        Edge([np.array([-1.0, 0.0, 1.0])], {"slope": 0.5, "offset": 0.5},
             desc="float64 kinks slope 0.5")]),
    Extra("hardswish", lambda x: F.hardswish(x), [
        Edge([np.array([-3.0, 3.0, 0.0, -4.0, 4.0, -1.5, INF, -INF, NAN])], desc="float64 kinks")]),
]



def _silu_grad_at_its_limits(r, e):
    """silu' is 1 at +inf, 0 at -inf and finite wherever x is not NaN (-0.0 at -745)."""
    if not r.get("grads") or r["grads"][0] is None:
        return False
    x, g = e.args[0], decode(r["grads"][0])
    up = upstream(x.shape, x.dtype)
    return bool(np.isfinite(g[~np.isnan(x)]).all() and np.all(g[x == INF] == up[x == INF])
                and np.all(g[x == -INF] == 0))


_SILU = ("Paddle 3.3.1's silu gradient is inf at x = +inf (the limit is 1) and NaN at x = -745 "
         "and -inf (it is -0.0 and 0)", _silu_grad_at_its_limits)
DIFFERS = {
    "silu": [(t,) + _SILU for t in ("float64 specials", "float64 0-d special", "float32 specials",
                                    "float32 0-d special")]
    + [("complex128", "Paddle 3.3.1 computes complex128 silu in float32 precision", "ref")],
    "softplus": [("complex128", "Paddle 3.3.1 computes complex128 softplus in float32 precision",
                  "ref")],
}
