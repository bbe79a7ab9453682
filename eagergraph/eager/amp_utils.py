"""The AMP decision of each op (Paddle paddle/fluid/eager/amp_utils.h, amp_auto_cast.h).

The generated `<op>_ad_func` starts with Paddle's `# AMP Logic`:

    if amp_flag.on and amp_state.active:
        x, y = amp_auto_cast("matmul", ("x", "y"), (x, y))
        return amp_call(matmul_ad_func, x, y, transpose_x, transpose_y)

With AMP off in every thread that is one attribute read of a plain object (`amp_flag.on`,
the number of threads whose AMP is on or watched; a thread-local read costs several times
more); only then is the thread's own state looked at. With it on, amp_auto_cast
picks the dtype the op computes in (`dest_dtype`, Paddle's GetAmpDestDtype/GetPromoteType):

- use_promote (always at O1 and OD; at O2 unless auto_cast(use_promote=False)):
  white-list op -> the AMP dtype; black-list op -> float32; any other op -> float32 at OD, else
  float32 if any input is float32, otherwise the AMP dtype;
- O2 without promote: black-list op -> float32, every other op -> the AMP dtype;

then casts each float32/float16/bfloat16 input of another dtype with the `cast` op (a graph
op, so each input's gradient comes back in its own dtype). float64, complex, integer and bool
inputs are never cast (Paddle's NeedCast). amp_call runs the op with AMP suspended, as Paddle's
AutoCastGuard(O0) around the recursive call does. Inplace ops and `cast` skip AMP.

The state is thread-local (auto_cast in one thread does not touch another). `active` is true
while AMP is on *or* a watcher (paddle.amp.debugging's explainer and operator stats) listens;
at level O0 with a watcher nothing is cast, the watcher only sees each op.

The public API (paddle.amp.auto_cast) lives in eagergraph/amp/ and sets this state; this module
sits below the generated layer and never imports from above."""
import threading

from .bound_ops import ops
from .amp_lists import fluid_name
from .seams import seam_flag, seam_wants, seam_call
from ..phi.common import NP_TO_DTYPE, float16, bfloat16, float32

__all__ = ["amp_flag", "amp_state", "amp_auto_cast", "amp_call", "amp_skip", "dest_dtype",
           "suspended", "AmpRecord"]

_CASTABLE = (float32, float16, bfloat16)
# ops whose AMP dtype follows only their input x (Paddle's GetPromoteType), and whose other
# inputs (scale, bias, ...) are never cast (EagerAmpAutoCast)
_X_ONLY_OPS = frozenset({"batch_norm", "layer_norm", "sync_batch_norm",
                         "moving_average_abs_max_scale"})


class _AmpFlag:
    """Process-wide hint: how many threads have AMP on or a watcher (0: no op looks further)."""
    __slots__ = ("on",)

    def __init__(self):
        self.on = 0


amp_flag = _AmpFlag()
_flag_lock = threading.Lock()


class _AmpState(threading.local):
    """Per-thread AMP settings (Paddle's tracer _amp_level/_amp_dtype/op lists/_use_promote)."""
    active = False          # the generated AMP section runs: AMP on, or a watcher listens
    level = "O0"            # O0 | OD | O1 | O2
    dtype = float32         # the AMP DataType (float16/bfloat16) while AMP is on
    white = frozenset()     # Paddle's fluid op names
    black = frozenset()
    custom_white = frozenset()
    custom_black = frozenset()
    use_promote = True
    watchers = ()           # callables(AmpRecord), called per op while active

    def __init__(self):
        self.pending = []   # records waiting for their op's outputs (amp_call completes them)
        self.counted = False  # this thread counts in amp_flag.on

    def snapshot(self):
        return (self.active, self.level, self.dtype, self.white, self.black,
                self.custom_white, self.custom_black, self.use_promote, self.watchers)

    def restore(self, snap):
        (self.active, self.level, self.dtype, self.white, self.black, self.custom_white,
         self.custom_black, self.use_promote, self.watchers) = snap
        self.refresh()

    def refresh(self):
        """active from the settings, and this thread's count in amp_flag kept in step."""
        want = self.level != "O0" or bool(self.watchers)
        self.active = want
        if want != self.counted:
            with _flag_lock:
                amp_flag.on += 1 if want else -1
            self.counted = want

    def suspend(self):
        """AMP and watchers off in this thread for a moment (amp_call, backward); amp_flag is
        left as it is (a hint may overcount, never undercount)."""
        self.active, self.level, self.watchers = False, "O0", ()


amp_state = _AmpState()


class AmpRecord:
    """What AMP did for one op call: its names, the input dtypes before, the list it fell in
    (white/black/promote/o2/od/custom-white/custom-black/skipped), the dtype it computes in,
    the casts applied ((input, from, to)) and, once it ran, the output dtypes."""
    __slots__ = ("op", "fluid_op", "level", "in_dtypes", "reason", "dest", "casts",
                 "out_dtypes")

    def __init__(self, op, fluid_op, level, in_dtypes, reason, dest, casts):
        self.op, self.fluid_op, self.level = op, fluid_op, level
        self.in_dtypes, self.reason, self.dest, self.casts = in_dtypes, reason, dest, casts
        self.out_dtypes = ()

    def __repr__(self):
        return (f"AmpRecord({self.op}: {self.in_dtypes} -> {self.reason} -> "
                f"{self.dest} -> {self.out_dtypes})")


