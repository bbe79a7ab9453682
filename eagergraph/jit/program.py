"""A recorded op program: the forward of a Layer as the sequence of top-level op calls it made
(the generated `<op>_ad_func`s and kernel APIs), with every argument written as plain JSON data.

Recording wraps those two generated layers' functions for the duration of one forward; a call
made inside another recorded call (a composite's own ops) is part of that call and is not
recorded. A Tensor argument is written as a reference: a forward input (`in`), an entry of the
Layer's state_dict (`param`), the output of an earlier op (`v`), or, for a Tensor that none of
these produced (one made from NumPy inside forward), a constant (`const`) stored with the
program. Replaying calls the same functions by name, looked up only among the generated
`_ad_func`s and kernel APIs, on the decoded arguments: a program file can name ops and give them
data, never run other code.
"""
import base64

import numpy as np

from .._generated import dygraph_functions as _ad, api as _api
from ..phi.common import DataType, Place, convert_dtype, ALL_DTYPES
from ..tensor import Tensor

__all__ = ["record", "replay", "ProgramError"]

_MODULES = {"ad": _ad, "api": _api, "method": Tensor}
# the Tensor operators bound to ad_funcs at import (tensor_methods.py), recorded as calls of
# the Tensor method
_METHODS = frozenset(
    f"__{n}__" for n in "add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod "
                        "rmod pow rpow eq ne lt le gt ge and rand or ror xor rxor invert neg "
                        "pos abs matmul rmatmul getitem".split())
_DTYPE_NAMES = {d.name for d in ALL_DTYPES}
_SCALARS = (bool, int, float, str, type(None))


class ProgramError(ValueError):
    """The forward cannot be written as a recorded op program, or a program file is malformed."""


def _callables(kind):
    mod = _MODULES[kind]
    if kind == "method":
        return {n for n in _METHODS if callable(Tensor.__dict__.get(n))}
    if kind == "ad":
        return {n for n in vars(mod) if n.endswith("_ad_func") and callable(getattr(mod, n))}
    return {n for n, f in vars(mod).items() if callable(f) and not n.startswith("_")
            and getattr(f, "__module__", None) == mod.__name__ and hasattr(f, "__code__")}


_ALLOWED = {}


def allowed(kind):
    if kind not in _ALLOWED:
        _ALLOWED[kind] = frozenset(_callables(kind))
    return _ALLOWED[kind]


# ---- recording ------------------------------------------------------------------------------
class _Recorder:
    def __init__(self, params, inputs):
        self.params = params                  # id(Tensor) -> state_dict key
        self.refs = {id(t): {"in": i} for i, t in enumerate(inputs)}
        self.keep = list(inputs)              # ids stay unique while recording
        self.ops, self.constants, self.depth, self.n = [], [], 0, 0

    def ref(self, t):
        r = self.refs.get(id(t))
        if r is None:
            key = self.params.get(id(t))
            if key is not None:
                r = {"param": key}
            else:
                r = {"const": len(self.constants)}
                self.constants.append(np.array(t.numpy(), copy=True))
            self.refs[id(t)] = r
            self.keep.append(t)
        return r

    def encode(self, v, where):
        if isinstance(v, Tensor):
            return {"t": self.ref(v)}
        if isinstance(v, DataType):
            return {"dtype": v.name}
        if isinstance(v, Place):
            return {"place": "cpu"}
        if isinstance(v, np.generic):
            v = v.item()
        if isinstance(v, float) and not np.isfinite(v):
            return {"float": repr(v)}
        if isinstance(v, _SCALARS):
            return v
        if isinstance(v, (list, tuple)):
            return {"list" if isinstance(v, list) else "tuple":
                    [self.encode(x, where) for x in v]}
        if isinstance(v, slice):
            return {"slice": [self.encode(x, where) for x in (v.start, v.stop, v.step)]}
        if v is Ellipsis:
            return {"ellipsis": None}
        raise ProgramError(f"{where} received an argument of type {type(v).__name__}, which a "
                           f"recorded op program cannot hold")

    def output(self, v):
        if isinstance(v, Tensor):
            r = {"v": self.n}
            self.n += 1
            self.refs[id(v)] = r
            self.keep.append(v)
            return r
        if isinstance(v, (list, tuple)):
            return {"tuple": [self.output(x) for x in v]}
        return None

    def call(self, kind, name, fn, args, kwargs):
        if self.depth:
            return fn(*args, **kwargs)
        where = f"op {name}"
        entry = {"kind": kind, "op": name,
                 "args": [self.encode(a, where) for a in args],
                 "kwargs": {k: self.encode(v, where) for k, v in kwargs.items()}}
        self.depth += 1
        try:
            out = fn(*args, **kwargs)
        finally:
            self.depth -= 1
        entry["out"] = self.output(out)
        self.ops.append(entry)
        return out


def record(forward, inputs, params):
    """Run forward(*inputs) with the generated op layers wrapped: (its result, the program
    dict without the result's encoding, the recorder for encoding results)."""
    rec = _Recorder(params, inputs)
    saved = []
    try:
        for kind, mod in _MODULES.items():
            for name in allowed(kind):
                fn = mod.__dict__[name] if kind == "method" else getattr(mod, name)
                saved.append((mod, name, fn))
                setattr(mod, name, _wrapper(rec, kind, name, fn))
        result = forward(*inputs)
    finally:
        for mod, name, fn in saved:
            setattr(mod, name, fn)
    return result, rec


