"""Debug seams: named hook points in the eager layers, with subscribers per thread.

Each layer function of the forward chain starts with a seam check, generated or written once
(the backward engine checks its own seams once per run and per node of its general loop):

    if seam_flag.on and seam_wants("ad_func", tanh_ad_func):
        return seam_call("ad_func", "tanh", tanh_ad_func, (x,))

With no debugging tool on in any thread that is one attribute read of a plain object
(`seam_flag.on`, the number of threads with subscribers, as `amp_flag.on` is for AMP); only then
is the calling thread's own table looked at, so a tool on in one thread sees nothing of
another's ops. `seam_call` runs the thread's subscribers of that point around the call, the
first subscribed outermost; the innermost runs the function itself, whose seam check lets that
one call through (`wants` answers False once for it). Calls the function makes in turn (a
composite's ops, AMP's casts) meet the seams again, so tools see them nested.

`seam_around` is the same for a callee that has no check of its own (a kernel's fn, an InferMeta
function): the layer that calls it checks the flag and calls it through the seam.

A subscriber is `hook(name, fn, args, kwargs)`; it must call `fn(*args, **kwargs)` (or not, to
replace the call) and return the result. `subscribe(point, hook)` returns a Subscription whose
`cancel()` removes it; `subscribe(..., all_threads=True)` is for process-wide modes (anomaly
detection, FLAGS_check_nan_inf), which Paddle defines for every thread.

This module sits below the generated layers and imports nothing of eagergraph."""
import threading

__all__ = ["POINTS", "BACKWARD_POINTS", "seam_flag", "seam_wants", "seam_call", "seam_around",
           "seam_listens", "subscribe", "Subscription"]

# The named points, what the subscriber's `name` is there, and where the check sits
POINTS = {
    "api": "① public op function (`paddle._C_ops.X`); name: the op (_generated/ops_api.py)",
    "ad_func": "③ `<op>_ad_func`, forward ops and grad ops; name: the op "
               "(_generated/dygraph_functions.py)",
    "amp": "② AMP's cast of an op's inputs, amp_auto_cast(op, names, inputs); name: the op "
           "(eager/amp_utils.py)",
    "promotion": "③ type promotion / int->float autocast; name: the op "
                 "(eager/type_promotion.py)",
    "kernel_api": "④ kernel API function, forward and grad ops; name: the op (_generated/api.py)",
    "select_kernel": "④ kernel selection on a cache miss; name: the op (kernel_api.py)",
    "prepare_data": "④ PrepareData's casts; name: the Kernel (kernel_api.py)",
    "infermeta": "④ InferMeta; name: the InferMeta function's name (_generated/api.py)",
    "kernel": "⑤ the selected kernel's fn; name: the Kernel (_generated/api.py)",
    "backward": "paddle.autograd.backward; name: 'backward' (autograd/backward_mode.py)",
    "grad": "paddle.grad; name: 'grad' (autograd/general_grad.py)",
    "roots": "the engine's roots and seeds, prepare_roots(tensors, grad_tensors, where); name: "
             "'backward' or 'paddle.grad' (eager/backward.py)",
    "engine_run": "the engine's Kahn loop over one backward run, _run(queue, indeg, buffers, "
                  "retain_graph, create_graph, capture); name: 'backward' or 'paddle.grad' "
                  "(eager/backward.py)",
    "grad_node": "one grad node's backward, node(grads, create_graph); name: the node "
                 "(eager/backward.py)",
    "release": "a grad node's release of its saved tensors, node.clear_tensor_wrappers(); "
               "name: the node (eager/backward.py)",
}

# the points inside a backward run: a thread listening to one runs the engine's general loop
# (the fast path calls no node's __call__)
BACKWARD_POINTS = ("engine_run", "grad_node", "release")


class _SeamFlag:
    """Process-wide hint: how many threads have subscribers (a process-wide subscription counts
    one); 0: no seam check looks further."""
    __slots__ = ("on",)

    def __init__(self):
        self.on = 0


