"""Op-table rows: the complex family: conj, real, imag, then complex construction (complex,
as_complex, as_real, angle)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array, SHAPES_BINARY


_REAL = {"complex64": "float32", "complex128": "float64"}

ROWS = [
    OpInfo("conj", paddle.conj, np.conj, ("float32", "float64", "complex64", "complex128")),
    OpInfo("real", paddle.real, np.real, ("complex64", "complex128"),
           out_dtype=lambda d: _REAL[d]),
    OpInfo("imag", paddle.imag, np.imag, ("complex64", "complex128"),
           out_dtype=lambda d: _REAL[d]),
]


# ---- complex construction (complex, as_complex, as_real, angle)
_COMPLEX = {"float32": "complex64", "float64": "complex128"}
_REAL_OF = {"complex64": "float32", "complex128": "float64", "float32": "float32",
         "float64": "float64"}


def _angle_ref(x):
    if x.dtype.kind == "c":
        return np.angle(x)
    return np.where(x < 0, np.pi, 0.0).astype(x.dtype)  # Paddle: angle(-0.0) == 0


def _as_complex_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], desc=str(s)) for s in [(2,), (3, 2), (2, 3, 2)]]


def _complex_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], desc=f"{a},{b}")
            for a, b in SHAPES_BINARY]


def _angle_samples(rng, dt):
    # away from 0 (and, for real x, from the jump at 0) so central differences are valid
    out = []
    for s in [(), (3,), (2, 3)]:
        a = make_array(rng, s, dt, (0.5, 2.0))
        sign = np.where(rng.random(s) < 0.5, -1, 1).astype(a.dtype)
        out.append(Sample([np.asarray(a * sign)], desc=str(s)))
    return out


ROWS += [
    OpInfo("complex", paddle.complex, lambda r, i: r + 1j * i, ("float32", "float64"),
           arity=2, sample_inputs=_complex_samples, out_dtype=lambda d: _COMPLEX[d]),
    OpInfo("as_complex", paddle.as_complex, lambda x: x[..., 0] + 1j * x[..., 1],
           ("float32", "float64"), sample_inputs=_as_complex_samples,
           out_dtype=lambda d: _COMPLEX[d]),
    OpInfo("as_real", paddle.as_real, lambda x: np.stack([x.real, x.imag], -1),
           ("complex64", "complex128"), out_dtype=lambda d: _REAL_OF[d]),
    OpInfo("angle", paddle.angle, _angle_ref, ("float32", "float64", "complex64", "complex128"),
           sample_inputs=_angle_samples, out_dtype=lambda d: _REAL_OF[d]),
]
