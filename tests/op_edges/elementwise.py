"""Edge samples for elementwise ops: the special points of each formula (log/sqrt at 0 and
below, acos/atanh at +-1, lgamma/digamma at the poles, pow(0, y), division by 0, ties of
maximum/minimum/fmax/fmin, heaviside at x == 0, clip at and beyond its bounds, with Paddle's
float32 min/max attributes)."""
import numpy as np

from . import Edge, INF, NAN
from .record import decode

TINY = 5e-324
BOUNDARY = {
    "log": [TINY, 1e-300], "log2": [TINY], "log10": [TINY], "log1p": [-1.0 + 1e-16, -3.0],
    "sqrt": [TINY, -TINY], "rsqrt": [TINY, -TINY],
    "acos": [1.0 + 1e-15, -1.0 - 1e-15], "asin": [1.0 + 1e-15], "acosh": [1.0 + 1e-15, 0.9],
    "atanh": [1.0 - 1e-16, 3.0], "erfinv": [1.0 - 1e-16, 1.5],
    "lgamma": [-3.0, -2.5, 1e-300, 170.0, 172.0], "digamma": [-3.0, -2.5, 1e-300],
    "tan": [np.pi / 2, -np.pi / 2], "exp": [709.0, 710.0, -746.0], "expm1": [710.0, -40.0],
    "sinh": [711.0, -711.0], "cosh": [711.0], "sigmoid": [-746.0, 40.0], "tanh": [20.0, -400.0],
    "i0": [700.0, 800.0], "i1": [700.0, 800.0], "reciprocal": [TINY], "square": [1e200],
    "round": [2.5, 0.5, -0.5, 1.5, -2.5], "trunc": [-0.5, 2.5], "floor": [-0.5, 2.5],
    "ceil": [-0.5, 2.5], "sign": [TINY, -TINY], "abs": [TINY, -TINY],
    "atan2": [TINY], "remainder": [3.0, -3.0], "floor_divide": [3.0, -3.0],
    "maximum": [3.0], "minimum": [3.0], "fmax": [3.0], "fmin": [3.0], "heaviside": [3.0],
}

_X = np.array([-2.0, -1.0, -0.5, 0.0, -0.0, 0.5, 1.0, 2.0, INF, -INF, NAN])
_F32_T = float(np.float32(0.1))
_X01 = np.array([0.1, -0.1, 0.1 + 1e-10, -0.1 - 1e-10, _F32_T, -_F32_T, 0.0, 0.3, -0.3])

EDGES = {
    "clip": [
        Edge([_X], {"min": -1.0, "max": 1.0}, desc="float64 [-1, 1] at and beyond the bounds"),
        Edge([_X], {"min": 1.0, "max": 1.0}, desc="float64 min == max"),
        Edge([_X], {"min": 1.0, "max": -1.0}, desc="float64 min > max"),
        Edge([_X01], {"min": -0.1, "max": 0.1}, desc="float64 [-0.1, 0.1] float32 bounds"),
        Edge([_X01.astype(np.float32)], {"min": -0.1, "max": 0.1}, desc="float32 [-0.1, 0.1]"),
        Edge([np.array([-3, -1, 0, 1, 3])], {"min": -1, "max": 1}, desc="int64 [-1, 1]"),
        Edge([np.zeros((2, 0))], {"min": -1.0, "max": 1.0}, desc="float64 empty"),
        Edge([np.array(-1.0)], {"min": -1.0, "max": 1.0}, desc="float64 0-d at min"),
    ],
    "heaviside": [
        Edge([np.array([0.0, -0.0, 0.0, 1.0, -1.0, 0.0]), np.array([0.5, 0.5, NAN, 0.5, 7.0, INF])],
             desc="float64 x == 0 takes y"),
    ],
    "pow": [
        Edge([np.array([0.0, -0.0, 0.0, 2.0, -2.0, INF, NAN, 1.0])], {"y": y},
             desc=f"float64 x ** {y}") for y in (0.0, 0.5, -1.0, 2.0, 3.0, 1.0)
    ],
    "logit": [
        Edge([np.array([0.0, 1.0, 0.05, 0.95, 0.5, -0.1, 1.1, NAN])], {"eps": 0.1},
             desc="float64 eps clamps"),
        Edge([np.array([0.0, 1.0, 0.5, -0.1, 1.1, NAN])], desc="float64 no eps"),
    ],
    "scale": [
        Edge([_X], {"scale": 0.0, "bias": 1.0}, desc="float64 scale 0 (0 * inf)"),
        Edge([_X], {"scale": INF, "bias": 0.0, "bias_after_scale": False}, desc="float64 scale inf"),
    ],
    "divide": [Edge([np.array([1, -1, 0, 7]), np.array([0, 0, 0, 2])], desc="int64 by 0",
                    grad=False)],
    "cast": [
        Edge([_X], {"dtype": "int32"}, desc="float64 specials to int32", grad=False),
        Edge([_X], {"dtype": "bool"}, desc="float64 specials to bool", grad=False),
        Edge([np.array([-1.5, 255.9, 256.0, -0.0])], {"dtype": "uint8"}, desc="float64 to uint8",
             grad=False),
    ],
}

