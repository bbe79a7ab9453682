"""paddle.sparse: COO/CSR tensors, conversions, printing, the sparse ops and their gradients.

Numeric gradient checks (float64, first and second order) run without Paddle; values, patterns,
dtypes, coalesced flags and gradients are compared with Paddle 3.3.1 on the CPU where it has
the kernel (pytest.importorskip). Paddle 3.3.1's CPU build has no matmul / masked_matmul / mv
/ addmm kernels and no CSR backward kernels, so those are checked against their documented
meaning with NumPy."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import sparse
from tests.gradcheck import check_grads

D = np.array([[0., 1.5, 0.], [-2., 0., 3.]])
D3 = np.array([[[0., 1.5, 0.], [-2., 0., 3.]], [[1., 0., 0.], [0., 0., 4.]]])
IDX = np.array([[0, 1, 1], [1, 0, 2]])


def fixed(t, like, layout):
    """Dense t at the pattern of dense array `like` (a fixed pattern, so finite differences
    do not change it)."""
    pat = paddle.to_tensor((like != 0).astype(np.float64))
    pat = pat.to_sparse_coo(like.ndim) if layout == "coo" else pat.to_sparse_csr()
    return sparse.mask_as(t, pat)


def coo(arr=D, sd=None, grad=True):
    t = paddle.to_tensor(arr).to_sparse_coo(sd or arr.ndim)
    t.stop_gradient = not grad
    return t


def csr(arr=D, grad=True):
    t = paddle.to_tensor(arr).to_sparse_csr()
    t.stop_gradient = not grad
    return t


# ---------------------------------------------------------------------------- tensors
def test_coo_tensor_is_a_paddle_tensor():
    x = sparse.sparse_coo_tensor(IDX, [1., 2., 3.], [2, 3])
    assert isinstance(x, paddle.Tensor)
    assert x.shape == [2, 3] and x.ndim == 2 and x.size == 6
    assert x.dtype == paddle.float32 and x.stop_gradient
    assert x.is_sparse() and x.is_sparse_coo() and not x.is_sparse_csr() and not x.is_dense()
    assert x.nnz() == 3 and x.sparse_dim() == 2 and x.dense_dim() == 0
    assert not x.is_coalesced()
    np.testing.assert_array_equal(x.indices().numpy(), IDX)
    np.testing.assert_array_equal(x.values().numpy(), [1., 2., 3.])
    np.testing.assert_array_equal(x.to_dense().numpy(), [[0, 1, 0], [2, 0, 3]])
    assert x.indices().dtype == paddle.int64 and x.indices().stop_gradient


def test_repr_is_paddles():
    x = sparse.sparse_coo_tensor(IDX, [1., 2., 3.], [2, 3], stop_gradient=False)
    assert repr(x) == (
        "Tensor(shape=[2, 3], dtype=paddle.float32, place=Place(cpu), stop_gradient=False, \n"
        "       indices=[[0, 1, 1],\n"
        "                [1, 0, 2]], \n"
        "       values=[1., 2., 3.])")
    c = paddle.to_tensor([[1, 0], [0, 2]]).to_sparse_csr()
    assert str(c) == (
        "Tensor(shape=[2, 2], dtype=paddle.int64, place=Place(cpu), stop_gradient=True, \n"
        "       crows=[0, 1, 2], \n"
        "       cols=[0, 1], \n"
        "       values=[1, 2])")
    e = paddle.zeros([2, 3]).to_sparse_coo(2)
    assert repr(e).endswith("indices=[[],\n                []], \n       values=[])")
    s = sparse.sum(coo(D.astype(np.float32), grad=False))
    assert repr(s).endswith("indices=[0], \n       values=2.50000000)")


def test_conversions_round_trip():
    for arr in (D, D3):
        x = paddle.to_tensor(arr)
        c = x.to_sparse_csr()
        assert c.is_sparse_csr()
        np.testing.assert_array_equal(c.to_dense().numpy(), arr)
        np.testing.assert_array_equal(c.to_sparse_coo(arr.ndim).to_dense().numpy(), arr)
        np.testing.assert_array_equal(x.to_sparse_coo(arr.ndim).to_sparse_csr().crows().numpy(),
                                      c.crows().numpy())
    c3 = paddle.to_tensor(D3).to_sparse_csr()
    np.testing.assert_array_equal(c3.crows().numpy(), [0, 1, 3, 0, 1, 2])
    np.testing.assert_array_equal(c3.cols().numpy(), [1, 0, 2, 0, 2])
    b = paddle.to_tensor(D).to_sparse_coo(1)   # one sparse dim, rows as dense blocks
    assert b.sparse_dim() == 1 and b.dense_dim() == 1 and list(b.values().shape) == [2, 3]
    np.testing.assert_array_equal(b.to_dense().numpy(), D)
    x = paddle.to_tensor(D)
    assert x.to_sparse_coo(2).to_sparse_coo(2) is not None
    assert x.is_sparse() is False and x.sparse_dim() == 0 and x.dense_dim() == 2
    np.testing.assert_array_equal(coo().numpy(), D)  # Paddle 3.3.1 crashes here


def test_csr_tensor_checks_and_shape_inference():
    c = sparse.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1, 2, 3, 4, 5], [3, 4])
    assert c.dtype == paddle.int64 and c.shape == [3, 4]
    np.testing.assert_array_equal(
        c.to_dense().numpy(), [[0, 1, 0, 2], [0, 0, 3, 0], [4, 5, 0, 0]])
    assert sparse.sparse_csr_tensor([0, 1, 2], [1, 0], [1., 2.]).shape == [2, 2]
    with pytest.raises(ValueError, match="0th value of crows"):
        sparse.sparse_csr_tensor([1, 1, 2], [1, 0], [1., 2.], [2, 2])
    with pytest.raises(ValueError, match="must be equal to the rows"):
        sparse.sparse_csr_tensor([0, 1], [1, 0], [1., 2.], [2, 2])
    with pytest.raises(ValueError, match="only support 2-D or 3-D"):
        sparse.sparse_csr_tensor([0, 1], [0], [1.], [1, 1, 1, 1])
    with pytest.raises(ValueError, match="length of cols"):
        sparse.sparse_csr_tensor([0, 1, 2], [1, 0, 1], [1., 2.], [2, 2])


def test_coo_tensor_errors():
    with pytest.raises(ValueError, match="must be 2-D"):
        sparse.sparse_coo_tensor([0, 1], [1., 2.])
    with pytest.raises(ValueError, match="same number of non-zero"):
        sparse.sparse_coo_tensor(IDX, [1., 2.])
    with pytest.raises(ValueError, match="minimum shape required"):
        sparse.sparse_coo_tensor(IDX, [1., 2., 3.], [1, 3])
    with pytest.raises(ValueError, match="sparse_dim"):
        sparse.sparse_coo_tensor(IDX, [1., 2., 3.], [2, 3, 1])
    with pytest.raises(TypeError, match="dtype of indices"):
        sparse.sparse_coo_tensor(IDX.astype(np.float32), [1., 2., 3.])
    assert sparse.sparse_coo_tensor(IDX, [1., 2., 3.]).shape == [2, 3]


def test_layout_method_errors_are_paddles():
    d = paddle.to_tensor(D)
    with pytest.raises(SystemError, match="only effective for SparseCooTensor"):
        d.indices()
    with pytest.raises(SystemError, match="only effective for SparseCsrTensor"):
        coo().crows()
    with pytest.raises(SystemError, match="only effective for SparseCooTensor"):
        csr().indices()
    with pytest.raises(SystemError, match="SparseCooTensor or SparseCsrTensor"):
        d.nnz()
    with pytest.raises(TypeError, match="is_coalesced only support sparse coo"):
        csr().is_coalesced()
    for meth in ("to_dense", "values", "coalesce"):
        with pytest.raises(NotImplementedError, match=rf"kernel of \({meth}\)"):
            getattr(d, meth)()
    with pytest.raises(NotImplementedError, match=r"kernel of \(sin\)"):
        sparse.sin(d)


def test_dense_methods_refuse_sparse_tensors():
    x = coo()
    for meth in ("sum", "reshape", "exp", "matmul"):
        with pytest.raises(TypeError, match="dense-tensor method"):
            getattr(x, meth)()
    with pytest.raises(TypeError, match="indexing"):
        x[0]
    assert x.astype("float32").dtype == paddle.float32 and x.astype("float32").is_sparse_coo()


def test_dense_functions_refuse_sparse_tensors():
    x = coo()
    for call in (lambda: paddle.sin(x), lambda: paddle.matmul(x, x), lambda: paddle.sum(x),
                 lambda: paddle.concat([x, x]), lambda: paddle.nn.functional.relu(x)):
        with pytest.raises(NotImplementedError, match="is a sparse COO tensor"):
            call()
    with pytest.raises(NotImplementedError, match="sparse CSR tensor"):
        paddle.exp(csr())


def test_tensor_method_install_refuses_collisions():
    from eagergraph import tensor_tables
    # the sparse layout's Tensor.values beside another table's: an error naming both
    with pytest.raises(RuntimeError, match=r"Tensor\.\w+ is declared by both "
                                           r"eagergraph\.sparse and eagergraph\.sparse"):
        tensor_tables.collect(paddle.Tensor, tensor_tables.TABLES + ("eagergraph.sparse",))


# ---------------------------------------------------------------------------- autograd
def test_grad_of_a_sparse_leaf_is_sparse_of_its_pattern():
    x = coo()
    y = sparse.sin(x)
    assert not y.stop_gradient and y.is_sparse_coo()
    y.backward()
    g = x.grad
    assert g.is_sparse_coo() and not g.stop_gradient
    np.testing.assert_array_equal(g.indices().numpy(), IDX)
    np.testing.assert_allclose(g.values().numpy(), np.cos([1.5, -2., 3.]))
    assert x.grad is g  # the same object while the grad is
    x.clear_gradient()
    np.testing.assert_array_equal(x.grad.values().numpy(), 0)
    c = csr()
    (sparse.square(c).values() * paddle.to_tensor([1., 2., 3.], dtype="float64")).sum() \
        .backward()
    assert c.grad.is_sparse_csr()
    np.testing.assert_allclose(c.grad.values().numpy(), [3., -8., 18.])


def test_paddle_grad_of_a_sparse_input_is_sparse():
    x = coo()
    (g,) = paddle.grad(sparse.sin(x).to_dense().sum(), x, create_graph=True)
    assert g.is_sparse_coo() and x.grad is None
    np.testing.assert_array_equal(g.indices().numpy(), IDX)
    np.testing.assert_allclose(g.values().numpy(), np.cos([1.5, -2., 3.]))
    (gg,) = paddle.grad(g.values().sum(), x)   # second order through the sparse grad
    np.testing.assert_allclose(gg.values().numpy(), -np.sin([1.5, -2., 3.]))


def test_hooks_see_sparse_grads():
    x = coo()
    seen = []

    def hook(g):
        seen.append(g)
        return sparse.multiply(g, 2.0)
    x.register_hook(hook)
    y = sparse.square(x)
    y.register_hook(lambda g: seen.append(g))
    y.to_dense().sum().backward()
    assert all(g.is_sparse_coo() for g in seen) and len(seen) == 2
    np.testing.assert_allclose(x.grad.values().numpy(), 4 * np.array([1.5, -2., 3.]))


def test_sparse_coo_tensor_passes_grads_to_its_values():
    v = paddle.to_tensor([1., 2., 3.])
    x = sparse.sparse_coo_tensor(IDX, v, [2, 3], stop_gradient=False)
    assert not v.stop_gradient and not x.is_leaf  # Paddle sets values.stop_gradient
    assert x.grad_fn.name() == "SparseCooTensorGradNode"
    sparse.sin(x).to_dense().sum().backward()
    assert x.grad is None
    np.testing.assert_allclose(v.grad.numpy(), np.cos([1., 2., 3.]), rtol=1e-6)


def test_dense_grads_through_to_sparse_and_back():
    d = paddle.to_tensor(D, stop_gradient=False)
    (sparse.tanh(d.to_sparse_coo(2)).to_dense() * 2).sum().backward()
    want = np.where(D != 0, 2 * (1 - np.tanh(D) ** 2), 0)
    np.testing.assert_allclose(d.grad.numpy(), want)


def _coo_values_fn(op, idx=IDX, shape=(2, 3)):
    def fn(xs):
        return op(sparse.sparse_coo_tensor(idx, xs[0], list(shape), stop_gradient=False))
    return fn


def _vals(t):
    return t.values() if t.is_sparse() else t


UNARY = ["sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "sqrt", "square",
         "log1p", "abs", "expm1", "neg", "rad2deg", "deg2rad"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_grads(name):
    v = np.array([0.3, -0.4, 0.7]) if name not in ("sqrt", "log1p") else np.array([.3, .4, .7])
    check_grads(_coo_values_fn(lambda x: _vals(getattr(sparse, name)(x))), [v])


def test_pow_cast_relu_family_grads():
    v = [np.array([0.3, 0.4, 0.7])]
    F = sparse.nn.functional
    for op in (lambda x: sparse.pow(x, 3), lambda x: sparse.cast(x, "int32", "float64"),
               F.relu, F.relu6, lambda x: F.leaky_relu(x, 0.2),
               lambda x: sparse.multiply(x, 2.5), lambda x: sparse.divide(x, 4.0)):
        check_grads(_coo_values_fn(lambda x, op=op: _vals(op(x))), v)


OTHER = np.array([[1., 0, 0], [0, 0, 2]])


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide"])
@pytest.mark.parametrize("layout", ["coo", "csr"])
@pytest.mark.parametrize("same", [True, False])
def test_binary_values_and_grads(name, layout, same):
    a, b = D + (D != 0) * 0.25, (D * 2 + 0.5 * (D != 0)) if same else OTHER
    fn = getattr(sparse, name)
    conv = (lambda t: t.to_sparse_coo(2)) if layout == "coo" else (lambda t: t.to_sparse_csr())
    out = fn(conv(paddle.to_tensor(a)), conv(paddle.to_tensor(b)))
    with np.errstate(all="ignore"):  # the reference divides 0 by 0 where both are empty
        ref = getattr(np, name)(a, b)
        dense = out.to_dense().numpy()
    if name == "divide":  # every position: 0/0 is NaN, as Paddle's CPU kernel
        assert out.nnz() == 6
        np.testing.assert_allclose(dense, ref, equal_nan=True)
    else:
        np.testing.assert_allclose(dense, ref)
    if name == "divide":
        return

    def f(xs):
        return fn(fixed(xs[0], a, layout), fixed(xs[1], b, layout)).to_dense()
    check_grads(f, [a, b])


def test_coo_plus_dense_bias_and_errors():
    b = coo(D, sd=1)
    out = sparse.add(b, paddle.to_tensor([1., 2., 3.], dtype="float64"))
    np.testing.assert_allclose(out.values().numpy(), D + [1, 2, 3])
    with pytest.raises(NotImplementedError, match="Sparse \\+ Dense"):
        sparse.add(coo(), paddle.to_tensor(D))
    with pytest.raises(ValueError, match="shapes"):
        sparse.add(coo(), coo(D3))
    with pytest.raises(ValueError, match="one layout"):
        sparse.add(coo(), csr())


def test_operators():
    x, y = coo(), coo(OTHER)
    np.testing.assert_allclose((x + y).to_dense().numpy(), D + OTHER)
    np.testing.assert_allclose((x - y).to_dense().numpy(), D - OTHER)
    np.testing.assert_allclose((x * 2).to_dense().numpy(), D * 2)
    np.testing.assert_allclose((-x).to_dense().numpy(), -D)
    np.testing.assert_allclose((x / 2.0).to_dense().numpy(), D / 2)
    w = paddle.to_tensor(np.arange(6.).reshape(3, 2))
    np.testing.assert_allclose((x @ w).numpy(), D @ np.arange(6.).reshape(3, 2))


# ---------------------------------------------------------------------------- matmul family
W32 = np.arange(6.).reshape(3, 2) / 3 - 0.5


@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_matmul_sparse_dense(layout):
    conv = (lambda t, n: t.to_sparse_coo(n)) if layout == "coo" else \
        (lambda t, n: t.to_sparse_csr())
    for a, w in ((D, W32), (D3, np.stack([W32, W32[::-1]]))):
        out = sparse.matmul(conv(paddle.to_tensor(a), a.ndim), paddle.to_tensor(w))
        assert not out.is_sparse()
        np.testing.assert_allclose(out.numpy(), a @ w)
        check_grads(lambda xs, a=a: sparse.matmul(fixed(xs[0], a, layout), xs[1]), [a, w])


@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_matmul_sparse_sparse_and_mv_addmm(layout):
    conv = (lambda t: t.to_sparse_coo(2)) if layout == "coo" else (lambda t: t.to_sparse_csr())
    b = np.array([[1., 0], [0, 0], [0, 2.]])
    out = sparse.matmul(conv(paddle.to_tensor(D)), conv(paddle.to_tensor(b)))
    assert out.is_sparse() and (out.is_sparse_coo() == (layout == "coo"))
    np.testing.assert_allclose(out.to_dense().numpy(), D @ b)
    check_grads(lambda xs: sparse.matmul(fixed(xs[0], D, layout),
                                         fixed(xs[1], b, layout)).to_dense(), [D, b])
    v = np.array([1., 2., 3.])
    np.testing.assert_allclose(sparse.mv(conv(paddle.to_tensor(D)), paddle.to_tensor(v))
                               .numpy(), D @ v)
    check_grads(lambda xs: sparse.mv(fixed(xs[0], D, layout), xs[1]), [D, v])
    inp = np.ones((2, 2))
    got = sparse.addmm(paddle.to_tensor(inp), conv(paddle.to_tensor(D)), paddle.to_tensor(W32),
                       0.5, 2.0)
    np.testing.assert_allclose(got.numpy(), 0.5 * inp + 2.0 * D @ W32)
    check_grads(lambda xs: sparse.addmm(xs[0], fixed(xs[1], D, layout), xs[2], 0.5, 2.0),
                [inp, D, W32])
    s = sparse.addmm(conv(paddle.to_tensor(D @ b)), conv(paddle.to_tensor(D)),
                     conv(paddle.to_tensor(b)), 3.0, 1.0)
    np.testing.assert_allclose(s.to_dense().numpy(), 4 * D @ b)


def test_masked_matmul():
    x, y = np.arange(6.).reshape(2, 3) / 4, np.arange(9.).reshape(3, 3) / 5 - 0.3
    mask = paddle.to_tensor([[1., 0, 1], [0, 1, 0]]).to_sparse_csr()
    out = sparse.masked_matmul(paddle.to_tensor(x), paddle.to_tensor(y), mask)
    assert out.is_sparse_csr()
    np.testing.assert_allclose(out.to_dense().numpy(), (x @ y) * mask.to_dense().numpy())
    check_grads(lambda xs: sparse.masked_matmul(xs[0], xs[1], mask).values(), [x, y])
    with pytest.raises(ValueError, match="fit a matrix product"):
        sparse.matmul(coo(), paddle.to_tensor(np.ones((2, 2))))


# ---------------------------------------------------------------------------- structure
def test_sum_transpose_reshape_slice_values_and_grads():
    a3 = D3
    x = paddle.to_tensor(a3)
    s = sparse.sum(x.to_sparse_coo(3), axis=1)
    np.testing.assert_allclose(s.to_dense().numpy(), a3.sum(1))
    assert s.is_coalesced()
    t = sparse.transpose(x.to_sparse_csr(), [0, 2, 1])
    np.testing.assert_array_equal(t.crows().numpy(), [0, 1, 2, 3, 0, 1, 1, 2])
    np.testing.assert_allclose(t.to_dense().numpy(), a3.transpose(0, 2, 1))
    r = sparse.reshape(input=paddle.to_tensor(D).to_sparse_coo(2), shape=[3, 2])
    np.testing.assert_array_equal(r.indices().numpy(), [[0, 1, 2], [1, 1, 1]])
    sl = sparse.slice(paddle.to_tensor(D).to_sparse_coo(2), [1], [1], [3])
    np.testing.assert_allclose(sl.to_dense().numpy(), D[:, 1:3])
    for layout in ("coo", "csr"):
        ops = [lambda z: sparse.sum(z), lambda z: sparse.sum(z, axis=-1),
               lambda z: sparse.transpose(z, [0, 2, 1]), lambda z: sparse.reshape(z, [3, 2, 2]),
               lambda z: sparse.slice(z, [1, 2], [1, 0], [2, 2])]
        if layout == "coo":
            ops += [lambda z: sparse.sum(z, axis=0), lambda z: sparse.sum(z, axis=1,
                                                                          keepdim=True)]
        for op in ops:
            check_grads(lambda xs, op=op, lo=layout: op(fixed(xs[0], a3, lo)).to_dense(), [a3])


def test_coalesce_and_mask_as():
    x = sparse.sparse_coo_tensor([[0, 0, 1], [1, 1, 0]], [1., 2., 3.], [2, 2])
    c = sparse.coalesce(x)
    np.testing.assert_array_equal(c.indices().numpy(), [[0, 1], [1, 0]])
    np.testing.assert_array_equal(c.values().numpy(), [3., 3.])
    assert c.is_coalesced() and x.coalesce().is_coalesced()
    check_grads(lambda xs: sparse.coalesce(sparse.sparse_coo_tensor(
        [[0, 0, 1], [1, 1, 0]], xs[0], [2, 2], stop_gradient=False)).values(),
        [np.array([1., 2., 3.])])
    m = sparse.mask_as(paddle.to_tensor(np.arange(6.).reshape(2, 3)), coo())
    np.testing.assert_array_equal(m.values().numpy(), [1., 3., 5.])
    check_grads(lambda xs: sparse.mask_as(xs[0], csr()).values(), [np.arange(6.).reshape(2, 3)])


def test_isnan_and_pca_lowrank():
    x = sparse.sparse_coo_tensor(IDX, [1., float("nan"), 3.], [2, 3])
    n = sparse.isnan(x)
    assert n.dtype == paddle.bool and n.stop_gradient
    np.testing.assert_array_equal(n.values().numpy(), [False, True, False])
    with pytest.raises(ValueError, match="CUDA 11"):
        sparse.pca_lowrank(coo())


# ---------------------------------------------------------------------------- vs Paddle
def _to_paddle(rp, t):
    return rp.to_tensor(t.numpy())


def _same(rp_t, eg_t, flags=True):
    assert list(rp_t.shape) == list(eg_t.shape)
    assert str(rp_t.dtype).replace("paddle.", "") == eg_t.dtype.name
    if eg_t.is_sparse_coo():
        assert rp_t.is_sparse_coo()
        np.testing.assert_array_equal(rp_t.indices().numpy(), eg_t.indices().numpy())
        if flags:  # (Paddle's grads say coalesced or not by op; eagergraph's never)
            assert rp_t.is_coalesced() == eg_t.is_coalesced()
    elif eg_t.is_sparse_csr():
        assert rp_t.is_sparse_csr()
        np.testing.assert_array_equal(rp_t.crows().numpy(), eg_t.crows().numpy())
        np.testing.assert_array_equal(rp_t.cols().numpy(), eg_t.cols().numpy())
    vals = (lambda t: t.values().numpy()) if eg_t.is_sparse() else (lambda t: t.numpy())
    np.testing.assert_allclose(vals(rp_t), vals(eg_t), rtol=1e-6, atol=1e-12, equal_nan=True)


B = np.array([[1., 0, 0], [0, 0, 2]])
PADDLE_CASES = {
    **{n: (lambda S, x, y, n=n: getattr(S, n)(x)) for n in UNARY + ["isnan"]},
    "pow": lambda S, x, y: S.pow(x, 2.5), "cast": lambda S, x, y: S.cast(x, "int32", "float32"),
    "add": lambda S, x, y: S.add(x, y), "subtract": lambda S, x, y: S.subtract(x, y),
    "multiply": lambda S, x, y: S.multiply(x, y), "divide": lambda S, x, y: S.divide(x, y),
    "mul_scalar": lambda S, x, y: S.multiply(x, 0.1), "div_scalar": lambda S, x, y: S.divide(x, 3.0),
    "sum": lambda S, x, y: S.sum(x), "sum0": lambda S, x, y: S.sum(x, axis=0),
    "sum1k": lambda S, x, y: S.sum(x, axis=1, keepdim=True),
    "sum_dtype": lambda S, x, y: S.sum(x, axis=-1, dtype="float32"),
    "transpose": lambda S, x, y: S.transpose(x, [1, 0]),
    "reshape": lambda S, x, y: S.reshape(x, [3, 2]),
    "slice": lambda S, x, y: S.slice(x, [1], [1], [3]),
    "slice2": lambda S, x, y: S.slice(x, [0, 1], [-1, 0], [2, -1]),
    "coalesce": lambda S, x, y: S.coalesce(x),
    "relu": lambda S, x, y: S.nn.functional.relu(x),
    "relu6": lambda S, x, y: S.nn.functional.relu6(x),
    "leaky_relu": lambda S, x, y: S.nn.functional.leaky_relu(x, 0.1),
    "softmax": lambda S, x, y: S.nn.functional.softmax(x),
    "softmax0": lambda S, x, y: S.nn.functional.softmax(x, 0),
    "to_csr": lambda S, x, y: x.to_sparse_csr(),
    "mask_as": lambda S, x, y: S.mask_as(x.to_dense() * 2, y),
    "values": lambda S, x, y: S.sin(x).values(),
    "to_dense": lambda S, x, y: S.tanh(x).to_dense(),
}


@pytest.mark.parametrize("layout", ["coo", "csr"])
@pytest.mark.parametrize("case", sorted(PADDLE_CASES))
def test_against_paddle(case, layout):
    rp = pytest.importorskip("paddle")
    if layout == "csr" and case in ("sum0", "sum1k", "softmax0", "to_csr", "coalesce"):
        pytest.skip("COO only")
    a = np.abs(D) / 4 if case in ("sqrt", "log1p", "asin", "atanh") else D
    b = D * 2 if case in ("add", "subtract", "multiply", "divide") else B
    outs = []
    for lib in (rp, paddle):
        conv = (lambda t: t.to_sparse_coo(2)) if layout == "coo" else \
            (lambda t: t.to_sparse_csr())
        x = conv(lib.to_tensor(a))
        x.stop_gradient = False
        y = conv(lib.to_tensor(b))
        y.stop_gradient = False
        out = PADDLE_CASES[case](lib.sparse, x, y)
        grads = None
        if layout == "coo" and out.dtype == lib.float64 and not out.stop_gradient and \
                not out.is_sparse_csr():
            r = lib.to_tensor(np.linspace(-1, 1, int(np.prod(out.shape))).reshape(out.shape))
            (out.to_dense() * r if out.is_sparse() else out * r).sum().backward()
            grads = [t.grad for t in (x, y)]
        outs.append((out, grads))
    (po, pg), (eo, eg) = outs
    _same(po, eo)
    if pg is not None:
        for p, e in zip(pg, eg):
            assert (p is None) == (e is None)
            if p is None:
                continue
            if case.startswith("slice"):
                # Paddle's slice grad holds only the kept entries; eagergraph's keeps x's
                # pattern with zeros for the others (docs/differences.md): same dense grad
                np.testing.assert_allclose(p.to_dense().numpy(), e.to_dense().numpy())
            else:
                _same(p, e, flags=False)


def test_reprs_against_paddle():
    rp = pytest.importorskip("paddle")
    for a in (D.astype(np.float32), D3, np.array([[1, 0], [0, 2]])):
        for f in (lambda t: t.to_sparse_coo(t.ndim), lambda t: t.to_sparse_csr(),
                  lambda t: t.to_sparse_coo(1)):
            assert repr(f(rp.to_tensor(a))) == repr(f(paddle.to_tensor(a)))
    s = rp.sparse.sum(rp.to_tensor(D).to_sparse_coo(2), axis=0, dtype="float64")
    assert repr(s) == repr(sparse.sum(paddle.to_tensor(D).to_sparse_coo(2), axis=0,
                                      dtype="float64"))
