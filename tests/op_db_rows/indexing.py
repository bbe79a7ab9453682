"""Op-table rows: slicing and index ops (slice, strided_slice, gather, index_select, gather_nd,
masked_select, nonzero), then their grad ops (slice_grad, strided_slice_grad, gather_grad,
index_select_grad, gather_nd_grad, masked_select_grad: internal `_C_ops` functions, ops of
their own). Grad-op sample args are (x, [index or mask,] out_grad); the references build the
result in NumPy: out_grad written into the slice, or added at the gathered indices (np.add.at).
The adjoint property against the forward ops is tested in tests/test_manipulation_grad_ops.py."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array
from .manipulation import ALL, _without, _samples


def _np_slices(x, axes, starts, ends, strides=None):
    idx = [slice(None)] * x.ndim
    for i, (a, s, e) in enumerate(zip(axes, starts, ends)):
        idx[a] = slice(s, e, None if strides is None else strides[i])
    return x[tuple(idx)]


def _mask_samples(rng, dt):
    return [Sample([make_array(rng, (2, 3), dt), rng.random((2, 3)) > 0.5], desc="same"),
            Sample([make_array(rng, (2, 3), dt), np.array([True, False, True])], desc="bcast")]


def _nonzero_samples(rng, dt):
    out = []
    for shape in [(5,), (2, 3), (2, 0)]:
        a = make_array(rng, shape, dt)
        a[rng.random(shape) > 0.5] = 0
        out.append(Sample([a], desc=str(shape)))
    return out


ROWS = [
    OpInfo("slice", lambda x, axes, starts, ends: paddle.slice(x, axes, starts, ends),
           _np_slices, ALL,
           sample_inputs=_samples(
               ([(2, 3, 4)], {"axes": [0, 2], "starts": [0, 1], "ends": [1, 3]}),
               ([(2, 3, 4)], {"axes": [1], "starts": [-2], "ends": [100]}),
               ([(2, 3, 4)], {"axes": [-1], "starts": [-100], "ends": [-1]}),
               ([(2, 3, 4)], {"axes": [1], "starts": [2], "ends": [1]}))),
    OpInfo("strided_slice", lambda x, **k: paddle.strided_slice(x, **k), _np_slices, ALL,
           sample_inputs=_samples(
               ([(2, 3, 4)], {"axes": [2], "starts": [3], "ends": [0], "strides": [-1]}),
               ([(2, 3, 4)], {"axes": [2], "starts": [-1], "ends": [-100], "strides": [-1]}),
               ([(2, 3, 4)], {"axes": [0, 2], "starts": [0, 0], "ends": [2, 4],
                              "strides": [1, 2]}))),
    OpInfo("gather", lambda x, index, axis=None: paddle.gather(x, index, axis),
           lambda x, index, axis=None: np.take(x, index.reshape(-1) if index.ndim == 2 else index,
                                               axis or 0),
           _without("float16"),
           sample_inputs=_samples(([(3, 4)], {}, [[2, 0, 2]]),
                                  ([(2, 3, 4)], {"axis": 1}, [[0, 2]]),
                                  ([(2, 3, 4)], {"axis": -1}, [3]),
                                  ([(2, 3)], {"axis": 1}, [[[1], [-1]]]),
                                  ([(2, 3)], {"axis": 1}, [[]]))),
    OpInfo("index_select", lambda x, index, axis=0: paddle.index_select(x, index, axis),
           lambda x, index, axis=0: np.take(x, index, axis),
           _without("uint8", "int8", "int16", "float16"),
           sample_inputs=_samples(([(3, 4)], {}, [[2, 0, 2]]),
                                  ([(2, 3, 4)], {"axis": 2}, [[0, -1]]),
                                  ([(2, 3)], {"axis": 1}, [[]]))),
    OpInfo("gather_nd", paddle.gather_nd,
           lambda x, index: x[tuple(np.moveaxis(index, -1, 0))] if index.shape[-1]
           else np.broadcast_to(x, index.shape[:-1] + x.shape),
           _without("float16", "bfloat16"),
           sample_inputs=_samples(([(2, 3, 4)], {}, [[[0, 1], [1, -1]]]),
                                  ([(2, 3, 4)], {}, [[1]]),
                                  ([(2, 3, 4)], {}, [[[[0, 1, 2]], [[1, 2, 3]]]]),
                                  ([(2, 3)], {}, [np.zeros((2, 0))]))),
    OpInfo("masked_select", paddle.masked_select,
           lambda x, mask: np.broadcast_arrays(x, mask)[0][np.broadcast_arrays(x, mask)[1]],
           ALL, sample_inputs=_mask_samples),
    OpInfo("nonzero", paddle.nonzero, np.argwhere, _without("uint8", "int8", "float16"),
           sample_inputs=_nonzero_samples, out_dtype=lambda d: "int64", grad=0),
]


C = paddle._C_ops
DTYPES = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def _grad_samples(*specs):
    """specs: (x shape, out_grad shape, kwargs[, index or mask]) -> sample_inputs function."""
    def fn(rng, dt):
        out = []
        for spec in specs:
            xs, gs, kwargs = spec[:3]
            args = [make_array(rng, xs, dt), make_array(rng, gs, dt)]
            if len(spec) > 3:
                extra = np.asarray(spec[3])
                args.insert(1, extra if extra.dtype.kind == "b" else extra.astype(np.int64))
            out.append(Sample(args, dict(kwargs), desc=f"{xs} {gs} {kwargs}"))
        return out
    return fn


def _np_slice_grad(x, g, axes, starts, ends, decrease_axis=(), strides=None):
    out = np.zeros(x.shape, g.dtype)
    idx = [slice(None)] * x.ndim
    for i, (a, s, e) in enumerate(zip(axes, starts, ends)):
        idx[a] = slice(s, e, None if strides is None else strides[i])
    g = np.expand_dims(g, [a % x.ndim for a in decrease_axis])
    out[tuple(idx)] = g
    return out


def _np_gather_grad(x, index, g, axis=0):
    out = np.zeros(x.shape, g.dtype)
    moved = np.moveaxis(out, axis, 0)  # a view: adding into it adds into out
    np.add.at(moved, index.reshape(-1), np.moveaxis(g, axis, 0).reshape((-1,) + moved.shape[1:]))
    return out


def _np_gather_nd_grad(x, index, g):
    k = index.shape[-1]
    if k == 0:  # every position gathered all of x
        return g.reshape((-1,) + x.shape).sum(0)
    out = np.zeros(x.shape, g.dtype)
    np.add.at(out, tuple(index.reshape(-1, k).T), g.reshape((-1,) + x.shape[k:]))
    return out


def _np_masked_select_grad(x, mask, g):
    full = np.zeros(np.broadcast_shapes(x.shape, mask.shape), g.dtype)
    full[np.broadcast_to(mask, full.shape)] = g
    lead = full.ndim - x.ndim
    full = full.sum(axis=tuple(range(lead)))
    return full.sum(axis=tuple(i for i, d in enumerate(x.shape) if d == 1), keepdims=True)


ROWS += [
    OpInfo("slice_grad", lambda x, g, **k: C.slice_grad(x, g, **k), _np_slice_grad, DTYPES,
           grad=2, sample_inputs=_grad_samples(
               ((2, 3, 4), (1, 3, 2), {"axes": [0, 2], "starts": [0, 1], "ends": [1, 3]}),
               ((2, 3, 4), (2, 2, 4), {"axes": [1], "starts": [-2], "ends": [100]}),
               ((2, 3, 4), (2, 3, 0), {"axes": [-1], "starts": [3], "ends": [1]}),
               ((2, 3, 4), (3,), {"axes": [0, 2], "starts": [1, -1], "ends": [2, 4],
                                  "decrease_axis": [0, 2]}),
               ((2, 3), (), {"axes": [0, 1], "starts": [1, 2], "ends": [2, 3],
                             "decrease_axis": [0, -1]}))),
    OpInfo("strided_slice_grad", lambda x, g, **k: C.strided_slice_grad(x, g, **k),
           lambda x, g, **k: _np_slice_grad(x, g, **k), DTYPES, grad=2,
           sample_inputs=_grad_samples(
               ((2, 3, 4), (2, 3, 3), {"axes": [2], "starts": [3], "ends": [0], "strides": [-1]}),
               ((2, 3, 4), (1, 3, 2), {"axes": [0, 2], "starts": [0, 0], "ends": [1, 4],
                                       "strides": [1, 2]}),
               ((2, 5, 7), (2, 3, 3), {"axes": [1, 2], "starts": [-1, 6], "ends": [-6, -8],
                                       "strides": [-2, -3]}))),
    OpInfo("gather_grad", lambda x, index, g, **k: C.gather_grad(x, index, g, **k),
           _np_gather_grad, DTYPES, grad=2, sample_inputs=_grad_samples(
               ((3, 4), (4, 4), {}, [2, 0, 2, -1]),
               ((2, 3, 4), (2, 3, 4), {"axis": 1}, [[0], [2], [2]]),
               ((2, 3), (2, 0), {"axis": 1}, np.zeros(0)))),
    OpInfo("index_select_grad", lambda x, index, g, **k: C.index_select_grad(x, index, g, **k),
           _np_gather_grad, DTYPES, grad=2, sample_inputs=_grad_samples(
               ((3, 4), (3, 4), {}, [2, 0, 2]),
               ((2, 3, 4), (2, 3, 4), {"axis": 2}, [0, -1, 0, 1]))),
    OpInfo("gather_nd_grad", C.gather_nd_grad, _np_gather_nd_grad, DTYPES, grad=2,
           sample_inputs=_grad_samples(
               ((2, 3, 4), (3, 4), {}, [[0, 1], [1, -1], [0, 1]]),
               ((2, 3, 4), (3, 4), {}, [1]),
               ((2, 3, 4), (2, 1), {}, [[[0, 1, 2]], [[0, 1, 2]]]),
               ((2, 3), (4, 2, 3), {}, np.zeros((4, 0))))),
    OpInfo("masked_select_grad", C.masked_select_grad, _np_masked_select_grad, DTYPES, grad=2,
           sample_inputs=_grad_samples(
               ((2, 3), (3,), {}, [[True, False, True], [False, True, False]]),
               ((2, 3), (4,), {}, [True, False, True]),
               ((3,), (4,), {}, [[True, False, True], [True, True, False]]),
               ((2, 1), (5,), {}, [[True, True, True], [False, True, True]]))),
]


# ---- writes into a copy: scatter, index_add, masked_fill, take_along_axis, put_along_axis
_WRITE = ("int32", "int64", "float32", "float64", "complex64", "complex128")


def _np_scatter(x, index, updates, overwrite=True):
    out = x.copy()
    index = index.reshape(-1)
    if overwrite:
        out[index] = updates
    else:
        out[index] = 0
        np.add.at(out, index, updates)
    return out


def _np_index_add(x, index, value, axis=0, alpha=1):
    out = x.copy()
    np.add.at(out, (slice(None),) * (axis % x.ndim) + (index,), value * alpha)
    return out


def _np_put(arr, indices, values, axis, reduce="assign", include_self=True):
    out = arr.copy()
    grids = list(np.indices(indices.shape, sparse=True))
    grids[axis] = indices
    pos = tuple(grids)
    if reduce == "assign":
        out[pos] = values
    elif reduce == "add":
        if not include_self:
            out[pos] = 0
        np.add.at(out, pos, values)
    else:  # mul
        np.multiply.at(out, pos, values)
    return out


def _put_samples(rng, dt):
    idx = np.array([[0, 1, 3], [2, 3, 1]])
    out = []
    for kw in ({}, {"reduce": "add"}, {"reduce": "add", "include_self": False},
               {"reduce": "mul"}):
        out.append(Sample([make_array(rng, (4, 3), dt), idx, make_array(rng, (2, 3), dt)],
                          dict(kw, axis=0), desc=str(kw)))
    return out


ROWS += [
    OpInfo("scatter", lambda x, index, updates, overwrite=True:
           paddle.scatter(x, index, updates, overwrite), _np_scatter, _WRITE,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (4, 3), dt), np.array([2, 0]), make_array(rng, (2, 3), dt)]),
               Sample([make_array(rng, (4, 3), dt), np.array([2, 2, 0]),
                       make_array(rng, (3, 3), dt)], {"overwrite": False}, desc="add dup")]),
    OpInfo("index_add", lambda x, index, value, axis=0, alpha=1:
           paddle.index_add(x, index, axis, value, alpha), _np_index_add, _WRITE,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (4, 3), dt), np.array([1, 1, 3]),
                       make_array(rng, (3, 3), dt)]),
               Sample([make_array(rng, (2, 3, 4), dt), np.array([0, 3]),
                       make_array(rng, (2, 3, 2), dt)], {"axis": -1, "alpha": 2})]),
    OpInfo("masked_fill", lambda x, mask, value=1.5: paddle.masked_fill(x, mask, value),
           lambda x, mask, value=1.5: np.where(mask, np.asarray(value).astype(x.dtype), x)
           .astype(x.dtype), _WRITE,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (2, 3), dt), rng.random((2, 3)) > 0.5]),
               Sample([make_array(rng, (2, 3), dt), np.array([True, False, True])],
                      {"value": -2}, desc="bcast")]),
    OpInfo("take_along_axis", lambda arr, indices, axis: paddle.take_along_axis(arr, indices, axis),
           lambda arr, indices, axis: np.take_along_axis(arr, indices, axis), _WRITE,
           sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, (4, 3), dt), np.array([[0, 1, 1], [3, 3, 0]])], {"axis": 0}),
               Sample([make_array(rng, (2, 3, 4), dt), np.array([[[0], [3], [-1]]])],
                      {"axis": -1}, desc="bcast")]),
    OpInfo("put_along_axis", lambda arr, indices, values, axis, **kw:
           paddle.put_along_axis(arr, indices, values, axis, **kw), _np_put, _WRITE,
           sample_inputs=_put_samples),
]
