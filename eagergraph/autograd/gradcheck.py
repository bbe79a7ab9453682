"""paddle.autograd.gradcheck / gradgradcheck: reverse mode against central differences.

Paddle 3.3.1 ships no public gradcheck, so the API follows torch.autograd.gradcheck (the
keyword names and defaults below are torch's). The convention checked is Paddle's
(docs/complex_autograd.md): for the real loss L = Re(sum(conj(v) * f(x))), x.grad is
dL/dRe(x) + i dL/dIm(x). Treating every complex number as two real ones, f has a real
Jacobian J, and

* slow mode (default) builds J column by column from central differences (one column per real
  or imaginary component of each input element) and row by row from reverse mode (cotangent
  1 on the real part, 1j on the imaginary part of each output element), then compares them
  entry by entry;
* fast mode compares one number, Re<vjp(v), u> against Re<v, (f(x+eps u) - f(x-eps u))/2eps>,
  for a random cotangent v and a random input direction u (complex where the tensor is).

An entry passes when |analytic - numeric| <= atol + rtol * |numeric|.
"""
import warnings

import numpy as np

from ..tensor import Tensor
from .general_grad import grad as _grad


class GradcheckError(RuntimeError):
    """Raised by gradcheck/gradgradcheck (with raise_exception=True) when the check fails."""


def _as_tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


def _is_diff(t):
    return isinstance(t, Tensor) and not t.stop_gradient and t._data.dtype.kind in "fc"


def _outputs(res):
    return [o for o in _as_tuple(res) if isinstance(o, Tensor) and o._data.dtype.kind in "fc"]


def _wide(a):
    return np.asarray(a, np.complex128 if a.dtype.kind == "c" else np.float64)


def _call(func, inputs, arrays):
    """func on `inputs` with the differentiable tensors replaced by fresh leaves over `arrays`
    (positions match _diff_positions); returns (the leaves, the float/complex outputs)."""
    args, leaves, it = list(inputs), [], iter(arrays)
    for i, t in enumerate(inputs):
        if _is_diff(t):
            leaf = Tensor._wrap(np.asarray(next(it), t._data.dtype))
            leaf.stop_gradient = False
            args[i] = leaf
            leaves.append(leaf)
    return leaves, _outputs(func(*args))


def _numeric(func, inputs, arrays, dirs, eps):
    """Central difference of every output along the input directions `dirs`."""
    plus = _call(func, inputs, [a + eps * d for a, d in zip(arrays, dirs)])[1]
    minus = _call(func, inputs, [a - eps * d for a, d in zip(arrays, dirs)])[1]
    return [(_wide(p._data) - _wide(m._data)) / (2 * eps) for p, m in zip(plus, minus)]


def _vjp(outs, leaves, cotangents, create_graph=False):
    live = [(o, v) for o, v in zip(outs, cotangents) if not o.stop_gradient]
    if not live:  # outputs that do not depend on the inputs: a zero gradient
        return [None] * len(leaves)
    seeds = []
    for o, v in live:
        seed = Tensor._wrap(np.asarray(v, o._data.dtype))
        # under create_graph the seed needs grad too, so that every grad op records its
        # differentiable formula (ops whose grad depends on out_grad alone included)
        seed.stop_gradient = not create_graph
        seeds.append(seed)
    return list(_grad([o for o, _ in live], leaves, grad_outputs=seeds,
                      retain_graph=True, create_graph=create_graph, allow_unused=True))


def _check_grad_meta(grads, arrays, check_dtypes):
    for i, (g, a) in enumerate(zip(grads, arrays)):
        if g is None:
            continue
        if tuple(g._data.shape) != tuple(a.shape):
            return f"grad of input {i} has shape {list(g._data.shape)}, input {list(a.shape)}"
        if check_dtypes and g._data.dtype != a.dtype:
            return f"grad of input {i} has dtype {g._data.dtype}, input {a.dtype}"
    return None


def _components(arr):
    """(flat index, unit) per real component: 1 for every element, also 1j if complex."""
    units = (1.0, 1j) if arr.dtype.kind == "c" else (1.0,)
    return [(k, u) for k in range(arr.size) for u in units]


def _unit(arr, k, u):
    d = np.zeros(arr.shape, np.complex128 if u == 1j else np.float64)
    d.flat[k] = u
    return d


def _real_parts(z, out_complex):
    z = np.asarray(z).ravel()
    if not out_complex:
        return np.real(z)
    return np.stack([np.real(z), np.imag(z)], 1).ravel()


def _slow(func, inputs, arrays, eps, atol, rtol, check_dtypes):
    leaves, outs = _call(func, inputs, arrays)
    # numeric columns: d(real components of every output) / d(one real input component)
    cols = []
    for i, arr in enumerate(arrays):
        for k, u in _components(arr):
            dirs = [_unit(a, k, u) if j == i else np.zeros(a.shape) for j, a in enumerate(arrays)]
            num = _numeric(func, inputs, arrays, dirs, eps)
            cols.append(np.concatenate([_real_parts(n, o._data.dtype.kind == "c")
                                        for n, o in zip(num, outs)] or [np.zeros(0)]))
    numeric = np.stack(cols, 1) if cols else np.zeros((0, 0))
    # analytic rows: reverse mode with a unit cotangent on one real output component
    rows = []
    for oi, o in enumerate(outs):
        for k, u in _components(o._data):
            vs = [_unit(p._data, k, u) if j == oi else np.zeros(p._data.shape)
                  for j, p in enumerate(outs)]
            grads = _vjp(outs, leaves, vs)
            bad = _check_grad_meta(grads, arrays, check_dtypes)
            if bad:
                return bad
            row = []
            for g, a in zip(grads, arrays):
                gz = np.zeros(a.shape) if g is None else _wide(g._data)
                row.append(_real_parts(gz, a.dtype.kind == "c"))
            rows.append(np.concatenate(row) if row else np.zeros(0))
    analytic = np.stack(rows, 0) if rows else np.zeros(numeric.shape)
    err = np.abs(analytic - numeric) > atol + rtol * np.abs(numeric)
    if err.any():
        r, c = np.argwhere(err)[0]
        return (f"Jacobian mismatch for output component {r} w.r.t. input component {c}:\n"
                f"numerical:{numeric}\nanalytical:{analytic}")
    return None