def _wrapper(rec, kind, name, fn):
    def wrapped(*args, **kwargs):
        return rec.call(kind, name, fn, args, kwargs)
    wrapped.__wrapped__ = fn
    return wrapped


def encode_result(rec, v):
    """The forward's return value: Tensors as references, containers of them, plain values."""
    if isinstance(v, Tensor):
        return {"t": rec.ref(v)}
    if isinstance(v, dict):
        if not all(isinstance(k, str) for k in v):
            raise ProgramError("jit.save: a dict returned by forward must have str keys")
        return {"dict": {k: encode_result(rec, x) for k, x in v.items()}}
    if isinstance(v, (list, tuple)):
        return {"list" if isinstance(v, list) else "tuple": [encode_result(rec, x) for x in v]}
    return rec.encode(v, "forward's result")


def encode_constant(a):
    return {"dtype": str(a.dtype), "shape": list(a.shape),
            "data": base64.b64encode(np.ascontiguousarray(a).tobytes()).decode("ascii")}


def decode_constant(c):
    try:
        dtype = np.dtype(c["dtype"])
        shape = tuple(int(s) for s in c["shape"])
        raw = base64.b64decode(c["data"], validate=True)
    except (KeyError, TypeError, ValueError) as e:
        raise ProgramError(f"malformed constant in the program: {e}") from None
    if dtype.kind not in "biufc" or any(s < 0 for s in shape) or \
            len(raw) != dtype.itemsize * int(np.prod(shape, dtype=np.int64)):
        raise ProgramError("malformed constant in the program: its dtype, shape and data do not "
                           "agree")
    return np.frombuffer(raw, dtype).reshape(shape).copy()


# ---- replay ---------------------------------------------------------------------------------
class _Env:
    def __init__(self, inputs, params, constants):
        self.inputs, self.params, self.constants, self.values = inputs, params, constants, {}

    def tensor(self, r):
        if not isinstance(r, dict) or len(r) != 1:
            raise ProgramError(f"malformed tensor reference {r!r}")
        (k, i), = r.items()
        try:
            if k == "in":
                return self.inputs[i]
            if k == "param":
                return self.params[i]
            if k == "const":
                return self.constants[i]
            if k == "v":
                return self.values[i]
        except (KeyError, IndexError, TypeError):
            raise ProgramError(f"the program refers to {k} {i!r}, which it does not have "
                               f"here") from None
        raise ProgramError(f"malformed tensor reference {r!r}")

    def decode(self, v):
        if isinstance(v, _SCALARS):
            return v
        if isinstance(v, list):
            raise ProgramError("malformed program argument (a bare list)")
        if not isinstance(v, dict) or len(v) != 1:
            raise ProgramError(f"malformed program argument {v!r}")
        (k, x), = v.items()
        if k == "t":
            return self.tensor(x)
        if k == "dtype":
            if x not in _DTYPE_NAMES:
                raise ProgramError(f"unknown dtype {x!r} in the program")
            return convert_dtype(x)
        if k == "place":
            from ..phi.common import CPU_PLACE
            return CPU_PLACE
        if k == "float":
            if x not in ("nan", "inf", "-inf"):
                raise ProgramError(f"malformed float {x!r} in the program")
            return float(x)
        if k in ("list", "tuple") and isinstance(x, list):
            items = [self.decode(e) for e in x]
            return items if k == "list" else tuple(items)
        if k == "slice" and isinstance(x, list) and len(x) == 3:
            return slice(*[self.decode(e) for e in x])
        if k == "ellipsis":
            return Ellipsis
        if k == "dict" and isinstance(x, dict):
            return {str(n): self.decode(e) for n, e in x.items()}
        raise ProgramError(f"malformed program argument {v!r}")

    def bind(self, out_spec, out):
        if out_spec is None:
            return
        if isinstance(out_spec, dict) and "v" in out_spec:
            if not isinstance(out, Tensor):
                raise ProgramError("an op of the program did not return the Tensor it recorded")
            self.values[out_spec["v"]] = out
        elif isinstance(out_spec, dict) and "tuple" in out_spec:
            if not isinstance(out, (list, tuple)) or len(out) != len(out_spec["tuple"]):
                raise ProgramError("an op of the program returned another structure than it "
                                   "recorded")
            for s, o in zip(out_spec["tuple"], out):
                self.bind(s, o)
        else:
            raise ProgramError(f"malformed op output {out_spec!r}")


def check_op(op):
    if not isinstance(op, dict) or op.get("kind") not in _MODULES or \
            op.get("op") not in allowed(op["kind"]):
        raise ProgramError(f"the program names an op eagergraph does not have: "
                           f"{op.get('op') if isinstance(op, dict) else op!r}")


def replay(program, inputs, params, constants):
    """Run the recorded ops on inputs (Tensors), params (state_dict key -> Tensor) and the
    decoded constants (Tensors); the forward's result."""
    env = _Env(inputs, params, constants)
    for op in program["ops"]:
        check_op(op)
        fn = getattr(_MODULES[op["kind"]], op["op"])
        args = [env.decode(a) for a in op["args"]]
        kwargs = {str(k): env.decode(v) for k, v in op["kwargs"].items()}
        env.bind(op["out"], fn(*args, **kwargs))
    return env.decode(program["result"])
