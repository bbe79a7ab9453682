"""take, logspace, tril/triu_indices, signbit, copysign(_), isin, isneginf/isposinf, isreal,
trapezoid, cumulative_trapezoid, cartesian_prod, combinations, vander, block_diag,
atleast_1d/2d/3d, diagflat, clone: compositions of existing ops (no op-table row of their own),
checked against NumPy/SciPy and by central differences (first and second order)."""
import itertools

import numpy as np
import pytest
from scipy import integrate

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def T(a, dtype=None):
    return paddle.to_tensor(a, dtype=dtype)


def test_take():
    a = RNG.standard_normal((3, 4))
    idx = np.array([[0, 5], [11, -1]])
    np.testing.assert_array_equal(paddle.take(T(a), T(idx)).numpy(), np.take(a, idx))
    for mode, np_mode in (("wrap", "wrap"), ("clip", "clip")):
        i = np.array([13, -14, 3])
        np.testing.assert_array_equal(paddle.take(T(a), T(i), mode=mode).numpy(),
                                      np.take(a, i, mode=np_mode))
    assert paddle.take(T(a), T(3, "int32")).shape == []
    with pytest.raises(ValueError):
        paddle.take(T(a), T([12]))
    with pytest.raises(TypeError):
        paddle.take(T(a), T([1.0]))
    with pytest.raises(ValueError):
        paddle.take(T(a), T([1]), mode="x")
    check_grads(lambda xs: paddle.take(xs[0], T([0, 0, 5, -1])), [a])
    c = a + 1j * RNG.standard_normal((3, 4))
    check_grads(lambda xs: paddle.take(xs[0], T([[1, 2], [2, 11]]), mode="clip"), [c])


def test_logspace():
    np.testing.assert_allclose(paddle.logspace(0, 3, 4).numpy(), np.logspace(0, 3, 4),
                               rtol=1e-6)
    assert paddle.logspace(0, 3, 4).dtype == paddle.float32
    got = paddle.logspace(0, 3, 4, base=2, dtype="int32")
    assert got.dtype == paddle.int32 and got.numpy().tolist() == [1, 2, 4, 8]
    # an integer dtype truncates start/stop first: exponents 0, 2/3, 4/3, 2
    np.testing.assert_array_equal(paddle.logspace(0, 2.5, 4, dtype="int64").numpy(),
                                  np.logspace(0, 2, 4).astype(np.int64))
    np.testing.assert_allclose(paddle.logspace(T(1.0), 0, 3, dtype="float64").numpy(),
                               np.logspace(1, 0, 3))
    with pytest.raises(ValueError):
        paddle.logspace(0, 1, 0)


@pytest.mark.parametrize("row,col,offset", [(4, 3, -1), (3, 4, 1), (3, 3, 10), (0, 3, 0),
                                            (3, 2, -5)])
def test_tri_indices(row, col, offset):
    got = paddle.tril_indices(row, col, offset)
    assert got.dtype == paddle.int64
    np.testing.assert_array_equal(got.numpy().reshape(2, -1),
                                  np.stack(np.tril_indices(row, offset, col)).reshape(2, -1))
    got = paddle.triu_indices(row, col, offset, "int32")
    assert got.dtype == paddle.int32
    np.testing.assert_array_equal(got.numpy().reshape(2, -1),
                                  np.stack(np.triu_indices(row, offset, col)).reshape(2, -1))
    np.testing.assert_array_equal(paddle.triu_indices(3).numpy(), np.stack(np.triu_indices(3)))
    with pytest.raises(TypeError):
        paddle.tril_indices(-1, 3)
    with pytest.raises(RuntimeError):
        paddle.tril_indices(2, 3, 0, "float32")


