"""Forward call-chain tracer: per op call, what each of the five layers did.

    with eagergraph.debug.trace() as tr:
        y = paddle.tanh(x * 2.0)
    print(tr.table()); print(tr.summary())

One `OpCall` per ad_func call (an API call that reaches no ad_func, or a kernel API called
directly, gets one too): ① the API name and its parsed arguments, ② the AMP decision (the
level, the list the op fell in, the casts: "O0" when AMP is off; under AMP the op then runs again
with AMP suspended, an OpCall of its own one deeper), ③ the promotion or int->float autocast applied, whether a grad
node was created and what it saved, ④ the KernelKey, the kernel selected and any fallback,
InferMeta's result, and the time spent in each layer. Ops an op runs inside itself (composites,
grad ops under create_graph) are OpCalls of their own with `depth` one more.

While active, the tracer subscribes to this thread's debug seams (eager/seams.py): ops other
threads run meanwhile are not recorded; on exit the subscriptions end."""
import time

from ..tensor import Tensor
from ..eager import amp_utils
from ._patch import Patches
from .graph import saved_wrappers, wrapper_info

__all__ = ["trace", "Trace", "OpCall"]

_now = time.perf_counter_ns
LAYERS = ("api", "ad_func", "kernel_api", "infermeta", "prepare", "kernel")


class OpCall:
    """What one op call did in each layer; times in ns (inclusive per layer)."""

    def __init__(self, depth, api=None, args=None):
        self.depth = depth
        self.api = api            # ① public API function, or None (called below it)
        self.args = args          # ① parsed arguments (as the ad_func got them)
        self.op = None            # ③ the ad_func's op
        self.amp = "O0"           # ② AMP's decision: "O0", or "<level> <list>: <casts>"
        self.promotion = []       # ③ promote_binary / autocast_int_to_float applied
        self.node = None          # ③ name of the grad node created, or None
        self.saved = []           # ③ what the node saved (wrapper_info dicts)
        self.kernel_api = []      # ④ kernel API functions called
        self.kernel_key = None    # ④ str(KernelKey)
        self.kernel = None        # ④ the kernel function's qualified name
        self.fallback = None      # ④ e.g. "float16 -> float32 kernel"
        self.selected_now = False  # ④ selected (a cache miss) rather than found in the cache
        self.infermeta = None     # ④ (InferMeta function name, its result, summarised)
        self.prepare = None       # ④ PrepareData's casts
        self.times = dict.fromkeys(LAYERS, 0)
        self.children = 0         # ns spent in nested OpCalls

    @property
    def name(self):
        return self.op or self.api or (self.kernel_api[0] if self.kernel_api else "?")

    def own_times(self):
        """Exclusive ns per layer: each layer's time minus the layers (and nested ops) below."""
        t = self.times
        kernel_api_own = max(t["kernel_api"] - t["infermeta"] - t["prepare"] - t["kernel"], 0)
        below_ad = t["kernel_api"] + self.children if self.op else 0
        ad_own = max(t["ad_func"] - below_ad, 0)
        below_api = t["ad_func"] if self.op else t["kernel_api"] + self.children
        api_own = max(t["api"] - below_api, 0) if self.api else 0
        return {"api": api_own, "ad_func": ad_own, "kernel_api": kernel_api_own,
                "infermeta": t["infermeta"], "prepare": t["prepare"], "kernel": t["kernel"]}

    def __repr__(self):
        return f"<OpCall {self.name} depth={self.depth} node={self.node} kernel={self.kernel}>"


def _summ(v, depth=0):
    """A short text of an argument or a result."""
    if isinstance(v, Tensor):
        return f"Tensor{list(v._data.shape)} {v._data.dtype}"
    if (isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], tuple)
            and hasattr(v[1], "np_dtype")):  # InferMeta's (shape, meta)
        return f"{list(v[0])} {v[1].np_dtype}"
    if isinstance(v, (list, tuple)) and depth < 2:
        inner = ", ".join(_summ(x, depth + 1) for x in v[:6])
        more = ", ..." if len(v) > 6 else ""
        return ("[" + inner + more + "]") if isinstance(v, list) else ("(" + inner + more + ")")
    if hasattr(v, "np_dtype"):  # a DenseTensorMeta-like record
        return str(getattr(v, "np_dtype"))
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."


