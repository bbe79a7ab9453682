"""What one run of a script records for the diff tool (framework-agnostic).

A `Recorder` is handed every op call at the framework's Python/C++ boundary by one of the
installers (record_eager.py for eagergraph, record_paddle.py for real Paddle), through an
`Adapter` that knows that framework's Tensor. Per op call it keeps an event: the op name, the
user's file:line, the step (optimizer steps so far), the inputs' and outputs' shapes, dtypes
and values (tensors.summarize) and where each input came from (an earlier op's output, a leaf,
a random draw). Every output that requires grad gets a tensor hook that records the gradient
arriving in backward; after each backward every leaf seen so far has its `.grad` recorded.

Ops called while another recorded op runs, inside backward or inside an optimizer step are
framework internals and are not recorded. The record is a plain dict (`as_record()`) that is
pickled between the two processes."""
import os
import sys
import weakref

from .tensors import summarize, DEFAULT_LIMIT

__all__ = ["Recorder", "Adapter", "StopRun", "user_site"]


class StopRun(BaseException):
    """Raised into the script to end a run early (after the first divergence, or --steps)."""


class Adapter:
    """How a recorder sees one framework's tensors; subclassed per framework."""
    framework = "?"
    skip_dirs = ()

    def is_tensor(self, x):
        raise NotImplementedError

    def to_numpy(self, t):
        """(array, dtype name)"""
        raise NotImplementedError

    def requires_grad(self, t):
        return not t.stop_gradient

    def is_leaf(self, t):
        return t.is_leaf

    def register_hook(self, t, fn):
        t.register_hook(fn)

    def grad(self, t):
        return t.grad

    def name(self, t):
        return getattr(t, "name", None)


def user_site(skip_dirs):
    """'file:line' of the innermost frame outside the frameworks (the user's line)."""
    f = sys._getframe(2)
    while f is not None:
        fn = f.f_code.co_filename
        if not fn.startswith(skip_dirs) and not fn.startswith("<frozen"):
            return f"{fn}:{f.f_lineno}"
        f = f.f_back
    return "?"


def _flatten(values):
    for v in values:
        if isinstance(v, (list, tuple)):
            yield from v
        else:
            yield v


