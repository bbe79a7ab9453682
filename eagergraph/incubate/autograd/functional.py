"""paddle.incubate.autograd: vjp, jvp and the lazily evaluated Jacobian and Hessian of a
function (Paddle python/paddle/incubate/autograd/functional.py, dygraph path).

The inputs are first "separated" (copied into the graph with assign, or detached and made
differentiable when they stop gradient), so the function's graph starts at them. A Jacobian row
is one reverse pass of paddle.grad (create_graph=True, so Hessians and higher orders work),
computed when an index first needs it and cached. Unused inputs get zero gradients."""
from collections.abc import Sequence

from ...tensor import Tensor
from ...autograd.general_grad import grad as _paddle_grad
from ...ops import assign, concat, reshape, zeros, zeros_like
from .utils import as_tensors

__all__ = ["vjp", "jvp", "Jacobian", "Hessian"]


# ---- inputs --------------------------------------------------------------------------------
def _check_inputs(func, xs, v=None):
    if not callable(func):
        raise TypeError(f"Expected 'fun' is Callable, but got {type(func)}.")
    if not isinstance(xs, (Tensor, Sequence)):
        raise TypeError(f"Expected 'xs' is a Tensor|Sequence[Tensor], but got {type(xs)}.")
    if isinstance(xs, Sequence) and not all(isinstance(x, Tensor) for x in xs):
        raise TypeError("All elements of 'xs' should be Tensor.")
    if not isinstance(v, (Tensor, Sequence, type(None))):
        raise TypeError(f"Expected 'v' is Tensor|Sequence[Tensor]|None, but got {type(v)}.")
    if isinstance(v, Sequence) and not all(isinstance(e, Tensor) for e in v):
        raise TypeError("All elements of 'v' should be Tensor.")


def _check_v_shape(v, refs):
    if v is None:
        return
    v, refs = as_tensors(v), as_tensors(refs)
    if len(refs) != len(v):
        raise RuntimeError(f"The argument v is a tuple of invalid length: should be "
                           f"{len(refs)} but got {len(v)}.")
    for i, (ev, er) in enumerate(zip(v, refs)):
        if list(ev.shape) != list(er.shape):
            raise RuntimeError(f"The v[{i}] has invalid shape: should be {list(er.shape)} but "
                               f"got {list(ev.shape)}.")


def _separate_one(x):
    if x is None:
        return None
    if not x.stop_gradient:
        return assign(x)  # a new node: gradients w.r.t. it still reach x
    x = x.detach()  # shares the data; made differentiable for this computation only
    x.stop_gradient = False
    return x


def _separate(xs):
    if isinstance(xs, Sequence):
        return tuple(_separate_one(x) for x in xs)
    return _separate_one(xs)


def _call(func, xs):
    return func(*xs) if isinstance(xs, Sequence) else func(xs)


# ---- gradients -----------------------------------------------------------------------------
def _zeros_for_none(gs, refs):
    if gs is None:
        z = zeros_like(refs)
        z.stop_gradient = refs.stop_gradient
        return z
    if isinstance(gs, Sequence):
        return tuple(_zeros_for_none(g, refs[i]) for i, g in enumerate(gs))
    return gs


def _grad(ys, xs, v=None):
    """d(ys)/d(xs) weighted by v, keeping the graph; zeros for inputs ys does not use."""
    gs = _paddle_grad(ys, xs, v, create_graph=True, allow_unused=True)
    if isinstance(xs, Tensor):
        gs = gs[0]
    return _zeros_for_none(gs, xs)


def vjp(func, xs, v=None):
    """(func(xs), v^T J): the vector-Jacobian product; v defaults to ones."""
    _check_inputs(func, xs, v)
    xs, v = _separate(xs), _separate(v)
    ys = _call(func, xs)
    _check_v_shape(v, ys)
    return ys, _grad(ys, xs, v)


def jvp(func, xs, v=None):
    """(func(xs), J v): the Jacobian-vector product (by the double-backward trick: J v is the
    gradient of (u^T J) v with respect to u); v defaults to ones."""
    _check_inputs(func, xs, v)
    xs, v = _separate(xs), _separate(v)
    ys = _call(func, xs)
    _check_v_shape(v, xs)
    us = tuple(_zeros_with_grad(y) for y in ys) if isinstance(ys, Sequence) \
        else _zeros_with_grad(ys)
    return ys, _grad(_grad(ys, xs, us), us, v)


def _zeros_with_grad(y):
    u = zeros_like(y)
    u.stop_gradient = False
    return u


# ---- Jacobian and Hessian -----------------------------------------------------------------
def _positive_index(index, size):
    if isinstance(index, bool) or not isinstance(index, (int, slice)):
        raise TypeError(f"Not supported index type {index}.")
    if isinstance(index, int):
        return index + size if index < 0 else index
    start, stop, step = index.indices(size)
    return slice(start, stop, step)


