"""Op-table rows: elementwise binary, comparison, logical and unary math ops."""
import numpy as np
from scipy import special

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

F = ("float16", "bfloat16", "float32", "float64")
FC = F + ("complex64", "complex128")
I = ("uint8", "int8", "int16", "int32", "int64")
C = ("complex64", "complex128")
ALLNUM = I + FC
BOOL = lambda d: "bool"  # noqa: E731


def _nonzero_samples(rng, dt):
    out = []
    for a, b in [((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3))]:
        y = make_array(rng, b, dt, (1, 4))
        if np.dtype(dt).kind in "fc":
            y = y * np.where(rng.random(b) > 0.5, 1, -1).astype(dt)
        elif np.dtype(dt).kind == "i":
            y = y * np.where(rng.random(b) > 0.5, 1, -1).astype(dt)
        out.append(Sample([make_array(rng, a, dt, (-6, 6)), y], desc=f"{a},{b}"))
    return out


def _shift_samples(rng, dt):
    info = np.iinfo(dt)
    bits = np.dtype(dt).itemsize * 8
    out = []
    for a, b in [((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3))]:
        x = rng.integers(info.min, info.max, size=a, endpoint=True).astype(dt)
        y = rng.integers(max(info.min, -2), bits + 3, size=b).astype(dt)  # out of range too
        for arith in (True, False):
            out.append(Sample([x, y], {"is_arithmetic": arith}, desc=f"{a},{b},{arith}"))
    return out


def _shift_ref(left):
    """Paddle's shift functors on Python ints: a shift outside [0, width) gives 0, or the sign
    fill (arithmetic right shift of a signed value); a logical right shift sees unsigned bits."""
    def ref(x, y, is_arithmetic=True):
        dt = x.dtype
        bits = dt.itemsize * 8
        x, y = np.broadcast_arrays(x, y)
        out = []
        for a, b in zip(x.ravel().tolist(), y.ravel().tolist()):
            if left:
                r = a << b if 0 <= b < bits else 0
            elif is_arithmetic or dt.kind == "u":
                r = a >> b if 0 <= b < bits else (a >> (bits - 1) if dt.kind == "i" else 0)
            else:
                r = (a % (1 << bits)) >> b if 0 <= b < bits else 0
            out.append(r % (1 << bits))  # two's complement wrap
        return np.array(out, dtype=np.uint64).astype(dt).reshape(x.shape)
    return ref


