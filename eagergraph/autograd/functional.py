"""paddle.autograd.jacobian / hessian (Paddle 3.x: lazily evaluated Jacobian objects that
support indexing, built here eagerly row by row with paddle.grad)."""
import numpy as np

from ..tensor import Tensor
from .general_grad import grad as _grad


class Jacobian:
    """J[i, j] = d ys_flat[i] / d xs_flat[j], for one ys and one xs (with an optional batch
    axis 0 when is_batched). Index it like a Tensor, or read `.shape`."""

    def __init__(self, ys, xs, is_batched=False):
        self._ys, self._xs, self._batched = ys, xs, is_batched
        self._value = None

    def _compute(self):
        ys, xs = self._ys, self._xs
        from .._generated.dygraph_functions import reshape_ad_func, stack_ad_func
        if self._batched:
            b = ys.shape[0]
            yf = reshape_ad_func(ys, [b, -1])
            n = yf.shape[1]
            rows = []
            for i in range(n):
                seed = Tensor._wrap(np.zeros(yf._data.shape, yf._data.dtype))
                seed._data[:, i] = 1
                g, = _grad(yf, xs, seed, retain_graph=True, create_graph=True,
                           allow_unused=True)
                g = g if g is not None else Tensor._wrap(np.zeros(xs._data.shape, xs._data.dtype))
                rows.append(reshape_ad_func(g, [b, -1]))
            return stack_ad_func(rows, 1) if rows else None
        yf = reshape_ad_func(ys, [-1])
        rows = []
        for i in range(yf.shape[0]):
            seed = Tensor._wrap(np.zeros(yf._data.shape, yf._data.dtype))
            seed._data[i] = 1
            g, = _grad(yf, xs, seed, retain_graph=True, create_graph=True, allow_unused=True)
            g = g if g is not None else Tensor._wrap(np.zeros(xs._data.shape, xs._data.dtype))
            rows.append(reshape_ad_func(g, [-1]))
        out = stack_ad_func(rows, 0)
        if ys._data.ndim == 0:
            out = reshape_ad_func(out, [-1])
        return out

    @property
    def value(self):
        if self._value is None:
            self._value = self._compute()
        return self._value

    @property
    def shape(self):
        return self.value.shape

    def __getitem__(self, idx):
        return self.value[idx]

    def numpy(self):
        return self.value.numpy()


def _check(op, ys, xs):
    """ys and xs: Tensors, or lists/tuples of them (Paddle fails on others with an internal
    AttributeError; a TypeError naming the argument here)."""
    for arg, v in (("ys", ys), ("xs", xs)):
        items = v if isinstance(v, (list, tuple)) else (v,)
        if not items or not all(isinstance(t, Tensor) for t in items):
            raise TypeError(f"{op}(): '{arg}' must be a Tensor or a non-empty list/tuple of "
                            f"Tensors, but got {type(v).__name__}")


def _map(ys, xs, fn):
    if isinstance(ys, (list, tuple)):
        return tuple(_map(y, xs, fn) for y in ys)
    if isinstance(xs, (list, tuple)):
        return tuple(fn(ys, x) for x in xs)
    return fn(ys, xs)


def jacobian(ys, xs, batch_axis=None):
    """Jacobian(s) of ys w.r.t. xs: a Jacobian, or tuples of them for sequences (Paddle's
    nesting: ys outer, xs inner)."""
    _check("jacobian", ys, xs)
    if batch_axis not in (None, 0):
        raise ValueError(f"jacobian(): batch_axis must be None or 0, got {batch_axis}")
    return _map(ys, xs, lambda y, x: Jacobian(y, x, batch_axis == 0))


def hessian(ys, xs, batch_axis=None):
    """Hessian of a scalar ys (or [B] with batch_axis=0) w.r.t. xs."""
    if not isinstance(ys, Tensor):
        raise TypeError(f"hessian(): 'ys' must be a Tensor, but got {type(ys).__name__}")
    _check("hessian", ys, xs)
    if batch_axis not in (None, 0):
        raise ValueError(f"hessian(): batch_axis must be None or 0, got {batch_axis}")
    size = ys._data.size if batch_axis is None else ys._data.size // max(ys.shape[0], 1)
    if size != 1:
        raise ValueError(f"hessian(): ys must be a scalar (or one value per batch row), got "
                         f"shape {list(ys.shape)}")

    def one(x):
        g, = _grad(ys, x, create_graph=True, retain_graph=True, allow_unused=True)
        return g

    if isinstance(xs, (list, tuple)):
        grads = [one(x) for x in xs]
        return tuple(tuple(Jacobian(g, x, batch_axis == 0) for x in xs) for g in grads)
    return Jacobian(one(xs), xs, batch_axis == 0)