def _multi_index(indexes, shape):
    """Indexes as a full tuple of non-negative ints and slices (Ellipsis is not supported)."""
    indexes = tuple(indexes) if isinstance(indexes, Sequence) else (indexes,)
    if any(i is Ellipsis for i in indexes):
        raise IndexError("Ellipsis index currently is not supported.")
    if len(indexes) > len(shape):
        raise IndexError(f"too many indices: the Jacobian has {len(shape)} dimensions, "
                         f"{len(indexes)} were given")
    indexes = indexes + (slice(None),) * (len(shape) - len(indexes))
    return tuple(_positive_index(i, n) for i, n in zip(indexes, shape))


class _LazyJacobian:
    """Rows along `_lazy_axis` are computed on first use and cached."""

    _lazy_axis = 0

    def __init__(self, func, xs):
        self._xs = _separate(xs)
        self._ys = func(*as_tensors(self._xs))
        self._flat_xs = self._flatten(as_tensors(self._xs))
        self._flat_ys = self._flatten(as_tensors(self._ys))
        self._rows = {}

    def _row(self, k):
        if k not in self._rows:
            self._rows[k] = self._evaluate(k)
        return self._rows[k]

    def __getitem__(self, indexes):
        shape = self.shape
        indexes = _multi_index(indexes, shape)
        ax = self._lazy_axis
        idx = indexes[ax]
        rest = indexes[:ax] + indexes[ax + 1:]
        if isinstance(idx, int):
            if not 0 <= idx < shape[ax]:
                raise IndexError(f"index {idx - shape[ax] if idx < 0 else idx} is out of "
                                 f"bounds for axis {ax} with size {shape[ax]}")
            return self._row(idx)[rest]
        rows = range(idx.start, idx.stop, idx.step)
        part_shape = list(shape)
        part_shape[ax] = len(rows)
        if rows:
            part = reshape(concat([self._row(i) for i in rows], axis=ax), part_shape)
        else:
            part = zeros(part_shape, dtype=self._flat_xs.dtype)
        return part[indexes[:ax] + (slice(None),) + indexes[ax + 1:]]


class _JacobianNoBatch(_LazyJacobian):
    """J[i, j] = d ys_flat[i] / d xs_flat[j] (all ys and all xs flattened and concatenated)."""

    _lazy_axis = 0

    @property
    def shape(self):
        return (self._flat_ys.shape[0], self._flat_xs.shape[0])

    def _flatten(self, xs):
        return concat([reshape(x, [-1]) for x in xs])

    def _evaluate(self, i):
        return self._flatten(as_tensors(_grad(self._flat_ys[i], self._xs)))


class _JacobianBatchFirst(_LazyJacobian):
    """J[b, i, j] = d ys[b]_flat[i] / d xs[b]_flat[j] (axis 0 of every x and y is the batch)."""

    _lazy_axis = 1

    @property
    def shape(self):
        return (self._flat_xs.shape[0], self._flat_ys.shape[1], self._flat_xs.shape[1])

    def _flatten(self, xs):
        return concat([reshape(x, [x.shape[0], -1]) for x in as_tensors(xs)], axis=1)

    def _evaluate(self, i):
        return self._flatten(_grad(self._flat_ys[:, i], self._xs))


class Jacobian:
    """The Jacobian of func at xs, evaluated lazily: index it (`J[:]`, `J[0, :]`, `J[:, 1]`,
    int and slice indexes) to get Tensors; `shape` is [M, N] (is_batched: [B, M, N]), where M
    counts all outputs' elements and N all inputs' elements."""

    def __init__(self, func, xs, is_batched=False):
        cls = _JacobianBatchFirst if is_batched else _JacobianNoBatch
        self._jacobian = cls(func, xs)

    def __getitem__(self, indexes):
        return self._jacobian[indexes]

    @property
    def shape(self):
        return self._jacobian.shape


class Hessian:
    """The Hessian of a function with a single-element output (is_batched: one element per
    batch row), evaluated lazily as the Jacobian of its gradient: shape [N, N] or [B, N, N]."""

    def __init__(self, func, xs, is_batched=False):
        def gradient(*xs):
            jac = Jacobian(func, xs, is_batched=is_batched)
            if jac.shape[1 if is_batched else 0] != 1:
                raise RuntimeError("The function given to Hessian should return as single "
                                   "element Tensor or batched single element Tensor.")
            return jac[:, 0, :] if is_batched else jac[0, :]

        self.symbolic = Jacobian(gradient, xs, is_batched=is_batched)

    def __getitem__(self, indexes):
        return self.symbolic[indexes]

    @property
    def shape(self):
        return self.symbolic.shape