class Trace:
    """The recorded OpCalls (`calls`, in call order)."""

    def __init__(self):
        self.calls = []
        self._stack = []
        self._patches = None

    # ---- context manager --------------------------------------------------------------------
    def __enter__(self):
        self._patches = _install(self)
        return self

    def __exit__(self, *exc):
        self._patches.restore()
        self._patches = None
        return False

    # ---- recording --------------------------------------------------------------------------
    def _top(self):
        return self._stack[-1] if self._stack else None

    def _push(self, call):
        self.calls.append(call)
        self._stack.append(call)

    def _pop(self, call, spent):
        self._stack.pop()
        parent = self._top()
        if parent is not None:
            parent.children += spent

    def on_api(self, name, fn, args, kwargs):
        call = OpCall(len(self._stack), name)
        self._push(call)
        t0 = _now()
        try:
            return fn(*args, **kwargs)
        finally:
            call.times["api"] += _now() - t0
            self._pop(call, call.times["api"])

    def on_ad_func(self, op, fn, args, kwargs):
        top = self._top()
        if top is not None and top.api is not None and top.op is None and not top.kernel_api:
            call, own = top, False    # the ad_func of the API call being recorded
        else:
            call, own = OpCall(len(self._stack)), True
            self._push(call)
        call.op = op
        call.args = [_summ(a) for a in args] + [f"{k}={_summ(v)}" for k, v in kwargs.items()]
        t0 = _now()
        try:
            out = fn(*args, **kwargs)
        finally:
            spent = _now() - t0
            call.times["ad_func"] += spent
            if own:
                self._pop(call, spent)
        self._node_of(call, out)
        return out

    def _node_of(self, call, out):
        outs = out if isinstance(out, (list, tuple)) else (out,)
        for t in outs:
            node = t._grad_node if isinstance(t, Tensor) else None
            if node is not None and node.forward_op == call.op and call.node is None:
                call.node = node.name()
                call.saved = [wrapper_info(n, w) for n, w in saved_wrappers(node)]

    def on_kernel_api(self, name, fn, args, kwargs):
        call, own = self._top(), False
        if call is None or call.kernel_api and call.op is None:
            call, own = OpCall(len(self._stack)), True
            self._push(call)
        call.kernel_api.append(name)
        t0 = _now()
        try:
            return fn(*args, **kwargs)
        finally:
            spent = _now() - t0
            call.times["kernel_api"] += spent
            if own:
                self._pop(call, spent)

    def on_layer(self, layer, name, fn, args, kwargs, note):
        t0 = _now()
        out = fn(*args, **kwargs)
        spent = _now() - t0
        call = self._top()
        if call is not None:
            call.times[layer] += spent
            note(call, name, args, out)
        return out

    def on_kernel(self, kernel, fn, args, kwargs):
        call = self._top()
        t0 = _now()
        out = fn(*args, **kwargs)
        if call is not None:
            call.times["kernel"] += _now() - t0
            k, kfn = kernel.key, kernel.fn
            call.kernel_key = f"({k.backend}, {k.layout}, {k.dtype.name})"
            call.kernel = f"{kfn.__module__}.{kfn.__qualname__}"
            if kernel.input_np_dtype is not None:
                call.fallback = (f"{kernel.key.dtype.name} -> {kernel.registered_dtype.name} "
                                 f"kernel")
        return out

    # ---- reports ----------------------------------------------------------------------------
    def table(self):
        """One row per op call: the layers' findings and their times (us)."""
        rows = [("op", "api", "amp", "promotion", "node (saved)", "kernel key", "kernel", "infermeta",
                 "api us", "ad us", "kapi us", "meta us", "kern us")]
        for c in self.calls:
            saved = ", ".join(f"{w['name']}{w['shape']}" for w in c.saved)
            node = f"{c.node} ({saved})" if c.node and saved else (c.node or "-")
            kern = (c.kernel or "-").rsplit(".", 1)[-1] + (f" [{c.fallback}]" if c.fallback
                                                           else "")
            own = c.own_times()
            rows.append(("  " * c.depth + c.name, c.api or "-", c.amp,
                         "; ".join(c.promotion) or "-",
                         node, c.kernel_key or "-", kern,
                         c.infermeta[1] if c.infermeta else "-",
                         *(f"{own[k] / 1000:.1f}" for k in ("api", "ad_func", "kernel_api",
                                                          "infermeta", "kernel"))))
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return "\n".join("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip()
                         for r in rows) + "\n"

    def totals(self):
        """Exclusive ns per layer over all calls."""
        tot = dict.fromkeys(LAYERS, 0)
        for c in self.calls:
            for k, v in c.own_times().items():
                tot[k] += v
        return tot

    def summary(self):
        """Where the eager overhead goes: each layer's share of the traced time."""
        tot = self.totals()
        all_ns = sum(tot.values()) or 1
        lines = [f"{len(self.calls)} op calls, {all_ns / 1000:.1f} us traced "
                 f"(times include the tracer's own wrappers)"]
        names = {"api": "① API / argument parsing", "ad_func": "③ ad_func (promotion, node)",
                 "kernel_api": "④ kernel API (selection, outputs)", "infermeta": "④ InferMeta",
                 "prepare": "④ PrepareData", "kernel": "⑤ kernels (NumPy)"}
        for k in LAYERS:
            lines.append(f"  {names[k]:<36} {tot[k] / 1000:10.1f} us  "
                         f"{100 * tot[k] / all_ns:5.1f}%")
        overhead = all_ns - tot["kernel"]
        lines.append(f"  eager overhead (all but kernels): {100 * overhead / all_ns:.1f}%")
        return "\n".join(lines) + "\n"


