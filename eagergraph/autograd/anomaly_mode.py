"""Anomaly mode: NaN/Inf in a forward output or a backward gradient raises at once, naming the
op and the user's line that called it.

    with paddle.autograd.detect_anomaly():      # or paddle.autograd.set_detect_anomaly(True),
        loss = model(x).mean()                  # or paddle.set_flags({'FLAGS_check_nan_inf': 1})
        loss.backward()

It costs nothing while off because nothing of it is there: turning it on wraps every
`<op>_ad_func` of the generated dygraph functions and the `__call__` of every grad node class;
turning it off puts the originals back (`Patches`, which eagergraph.debug's tools use too). While on, a node created without a save site (ops that save no tensor) gets one, so the
backward error can name the forward line too. The message starts as Paddle's FLAGS_check_nan_inf
message: `(PreconditionNotMet) There are NAN or INF (num_nan=.., num_inf=.., num_zero=..) in
[device=cpu, op=.., tensor=.., dtype=..]`."""
import os
import types

import numpy as np

from .._generated import dygraph_functions as _dyf
from ..eager.grad_node_info import GradNodeBase
from ..eager import backward as _engine
from ..eager.inplace_check import site_text, user_location, save_site
from ..tensor import Tensor
from .. import flags as _flags

__all__ = ["detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled"]


# ---- temporary wrappers ---------------------------------------------------------------------
# inside the package (user_location/save_site skip these frames), and no real file, so tracebacks
# show the trampoline's frame without a misleading source line
_TRAMPOLINE_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "<debug trampoline>")


class Patches:
    """A stack of (object, attribute, original value) to restore."""

    def __init__(self):
        self._undo = []

    def set(self, obj, name, value):
        self._undo.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def wrap(self, obj, name, make):
        """Replace obj.name with make(original)."""
        self.set(obj, name, make(getattr(obj, name)))

    def swap_code(self, fn, hook):
        """Make every call of function `fn` (which has no free variables) run
        `hook(original, args, kwargs)`, where `original` is a copy of fn as it was. The function
        object stays the same, so references to it held anywhere see the trampoline."""
        original = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                                      fn.__closure__)
        original.__kwdefaults__ = fn.__kwdefaults__
        self._undo.append((fn, "__code__", fn.__code__))
        self._undo.append((fn, "__defaults__", fn.__defaults__))
        self._undo.append((fn, "__kwdefaults__", fn.__kwdefaults__))
        fn.__code__ = _trampoline_code(fn.__name__)
        fn.__defaults__ = None
        fn.__kwdefaults__ = {"_eg_original_": original, "_eg_hook_": hook}

    def restore(self):
        while self._undo:
            obj, name, value = self._undo.pop()
            setattr(obj, name, value)

    def __len__(self):
        return len(self._undo)


_CODES = {}


def _trampoline_code(name):
    """The code of `def name(*args, **kwargs)` that hands the call to the hook; the original and
    the hook travel as keyword-only defaults, so the trampoline needs no globals or closure."""
    code = _CODES.get(name)
    if code is None:
        src = (f"def {name}(*args, _eg_original_=None, _eg_hook_=None, **kwargs):\n"
               f"    return _eg_hook_(_eg_original_, args, kwargs)\n")
        ns = {}
        exec(compile(src, _TRAMPOLINE_FILE, "exec"), ns)
        code = _CODES[name] = ns[name].__code__
    return code


class _State:
    detect = False    # set_detect_anomaly / detect_anomaly()
    flag = False      # FLAGS_check_nan_inf
    patches = None    # Patches while installed


_state = _State()


def is_anomaly_enabled():
    """True while anomaly detection is on (set_detect_anomaly, detect_anomaly() or
    FLAGS_check_nan_inf)."""
    return _state.detect or _state.flag


def set_detect_anomaly(mode):
    """Turn anomaly detection on or off for the whole process."""
    _state.detect = bool(mode)
    _sync()


