"""paddle.geometric: the compositions send_ue_recv / send_uv against NumPy loops with their
gradients by finite differences (second order), reindexing against a NumPy reference, sampling's
semantics (which neighbours, how many, the eids that go with them, the weighted distribution),
the errors, and, where Paddle 3.3.1 is installed, values and gradients against it. The ops
segment_pool and send_u_recv have op-table rows (tests/op_db_rows/geometric.py)."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

G = paddle.geometric
RNG = np.random.default_rng(0)
SRC = np.array([0, 1, 2, 0, 3, 1, 2])
DST = np.array([1, 2, 1, 0, 1, 3, 3])


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


def _np_reduce(msg, dst, rows, how):
    out = np.zeros((rows,) + msg.shape[1:], msg.dtype)
    for i in range(rows):
        part = msg[dst == i]
        if len(part):
            out[i] = {"sum": part.sum(0), "mean": part.mean(0), "max": part.max(0),
                      "min": part.min(0)}[how]
    return out


def _np_lhs_rhs(x, y):
    x = x.reshape(-1, 1) if x.ndim == 1 else x
    y = y.reshape(-1, 1) if y.ndim == 1 else y
    n = max(x.ndim, y.ndim)
    x = x.reshape((x.shape[0],) + (1,) * (n - x.ndim) + x.shape[1:])
    y = y.reshape((y.shape[0],) + (1,) * (n - y.ndim) + y.shape[1:])
    return x, y


def _np_message(a, b, m):
    return {"add": a + b, "sub": a - b, "mul": a * b, "div": a * (1.0 / (b + 1e-12))}[m]


@pytest.mark.parametrize("message_op", ["add", "sub", "mul", "div"])
@pytest.mark.parametrize("reduce_op", ["sum", "mean", "max", "min"])
@pytest.mark.parametrize("yshape", [(7, 3), (7, 1), (7,)])
def test_send_ue_recv_values_and_grads(message_op, reduce_op, yshape):
    x = RNG.uniform(-2, 2, (4, 3))
    y = RNG.uniform(1, 2, yshape)
    out = G.send_ue_recv(T(x), T(y), T(SRC), T(DST), message_op, reduce_op, out_size=5)
    a, b = _np_lhs_rhs(x, y)
    want = _np_reduce(_np_message(a[SRC], b, message_op), DST, 5, reduce_op)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-12)
    check_grads(lambda ts: G.send_ue_recv(ts[0], ts[1], T(SRC), T(DST), message_op, reduce_op),
                [x, y], order=2)


@pytest.mark.parametrize("message_op", ["add", "sub", "mul", "div"])
@pytest.mark.parametrize("yshape", [(4, 3), (4, 1), (4,)])
def test_send_uv_values_and_grads(message_op, yshape):
    x = RNG.uniform(-2, 2, (4, 3))
    y = RNG.uniform(1, 2, yshape)
    out = G.send_uv(T(x), T(y), T(SRC), T(DST), message_op)
    a, b = _np_lhs_rhs(x, y)
    np.testing.assert_allclose(out.numpy(), _np_message(a[SRC], b[DST], message_op), rtol=1e-12)
    check_grads(lambda ts: G.send_uv(ts[0], ts[1], T(SRC), T(DST), message_op), [x, y], order=2)


def test_send_u_recv_takes_n_by_1_indices_out_size_tensors_and_int32():
    x = RNG.uniform(-2, 2, (4, 3)).astype("float32")
    want = _np_reduce(x[SRC], DST, 6, "sum")
    out = G.send_u_recv(T(x), T(SRC.reshape(-1, 1)), T(DST.reshape(-1, 1)), out_size=T([6]))
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-6)
    out = G.send_u_recv(T(x), T(SRC, dtype="int32"), T(DST, dtype="int32"), out_size=6)
    assert out.dtype == paddle.float32 and out.shape == [6, 3]


def test_segment_functions_and_an_empty_input():
    x = RNG.uniform(-2, 2, (5, 2))
    ids = np.array([0, 0, 1, 3, 3])
    for name in ("sum", "mean", "max", "min"):
        got = getattr(G, "segment_" + name)(T(x), T(ids)).numpy()
        np.testing.assert_allclose(got, _np_reduce(x, ids, 4, name), rtol=1e-12)
    # Paddle 3.3.1 crashes here (segmentation fault); eagergraph gives the empty result
    out = G.segment_sum(paddle.zeros([0, 3]), paddle.zeros([0], dtype="int64"))
    assert out.shape == [0, 3]


def test_errors():
    x = T(RNG.uniform(-2, 2, (4, 3)))
    with pytest.raises(ValueError, match="reduce_op should be"):
        G.send_u_recv(x, T(SRC), T(DST), reduce_op="SUM")
    with pytest.raises(ValueError, match="message_op should be"):
        G.send_ue_recv(x, x, T(SRC), T(DST), message_op="pow")
    with pytest.raises(ValueError, match="message_op should be"):
        G.send_uv(x, x, T(SRC), T(DST), message_op="max")
    with pytest.raises(ValueError, match="should be sorted"):
        G.segment_sum(x, T([1, 0, 2, 2]))
    with pytest.raises(ValueError, match="Unsupported index type"):
        G.segment_sum(x, T([0.0, 0, 1, 1]))
    with pytest.raises(ValueError, match="same size as dimension 0"):
        G.segment_sum(x, T([0, 0, 1]))
    with pytest.raises(IndexError, match="OutOfRange"):
        G.send_u_recv(x, T(SRC), T(DST), out_size=2)
    with pytest.raises(IndexError, match="OutOfRange"):
        G.send_u_recv(x, T([0, 9]), T([0, 1]))
    with pytest.raises(ValueError, match="same shape"):
        G.send_u_recv(x, T([0, 1]), T([0, 1, 2]))
    with pytest.raises(ValueError, match="Expect Input Y to have size 7"):
        G.send_ue_recv(x, T(RNG.uniform(size=(3, 3))), T(SRC), T(DST))
    with pytest.raises(ValueError, match="same dtype"):
        G.send_ue_recv(x, T(np.ones(7, np.int64)), T(SRC), T(DST))
    with pytest.raises(ValueError, match="Broadcast"):
        G.send_uv(x, T(RNG.uniform(size=(4, 2))), T(SRC), T(DST))


# ---- reindex -----------------------------------------------------------------------------------

def _np_reindex(x, neighbors, count):
    nodes = list(x)
    for v in neighbors:
        if v not in nodes:
            nodes.append(v)
    src = [nodes.index(v) for v in neighbors]
    dst = np.repeat(np.arange(len(count)) % len(x), count)
    return np.array(src), dst, np.array(nodes)


def test_reindex_graph_and_heter_graph():
    x = np.array([0, 1, 2])
    nb = np.array([8, 9, 0, 4, 7, 6, 7])
    cnt = np.array([2, 3, 2], np.int32)
    got = G.reindex_graph(T(x), T(nb), T(cnt))
    for g, w in zip(got, _np_reindex(x, nb, cnt)):
        np.testing.assert_array_equal(g.numpy(), w)
        assert g.dtype == paddle.int64
    # Paddle 3.3.1's documented example
    np.testing.assert_array_equal(got[0].numpy(), [3, 4, 0, 5, 6, 7, 6])
    np.testing.assert_array_equal(got[1].numpy(), [0, 0, 1, 1, 1, 2, 2])
    np.testing.assert_array_equal(got[2].numpy(), [0, 1, 2, 8, 9, 4, 7, 6])
    nb2, cnt2 = np.array([0, 2, 3, 5, 1]), np.array([1, 3, 1], np.int32)
    got = G.reindex_heter_graph(T(x, dtype="int32"), [T(nb, dtype="int32"), T(nb2, dtype="int32")],
                                [T(cnt), T(cnt2)])
    want = _np_reindex(x, np.concatenate([nb, nb2]), np.concatenate([cnt, cnt2]))
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g.numpy(), w)
        assert g.dtype == paddle.int32
    with pytest.raises(ValueError, match="int32"):
        G.reindex_graph(T(x), T(nb), T(cnt.astype(np.int64)))
    with pytest.raises(ValueError, match="same dtype"):
        G.reindex_graph(T(x, dtype="int32"), T(nb), T(cnt))
    with pytest.raises(ValueError, match="add up"):
        G.reindex_graph(T(x), T(nb), T(np.array([2, 3, 1], np.int32)))


# ---- sampling ----------------------------------------------------------------------------------

ROW = np.array([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
COLPTR = np.array([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
NODES = np.array([0, 8, 1, 2, 7])


def _neighbours(n):
    return ROW[COLPTR[n]:COLPTR[n + 1]], np.arange(COLPTR[n], COLPTR[n + 1])


@pytest.mark.parametrize("weighted", [False, True])
def test_sampling_takes_neighbours_without_replacement(weighted):
    eids = np.arange(13) + 100
    w = np.arange(1, 14).astype("float32")
    for size in (-1, 0, 1, 2, 5):
        args = (T(ROW), T(COLPTR)) + ((T(w),) if weighted else ()) + (T(NODES),)
        f = G.weighted_sample_neighbors if weighted else G.sample_neighbors
        nb, cnt, e = f(*args, sample_size=size, eids=T(eids), return_eids=True)
        assert cnt.dtype == paddle.int32 and nb.dtype == paddle.int64
        starts = np.concatenate([[0], np.cumsum(cnt.numpy())])
        for i, n in enumerate(NODES):
            full, pos = _neighbours(n)
            want = len(full) if size < 0 else min(size, len(full))
            assert cnt.numpy()[i] == want
            got_e = e.numpy()[starts[i]:starts[i + 1]] - 100
            assert len(set(got_e)) == want and set(got_e) <= set(pos)  # no repeats, real edges
            np.testing.assert_array_equal(nb.numpy()[starts[i]:starts[i + 1]], ROW[got_e])
            if size < 0 or len(full) <= size:
                np.testing.assert_array_equal(got_e, pos)  # all of them, in order


def test_weighted_sampling_follows_the_weights():
    # node 0 has neighbours of weights 1 and 9: one draw picks the heavy one ~90% of the time
    row, colptr = np.array([5, 6]), np.array([0, 2])
    w = T(np.array([1.0, 9.0], np.float32))
    paddle.seed(3)
    picks = [int(G.weighted_sample_neighbors(T(row), T(colptr), w, T([0]), 1)[0].numpy()[0])
             for _ in range(2000)]
    assert abs(picks.count(6) / 2000 - 0.9) < 0.03
    # a zero weight is never drawn while positive ones remain
    w0 = T(np.array([0.0, 1.0], np.float32))
    assert all(G.weighted_sample_neighbors(T(row), T(colptr), w0, T([0]), 1)[0].numpy()[0] == 6
               for _ in range(50))


def test_uniform_sampling_is_uniform_and_seeded():
    row, colptr = np.arange(4), np.array([0, 4])
    paddle.seed(5)
    a = [G.sample_neighbors(T(row), T(colptr), T([0]), 1)[0].numpy()[0] for _ in range(2000)]
    assert all(abs(a.count(k) / 2000 - 0.25) < 0.04 for k in range(4))
    paddle.seed(5)
    b = [G.sample_neighbors(T(row), T(colptr), T([0]), 1)[0].numpy()[0] for _ in range(2000)]
    assert a == b


def test_sampling_errors():
    with pytest.raises(ValueError, match="`eids` should not be None"):
        G.sample_neighbors(T(ROW), T(COLPTR), T(NODES), 2, return_eids=True)
    with pytest.raises(ValueError, match="`eids` should not be None"):
        G.weighted_sample_neighbors(T(ROW), T(COLPTR), T(ROW * 1.0, dtype="float32"), T(NODES),
                                    2, return_eids=True)
    with pytest.raises(ValueError, match="same dtype"):
        G.sample_neighbors(T(ROW), T(COLPTR), T(NODES, dtype="int32"), 2)
    with pytest.raises(TypeError, match="int32 or int64"):
        G.sample_neighbors(T(ROW * 1.0), T(COLPTR), T(NODES), 2)
    with pytest.raises(ValueError, match="float32"):
        G.weighted_sample_neighbors(T(ROW), T(COLPTR), T(ROW * 1.0), T(NODES), 1)
    with pytest.raises(IndexError, match="OutOfRange"):
        G.sample_neighbors(T(ROW), T(COLPTR), T([10]), 2)


# ---- against Paddle 3.3.1 ---------------------------------------------------------------------

def _both(fn, arrays, diff):
    rp = pytest.importorskip("paddle")
    res = []
    for lib in (rp, paddle):
        ts = [lib.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(arrays)]
        out = fn(lib)(*ts)
        go = lib.to_tensor((np.arange(out.size) % 5 + 1).astype(arrays[0].dtype).reshape(out.shape))
        gs = lib.grad([out], [ts[i] for i in diff], grad_outputs=[go]) if diff else []
        res.append((out.numpy(), [g.numpy() for g in gs]))
    return res


def test_against_paddle():
    x = RNG.integers(-3, 3, (6, 3)).astype("float32")  # ties: every tied max gets the grad
    y = RNG.uniform(1, 3, (7, 3)).astype("float32")
    ids = np.array([0, 0, 1, 3, 3, 3])
    cases = []
    for r in ("sum", "mean", "max", "min"):
        cases.append((lambda L, r=r: getattr(L.geometric, "segment_" + r), [x, ids], [0]))
        cases.append((lambda L, r=r: lambda a, s, d: L.geometric.send_u_recv(a, s, d, r, 8),
                      [x, SRC, DST], [0]))
        for m in ("add", "sub", "mul", "div"):
            cases.append((lambda L, r=r, m=m: lambda a, b, s, d:
                          L.geometric.send_ue_recv(a, b, s, d, m, r), [x, y, SRC, DST], [0, 1]))
    for m in ("add", "sub", "mul", "div"):
        cases.append((lambda L, m=m: lambda a, b, s, d: L.geometric.send_uv(a, b, s, d, m),
                      [x, x[:, :1] + 4, SRC, DST], [0, 1]))
    for fn, arrays, diff in cases:
        (po, pg), (eo, eg) = _both(fn, arrays, diff)
        assert po.dtype == eo.dtype and po.shape == eo.shape
        np.testing.assert_allclose(eo, po, rtol=1e-6, atol=1e-6)
        for a, b in zip(eg, pg):
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)
