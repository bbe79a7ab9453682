"""The paddle.incubate.nn.functional samples that Paddle 3.3.1 runs on the CPU, captured by
tools/capture_cases.py into tests/fixtures/paddle331_incubate.npz and compared by
tests/test_incubate_nn.py (cases as tests/case_runner.py describes them). Paddle 3.3.1 has no
CPU gradient for fused_rms_norm / fused_layer_norm, so only their values are captured; the
GPU-only functions are checked against NumPy in the test."""
import numpy as np

NAMESPACE = "incubate.nn.functional"
FIXTURE = "paddle331_incubate.npz"


def _cases():
    rng = np.random.default_rng(3)
    c = []
    x = rng.standard_normal((2, 3, 8)).astype("float32")
    r = rng.standard_normal((2, 3, 8)).astype("float32")
    bb = rng.standard_normal(8).astype("float32")
    w = rng.standard_normal(8).astype("float32")
    b = rng.standard_normal(8).astype("float32")
    w24 = rng.standard_normal(24).astype("float32")
    c.append(("fused_rms_norm", "fused_rms_norm", [x, w, b, 1e-5], dict(begin_norm_axis=2), []))
    c.append(("fused_rms_norm no bias", "fused_rms_norm", [x, w, None, 1e-6],
              dict(begin_norm_axis=-1), []))
    c.append(("fused_rms_norm residual", "fused_rms_norm", [x, w, b, 1e-5],
              dict(begin_norm_axis=2, residual=r), []))
    c.append(("fused_rms_norm bias residual", "fused_rms_norm", [x, w, b, 1e-5],
              dict(begin_norm_axis=2, bias=bb, residual=r), []))
    c.append(("fused_rms_norm axis 1", "fused_rms_norm", [x, w24, None, 1e-5],
              dict(begin_norm_axis=1), []))
    c.append(("fused_rms_norm float64", "fused_rms_norm", [x.astype("float64"),
                                                           w.astype("float64"), None, 1e-5],
              dict(begin_norm_axis=2), []))
    c.append(("fused_rms_norm wrong weight", "fused_rms_norm", [x, w, None, 1e-5],
              dict(begin_norm_axis=1), []))
    c.append(("fused_layer_norm", "fused_layer_norm", [x, w, b, 1e-5], dict(begin_norm_axis=2),
              []))
    c.append(("fused_layer_norm residual", "fused_layer_norm", [x, w, b, 1e-5],
              dict(begin_norm_axis=2, residual=r), []))
    c.append(("fused_layer_norm bias residual alpha", "fused_layer_norm", [x, w, b, 1e-5],
              dict(residual_alpha=0.5, begin_norm_axis=2, bias=bb, residual=r), []))
    c.append(("fused_layer_norm axis 1", "fused_layer_norm", [x, w24, w24 * 0.5, 1e-5],
              dict(begin_norm_axis=1), []))
    xs = rng.standard_normal((2, 3, 6)).astype("float32")
    c.append(("swiglu halves", "swiglu", [xs], {}, [0]))
    c.append(("swiglu x y", "swiglu", [xs, xs[::-1].copy() * 2], {}, [0, 1]))
    c.append(("swiglu float64", "swiglu", [xs.astype("float64")], {}, [0]))
    c.append(("swiglu odd", "swiglu", [xs[..., :5].copy()], {}, []))
    c.append(("fused_dropout_add p0", "fused_dropout_add", [xs, xs * 3], dict(p=0.0), [0, 1]))
    c.append(("fused_dropout_add eval", "fused_dropout_add", [xs, xs * 3],
              dict(p=0.3, training=False), [0, 1]))
    c.append(("fused_dropout_add eval downscale", "fused_dropout_add", [xs, xs * 3],
              dict(p=0.3, training=False, mode="downscale_in_infer"), [0, 1]))
    return c


CASES = _cases()