class Recorder:
    def __init__(self, adapter, limit=DEFAULT_LIMIT, max_steps=None):
        self.adapter = adapter
        self.limit = limit
        self.max_steps = max_steps
        self.events = []        # forward op calls
        self.backward = []      # gradients arriving at op outputs (hooks) and leaves' .grad
        self.leaves = []        # {"key": [seq, input index], "name", "site"}
        self.draws = []         # random ops' outputs (the reference run records them)
        self.replays = []       # random draws substituted (the eagergraph run)
        self.step = 0
        self.error = None
        self.stopped = None     # why the run ended early
        self.active = True
        self.on_step_end = None  # callback(recorder) after each optimizer step
        self._busy = 0           # inside a recorded op, backward, a step, or the recorder
        self._ids = {}           # id(tensor) -> (weakref, src)
        self._leaf_refs = []

    # ---- the installers call these ----------------------------------------------------------
    def op(self, name, fn, args, kwargs, random=None):
        """Run op `name` (the original `fn`) and record it; `random(name, out, site)` replaces
        the recording for a random op."""
        if self._busy or not self.active:
            return fn(*args, **kwargs)
        self._busy += 1
        try:
            site = user_site(self.adapter.skip_dirs)
            inputs = None if random else self._inputs(args, kwargs)
            out = fn(*args, **kwargs)
            if random:
                out = random(name, out, site)
            else:
                self._record(name, site, inputs, out)
            return out
        finally:
            self._busy -= 1

    def internal(self, fn, args, kwargs):
        """Run framework internals (backward, an optimizer step) unrecorded."""
        self._busy += 1
        try:
            return fn(*args, **kwargs)
        finally:
            self._busy -= 1

    def run_backward(self, fn, args, kwargs):
        out = self.internal(fn, args, kwargs)
        if self.active and not self._busy:
            self._busy += 1
            try:
                self._leaf_grads()
            finally:
                self._busy -= 1
        return out

    def run_step(self, fn, args, kwargs):
        if self._busy:
            return fn(*args, **kwargs)
        out = self.internal(fn, args, kwargs)
        self.step += 1
        if self.on_step_end is not None and self.active:
            self.on_step_end(self)
        if self.max_steps is not None and self.step >= self.max_steps:
            self.stopped = f"--steps {self.max_steps} reached"
            raise StopRun(self.stopped)
        return out

    # ---- recording --------------------------------------------------------------------------
    def summary(self, t):
        arr, dtype = self.adapter.to_numpy(t)
        return summarize(arr, dtype, self.limit)

    def _src(self, t):
        hit = self._ids.get(id(t))
        if hit is not None and hit[0]() is t:
            return hit[1]
        return None

    def _remember(self, t, src):
        try:
            self._ids[id(t)] = (weakref.ref(t), src)
        except TypeError:
            pass

    def _inputs(self, args, kwargs):
        ad, seq = self.adapter, len(self.events)
        out = []
        for v in _flatten(list(args) + list(kwargs.values())):
            if not ad.is_tensor(v):
                continue
            src = self._src(v)
            # a leaf: made by no recorded op, or by one (paddle.arange) before
            # `stop_gradient = False` made it require grad
            if (src is None or src[0] != "leaf") and ad.requires_grad(v) and ad.is_leaf(v):
                src = ["leaf", len(self.leaves)]
                self.leaves.append({"key": [seq, len(out)], "name": ad.name(v)})
                self._leaf_refs.append(weakref.ref(v))
                self._remember(v, src)
            rec = self.summary(v)
            rec["src"] = src
            out.append(rec)
        return out

    def _record(self, name, site, inputs, out):
        ad, seq = self.adapter, len(self.events)
        outputs = []
        for i, t in enumerate(_flatten(out if isinstance(out, (list, tuple)) else [out])):
            if not ad.is_tensor(t):
                continue
            outputs.append(self.summary(t))
            src = self._src(t)
            if src is None or src[0] != "leaf":  # a leaf written in place stays that leaf
                self._remember(t, [seq, i])
            if ad.requires_grad(t) and not ad.is_leaf(t):
                try:
                    ad.register_hook(t, self._grad_hook(seq, i))
                except Exception:   # a framework that refuses a hook here: no gradient record
                    pass
        self.events.append({"seq": seq, "op": name, "site": site, "step": self.step,
                            "inputs": inputs, "outputs": outputs})

    def _grad_hook(self, seq, i):
        def hook(grad):
            if self.active and grad is not None:
                self._busy += 1
                try:
                    self.backward.append({"kind": "grad", "seq": seq, "out": i,
                                          "step": self.step, "value": self.summary(grad)})
                finally:
                    self._busy -= 1
            return None
        return hook

    def _leaf_grads(self):
        for k, ref in enumerate(self._leaf_refs):
            t = ref()
            g = None if t is None else self.adapter.grad(t)
            if g is not None:
                self.backward.append({"kind": "leaf", "leaf": k, "step": self.step,
                                      "value": self.summary(g)})

    def random_draw(self, name, out, site):
        """The reference run: keep a random op's outputs whole, for the other run to replay."""
        ad = self.adapter
        outs = [t for t in _flatten(out if isinstance(out, (list, tuple)) else [out])
                if ad.is_tensor(t)]
        vals = [ad.to_numpy(t) for t in outs]
        self.draws.append({"op": name, "site": site, "step": self.step,
                           "values": [v for v, _ in vals], "dtypes": [d for _, d in vals]})
        for i, t in enumerate(outs):
            self._remember(t, ["random", len(self.draws) - 1])
        return out

    def as_record(self):
        return {"framework": self.adapter.framework, "version": self.adapter.version,
                "events": self.events, "backward": self.backward, "leaves": self.leaves,
                "draws": self.draws, "replays": self.replays, "steps": self.step,
                "error": self.error, "stopped": self.stopped, "limit": self.limit,
                "cwd": os.getcwd()}