ROWS = [
    OpInfo("add", paddle.add, np.add, ALLNUM + ("bool",), arity=2),
    OpInfo("subtract", paddle.subtract, np.subtract, ALLNUM, arity=2),
    OpInfo("multiply", paddle.multiply, np.multiply, ALLNUM + ("bool",), arity=2),
    OpInfo("divide", paddle.divide, np.true_divide, FC, arity=2, sample_inputs=_nonzero_samples),
    OpInfo("floor_divide", paddle.floor_divide, np.floor_divide, I + F, arity=2,
           sample_inputs=_nonzero_samples, grad=0),
    OpInfo("remainder", paddle.remainder, np.remainder, I + F, arity=2,
           sample_inputs=_nonzero_samples),
    OpInfo("elementwise_pow", paddle.pow, np.power, ("float32", "float64", "complex64",
                                                      "complex128"), arity=2, domain=(0.5, 2.0)),
    OpInfo("pow", lambda x, y=2.0: paddle.pow(x, y), lambda x, y=2.0: np.power(x, y), FC + I,
           domain=(0.5, 2.0), sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (2, 3), dt, (0.5, 2))], {"y": 2}),
               Sample([make_array(rng, (3,), dt, (0.5, 2))], {"y": 3})]),
    OpInfo("atan2", paddle.atan2, np.arctan2, F + ("int32", "int64"), arity=2,
           out_dtype=lambda d: "float64" if d.startswith("int") else d),
    OpInfo("fmax", paddle.fmax, np.fmax, F + ("int32", "int64"), arity=2),
    OpInfo("fmin", paddle.fmin, np.fmin, F + ("int32", "int64"), arity=2),
    OpInfo("heaviside", paddle.heaviside,
           lambda x, y: np.where(x == 0, y, (x > 0).astype(x.dtype)).astype(x.dtype),
           F + ("int32", "int64"), arity=2),
    OpInfo("nextafter", paddle.nextafter, np.nextafter, ("float32", "float64"), arity=2, grad=0,
           rtol=0, atol=0),
    # Q(x, y), differentiable in y only (Paddle gives x no gradient): x rides along as a kwarg
    OpInfo("gammaincc",
           lambda y, x=None: paddle.gammaincc(paddle.to_tensor(x).astype(y.dtype), y),
           lambda y, x=None: special.gammaincc(x, y).astype(y.dtype), ("float32", "float64"),
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, s, dt, (0.5, 4.0))],
                      {"x": make_array(rng, s, dt, (0.5, 4.0))}, desc=str(s))
               for s in [(3,), (2, 3)]]),
    OpInfo("lerp", paddle.lerp, lambda x, y, w: x + w * (y - x), F,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, s[0], dt), make_array(rng, s[1], dt),
                       make_array(rng, s[2], dt, (0, 1))], desc=str(s))
               for s in [((2, 3), (2, 3), (2, 3)), ((2, 3), (3,), (2, 1)), ((3,), (3,), ())]]),
    OpInfo("maximum", paddle.maximum, np.maximum, I + F, arity=2),
    OpInfo("minimum", paddle.minimum, np.minimum, I + F, arity=2),
] + [
    OpInfo(n, getattr(paddle, n), f, ALLNUM + ("bool",), arity=2, out_dtype=BOOL, grad=0)
    for n, f in [("equal", np.equal), ("not_equal", np.not_equal), ("less_than", np.less),
                 ("less_equal", np.less_equal), ("greater_than", np.greater),
                 ("greater_equal", np.greater_equal)]
] + [
    OpInfo(n, getattr(paddle, n), f, ("bool", "int32", "float32"), arity=2, out_dtype=BOOL,
           grad=0)
    for n, f in [("logical_and", np.logical_and), ("logical_or", np.logical_or),
                 ("logical_xor", np.logical_xor)]
] + [
    OpInfo("logical_not", paddle.logical_not, np.logical_not, ("bool", "int32", "float32"),
           out_dtype=BOOL, grad=0),
    OpInfo("bitwise_and", paddle.bitwise_and, np.bitwise_and, ("bool",) + I, arity=2, grad=0),
    OpInfo("bitwise_or", paddle.bitwise_or, np.bitwise_or, ("bool",) + I, arity=2, grad=0),
    OpInfo("bitwise_xor", paddle.bitwise_xor, np.bitwise_xor, ("bool",) + I, arity=2, grad=0),
    OpInfo("bitwise_not", paddle.bitwise_not, np.invert, ("bool",) + I, grad=0),
    OpInfo("bitwise_left_shift", paddle.bitwise_left_shift, _shift_ref(True), I,
           sample_inputs=_shift_samples, grad=0),
    OpInfo("bitwise_right_shift", paddle.bitwise_right_shift, _shift_ref(False), I,
           sample_inputs=_shift_samples, grad=0),
    OpInfo("exp", paddle.exp, np.exp, FC),
    OpInfo("log", paddle.log, np.log, FC, domain=(0.2, 3.0)),
    OpInfo("log1p", paddle.log1p, np.log1p, FC, domain=(0.2, 3.0)),
    OpInfo("expm1", paddle.expm1, np.expm1, FC),
    OpInfo("log2", paddle.log2, np.log2, FC, domain=(0.2, 3.0)),
    OpInfo("logit", lambda x, **k: paddle.logit(x, **k),
           lambda x, eps=None: np.log(np.clip(x, eps, 1 - eps) / (1 - np.clip(x, eps, 1 - eps)))
           if eps else np.log(x / (1 - x)), F, domain=(0.2, 0.8),
           sample_inputs=lambda rng, dt: [Sample([make_array(rng, (2, 3), dt, (0.2, 0.8))], {}),
                                          Sample([make_array(rng, (4,), dt, (0.2, 0.8))],
                                                 {"eps": 0.1})]),
    OpInfo("sqrt", paddle.sqrt, np.sqrt, FC, domain=(0.2, 3.0)),
    OpInfo("rsqrt", paddle.rsqrt, lambda x: 1 / np.sqrt(x), F, domain=(0.2, 3.0)),
    OpInfo("square", paddle.square, np.square, FC + I),
    OpInfo("abs", paddle.abs, np.abs, FC + I,
           out_dtype=lambda d: {"complex64": "float32", "complex128": "float64"}.get(d, d)),
    OpInfo("sign", paddle.sign, np.sign, F + I),
    OpInfo("sin", paddle.sin, np.sin, FC),
    OpInfo("cos", paddle.cos, np.cos, FC),
    OpInfo("tan", paddle.tan, np.tan, FC, domain=(-1.2, 1.2)),
    OpInfo("tanh", paddle.tanh, np.tanh, FC),
    OpInfo("sigmoid", paddle.sigmoid, lambda x: 1 / (1 + np.exp(-x)), FC),
    OpInfo("erf", paddle.erf, special.erf, F),
    OpInfo("asin", paddle.asin, np.arcsin, FC, domain=(-0.9, 0.9)),
    OpInfo("acos", paddle.acos, np.arccos, FC, domain=(-0.9, 0.9)),
    OpInfo("atan", paddle.atan, np.arctan, FC, domain=(-0.9, 0.9)),
    OpInfo("sinh", paddle.sinh, np.sinh, FC),
    OpInfo("cosh", paddle.cosh, np.cosh, FC),
    OpInfo("asinh", paddle.asinh, np.arcsinh, FC, domain=(-0.9, 0.9)),
    OpInfo("acosh", paddle.acosh, np.arccosh, FC, domain=(1.2, 3.0)),
    OpInfo("atanh", paddle.atanh, np.arctanh, FC, domain=(-0.9, 0.9)),
    OpInfo("log10", paddle.log10, np.log10, FC, domain=(0.2, 3.0)),
    OpInfo("lgamma", paddle.lgamma, special.gammaln, F, domain=(0.5, 3.0)),
    OpInfo("digamma", paddle.digamma, special.psi, F, domain=(0.5, 3.0)),
    OpInfo("polygamma", lambda x, n: paddle.polygamma(x, n),
           lambda x, n: special.polygamma(n, x).astype(x.dtype), F, domain=(0.5, 3.0),
           sample_inputs=lambda rng, dt: [Sample([make_array(rng, (2, 3), dt, (0.5, 3))], {"n": 1}),
                                          Sample([make_array(rng, (4,), dt, (0.5, 3))], {"n": 3})],
           rtol=1e-4),
    OpInfo("erfinv", paddle.erfinv, special.erfinv, F, domain=(-0.9, 0.9)),
    OpInfo("i0", paddle.i0, special.i0, F),
    OpInfo("i1", paddle.i1, special.i1, F),
    OpInfo("i0e", paddle.i0e, special.i0e, F),
    OpInfo("i1e", paddle.i1e, special.i1e, F),
    OpInfo("trunc", paddle.trunc, np.trunc, F + ("int32", "int64")),
] + [
    OpInfo(n, getattr(paddle, n), f, F + C + ("int32", "int64"), out_dtype=BOOL, grad=0,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (2, 3), dt)]),
               Sample([np.array([0, 1, np.nan, np.inf, -np.inf, -2.5]).astype(dt)
                       if np.dtype(dt).kind in "fc" else np.array([0, 1, -3], dt)])])
    for n, f in [("isnan", np.isnan), ("isinf", np.isinf), ("isfinite", np.isfinite)]
] + [
    OpInfo("floor", paddle.floor, np.floor, F + I),
    OpInfo("ceil", paddle.ceil, np.ceil, F + I),
    OpInfo("round", lambda x, **k: paddle.round(x, **k), lambda x, decimals=0: np.round(x, decimals),
           F, sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (2, 3), dt)], {}),
               Sample([make_array(rng, (4,), dt)], {"decimals": 1}),
               Sample([np.array([1.234, -2.561, 2.444, 0.1349], dt)], {"decimals": 2})]),
    OpInfo("reciprocal", paddle.reciprocal, np.reciprocal, FC, domain=(0.5, 3.0)),
    OpInfo("scale", lambda x, **k: paddle.scale(x, **k),
           lambda x, scale=1.0, bias=0.0, bias_after_scale=True:
           x * scale + bias if bias_after_scale else (x + bias) * scale, FC + I,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (2, 3), dt)], {"scale": 2.0, "bias": 1.0}),
               Sample([make_array(rng, (3,), dt)], {"scale": 3.0, "bias": 1.0,
                                                    "bias_after_scale": False})]),
    OpInfo("clip", lambda x, **k: paddle.clip(x, **k), lambda x, min, max: np.clip(x, min, max),
           F + ("int32", "int64"), sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (2, 3), dt)], {"min": -1, "max": 1}),
               Sample([make_array(rng, (4,), dt)], {"min": 0, "max": 2})]),
    OpInfo("cast", lambda x, dtype: paddle.cast(x, dtype), lambda x, dtype: x.astype(dtype),
           ("float32", "float64", "int32", "bool"), out_dtype=lambda d: "float64",
           sample_inputs=lambda rng, dt: [Sample([make_array(rng, (2, 3), dt)],
                                                 {"dtype": "float64"})]),
    OpInfo("assign", paddle.assign, np.copy, FC + I + ("bool",)),
]