class detect_anomaly:
    """Context manager (and decorator) turning anomaly detection on inside its block."""

    def __init__(self, check_nan=True):
        self.check_nan = check_nan
        self._prev = None

    def __enter__(self):
        self._prev = _state.detect
        set_detect_anomaly(self.check_nan)
        return self

    def __exit__(self, *exc):
        set_detect_anomaly(self._prev)
        return False

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with detect_anomaly(self.check_nan):
                return fn(*args, **kwargs)
        return wrapper


def _on_flag(value):
    _state.flag = bool(value)
    _sync()


_flags.watch_flag("FLAGS_check_nan_inf", _on_flag)


def _sync():
    if is_anomaly_enabled():
        if _state.patches is None:
            _state.patches = _install()
    elif _state.patches is not None:
        _state.patches.restore()
        _state.patches = None


def _install():
    """Wrap the ad_funcs (their code: operators and bound ops hold the function objects) and the
    grad node classes' __call__ (the engine's fast path, which calls run_raw, is off meanwhile)."""
    patches = Patches()
    patches.set(_engine, "FAST_PATH", False)
    for name in [n for n in vars(_dyf) if n.endswith("_ad_func")]:
        patches.swap_code(getattr(_dyf, name), _checked_forward(name[:-len("_ad_func")]))
    stack, seen = [GradNodeBase], set()
    while stack:
        cls = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        stack.extend(cls.__subclasses__())
        call = cls.__dict__.get("__call__")
        if call is not None and cls is not GradNodeBase:
            patches.set(cls, "__call__", _checked_node_call(call))
    return patches


# ---- checks ---------------------------------------------------------------------------------
_DTYPE_NAMES = {"float32": "fp32", "float64": "fp64", "float16": "fp16", "bfloat16": "bf16"}


def _arrays(out):
    """(tensor or None, ndarray) pairs of the float/complex values in an op's result."""
    if isinstance(out, Tensor):
        yield out, out._data
    elif isinstance(out, np.ndarray):
        yield None, out
    elif isinstance(out, (list, tuple)):
        for o in out:
            yield from _arrays(o)


def find_nonfinite(out):
    """(tensor, array, counts) of the first float/complex value in `out` with NaN or Inf."""
    for t, a in _arrays(out):
        if a.dtype.kind not in "fc" or a.size == 0:
            continue
        if not np.isfinite(a).all():
            counts = (int(np.isnan(a).sum()), int(np.isinf(a).sum()), int((a == 0).sum()))
            return t, a, counts
    return None


def nan_inf_message(op, t, a, counts):
    """Paddle's FLAGS_check_nan_inf message for op `op`."""
    num_nan, num_inf, num_zero = counts
    name = (t._name or "") if t is not None else ""
    dt = _DTYPE_NAMES.get(a.dtype.name, a.dtype.name)
    return (f"(PreconditionNotMet) There are NAN or INF (num_nan={num_nan}, num_inf={num_inf}, "
            f"num_zero={num_zero}) in [device=cpu, op={op}, tensor={name}, dtype={dt}].")


def _checked_forward(op):
    def hook(fn, args, kwargs):
        out = fn(*args, **kwargs)
        bad = find_nonfinite(out)
        if bad is not None:
            raise RuntimeError(nan_inf_message(op, *bad) + f" The forward op '{op}' was called "
                               f"at {user_location(2)}.")
        _record_sites(out)
        return out
    return hook


def _record_sites(out):
    """Give the nodes just created without a save site one (the user's line)."""
    for t, _ in _arrays(out):
        node = t._grad_node if t is not None else None
        if node is not None and node._save_site is None and node.forward_op:
            node._save_site = save_site(3)


def _checked_node_call(call):
    def __call__(self, grads, create_graph=False):
        out = call(self, grads, create_graph)
        bad = find_nonfinite(out)
        if bad is not None:
            raise RuntimeError(backward_message(self, bad))
        return out
    __call__.__wrapped__ = call
    return __call__


def backward_message(node, bad):
    op = node.forward_op or node.name()
    site = node._save_site
    where = (f"its forward op was called at {site_text(site)}" if site else
             "the line of its forward op is unknown (the node was created before anomaly "
             "detection was on)")
    return (nan_inf_message(f"{op}_grad", *bad) + f" The gradient came out of {node.name()}, "
            f"the backward of '{op}'; {where}.")
