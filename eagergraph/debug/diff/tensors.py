"""Tensor values as the diff tool records them, and how two of them are compared.

Pure NumPy (no framework import): both recorders (eagergraph's and real Paddle's) hand their
tensors here as arrays. A value up to `limit` elements is kept whole; past it only summary
statistics (and the first elements) are kept, and two such summaries are compared by their
statistics."""
import numpy as np

__all__ = ["summarize", "compare", "tolerance", "TOLERANCES", "DEFAULT_LIMIT"]

DEFAULT_LIMIT = 65536   # elements kept whole; `--max-values` changes it
_HEAD = 16              # elements kept from a tensor past the limit

# (rtol, atol) per dtype: two kernels that both compute correctly differ by rounding only
TOLERANCES = {
    "float16": (1e-2, 1e-3), "bfloat16": (2e-2, 1e-2),
    "float32": (1e-4, 1e-5), "complex64": (1e-4, 1e-5),
    "float64": (1e-7, 1e-9), "complex128": (1e-7, 1e-9),
}


def tolerance(dtype, rtol=None, atol=None):
    """(rtol, atol) for a dtype name; integer and bool dtypes compare exactly."""
    r, a = TOLERANCES.get(dtype, (0.0, 0.0))
    return (r if rtol is None else rtol), (a if atol is None else atol)


def _as_array(a, dtype):
    a = np.asarray(a)
    if dtype == "bfloat16" or a.dtype.kind == "V" or str(a.dtype) == "bfloat16":
        a = a.astype(np.float32)
    return a


def summarize(arr, dtype, limit=DEFAULT_LIMIT):
    """A record of one tensor: shape, dtype and the values (a copy) or, past `limit` elements,
    statistics. `dtype` is the framework's dtype name ('float32', 'bfloat16', ...)."""
    a = _as_array(arr, dtype)
    rec = {"shape": list(a.shape), "dtype": dtype, "values": None, "stats": None}
    if a.size <= limit:
        rec["values"] = np.array(a, copy=True)
        return rec
    flat = a.reshape(-1)
    rec["head"] = np.array(flat[:_HEAD], copy=True)
    rec["stats"] = _stats(flat)
    return rec


def _stats(flat):
    if flat.dtype.kind == "b":
        flat = flat.astype(np.int64)
    if flat.dtype.kind == "c":
        return {"abs_mean": float(np.abs(flat).mean()), "real_mean": float(flat.real.mean()),
                "imag_mean": float(flat.imag.mean()), "abs_max": float(np.abs(flat).max())}
    f = flat.astype(np.float64)
    finite = f[np.isfinite(f)]
    return {"mean": float(finite.mean()) if finite.size else float("nan"),
            "std": float(finite.std()) if finite.size else float("nan"),
            "min": float(f.min()), "max": float(f.max()),
            "nonfinite": int(f.size - finite.size)}


def compare(a, b, rtol=None, atol=None):
    """How record `a` (the reference: real Paddle) and record `b` differ. Returns a dict with
    `same` (bool), `reason`, and for whole values `max_abs`, `max_rel`, `where` (the index of
    the largest violation of the tolerance) and `bad` (how many elements are outside it)."""
    out = {"same": True, "reason": "", "max_abs": 0.0, "max_rel": 0.0, "where": None, "bad": 0,
           "rtol": None, "atol": None}
    if a["shape"] != b["shape"]:
        out.update(same=False, reason=f"shape {a['shape']} vs {b['shape']}")
        return out
    if a["dtype"] != b["dtype"]:
        out.update(same=False, reason=f"dtype {a['dtype']} vs {b['dtype']}")
        return out
    r, t = tolerance(a["dtype"], rtol, atol)
    out["rtol"], out["atol"] = r, t
    if a["values"] is not None and b["values"] is not None:
        return _compare_values(a["values"], b["values"], r, t, out)
    if a["stats"] is not None and b["stats"] is not None:
        return _compare_stats(a, b, r, t, out)
    out.update(same=False, reason="one side kept values, the other statistics")
    return out


def _compare_values(x, y, rtol, atol, out):
    if x.dtype.kind in "biu" and y.dtype.kind in "biu":
        x, y = x.astype(np.int64), y.astype(np.int64)
    elif x.dtype.kind == "c" or y.dtype.kind == "c":
        x, y = x.astype(np.complex128), y.astype(np.complex128)
    else:
        x, y = x.astype(np.float64), y.astype(np.float64)
    if x.size == 0:
        return out
    nan_x, nan_y = np.isnan(x), np.isnan(y)
    with np.errstate(invalid="ignore", over="ignore"):
        diff = np.abs(x - y)
        diff = np.where(nan_x & nan_y, 0.0, diff)            # NaN == NaN here
        diff = np.where(x == y, 0.0, diff)                   # equal infinities
        diff = np.where(nan_x ^ nan_y, np.inf, diff)
        # relative error where the reference is not (near) zero
        rel = np.where(np.abs(x) > atol, diff / np.where(np.abs(x) > atol, np.abs(x), 1.0), 0.0)
        excess = diff - (atol + rtol * np.abs(x))
    bad = excess > 0
    out["max_abs"] = float(np.max(diff))
    out["max_rel"] = float(np.max(np.where(diff == 0, 0.0, rel)))
    out["bad"] = int(bad.sum())
    if out["bad"]:
        idx = np.unravel_index(int(np.argmax(np.where(bad, diff, -1.0))), x.shape)
        out.update(same=False, where=[int(i) for i in idx],
                   reason=f"{out['bad']} of {x.size} elements differ",
                   ref_value=_scalar(x[idx]), value=_scalar(y[idx]))
    return out


def _compare_stats(a, b, rtol, atol, out):
    sa, sb = a["stats"], b["stats"]
    worst, key = 0.0, None
    for k in sa:
        u, v = sa[k], sb.get(k)
        if v is None or (np.isnan(u) and np.isnan(v)) or u == v:
            continue
        d = abs(u - v)
        if d > atol + rtol * abs(u) and d >= worst:
            worst, key = d, k
    out["max_abs"] = worst
    if key is not None:
        out.update(same=False, reason=f"statistics differ ({key}: {sa[key]:.6g} vs "
                                      f"{sb[key]:.6g}; values past the size limit)")
    return out


def _scalar(v):
    v = v.item() if hasattr(v, "item") else v
    return [v.real, v.imag] if isinstance(v, complex) else v