def test_signbit_isneginf_isposinf_isreal():
    a = np.array([-0.0, 0.0, -1.0, np.nan, -np.nan, np.inf, -np.inf])
    np.testing.assert_array_equal(paddle.signbit(T(a)).numpy(), np.signbit(a))
    np.testing.assert_array_equal(T(a).signbit().numpy(), np.signbit(a))
    np.testing.assert_array_equal(paddle.signbit(T([-2, 3])).numpy(), [True, False])
    np.testing.assert_array_equal(paddle.isneginf(T(a)).numpy(), np.isneginf(a))
    np.testing.assert_array_equal(paddle.isposinf(T(a)).numpy(), np.isposinf(a))
    assert not paddle.isneginf(T([-1, 2])).numpy().any()
    c = np.array([1 + 0j, 1 + 1j, -2j, 3])
    np.testing.assert_array_equal(paddle.isreal(T(c)).numpy(), np.isreal(c))
    assert paddle.isreal(T([1, 2])).numpy().all() and T([1.0]).isreal().dtype == paddle.bool
    with pytest.raises(TypeError):
        paddle.signbit(np.ones(2))


def test_copysign():
    a, b = RNG.standard_normal((2, 3)), RNG.standard_normal((3,))
    b[0] = -0.0
    np.testing.assert_array_equal(paddle.copysign(T(a), T(b)).numpy(), np.copysign(a, b))
    np.testing.assert_array_equal(paddle.copysign(T(a), -1.0).numpy(), np.copysign(a, -1.0))
    got = paddle.copysign(T([1, -2, 3]), T([-1, 1, -1]))
    assert got.dtype == paddle.int64 and got.numpy().tolist() == [-1, 2, -3]
    assert paddle.copysign(T([1.0], "float32"), T([1.0], "float64")).dtype == paddle.float64
    x = T(a)
    assert x.copysign_(T(b)) is x
    np.testing.assert_array_equal(x.numpy(), np.copysign(a, b))
    check_grads(lambda xs: paddle.copysign(xs[0], T(b)), [a])
    z = paddle.to_tensor([0.0, 2.0], stop_gradient=False)
    paddle.copysign(z, T([-1.0, -1.0])).sum().backward()
    assert z.grad.numpy().tolist() == [0.0, -1.0]  # Paddle: no gradient at x == 0
    with pytest.raises(TypeError):
        paddle.copysign(T([1, 2]), T([1.0], "float32"))


def test_isin():
    x, t = RNG.integers(0, 8, (3, 4)), RNG.integers(0, 8, (2, 2))
    np.testing.assert_array_equal(paddle.isin(T(x), T(t)).numpy(), np.isin(x, t))
    np.testing.assert_array_equal(T(x).isin(T(t), invert=True).numpy(), np.isin(x, t, invert=True))
    f = np.array([1.0, 2.0, np.nan])
    np.testing.assert_array_equal(paddle.isin(T(f), T([2.0, np.nan])).numpy(),
                                  [False, True, False])
    with pytest.raises(TypeError):
        paddle.isin(T([1, 2]), T([2.0]))


@pytest.mark.parametrize("kw,np_kw", [({}, {}), ({"dx": 0.5, "axis": 0}, {"dx": 0.5, "axis": 0}),
                                      ({"x": "1d"}, {"x": "1d"}), ({"x": "2d"}, {"x": "2d"})])
def test_trapezoid(kw, np_kw):
    y = RNG.standard_normal((3, 5))
    xs = {"1d": np.cumsum(RNG.random(5)), "2d": np.cumsum(RNG.random((3, 5)), 1)}
    kw, np_kw = dict(kw), dict(np_kw)
    if "x" in kw:
        kw["x"] = T(xs[kw["x"]])
        np_kw["x"] = xs[np_kw["x"]]
    np.testing.assert_allclose(paddle.trapezoid(T(y), **kw).numpy(),
                               np.trapezoid(y, **np_kw) if hasattr(np, "trapezoid")
                               else np.trapz(y, **np_kw))
    np.testing.assert_allclose(paddle.cumulative_trapezoid(T(y), **kw).numpy(),
                               integrate.cumulative_trapezoid(y, **np_kw))
    if "x" in kw:
        xa = np_kw["x"]
        check_grads(lambda v: paddle.trapezoid(v[0], x=v[1]), [y, xa])
        check_grads(lambda v: paddle.cumulative_trapezoid(v[0], x=v[1]), [y, xa])
    else:
        check_grads(lambda v: paddle.cumulative_trapezoid(v[0], **kw), [y])


