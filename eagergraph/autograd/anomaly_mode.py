"""Anomaly mode: NaN/Inf in a forward output or a backward gradient raises at once, naming the
op and the user's line that called it.

    with paddle.autograd.detect_anomaly():      # or paddle.autograd.set_detect_anomaly(True),
        loss = model(x).mean()                  # or paddle.set_flags({'FLAGS_check_nan_inf': 1})
        loss.backward()

While off it costs one attribute read per op (the debug seams' flag): turning it on
subscribes to the "ad_func" and "grad_node" debug seams (eager/seams.py) of every thread;
turning it off ends the subscriptions (`Patches`, which eagergraph.debug's tools use too).
While on, a node created without a save site (ops that save no tensor) gets one, so the
backward error can name the forward line too. The message starts as Paddle's FLAGS_check_nan_inf
message: `(PreconditionNotMet) There are NAN or INF (num_nan=.., num_inf=.., num_zero=..) in
[device=cpu, op=.., tensor=.., dtype=..]`."""
import numpy as np

from ..eager import seams
from ..eager.inplace_check import site_text, user_location, save_site
from ..tensor import Tensor
from .. import flags as _flags

__all__ = ["detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled"]


# ---- temporary wrappers ---------------------------------------------------------------------
class Patches:
    """What a debugging tool changed while on, undone by restore() in reverse order: attributes
    set (`set`, `wrap`) and debug-seam subscriptions (`subscribe`, eager/seams.py)."""

    def __init__(self):
        self._undo = []

    def set(self, obj, name, value):
        self._undo.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def wrap(self, obj, name, make):
        """Replace obj.name with make(original)."""
        self.set(obj, name, make(getattr(obj, name)))

    def subscribe(self, point, hook, all_threads=False):
        """hook(name, fn, args, kwargs) around each call at the seam `point`: this thread's
        calls, or every thread's with all_threads=True."""
        self._undo.append(seams.subscribe(point, hook, all_threads))

    def restore(self):
        while self._undo:
            undo = self._undo.pop()
            if isinstance(undo, seams.Subscription):
                undo.cancel()
            else:
                obj, name, value = undo
                setattr(obj, name, value)

    def __len__(self):
        return len(self._undo)


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
    """Check every ad_func's outputs and every grad node's grads (the "ad_func" and "grad_node"
    debug seams, in every thread: the flag is process-wide, as Paddle's)."""
    patches = Patches()
    patches.subscribe("ad_func", _checked_forward, all_threads=True)
    patches.subscribe("grad_node", _checked_node_call, all_threads=True)
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


def _checked_forward(op, fn, args, kwargs):
    out = fn(*args, **kwargs)
    bad = find_nonfinite(out)
    if bad is not None:
        raise RuntimeError(nan_inf_message(op, *bad) + f" The forward op '{op}' was called "
                           f"at {user_location(2)}.")
    _record_sites(out)
    return out


def _record_sites(out):
    """Give the nodes just created without a save site one (the user's line)."""
    for t, _ in _arrays(out):
        node = t._grad_node if t is not None else None
        if node is not None and node._save_site is None and node.forward_op:
            node._save_site = save_site(3)


def _checked_node_call(node, call, args, kwargs):
    out = call(*args)
    bad = find_nonfinite(out)
    if bad is not None:
        raise RuntimeError(backward_message(node, bad))
    return out


def backward_message(node, bad):
    op = node.forward_op or node.name()
    site = node._save_site
    where = (f"its forward op was called at {site_text(site)}" if site else
             "the line of its forward op is unknown (the node was created before anomaly "
             "detection was on)")
    return (nan_inf_message(f"{op}_grad", *bad) + f" The gradient came out of {node.name()}, "
            f"the backward of '{op}'; {where}.")
