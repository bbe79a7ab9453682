"""Random-direction gradient checks against central differences (HIPS autograd / JAX style).

For f with inputs x and a random cotangent v on the outputs, reverse mode gives
vjp = grad(f(x), x, grad_outputs=v). For a random direction u (complex where x is complex),
  Re<vjp, u>  must equal  Re<v, (f(x + eps u) - f(x - eps u)) / (2 eps)>,
with <a, b> = sum(conj(a) * b). This is the identity that Paddle's complex convention satisfies
(.grad = dL/dRe(x) + i dL/dIm(x) for the real loss L = Re<v, f(x)>).
Second order applies the same check to x -> vjp(x) built with create_graph=True.
"""
import numpy as np

import eagergraph as paddle


def _outputs(res):
    outs = list(res) if isinstance(res, (list, tuple)) else [res]
    return [o for o in outs if isinstance(o, paddle.Tensor) and o._data.dtype.kind in "fc"]


def _rand_like(rng, a):
    if a.dtype.kind == "c":
        return rng.standard_normal(a.shape) + 1j * rng.standard_normal(a.shape)
    return rng.standard_normal(a.shape)


def _inner(a, b):
    return float(np.real(np.vdot(np.asarray(a).ravel(), np.asarray(b).ravel())))


def _jvp_numeric(fn, arrays, dirs, eps):
    plus = fn([a + eps * d for a, d in zip(arrays, dirs)])
    minus = fn([a - eps * d for a, d in zip(arrays, dirs)])
    return [(p - m) / (2 * eps) for p, m in zip(plus, minus)]


def check_vjp(fn, arrays, rng, eps=1e-6, rtol=1e-5, atol=1e-6, create_graph=False):
    """fn(list of Tensors) -> Tensor | list. Checks first-order reverse mode at `arrays`
    (float64/complex128). Returns the analytic vjp tensors (built with create_graph)."""
    xs = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    outs = _outputs(fn(xs))
    assert outs, "function has no differentiable output"
    vs = [_rand_like(rng, o._data) for o in outs]
    live = [(o, v) for o, v in zip(outs, vs) if not o.stop_gradient]
    if live:  # outputs that don't depend on xs at all (a constant grad) contribute zero
        # under create_graph the seeds need grad too, so that every grad op records its
        # composite formulas (ops whose grad depends on out_grad alone, like scale, included)
        grads = paddle.grad([o for o, _ in live], xs,
                            grad_outputs=[paddle.to_tensor(v.astype(o._data.dtype),
                                                           stop_gradient=not create_graph)
                                          for o, v in live],
                            create_graph=create_graph, allow_unused=True)
    else:
        grads = [None] * len(xs)
    dirs = [_rand_like(rng, a) for a in arrays]

    def f_np(arrs):
        outs = _outputs(fn([paddle.to_tensor(a, stop_gradient=False) for a in arrs]))
        return [o._data.astype(np.complex128 if o._data.dtype.kind == "c" else np.float64)
                for o in outs]
    numeric = _jvp_numeric(f_np, arrays, dirs, eps)
    lhs = sum(_inner(g._data, d) for g, d in zip(grads, dirs) if g is not None)
    rhs = sum(_inner(v, n) for v, n in zip(vs, numeric))
    scale = max(1.0, abs(rhs))
    assert abs(lhs - rhs) <= atol + rtol * scale, (
        f"vjp mismatch: analytic <vjp,u> = {lhs!r}, numeric <v,Ju> = {rhs!r}")
    for g, a in zip(grads, arrays):
        if g is not None:
            assert g._data.shape == a.shape, f"grad shape {g.shape} != input shape {a.shape}"
            assert g._data.dtype == a.dtype, f"grad dtype {g._data.dtype} != input {a.dtype}"
    return xs, grads, vs


def check_grads(fn, arrays, order=2, seed=0, eps=1e-6, rtol=1e-5, atol=1e-6):
    """First order (through the grad kernels, then through the differentiable `invoke` /
    `composite` formulas that create_graph records), then (order >= 2) the gradient of the vjp."""
    rng = np.random.default_rng(seed)
    check_vjp(fn, arrays, rng, eps, rtol, atol)  # grad kernels where an op has one
    check_vjp(fn, arrays, rng, eps, rtol, atol, create_graph=True)  # the formulas
    if order < 2:
        return
    vs_holder = {}

    def vjp_fn(xs):
        outs = _outputs(fn(xs))
        if "vs" not in vs_holder:
            r = np.random.default_rng(seed + 1)
            vs_holder["vs"] = [_rand_like(r, o._data).astype(o._data.dtype) for o in outs]
        gs = paddle.grad(outs, xs, grad_outputs=[paddle.to_tensor(v) for v in vs_holder["vs"]],
                         create_graph=True, allow_unused=True)
        return [g for g in gs if g is not None]

    with paddle.enable_grad():
        check_vjp(vjp_fn, arrays, rng, eps=1e-5, rtol=1e-4, atol=1e-5)