def _rand_like(rng, shape, dtype):
    if np.dtype(dtype).kind == "c":
        return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    return rng.standard_normal(shape)


def _inner(a, b):
    return float(np.real(np.vdot(np.asarray(a).ravel(), np.asarray(b).ravel())))


def fast_check(func, inputs, arrays, rng, eps, atol, rtol, create_graph=False,
               check_dtypes=True):
    """One random projection of the Jacobian. Returns (message or None, leaves, grads,
    cotangents); grads are recorded with create_graph when asked (for higher orders)."""
    leaves, outs = _call(func, inputs, arrays)
    if not outs:
        return "function has no differentiable output", leaves, [], []
    vs = [_rand_like(rng, o._data.shape, o._data.dtype) for o in outs]
    grads = _vjp(outs, leaves, vs, create_graph)
    dirs = [_rand_like(rng, a.shape, a.dtype) for a in arrays]
    num = _numeric(func, inputs, arrays, dirs, eps)
    lhs = sum(_inner(g._data, d) for g, d in zip(grads, dirs) if g is not None)
    rhs = sum(_inner(v, n) for v, n in zip(vs, num))
    msg = _check_grad_meta(grads, arrays, check_dtypes)
    if msg is None and abs(lhs - rhs) > atol + rtol * abs(rhs):
        msg = f"vjp mismatch: analytic <vjp,u> = {lhs!r}, numeric <v,Ju> = {rhs!r}"
    return msg, leaves, grads, vs


def _fail(msg, raise_exception):
    if raise_exception:
        raise GradcheckError(msg)
    return False


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              check_grad_dtypes=False, fast_mode=False):
    """Check reverse-mode gradients of `func(*inputs)` against central differences at
    `inputs` (a Tensor or a tuple; the float/complex ones with stop_gradient=False are
    differentiated, preferably float64/complex128). Returns True, or raises GradcheckError
    (returns False with raise_exception=False)."""
    inputs = _as_tuple(inputs)
    arrays = [t._data.copy() for t in inputs if _is_diff(t)]
    if not arrays:
        raise ValueError("gradcheck expects at least one input tensor with stop_gradient=False "
                         "and a floating or complex dtype")
    for i, a in enumerate(arrays):
        if a.dtype != np.float64 and a.dtype != np.complex128:
            warnings.warn(f"Input #{i} needs grad and is not float64 or complex128 but {a.dtype}: "
                          f"central differences at eps={eps} are then mostly rounding error, "
                          f"so the check will likely fail", UserWarning, stacklevel=2)
    if fast_mode:
        msg = fast_check(func, inputs, arrays, np.random.default_rng(0), eps, atol, rtol,
                         check_dtypes=check_grad_dtypes)[0]
    else:
        msg = _slow(func, inputs, arrays, eps, atol, rtol, check_grad_dtypes)
    return True if msg is None else _fail(msg, raise_exception)


def grad_of(func, n_inputs):
    """x..., v... -> the vjp of func at x with cotangents v, recorded with create_graph; the
    function gradgradcheck checks (the None grads of unused inputs are dropped)."""
    def vjp_fn(*args):
        xs, vs = list(args[:n_inputs]), list(args[n_inputs:])
        outs = _outputs(func(*xs))
        live = [(o, v) for o, v in zip(outs, vs) if not o.stop_gradient]
        diff = [x for x in xs if _is_diff(x)]
        if not live or not diff:
            return []
        gs = _grad([o for o, _ in live], diff, grad_outputs=[v for _, v in live],
                   create_graph=True, allow_unused=True)
        return [g for g in gs if g is not None]
    return vjp_fn


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  raise_exception=True, check_grad_dtypes=False, fast_mode=False):
    """Second order: gradcheck of (inputs, grad_outputs) -> grad(func(*inputs), inputs,
    grad_outputs, create_graph=True), so the gradient of the gradient is checked w.r.t. both
    the inputs and the cotangents. grad_outputs default: random normal tensors (seeded)."""
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        rng = np.random.default_rng(1)
        outs = _outputs(func(*inputs))
        grad_outputs = []
        for o in outs:
            v = Tensor._wrap(np.asarray(_rand_like(rng, o._data.shape, o._data.dtype),
                                        o._data.dtype))
            v.stop_gradient = False
            grad_outputs.append(v)
    grad_outputs = _as_tuple(grad_outputs)
    return gradcheck(grad_of(func, len(inputs)), inputs + grad_outputs, eps=eps, atol=atol,
                     rtol=rtol, raise_exception=raise_exception,
                     check_grad_dtypes=check_grad_dtypes, fast_mode=fast_mode)
