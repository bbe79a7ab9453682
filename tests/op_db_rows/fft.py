"""Op-table rows: the fft family (fft_c2c, fft_r2c, fft_c2r) over single and several axes,
negative axes, every normalization and both directions, one-sided or not, even and odd
c2r output sizes, against explicit DFT matrices (not NumPy's FFT, which the kernels use)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

_COMPLEX = {"float32": "complex64", "float64": "complex128"}
_REAL = {"complex64": "float32", "complex128": "float64"}
NORMS = ("backward", "forward", "ortho")


def _scale(n, normalization, forward):
    if normalization == "ortho":
        return 1 / np.sqrt(n)
    return 1.0 / n if (normalization == "forward") == forward else 1.0


def _dft_axis(x, axis, forward):
    """Unscaled DFT along one axis by its matrix: sum_t x_t exp(-+2 pi i k t / n)."""
    n = x.shape[axis]
    k = np.arange(n)
    w = np.exp((-2j if forward else 2j) * np.pi * np.outer(k, k) / n)
    return np.moveaxis(np.tensordot(w, np.moveaxis(x, axis, 0), axes=(1, 0)), 0, axis)


def ref_c2c(x, axes, normalization, forward):
    y = x.astype(np.complex128)
    for a in axes:
        y = _dft_axis(y, a, forward)
    n = np.prod([x.shape[a] for a in axes])
    return (y * _scale(n, normalization, forward)).astype(x.dtype)


def ref_r2c(x, axes, normalization, forward, onesided):
    y = ref_c2c(x.astype(np.complex128), axes, normalization, forward)
    if onesided:
        last = axes[-1] % x.ndim
        y = np.take(y, np.arange(x.shape[last] // 2 + 1), axis=last)
    return y.astype(_COMPLEX[x.dtype.name])


def ref_c2r(x, axes, normalization, forward, last_dim_size=0):
    """c2c over the other axes, then along the last one the full spectrum of length n: the DC
    (and, n even, the Nyquist) bin's real part, bins 1..(n-1)//2 and their mirrored conjugates;
    the real part of its transform."""
    last = axes[-1] % x.ndim
    m = x.shape[last]
    n = last_dim_size or 2 * (m - 1)
    y = x.astype(np.complex128)
    for a in axes[:-1]:
        y = _dft_axis(y, a, forward)
    full = np.zeros(y.shape[:last] + (n,) + y.shape[last + 1:], np.complex128)
    idx = [slice(None)] * y.ndim

    def at(i):
        idx[last] = i
        return tuple(idx)
    full[at(0)] = y[at(0)].real
    for k in range(1, (n - 1) // 2 + 1):
        full[at(k)] = y[at(k)]
        full[at(n - k)] = np.conj(y[at(k)])
    if n % 2 == 0:
        full[at(n // 2)] = y[at(n // 2)].real
    out = _dft_axis(full, last, forward).real
    size = np.prod([x.shape[a] for a in axes[:-1]]) * n
    return (out * _scale(size, normalization, forward)).astype(_REAL[x.dtype.name])


def _c2c_samples(rng, dt):
    out = []
    for i, (shape, axes) in enumerate([((5,), [0]), ((3, 4), [1]), ((3, 4), [-2]),
                                       ((2, 3, 4), [0, 2]), ((2, 3, 2), [0, 1, 2])]):
        norm = NORMS[i % 3]
        for fwd in (True, False):
            kw = {"axes": axes, "normalization": norm, "forward": fwd}
            out.append(Sample([make_array(rng, shape, dt)], kw, desc=f"{shape} {kw}"))
    return out


def _r2c_samples(rng, dt):
    out = []
    for i, (shape, axes) in enumerate([((5,), [0]), ((3, 4), [1]), ((4, 3), [-2]),
                                       ((2, 3, 4), [2, 0]), ((3, 2, 5), [0, 1, 2])]):
        for j, (fwd, ones) in enumerate([(True, True), (False, True), (True, False)]):
            kw = {"axes": axes, "normalization": NORMS[(i + j) % 3], "forward": fwd,
                  "onesided": ones}
            out.append(Sample([make_array(rng, shape, dt)], kw, desc=f"{shape} {kw}"))
    return out


def _c2r_samples(rng, dt):
    out = []
    # (input shape, axes, last_dim_size): the last axis holds n // 2 + 1 bins
    cases = [((3,), [0], 0), ((3,), [0], 5), ((4,), [0], 6), ((1,), [0], 1), ((2,), [0], 2),
             ((2, 3), [1], 4), ((3, 2), [-2], 0), ((2, 3, 4), [0, 2], 7),
             ((3, 2, 3), [1, 0, 2], 4)]
    for i, (shape, axes, n) in enumerate(cases):
        for fwd in (False, True):
            kw = {"axes": axes, "normalization": NORMS[(i + fwd) % 3], "forward": fwd,
                  "last_dim_size": n}
            out.append(Sample([make_array(rng, shape, dt)], kw, desc=f"{shape} {kw}"))
    return out


ROWS = [
    # Paddle's _C_ops are positional-only (keywords raise TypeError or segfault), so the rows
    # pass the attributes in order
    OpInfo("fft_c2c", lambda x, axes, normalization, forward:
           paddle._C_ops.fft_c2c(x, axes, normalization, forward), ref_c2c,
           ("complex64", "complex128"), sample_inputs=_c2c_samples),
    OpInfo("fft_r2c", lambda x, axes, normalization, forward, onesided:
           paddle._C_ops.fft_r2c(x, axes, normalization, forward, onesided), ref_r2c,
           ("float32", "float64"), sample_inputs=_r2c_samples,
           out_dtype=lambda d: _COMPLEX[d]),
    OpInfo("fft_c2r", lambda x, axes, normalization, forward, last_dim_size:
           paddle._C_ops.fft_c2r(x, axes, normalization, forward, last_dim_size), ref_c2r,
           ("complex64", "complex128"), sample_inputs=_c2r_samples,
           out_dtype=lambda d: _REAL[d]),
]
