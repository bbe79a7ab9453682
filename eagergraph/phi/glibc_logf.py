"""logf as the GNU C library computes it (glibc >= 2.28, the table-and-polynomial algorithm of
ARM's optimized-routines), vectorised: std::normal_distribution<float> calls it, and NumPy's own
float32 log differs from it in the last bit for about one value in 200. The work is in float64
exactly as glibc does it, then rounded once to float32; glibc's FMA build rounds its float64
steps differently, which moves the float32 result only when it lies within ~1e-16 of a rounding
midpoint."""
import numpy as np

_h = float.fromhex

_INVC, _LOGC = np.array([
    (_h("0x1.661ec79f8f3bep+0"), _h("-0x1.57bf7808caadep-2")),
    (_h("0x1.571ed4aaf883dp+0"), _h("-0x1.2bef0a7c06ddbp-2")),
    (_h("0x1.49539f0f010bp+0"), _h("-0x1.01eae7f513a67p-2")),
    (_h("0x1.3c995b0b80385p+0"), _h("-0x1.b31d8a68224e9p-3")),
    (_h("0x1.30d190c8864a5p+0"), _h("-0x1.6574f0ac07758p-3")),
    (_h("0x1.25e227b0b8eap+0"), _h("-0x1.1aa2bc79c81p-3")),
    (_h("0x1.1bb4a4a1a343fp+0"), _h("-0x1.a4e76ce8c0e5ep-4")),
    (_h("0x1.12358f08ae5bap+0"), _h("-0x1.1973c5a611cccp-4")),
    (_h("0x1.0953f419900a7p+0"), _h("-0x1.252f438e10c1ep-5")),
    (_h("0x1p+0"), _h("0x0p+0")),
    (_h("0x1.e608cfd9a47acp-1"), _h("0x1.aa5aa5df25984p-5")),
    (_h("0x1.ca4b31f026aap-1"), _h("0x1.c5e53aa362eb4p-4")),
    (_h("0x1.b2036576afce6p-1"), _h("0x1.526e57720db08p-3")),
    (_h("0x1.9c2d163a1aa2dp-1"), _h("0x1.bc2860d22477p-3")),
    (_h("0x1.886e6037841edp-1"), _h("0x1.1058bc8a07ee1p-2")),
    (_h("0x1.767dcf5534862p-1"), _h("0x1.4043057b6ee09p-2")),
]).T.copy()
_LN2 = _h("0x1.62e42fefa39efp-1")
_A0, _A1, _A2 = _h("-0x1.00ea348b88334p-2"), _h("0x1.5575b0be00b6ap-2"), _h("-0x1.ffffef20a4123p-2")
_OFF = np.uint32(0x3F330000)


def logf(x):
    """glibc logf of a float32 array of positive finite values (what the polar method feeds
    it); zero (+0 or -0) gives -inf, as logf does."""
    x = np.asarray(x, np.float32)
    ix = x.view(np.uint32)
    sub = (ix & np.uint32(0x7FFFFFFF)) < 0x00800000  # subnormal or a zero of either sign
    if sub.any():  # subnormal: normalise as glibc does
        ix = ix.copy()
        ix[sub] = (x[sub] * np.float32(2.0 ** 23)).view(np.uint32) - np.uint32(23 << 23)
    tmp = ix - _OFF
    i = (tmp >> np.uint32(19)) & np.uint32(15)
    k = tmp.view(np.int32) >> np.int32(23)
    iz = ix - (tmp & np.uint32(0xFF800000))
    z = iz.view(np.float32).astype(np.float64)
    r = z * _INVC[i] - 1.0
    y0 = _LOGC[i] + k.astype(np.float64) * _LN2
    r2 = r * r
    y = _A1 * r + _A2
    y = _A0 * r2 + y
    y = y * r2 + (y0 + r)
    out = y.astype(np.float32)  # (1 gives r = 0 and so 0, as glibc's special case)
    if sub.any():
        out[x == 0.0] = -np.inf
    return out