def trace():
    """A context manager recording every op call in its block; returns the Trace."""
    return Trace()


# ---- installing the wrappers ----------------------------------------------------------------
def _note_promotion(call, op, args, out):
    x = args[1]
    if len(args) == 3:  # promote_binary(op, x, y) -> (x, y)
        call.promotion.append(f"{x._data.dtype}, {args[2]._data.dtype} -> "
                              f"{out[0]._data.dtype}")
    else:               # autocast_int_to_float(op, x) -> x
        call.promotion.append(f"{x._data.dtype} -> {out._data.dtype}")


def _note_amp(call, op_name, args, out):
    """amp_auto_cast(op, names, inputs) -> the inputs cast: the level, why, and the casts."""
    op, names, inputs = args
    st = amp_utils.amp_state
    if st.level == "O0":
        return
    dst, reason = amp_utils.dest_dtype(amp_utils.fluid_name(op), amp_utils._dtypes(inputs), st)
    casts = [f"{n} {a._data.dtype} -> {b._data.dtype}" for n, a, b in zip(names, inputs, out)
             if isinstance(a, Tensor) and isinstance(b, Tensor) and a._data.dtype != b._data.dtype]
    call.amp = f"{st.level} {reason}: " + (", ".join(casts) or "no cast")


def _note_infermeta(call, name, args, out):
    call.infermeta = (name, _summ(out))


def _note_prepare(call, kernel, args, out):
    call.prepare = f"inputs cast to {kernel.input_np_dtype}"


def _install(tr):
    """The tracer's subscribers of this thread's debug seams (eager/seams.py)."""
    p = Patches()
    p.subscribe("api", tr.on_api)
    p.subscribe("ad_func", tr.on_ad_func)
    p.subscribe("kernel_api", tr.on_kernel_api)
    p.subscribe("infermeta", _layer(tr, "infermeta", _note_infermeta))
    p.subscribe("prepare_data", _layer(tr, "prepare", _note_prepare))
    p.subscribe("promotion", _layer(tr, "ad_func", _note_promotion, timed=False))
    p.subscribe("amp", _layer(tr, "ad_func", _note_amp, timed=False))
    p.subscribe("kernel", tr.on_kernel)

    def select_kernel(op, fn, args, kwargs):
        k = fn(*args, **kwargs)
        top = tr._top()
        if top is not None:
            top.selected_now = True
        return k
    p.subscribe("select_kernel", select_kernel)
    return p


def _layer(tr, layer, note, timed=True):
    def hook(name, fn, args, kwargs):
        if timed:
            return tr.on_layer(layer, name, fn, args, kwargs, note)
        out = fn(*args, **kwargs)
        call = tr._top()
        if call is not None:
            note(call, name, args, out)
        return out
    return hook