seam_flag = _SeamFlag()
_lock = threading.Lock()
_everywhere = {}   # point -> [hook]: the process-wide subscriptions


class _Count:
    """How many subscriptions one table holds (a plain object, so a Subscription cancelled from
    another thread still counts down the table it was made in)."""
    __slots__ = ("n",)

    def __init__(self):
        self.n = 0


_process = _Count()   # the process-wide table's


class _ThreadSeams(threading.local):
    def __init__(self):
        self.hooks = {}         # point -> [hook], this thread's subscriptions
        self.count = _Count()   # how many
        self.passing = None     # the function whose next check lets its call through


_here = _ThreadSeams()


class Subscription:
    """A subscriber of one point; `cancel()` removes it (idempotent, from any thread)."""
    __slots__ = ("point", "hook", "_table", "_count")

    def __init__(self, point, hook, table, count):
        self.point, self.hook, self._table, self._count = point, hook, table, count

    def cancel(self):
        if self._table is None:
            return
        hooks = self._table.get(self.point, [])
        if self.hook in hooks:
            hooks.remove(self.hook)
            if not hooks:
                del self._table[self.point]
            _step(self._count, -1)
        self._table = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cancel()
        return False


def _step(count, step):
    """Keep seam_flag.on in step with the subscriptions: `count` is a thread's or the
    process-wide table's."""
    with _lock:
        before = count.n
        count.n = after = before + step
        if (before == 0) != (after == 0):
            seam_flag.on += 1 if after else -1
    if after == 0 and count is _here.count:
        _here.passing = None


def subscribe(point, hook, all_threads=False):
    """Call hook(name, fn, args, kwargs) around each call at `point` (one of POINTS) made by
    this thread, or by every thread with all_threads=True."""
    if point not in POINTS:
        raise ValueError(f"unknown debug seam {point!r}; the seams are: {', '.join(POINTS)}")
    if not callable(hook):
        raise TypeError(f"a seam subscriber must be callable, got {type(hook).__name__}")
    count = _process if all_threads else _here.count
    table = _everywhere if all_threads else _here.hooks
    table.setdefault(point, []).append(hook)
    _step(count, 1)
    return Subscription(point, hook, table, count)


def seam_wants(point, fn):
    """Whether the call of `fn` now starting goes to subscribers of `point`: False for the one
    call a subscriber chain makes of fn itself, and where nobody in this thread listens."""
    st = _here
    if st.passing is fn:
        st.passing = None
        return False
    return point in st.hooks or point in _everywhere


def seam_listens(points):
    """Whether anyone listens to any of `points` in this thread (the engine asks it once per
    backward run, for BACKWARD_POINTS)."""
    hooks = _here.hooks
    return any(p in hooks or p in _everywhere for p in points)


def _chain(point):
    """The subscribers of point for this thread: process-wide ones outermost."""
    return _everywhere.get(point, []) + _here.hooks.get(point, [])


def _run(hooks, name, fn, args, kwargs, passes):
    if not hooks:
        if passes:
            _here.passing = fn
        return fn(*args, **kwargs)
    hook, rest = hooks[0], hooks[1:]

    def proceed(*a, **k):
        return _run(rest, name, fn, a, k, passes)
    return hook(name, proceed, args, kwargs)


def seam_call(point, name, fn, args, kwargs=None):
    """Run fn(*args, **kwargs) through this thread's subscribers of `point`; fn checks the seam
    itself (its check lets the subscribers' own call of it through)."""
    return _run(_chain(point), name, fn, args, kwargs or {}, True)


def seam_around(point, name, fn, args, kwargs=None):
    """As seam_call, for a callee without a seam check of its own."""
    hooks = _chain(point)
    if not hooks:
        return fn(*args, **(kwargs or {}))
    return _run(hooks, name, fn, args, kwargs or {}, False)