def test_trapezoid_errors():
    with pytest.raises(ValueError):
        paddle.trapezoid(T([1.0, 2.0]), x=T([0.0, 1.0]), dx=1.0)
    with pytest.raises(TypeError):
        paddle.trapezoid(T([1, 2]))
    assert T([1.0, 2.0, 4.0]).trapezoid().item() == 4.5


def test_cartesian_prod_and_combinations():
    a, b = RNG.standard_normal(2), RNG.standard_normal(3)
    got = paddle.cartesian_prod([T(a), T(b)]).numpy()
    np.testing.assert_array_equal(got, np.array(list(itertools.product(a, b))))
    np.testing.assert_array_equal(paddle.cartesian_prod([T(a)]).numpy(), a)
    check_grads(lambda xs: paddle.cartesian_prod([xs[0], xs[1]]), [a, b])
    with pytest.raises(ValueError):
        paddle.cartesian_prod([T([1, 2]), T([3.0])])
    v = RNG.standard_normal(4)
    for r, rep in ((2, False), (3, False), (2, True), (5, False)):
        pick = itertools.combinations_with_replacement if rep else itertools.combinations
        want = np.array(list(pick(v, r))).reshape(-1, r)
        np.testing.assert_array_equal(paddle.combinations(T(v), r, rep).numpy(), want)
    assert paddle.combinations(T(v), 0).shape == [0]
    check_grads(lambda xs: paddle.combinations(xs[0], 2, True), [v])
    with pytest.raises(TypeError):
        paddle.combinations(T([[1, 2]]))


def test_vander():
    v = RNG.standard_normal(4)
    for n, inc in ((None, False), (3, True), (6, False), (1, False)):
        np.testing.assert_allclose(paddle.vander(T(v), n, inc).numpy(), np.vander(v, n, inc))
        if n != 1:  # (one column of ones does not depend on x)
            check_grads(lambda xs: paddle.vander(xs[0], n, inc), [v])
    c = v + 1j * RNG.standard_normal(4)
    check_grads(lambda xs: paddle.vander(xs[0], 3), [c])
    assert paddle.vander(T([1, 2, 3]), 4, True).numpy().tolist()[2] == [1, 3, 9, 27]
    assert paddle.vander(T([1, 2, 3]), 0).shape == [3, 0]
    with pytest.raises(ValueError):
        paddle.vander(T([[1, 2]]))


def test_block_diag_atleast_diagflat():
    from scipy.linalg import block_diag as sp_block_diag
    blocks = [RNG.standard_normal((1, 2)), RNG.standard_normal((2, 1)), np.array(5.0),
              RNG.standard_normal(2)]
    got = paddle.block_diag([T(b) for b in blocks]).numpy()
    np.testing.assert_array_equal(got, sp_block_diag(*[np.atleast_2d(b) for b in blocks]))
    check_grads(lambda xs: paddle.block_diag(xs), blocks)
    with pytest.raises(ValueError):
        paddle.block_diag([T([[1.0]]), T([[1]])])
    for fn, np_fn in ((paddle.atleast_1d, np.atleast_1d), (paddle.atleast_2d, np.atleast_2d),
                      (paddle.atleast_3d, np.atleast_3d)):
        arrs = [np.array(1.0), RNG.standard_normal(3), RNG.standard_normal((2, 3))]
        outs = fn(*[T(a) for a in arrs])
        for o, a in zip(outs, arrs):
            assert o.shape == list(np_fn(a).shape)
        assert fn(T(arrs[1])).shape == list(np_fn(arrs[1]).shape)  # one input: one tensor
    assert paddle.atleast_1d(1.5).shape == [1]
    m = RNG.standard_normal((2, 2))
    for off in (0, 1, -2):
        np.testing.assert_array_equal(paddle.diagflat(T(m), off).numpy(), np.diagflat(m, off))
    check_grads(lambda xs: paddle.diagflat(xs[0], 1), [m])