# isclose / allclose: close, not close and NaN entries, with and without equal_nan
def _close_samples(rng, dt):
    a = make_array(rng, (4, 5), dt)
    b = a.copy()
    b[0] += (1e-9 if np.dtype(dt).itemsize >= 8 else 1e-7)   # close
    b[1] += 1e-3                                              # not close
    b[2, :2] = np.nan
    a[2, 0] = np.nan
    return [Sample([a, b], {}), Sample([a, b], {"equal_nan": True}),
            Sample([a, b], {"rtol": 1e-2, "atol": 1e-3})]


def _isclose_ref(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    return np.isclose(x, y, rtol, atol, equal_nan)


def _allclose_ref(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    return np.asarray(np.allclose(x, y, rtol, atol, equal_nan))


ROWS += [
    OpInfo("isclose", paddle.isclose, _isclose_ref, ("float32", "float64", "complex64", "complex128"),
           sample_inputs=_close_samples, out_dtype=lambda d: "bool", grad=0),
    # Paddle 3.3.1 has no complex allclose kernel (RuntimeError NotFound; test_math_extras)
    OpInfo("allclose", paddle.allclose, _allclose_ref, ("float32", "float64"),
           sample_inputs=_close_samples, out_dtype=lambda d: "bool", grad=0),
]
