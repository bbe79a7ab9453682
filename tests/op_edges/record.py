"""Running one edge sample and writing down what happened, the same way for eagergraph (in the
test) and for real Paddle (in tools/capture_edges.py), so the two records compare field by field.

A record is a JSON-safe dict:
  {"fp": <fingerprint of the inputs>, "out": [<array>...]}            forward values and dtypes
  {"fp": ..., "error": "ValueError"}                                 the forward raised
  + "grads": [<array> | None, ...]  one per differentiable input, for UPSTREAM grads
  + "grad_error": "RuntimeError"    the backward raised
An <array> is {"dtype", "shape", "data"} with data flattened; NaN and infinities are the strings
"nan", "inf", "-inf"; a complex element is [re, im]; a Python (non-tensor) result has "py": 1.
"""
import copy
import hashlib
import math

import numpy as np


def _enc_scalar(v):
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def _dec_scalar(v):
    return float(v) if isinstance(v, str) else v


def encode(a, py=False):
    a = np.asarray(a)
    flat = a.reshape(-1)
    if a.dtype.kind == "c":
        data = [[_enc_scalar(z.real), _enc_scalar(z.imag)] for z in flat]
    elif a.dtype.kind == "f":
        data = [_enc_scalar(v) for v in flat]
    elif a.dtype.kind == "b":
        data = [bool(v) for v in flat]
    elif a.dtype.kind in "iu":
        data = [int(v) for v in flat]
    else:
        data = [str(v) for v in flat]
    out = {"dtype": a.dtype.name, "shape": list(a.shape), "data": data}
    if py:
        out["py"] = 1
    return out


def decode(d):
    """<array> -> ndarray (float16/bfloat16 data come back as float32)."""
    dt = d["dtype"]
    np_dt = np.float32 if dt in ("float16", "bfloat16") else np.dtype(dt)
    if np.dtype(np_dt).kind == "c":
        vals = [complex(_dec_scalar(r), _dec_scalar(i)) for r, i in d["data"]]
    elif np.dtype(np_dt).kind == "f":
        vals = [_dec_scalar(v) for v in d["data"]]
    else:
        vals = d["data"]
    return np.array(vals, dtype=np_dt).reshape(d["shape"])


def _fp_value(v):
    if isinstance(v, np.ndarray):
        return ("nd", v.dtype.name, v.shape, hashlib.sha1(np.ascontiguousarray(v).tobytes())
                .hexdigest())
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(_fp_value(e) for e in v))
    if isinstance(v, dict):
        return tuple((k, _fp_value(v[k])) for k in sorted(v))
    if v is None or isinstance(v, (bool, int, float, str, complex)):
        return repr(v)
    if isinstance(v, (np.generic,)):
        return repr(v.item())
    return type(v).__name__ + ":" + str(getattr(v, "name", ""))


def fingerprint(args, kwargs):
    """A short hash of a sample's inputs: the test notices data captured for other inputs."""
    return hashlib.sha1(repr((_fp_value(list(args)), _fp_value(kwargs))).encode()).hexdigest()[:12]


def upstream(shape, np_dtype):
    """The fixed upstream gradient: 0.5, 1.0, 1.5, 0.5, ... (times 1 + 0.5j for complex), so a
    gradient that is off by a factor, or taken from the wrong element, shows."""
    n = int(np.prod(shape, dtype=np.int64))
    g = 0.5 * (1 + np.arange(n) % 3)
    if np.dtype(np_dtype).kind == "c":
        g = g * (1 + 0.5j)
    return g.astype(np_dtype).reshape(shape)


def _dtype_name(dt):
    return str(dt).replace("paddle.", "")


def _outputs(res):
    if isinstance(res, (list, tuple)):
        return list(res), True
    return [res], False


def run_sample(mod, fn, args, kwargs, grad=True):
    """Run fn(*tensors, **kwargs) with `mod` (eagergraph or paddle) and record the result.
    ndarray args become tensors; float/complex ones are differentiated when grad is True."""
    rec = {"fp": fingerprint(args, kwargs)}
    args, kwargs = copy.deepcopy(list(args)), copy.deepcopy(kwargs)  # Paddle may edit lists
    diff = []
    targs = []
    for a in args:
        if isinstance(a, np.ndarray):
            t = mod.to_tensor(a)
            if grad and a.dtype.kind in "fc":
                t.stop_gradient = False
                diff.append(t)
            targs.append(t)
        else:
            targs.append(a)
    try:
        res = fn(*targs, **kwargs)
        outs, _ = _outputs(res)
        enc = []
        for o in outs:
            if isinstance(o, mod.Tensor):
                enc.append(dict(encode(o.numpy()), dtype=_dtype_name(o.dtype)))
            else:
                enc.append(encode(np.asarray(o), py=True))
    except Exception as e:  # noqa: BLE001 (the error's type is the record)
        rec["error"] = type(e).__name__
        return rec
    rec["out"] = enc
    if not diff:
        return rec
    ys, gs = [], []
    for o in outs:
        if isinstance(o, mod.Tensor) and not o.stop_gradient and _dtype_name(o.dtype) in (
                "float32", "float64", "complex64", "complex128", "float16", "bfloat16"):
            ys.append(o)
            gs.append(mod.to_tensor(upstream(o.shape, o.numpy().dtype)))
    if not ys:
        rec["grads"] = [None] * len(diff)
        return rec
    try:
        grads = mod.grad(ys, diff, grad_outputs=gs, allow_unused=True)
        rec["grads"] = [None if g is None else dict(encode(g.numpy()), dtype=_dtype_name(g.dtype))
                        for g in grads]
    except Exception as e:  # noqa: BLE001
        rec["grad_error"] = type(e).__name__
    return rec


def fd_grads(mod, fn, args, kwargs, eps=1e-6):
    """Central differences of L = sum over float/complex outputs of Re(sum(conj(g) * out)), g the
    fixed upstream gradient: d L / d Re(x) + i d L / d Im(x) for each float/complex array arg
    (Paddle's convention for a complex input's gradient). For finite float64/complex128 samples."""
    def loss(vals):
        res = fn(*[mod.to_tensor(v) if isinstance(v, np.ndarray) else v for v in vals],
                 **copy.deepcopy(kwargs))
        total = 0.0
        for o in _outputs(res)[0]:
            a = np.asarray(o.numpy())
            if a.dtype.kind in "fc":
                total += float(np.sum(np.real(np.conj(upstream(a.shape, a.dtype)) * a)))
        return total

    grads = []
    for i, a in enumerate(args):
        if not (isinstance(a, np.ndarray) and a.dtype.kind in "fc"):
            continue
        g = np.zeros(a.shape, a.dtype)
        for j in range(a.size):
            for step in ((1.0, 1j) if a.dtype.kind == "c" else (1.0,)):
                vals = list(args)
                hi, lo = a.copy(), a.copy()
                hi.reshape(-1)[j] += eps * step
                lo.reshape(-1)[j] -= eps * step
                vals[i] = hi
                up = loss(vals)
                vals[i] = lo
                g.reshape(-1)[j] += step * (up - loss(vals)) / (2 * eps)
        grads.append(g)
    return grads
