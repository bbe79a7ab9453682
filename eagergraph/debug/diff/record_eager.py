"""Recording an eagergraph run: the Recorder attached at the debug seams (eager/seams.py).

The Recorder subscribes to this thread's debug seams (eager/seams.py) of the public op
functions (`paddle._C_ops.X`, ①), the `<op>_ad_func`s (③, what Tensor operators call) and the
kernel API functions (④), as the tracer does, and records only the outermost call. Tensor
`backward`, `paddle.autograd.backward` and `paddle.grad` run unrecorded and are followed by the
leaves' `.grad`; optimizer `step`/`minimize` advance the step counter. With a `Replay`, random
ops and random initializers take the reference run's draws. `install` returns the Patches;
`restore()` ends the subscriptions and puts every original back."""
import os

import numpy as np

from ...tensor import Tensor
from ...nn.initializer.initializer import Initializer
from ... import optimizer as _optimizer
from .. import _seams
from .._patch import Patches
from .recorder import Adapter
from .replay import RANDOM_OPS, INIT_DRAWS

__all__ = ["EagerAdapter", "install"]

_PKG = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# initializers not replayed: those that draw nothing, and Orthogonal (Paddle draws a gaussian
# and orthogonalises it; the raw draw is not the parameter)
_NOT_REPLAYED = {"Constant", "ConstantInitializer", "Assign", "NumpyArrayInitializer",
                 "Dirac", "Bilinear", "BilinearInitializer", "Orthogonal",
                 "OrthogonalInitializer"}


class EagerAdapter(Adapter):
    framework = "eagergraph"
    skip_dirs = (_PKG + os.sep,)

    def __init__(self):
        from ...version import full_version
        self.version = full_version

    def is_tensor(self, x):
        return isinstance(x, Tensor)

    def to_numpy(self, t):
        return t._data, t.dtype.name


def install(rec, replay=None):
    p = Patches()
    random = None if replay is None else _replayer(rec, replay)

    def op(name, fn, args, kwargs):
        return rec.op(name, fn, args, kwargs, random if name in RANDOM_OPS else None)

    for point in ("api", "ad_func", "kernel_api"):
        p.subscribe(point, op)
    p.wrap(Tensor, "backward", lambda fn: _method(rec.run_backward, fn))
    p.subscribe("backward", lambda name, fn, a, k: rec.run_backward(fn, a, k))
    p.subscribe("grad", lambda name, fn, a, k: rec.internal(fn, a, k))
    for cls in _seams.subclasses(_optimizer.Optimizer):
        for meth in ("step", "minimize"):
            if meth in vars(cls):
                p.wrap(cls, meth, lambda fn: _method(rec.run_step, fn))
    if replay is not None:
        p.wrap(Initializer, "__call__", lambda fn: _init_replayer(rec, replay, fn))
    return p


def _method(run, fn):
    def method(*args, **kwargs):
        return run(fn, args, kwargs)
    method.__wrapped__ = fn
    return method


def _replayer(rec, replay):
    def random(name, out, site):
        outs = [t for t in (out if isinstance(out, (list, tuple)) else [out])
                if isinstance(t, Tensor)]
        done = False
        if outs:
            t = outs[0]
            values = replay.take(name, t._data.shape)
            if values is not None:
                t._data = np.asarray(values).astype(t._data.dtype).reshape(t._data.shape)
                done = True
        rec.replays.append({"op": name, "site": site, "replayed": done})
        for t in outs:
            rec._remember(t, ["random", len(rec.replays) - 1])
        return out
    return random


def _init_replayer(rec, replay, fn):
    def call(self, param, *args, **kwargs):
        out = fn(self, param, *args, **kwargs)
        if type(self).__name__ not in _NOT_REPLAYED and isinstance(param, Tensor):
            values = replay.take("init", param._data.shape, INIT_DRAWS)
            if values is not None:
                param._data = np.asarray(values).astype(param._data.dtype).reshape(
                    param._data.shape)
            rec.replays.append({"op": f"{type(self).__name__} initializer",
                                "site": "", "replayed": values is not None})
        return out
    return call
