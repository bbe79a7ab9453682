"""Op-table rows: shape manipulation (the slicing and index ops are in indexing.py). Data movement
is linear, so every row checks gradients to second order. Expected shapes for reshape-like ops were
taken from Paddle 3.3."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

ALL = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
       "float64", "complex64", "complex128")


def _without(*names):
    return tuple(d for d in ALL if d not in names)


def _samples(*specs):
    """specs: (shapes, kwargs[, int index arrays]) -> sample_inputs function."""
    def fn(rng, dt):
        out = []
        for spec in specs:
            shapes, kwargs = spec[0], spec[1]
            args = [make_array(rng, s, dt) for s in shapes]
            args += [np.asarray(i, np.int64) for i in (spec[2] if len(spec) > 2 else ())]
            out.append(Sample(args, dict(kwargs), desc=f"{shapes} {kwargs}"))
        return out
    return fn


def _np_reshape(x, shape):
    return x.reshape([x.shape[i] if s == 0 else s for i, s in enumerate(shape)])


def _np_split(x, sections, axis):
    dim = x.shape[axis]
    sections = [dim - sum(s for s in sections if s != -1) if s == -1 else s for s in sections]
    return np.split(x, np.cumsum(sections)[:-1], axis)




def _where_samples(rng, dt):
    out = []
    for c, a, b in [((2, 3), (2, 3), (2, 3)), ((2, 3), (3,), ()), ((3,), (2, 1), (2, 3))]:
        out.append(Sample([rng.random(c) > 0.5, make_array(rng, a, dt), make_array(rng, b, dt)],
                          desc=f"{c},{a},{b}"))
    return out






ROWS = [
    OpInfo("reshape", lambda x, shape: paddle.reshape(x, shape), _np_reshape, ALL,
           sample_inputs=_samples(([(2, 3, 4)], {"shape": [4, 6]}),
                                  ([(2, 3, 4)], {"shape": [0, -1]}),
                                  ([(2, 3, 4)], {"shape": [4, 0, 2]}),
                                  ([(2, 3, 4)], {"shape": (-1,)}),
                                  ([()], {"shape": [1, 1]}),
                                  ([(1,)], {"shape": []}))),
    OpInfo("transpose", lambda x, perm: paddle.transpose(x, perm),
           lambda x, perm: np.transpose(x, perm), ALL,
           sample_inputs=_samples(([(2, 3, 4)], {"perm": [2, 0, 1]}),
                                  ([(2, 3, 4)], {"perm": [-1, 0, 1]}),
                                  ([(2, 3)], {"perm": (1, 0)}),
                                  ([()], {"perm": []}))),
    OpInfo("squeeze", lambda x, axis=None, out_shape=None: paddle.squeeze(x, axis),
           lambda x, axis=None, out_shape=None: x.reshape(out_shape), ALL,
           sample_inputs=_samples(([(1, 3, 1)], {"out_shape": (3,)}),
                                  ([(1, 3, 1)], {"axis": 0, "out_shape": (3, 1)}),
                                  ([(1, 3, 1)], {"axis": [0, 2], "out_shape": (3,)}),
                                  ([(1, 3, 1)], {"axis": 1, "out_shape": (1, 3, 1)}),
                                  ([(1, 3, 1)], {"axis": -1, "out_shape": (1, 3)}),
                                  ([()], {"axis": 0, "out_shape": ()}))),
    OpInfo("unsqueeze", lambda x, axis, out_shape: paddle.unsqueeze(x, axis),
           lambda x, axis, out_shape: x.reshape(out_shape), ALL,
           sample_inputs=_samples(([(2, 3)], {"axis": 0, "out_shape": (1, 2, 3)}),
                                  ([(2, 3)], {"axis": [0, 2], "out_shape": (1, 2, 1, 3)}),
                                  ([(2, 3)], {"axis": [-1, -1], "out_shape": (2, 3, 1, 1)}),
                                  ([(2, 3)], {"axis": [-1, 0], "out_shape": (1, 2, 3, 1)}),
                                  ([()], {"axis": [0, 1], "out_shape": (1, 1)}))),
    OpInfo("flatten", lambda x, **k: paddle.flatten(x, **k),
           lambda x, start_axis=0, stop_axis=-1: x.reshape(
               x.shape[:start_axis % max(x.ndim, 1)] + (-1,)
               + x.shape[stop_axis % max(x.ndim, 1) + 1:]), ALL,
           sample_inputs=_samples(([(2, 3, 4)], {}), ([(2, 3, 4)], {"start_axis": 1}),
                                  ([(2, 3, 4)], {"start_axis": 0, "stop_axis": 1}),
                                  ([(2, 3, 4)], {"start_axis": 1, "stop_axis": 1}),
                                  ([()], {}))),
    OpInfo("concat", lambda *xs, axis=0: paddle.concat(list(xs), axis),
           lambda *xs, axis=0: np.concatenate(xs, axis), ALL,
           sample_inputs=_samples(([(2, 3), (1, 3)], {}), ([(2, 3), (2, 1), (2, 2)], {"axis": -1}),
                                  ([(2, 0), (2, 3)], {"axis": 1}), ([(4,)], {}))),
    OpInfo("split", lambda x, sections, axis=0: paddle.split(x, sections, axis), _np_split, ALL,
           sample_inputs=_samples(([(2, 3, 4)], {"sections": [1, 2], "axis": 1}),
                                  ([(2, 3, 4)], {"sections": (1, -1), "axis": 1}),
                                  ([(2, 3, 4)], {"sections": [1, 0, 3], "axis": -1}),
                                  ([(3,)], {"sections": [3], "axis": 0}))),
    OpInfo("split_with_num", lambda x, num, axis=0: paddle.split(x, num, axis),
           lambda x, num, axis=0: np.split(x, num, axis),
           _without("int16", "complex64", "complex128"),
           sample_inputs=_samples(([(2, 3, 4)], {"num": 2}), ([(2, 3, 4)], {"num": 3, "axis": 1}),
                                  ([(2, 3, 4)], {"num": 2, "axis": -1}))),
    OpInfo("stack", lambda *xs, axis=0: paddle.stack(list(xs), axis),
           lambda *xs, axis=0: np.stack(xs, axis), ALL,
           sample_inputs=_samples(([(2, 3), (2, 3)], {}), ([(2, 3)] * 3, {"axis": -1}),
                                  ([(), ()], {}), ([(2, 3), (2, 3)], {"axis": 1}))),
    OpInfo("unbind", lambda x, axis=0: paddle.unbind(x, axis),
           lambda x, axis=0: [np.take(x, i, axis) for i in range(x.shape[axis])], ALL,
           sample_inputs=_samples(([(2, 3, 4)], {}), ([(2, 3, 4)], {"axis": -1}),
                                  ([(3,)], {}))),
    OpInfo("expand", lambda x, shape, out_shape: paddle.expand(x, shape),
           lambda x, shape, out_shape: np.broadcast_to(x, out_shape), ALL,
           sample_inputs=_samples(([(3, 1)], {"shape": [2, 3, 4], "out_shape": (2, 3, 4)}),
                                  ([(3, 1)], {"shape": [-1, 4], "out_shape": (3, 4)}),
                                  ([(3, 1)], {"shape": (2, -1, 1), "out_shape": (2, 3, 1)}),
                                  ([()], {"shape": [2], "out_shape": (2,)}))),
    OpInfo("broadcast_view",  # the norms' internal operand: a read-only broadcast view
           lambda x, shape: paddle._C_ops.broadcast_view(x, paddle.zeros(shape, "int32")),
           lambda x, shape: np.broadcast_to(x, shape), ALL,
           sample_inputs=_samples(([(3, 1)], {"shape": [2, 3, 4]}),
                                  ([(1, 3, 1)], {"shape": [2, 3, 4]}), ([()], {"shape": [2]}))),
    OpInfo("tile", lambda x, repeat_times: paddle.tile(x, repeat_times),
           lambda x, repeat_times: np.tile(x, repeat_times), _without("bfloat16"),
           sample_inputs=_samples(([(3, 1)], {"repeat_times": [2]}),
                                  ([(3, 1)], {"repeat_times": (2, 3)}),
                                  ([(3, 1)], {"repeat_times": [2, 1, 3]}),
                                  ([()], {"repeat_times": [2]}))),
    OpInfo("flip", lambda x, axis: paddle.flip(x, axis), lambda x, axis: np.flip(x, axis),
           _without("uint8", "int8", "int16", "float16", "bfloat16"),
           sample_inputs=_samples(([(2, 3, 4)], {"axis": 0}), ([(2, 3, 4)], {"axis": [0, 2]}),
                                  ([(2, 3, 4)], {"axis": (-1,)}))),
    OpInfo("where", paddle.where, np.where,
           _without("uint8", "int8", "int16", "float16", "bfloat16"),
           sample_inputs=_where_samples),
]


ROWS += [
    OpInfo("roll", lambda x, shifts, axis=None: paddle.roll(x, shifts, axis),
           lambda x, shifts, axis=None: np.roll(x, shifts, axis), ALL,
           sample_inputs=_samples(([(2, 3, 4)], {"shifts": 5}),
                                  ([(2, 3, 4)], {"shifts": [1, -2], "axis": [0, 2]}),
                                  ([(2, 3)], {"shifts": -1, "axis": 1}),
                                  ([()], {"shifts": 3}))),
]