def test_clone():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    c = paddle.clone(x)
    assert not c.stop_gradient and c.numpy().tolist() == [1.0, 2.0]
    (c * 3).sum().backward()
    assert x.grad.numpy().tolist() == [3.0, 3.0]


def test_against_paddle():
    paddle_ref = pytest.importorskip("paddle")
    a = RNG.standard_normal((3, 4))
    for name, args in (("take", (np.array([[0, 5], [-1, 3]]),)), ("signbit", ()),
                       ("isneginf", ()), ("isposinf", ()), ("trapezoid", ()),
                       ("cumulative_trapezoid", ()), ("diagflat", ())):
        got = getattr(paddle, name)(T(a), *[T(v) for v in args])
        ref = getattr(paddle_ref, name)(paddle_ref.to_tensor(a),
                                        *[paddle_ref.to_tensor(v) for v in args])
        np.testing.assert_allclose(got.numpy(), ref.numpy(), rtol=1e-12)
    v = RNG.standard_normal(4)
    for name, args in (("vander", (3, True)), ("combinations", (3,))):
        np.testing.assert_allclose(getattr(paddle, name)(T(v), *args).numpy(),
                                   getattr(paddle_ref, name)(paddle_ref.to_tensor(v),
                                                             *args).numpy())


def test_isclose_complex_nan_and_allclose_complex_has_no_kernel():
    # NaN is close only to NaN, with equal_nan (Paddle 3.3.1's complex isclose says True for
    # 1+1j vs nan: docs/differences.md); allclose has no complex kernel in Paddle 3.3.1
    x = paddle.to_tensor(np.array([1 + 1j, complex(np.nan, 0), 1 + 0j]))
    y = paddle.to_tensor(np.array([complex(np.nan, 0), complex(np.nan, 0), 1 + 1e-9j]))
    assert paddle.isclose(x, y).numpy().tolist() == [False, False, True]
    assert paddle.isclose(x, y, equal_nan=True).numpy().tolist() == [False, True, True]
    with pytest.raises(RuntimeError, match="NotFound"):
        paddle.allclose(x, x)
    assert bool(paddle.allclose(paddle.to_tensor([1.0, np.nan]), paddle.to_tensor([1.0, np.nan]),
                                equal_nan=True))


def test_cumprod_grad_with_nan_and_inf_is_paddles():
    # every d out_j / d x_i is its own product: the first element's own derivative is 1 even
    # when it is NaN, and 0 * inf inside a product is NaN (values from Paddle 3.3.1)
    x = paddle.to_tensor(np.array(np.nan), stop_gradient=False)
    paddle.cumprod(x, 0).backward(paddle.to_tensor(np.array(0.5)))
    assert float(x.grad) == 0.5
    x = paddle.to_tensor(np.array([np.nan, np.inf, -np.inf, 0.0, 2.0]), stop_gradient=False)
    paddle.cumprod(x, 0).sum().backward()
    assert np.isnan(x.grad.numpy()).all()
    x = paddle.to_tensor(np.array([2.0, np.inf, 3.0]), stop_gradient=False)
    paddle.cumprod(x, 0).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [np.inf, 2 + 2 * 3.0, 2 * np.inf])


def test_logcumsumexp_propagates_nan():
    # Paddle 3.3.1 drops it (lowest float, then inf ignores it): docs/differences.md
    out = paddle.logcumsumexp(paddle.to_tensor([np.nan, np.inf, 0.0, 1.0])).numpy()
    assert np.isnan(out).all()
    np.testing.assert_allclose(paddle.logcumsumexp(paddle.to_tensor([-np.inf, 0.0])).numpy(),
                               [np.finfo(np.float32).min, 0.0])
