"""Recording a real Paddle run: the Recorder attached at Paddle's Python/C++ boundary.

Every callable of `paddle._C_ops` and `paddle._legacy_C_ops` (Paddle's Python code looks them
up as module attributes at each call) and the Tensor operators Paddle implements in C++
(`__add__`, `__matmul__`, `__getitem__`, ...: named for the op Paddle runs, as eagergraph's
ad_funcs are) are replaced by recording wrappers; `Tensor.backward`, `paddle.autograd.backward`
and `paddle.grad` run unrecorded and are followed by the leaves' `.grad`; optimizer
`step`/`minimize` advance the step counter. Random ops' outputs are recorded whole (the draws
the eagergraph run replays). `install` returns an undo list for `restore`.

This module imports the real paddle only inside `install` (it runs in the reference process)."""
import os

import numpy as np

from .._seams import subclasses
from .recorder import Adapter
from .replay import RANDOM_OPS

__all__ = ["PaddleAdapter", "install", "restore"]

_EG = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _scalar(x):
    return isinstance(x, (bool, int, float, complex, np.number))


# Tensor operators implemented in C++ (they do not go through paddle._C_ops): the op each runs
_OPERATORS = {
    "__add__": ("scale", "add"), "__radd__": ("scale", "add"),
    "__sub__": ("scale", "subtract"), "__rsub__": ("scale", "subtract"),
    "__mul__": ("scale", "multiply"), "__rmul__": ("scale", "multiply"),
    "__truediv__": ("divide", "divide"), "__rtruediv__": ("divide", "divide"),
    "__div__": ("divide", "divide"), "__rdiv__": ("divide", "divide"),
    "__floordiv__": ("floor_divide", "floor_divide"), "__mod__": ("remainder", "remainder"),
    "__pow__": ("pow", "elementwise_pow"), "__rpow__": ("elementwise_pow", "elementwise_pow"),
    "__matmul__": ("matmul", "matmul"), "__rmatmul__": ("matmul", "matmul"),
    "__lt__": ("less_than", "less_than"), "__le__": ("less_equal", "less_equal"),
    "__gt__": ("greater_than", "greater_than"), "__ge__": ("greater_equal", "greater_equal"),
    "__eq__": ("equal", "equal"), "__ne__": ("not_equal", "not_equal"),
    "__getitem__": ("getitem", "getitem"), "__setitem__": ("setitem", "setitem"),
}


class PaddleAdapter(Adapter):
    framework = "paddle"

    def __init__(self, paddle):
        self.paddle = paddle
        self.version = paddle.__version__
        self.skip_dirs = (os.path.dirname(os.path.abspath(paddle.__file__)) + os.sep,
                          _EG + os.sep)
        self._tensor = paddle.Tensor

    def is_tensor(self, x):
        return isinstance(x, self._tensor)

    def to_numpy(self, t):
        dtype = str(t.dtype).replace("paddle.", "")
        arr = np.asarray(t.numpy())
        if dtype == "bfloat16" and arr.dtype == np.uint16:  # bf16 bits
            arr = (arr.astype(np.uint32) << 16).view(np.float32)
        return arr, dtype


def install(rec):
    import paddle
    from paddle import _C_ops, _legacy_C_ops
    undo = []

    def setattr_(obj, name, value):
        undo.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    for mod in (_C_ops, _legacy_C_ops):
        for name in dir(mod):
            f = getattr(mod, name)
            if name.startswith("_") or not callable(f) or isinstance(f, type):
                continue
            setattr_(mod, name, _op(rec, name, f))
    T = paddle.Tensor
    for name, (scalar_op, tensor_op) in _OPERATORS.items():
        if hasattr(T, name):
            setattr_(T, name, _operator(rec, scalar_op, tensor_op, getattr(T, name)))
    setattr_(T, "backward", _call(rec.run_backward, T.backward))
    setattr_(paddle.autograd, "backward", _call(rec.run_backward, paddle.autograd.backward))
    for mod in (paddle, paddle.autograd):
        setattr_(mod, "grad", _call(rec.internal, mod.grad))
    for cls in subclasses(paddle.optimizer.Optimizer):
        for meth in ("step", "minimize"):
            if meth in vars(cls):
                setattr_(cls, meth, _call(rec.run_step, getattr(cls, meth)))
    return undo


def restore(undo):
    while undo:
        obj, name, value = undo.pop()
        setattr(obj, name, value)


def _op(rec, name, f):
    if name in ("dropout", "dropout_"):
        return _dropout(rec, name, f)
    rnd = rec.random_draw if name in RANDOM_OPS else None

    def op(*args, **kwargs):
        return rec.op(name, f, args, kwargs, rnd)
    op.__wrapped__ = f
    return op


def _dropout(rec, name, f):
    """Paddle's dropout op returns its output only; the mask the eagergraph run needs (an
    output element can be 0 with the input kept, after a relu) comes from running the op once
    more on ones from the same generator state, which is then put back to where the real call
    left it."""
    import paddle
    masks = []

    def run(*args, **kwargs):
        state = paddle.get_rng_state()
        out = f(*args, **kwargs)
        after = paddle.get_rng_state()
        paddle.set_rng_state(state)
        masks.append(f(paddle.ones_like(args[0]), *args[1:], **kwargs))
        paddle.set_rng_state(after)
        return out

    def draw(name, out, site):
        rec.random_draw(name, [out, masks.pop()], site)
        return out

    def op(*args, **kwargs):
        # (x, seed_tensor, p, is_test, mode, seed, fix_seed): nothing is drawn in eval mode
        p = args[2] if len(args) > 2 else kwargs.get("p", 0.5)
        is_test = args[3] if len(args) > 3 else kwargs.get("is_test", False)
        if is_test or not rec.active or rec._busy or float(p) in (0.0, 1.0):
            return f(*args, **kwargs)
        return rec.op(name, run, args, kwargs, draw)
    op.__wrapped__ = f
    return op


def _operator(rec, scalar_op, tensor_op, f):
    def operator(self, *args, **kwargs):
        name = scalar_op if args and _scalar(args[0]) else tensor_op
        return rec.op(name, f, (self,) + args, kwargs)
    operator.__wrapped__ = f
    return operator


def _call(run, f):
    def call(*args, **kwargs):
        return run(f, args, kwargs)
    call.__wrapped__ = f
    return call