_NONFINITE_COMPLEX = ("complex128", "eagergraph's complex kernels are NumPy's, which follow C99 "
                      "Annex G at inf/nan; Paddle 3.3.1's std::complex / thrust formulas "
                      "propagate inf and nan differently (other parts become nan or inf)")
_F32_COMPLEX = ("complex128", "Paddle 3.3.1 computes this complex128 op in float32 precision "
                "(values off at 1e-8)")
XFAIL = {
    "elementwise_pow": [("complex128 all pairs", _NONFINITE_COMPLEX[1])],
    "divide": [("complex128 nan/inf/0 (2, 3),(2, 3)", _NONFINITE_COMPLEX[1])],
    "pow": [(("complex128 nan/inf/0", t), _NONFINITE_COMPLEX[1]) for t in (" 0", " 1")],
}
for _n in ("sqrt", "acosh", "expm1", "log", "log1p", "log2", "log10", "square", "cos", "tan",
           "asin", "atan", "asinh", "atanh"):
    XFAIL[_n] = [("complex128 specials", _NONFINITE_COMPLEX[1])]


def _grad_at(idx, ok):
    """record -> bool: the first gradient's elements at idx (of the specials) satisfy ok."""
    return lambda r: "grads" in r and bool(np.all(ok(decode(r["grads"][0]).reshape(-1)[idx])))


# positions in UNARY_VALUES: 1 -0.0, 3 -1.0, 7 -2.0, 8 inf, 9 -inf
_INT_DOUBLE = "Paddle 3.3.1's integer {} goes through double: INT64_MAX becomes INT64_MIN"
DIFFERS = {
    "atan2": [("int64", "Paddle 3.3.1 computes atan2 of integers in float32 and returns it as "
                        "float64 (pi as 3.1415927410125732)", "ref")],
    "fmax": [("int64", _INT_DOUBLE.format("fmax"), "ref")],
    "fmin": [("int64", _INT_DOUBLE.format("fmin"), "ref")],
    "trunc": [("int64", _INT_DOUBLE.format("trunc"), "ref")],
    "abs": [(("float", "specials"), "Paddle 3.3.1's abs'(+-inf) is x/|x| = NaN; it is sign(x)",
             _grad_at([8, 9], np.isfinite))],
    "sqrt": [("float32 specials", "Paddle 3.3.1's float32 sqrt'(-0.0) is +inf, its float64 one "
                                  "-inf (1 / (2 sqrt(-0.0))), as eagergraph's for both",
              _grad_at([1], lambda g: g == -np.inf))],
    "acosh": [(("float", "specials"), "outside acosh's domain (x = -1, -2, -inf), where acosh(x) is NaN, "
                        "Paddle 3.3.1's gradient is still 1/sqrt(x^2 - 1) (inf, 0.577, 0); "
                        "eagergraph's is NaN", _grad_at([3, 7, 9], np.isnan))],
    "digamma": [("specials", "Paddle 3.3.1's digamma'(inf) = polygamma(1, inf) is NaN; the "
                             "limit is 0", _grad_at([8], lambda g: g == 0))],
    "polygamma": [("nan/inf/0", "Paddle 3.3.1's polygamma(n >= 1, inf) is NaN; the limit is 0",
                   "ref")],
    "elementwise_pow": [(("float", "all pairs"), "Paddle 3.3.1's d/dy x ** y at x = +-inf, "
                        "y < 0 (x ** y = 0, constant in y) is 0 * inf = NaN; it is 0",
                        lambda r: "grads" in r and bool(np.all(
                            decode(r["grads"][1]).reshape(-1)[[57, 61, 66, 70]] == 0))),
                        ("complex128 0-d", "Paddle 3.3.1's complex x-gradient of x ** y "
                                           "conjugates the upstream gradient", "fd")],
    "sigmoid": [_F32_COMPLEX + ("ref",)],
    "exp": [("float64 specials", "Paddle 3.3.1's float64 exp(-inf) is 5.6e-309, not 0", "ref"),
            _F32_COMPLEX + ("ref",)],
    "erfinv": [("float64 specials", "Paddle 3.3.1 gives erfinv(1 - 1e-16) = inf; it is 5.86",
                lambda r: abs(decode(r["out"][0])[11] - 5.8635847487551676) < 1e-9)],
    "pow": [("x ** -1.0", "Paddle 3.3.1 gives pow(-0.0, -1) = +inf; IEEE and NumPy give -inf",
             "ref")],
    "lerp": [("*", "Paddle 3.3.1 gives lerp's weight no gradient; eagergraph's is checked by "
                   "finite differences", "grads")],
    "isclose": [("complex128", "Paddle 3.3.1's complex isclose calls NaN close to anything "
                               "(1+1j vs nan: True) even without equal_nan; eagergraph's NaN "
                               "is close only to NaN with equal_nan, as NumPy's", "ref")],
}
