"""Random-direction gradient checks for the op table and the nn tests: thin wrappers over the
public paddle.autograd.gradcheck / gradgradcheck fast mode (eagergraph/autograd/gradcheck.py),
so that there is one implementation of the check.

For f with inputs x and a random cotangent v on the outputs, reverse mode gives
vjp = grad(f(x), x, grad_outputs=v). For a random direction u (complex where x is complex),
  Re<vjp, u>  must equal  Re<v, (f(x + eps u) - f(x - eps u)) / (2 eps)>,
with <a, b> = sum(conj(a) * b): Paddle's complex convention (docs/complex_autograd.md).
"""
import numpy as np

import eagergraph as paddle
from eagergraph.autograd.gradcheck import fast_check, grad_of, _outputs


def _leaves(arrays):
    return tuple(paddle.to_tensor(a, stop_gradient=False) for a in arrays)


def check_vjp(fn, arrays, rng, eps=1e-6, rtol=1e-5, atol=1e-6, create_graph=False):
    """fn(list of Tensors) -> Tensor | list. Checks first-order reverse mode at `arrays`
    (float64/complex128) in one random direction; grads are also checked for the input's
    shape and dtype."""
    arrays = [np.asarray(a) for a in arrays]
    msg = fast_check(lambda *xs: fn(list(xs)), _leaves(arrays), arrays, rng, eps, atol, rtol,
                     create_graph=create_graph)[0]
    assert msg is None, msg


def check_grads(fn, arrays, order=2, seed=0, eps=1e-6, rtol=1e-5, atol=1e-6):
    """First order (through the grad kernels, then through the differentiable `invoke` /
    `composite` formulas that create_graph records), then (order >= 2) the gradient of the vjp
    w.r.t. the inputs, with fixed cotangents (the public gradgradcheck also differentiates
    w.r.t. the cotangents)."""
    rng = np.random.default_rng(seed)
    arrays = [np.asarray(a) for a in arrays]
    check_vjp(fn, arrays, rng, eps, rtol, atol)  # grad kernels where an op has one
    check_vjp(fn, arrays, rng, eps, rtol, atol, create_graph=True)  # the formulas
    if order < 2:
        return
    xs = _leaves(arrays)
    outs = _outputs(fn(list(xs)))
    r = np.random.default_rng(seed + 1)
    vs = tuple(paddle.to_tensor(_rand(r, o)) for o in outs)
    with paddle.enable_grad():
        msg = fast_check(grad_of(lambda *a: fn(list(a)), len(xs)), xs + vs, arrays,
                         rng, 1e-5, 1e-5, 1e-4)[0]
    assert msg is None, msg


def _rand(rng, o):
    a = o.numpy()
    if a.dtype.kind == "c":
        return (rng.standard_normal(a.shape) + 1j * rng.standard_normal(a.shape)).astype(a.dtype)
    return rng.standard_normal(a.shape).astype(a.dtype)