def _dtypes(inputs):
    """Each input's DataType (a list for a Tensor[] input; None for a missing optional)."""
    out = []
    for t in inputs:
        if t is None:
            out.append(None)
        elif type(t) in (list, tuple):
            out.append([NP_TO_DTYPE[x._data.dtype] for x in t])
        else:
            out.append(NP_TO_DTYPE[t._data.dtype])
    return out


def _flat(dtypes):
    for d in dtypes:
        if type(d) is list:
            yield from d
        elif d is not None:
            yield d


def dest_dtype(op, dtypes, st=amp_state):
    """(DataType the op computes in, the reason) for fluid op name `op` whose inputs have
    `dtypes` (as _dtypes gives), under the AMP settings `st` (Paddle's GetAmpDestDtype)."""
    amp = st.dtype
    use_promote = st.use_promote if st.level == "O2" else True
    if use_promote:
        if op in st.white:
            return amp, ("custom-white" if op in st.custom_white else "white")
        if op in st.black:
            return float32, ("custom-black" if op in st.custom_black else "black")
        if st.level == "OD":
            return float32, "od"
        if op in _X_ONLY_OPS:
            return (float32 if dtypes and dtypes[0] is float32 else amp), "promote"
        return (float32 if any(d is float32 for d in _flat(dtypes)) else amp), "promote"
    if op in st.black:
        return float32, ("custom-black" if op in st.custom_black else "black")
    return amp, "o2"


def _cast(t, dst):
    d = NP_TO_DTYPE[t._data.dtype]
    if d is not dst and d in _CASTABLE:
        return ops.cast(t, dst), d
    return t, None


def amp_auto_cast(op, names, inputs):
    """The inputs of op `op` (eagergraph name; `names` its Tensor arguments), each cast to the
    dtype the op computes in under the current AMP settings; returned as a tuple in order."""
    if seam_flag.on and seam_wants("amp", amp_auto_cast):  # Debug Seam (eager/seams.py)
        return seam_call("amp", op, amp_auto_cast, (op, names, inputs))
    st = amp_state
    fop = fluid_name(op)
    casts = []
    if st.level == "O0":  # only a watcher listens
        dst, reason = None, "amp-off"
        dtypes = _dtypes(inputs) if st.watchers else ()
        out = inputs
    else:
        dtypes = _dtypes(inputs)
        dst, reason = dest_dtype(fop, dtypes, st)
        out = []
        for i, (name, t) in enumerate(zip(names, inputs)):
            if t is None or (i and fop in _X_ONLY_OPS):
                out.append(t)
            elif type(t) in (list, tuple):
                new = []
                for k, x in enumerate(t):
                    x, was = _cast(x, dst)
                    if was is not None:
                        casts.append((f"{name}[{k}]", was, dst))
                    new.append(x)
                out.append(new)
            else:
                t, was = _cast(t, dst)
                if was is not None:
                    casts.append((name, was, dst))
                out.append(t)
    if st.watchers:
        st.pending.append(AmpRecord(op, fop, st.level, dtypes, reason, dst, casts))
    return out


def _out_dtypes(out):
    outs = out if type(out) in (list, tuple) else (out,)
    res = []
    for o in outs:
        if type(o) in (list, tuple):
            res.append([NP_TO_DTYPE[x._data.dtype] for x in o])
        elif o is not None and hasattr(o, "_data"):
            res.append(NP_TO_DTYPE[o._data.dtype])
    return res


def amp_call(fn, *args):
    """Run ad_func `fn` with AMP suspended (Paddle's AutoCastGuard(O0) around the recursive
    call) and hand its record, with the output dtypes, to the watchers."""
    st = amp_state
    rec = st.pending.pop() if st.watchers and st.pending else None
    snap = st.snapshot()
    st.suspend()
    try:
        out = fn(*args)
    finally:
        st.restore(snap)
    if rec is not None:
        rec.out_dtypes = _out_dtypes(out)
        for w in st.watchers:
            w(rec)
    return out


def amp_skip(op, fn, *args):
    """Inplace ops (and their inner call) skip AMP: run `fn` with AMP suspended."""
    st = amp_state
    if st.watchers:
        rec = AmpRecord(op, fluid_name(op), st.level, (), "skipped (inplace)", None, [])
    snap = st.snapshot()
    st.suspend()
    try:
        out = fn(*args)
    finally:
        st.restore(snap)
    if st.watchers:
        rec.out_dtypes = _out_dtypes(out)
        for w in st.watchers:
            w(rec)
    return out


class suspended:
    """`with suspended():` AMP (and its watchers) off in this thread for the block: the
    backward engine runs each grad op in its forward's dtypes, as Paddle's grad nodes call the
    kernel APIs, never the AMP-cast dygraph functions."""
    __slots__ = ("_snap",)

    def __enter__(self):
        st = amp_state
        self._snap = st.snapshot()
        st.suspend()
        return self

    def __exit__(self, *exc):
        amp_state.restore(self._snap)
        return False
