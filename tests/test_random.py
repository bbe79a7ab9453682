"""Random ops: paddle.seed reproducibility, shapes, Paddle's dtypes and defaults, bounds, and
distribution moments. Every draw is seeded, so the moment checks are deterministic; their
tolerances are several standard errors wide for 20,000 samples."""
import contextlib

import numpy as np
import pytest

import eagergraph as paddle

N = 20000


@contextlib.contextmanager
def default_dtype(d):
    old = paddle.get_default_dtype()
    paddle.set_default_dtype(d)
    try:
        yield
    finally:
        paddle.set_default_dtype(old)


DRAWS = {
    "rand": lambda: paddle.rand([3, 4]),
    "randn": lambda: paddle.randn([3, 4]),
    "standard_normal": lambda: paddle.standard_normal([5]),
    "uniform": lambda: paddle.uniform([5], min=-2.0, max=3.0),
    "normal": lambda: paddle.normal(1.0, 2.0, [5]),
    "normal_tensor": lambda: paddle.normal(paddle.zeros([4]), paddle.ones([4])),
    "randint": lambda: paddle.randint(0, 100, [6]),
    "randperm": lambda: paddle.randperm(10),
    "complex": lambda: paddle.randn([3], "complex64"),
}


@pytest.mark.parametrize("name", list(DRAWS))
def test_seed_makes_draws_repeat(name):
    draw = DRAWS[name]
    paddle.seed(1)
    a = draw()
    paddle.seed(1)
    b = draw()
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    c = draw()  # the generator moved on
    assert not np.array_equal(a.numpy(), c.numpy())
    paddle.seed(2)
    assert not np.array_equal(a.numpy(), draw().numpy())


def test_seed_covers_a_sequence_of_ops():
    def program():
        return [paddle.rand([3]).numpy(), paddle.randint(0, 9, [3]).numpy(),
                paddle.randn([2]).numpy(), paddle.randperm(5).numpy()]
    paddle.seed(123)
    first = program()
    paddle.seed(123)
    for a, b in zip(first, program()):
        np.testing.assert_array_equal(a, b)


def test_uniform_seed_argument_repeats_without_touching_global_state():
    a = paddle.uniform([4], seed=5)
    b = paddle.uniform([4], seed=5)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert not np.array_equal(a.numpy(), paddle.uniform([4], seed=6).numpy())
    paddle.seed(7)
    x = paddle.rand([4])
    paddle.seed(7)
    paddle.uniform([4], seed=5)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), x.numpy())


# ---------------------------------------------------------------- shapes and dtypes
@pytest.mark.parametrize("fn", [paddle.rand, paddle.randn, paddle.standard_normal,
                                paddle.uniform])
def test_float_random_defaults_and_dtypes(fn):
    paddle.seed(0)
    t = fn([2, 3])
    assert t.dtype == paddle.float32 and t.shape == [2, 3] and t.stop_gradient
    for d in ("float16", "bfloat16", "float32", "float64", "complex64", "complex128"):
        assert fn([2], d).dtype == getattr(paddle, d)
    assert fn(3).shape == [3]
    assert fn([]).shape == []
    assert fn((2, 0)).shape == [2, 0]
    assert fn([paddle.to_tensor(2), 3]).shape == [2, 3]
    assert fn(paddle.to_tensor([2, 3])).shape == [2, 3]
    with default_dtype("float64"):
        assert fn([2]).dtype == paddle.float64


def test_randint_randperm_dtypes():
    paddle.seed(0)
    t = paddle.randint(5)
    assert t.dtype == paddle.int64 and t.shape == [1]
    assert paddle.randint(low=3).shape == [1]
    assert paddle.randint(2, 5, [3], "int32").dtype == paddle.int32
    assert paddle.randint(0, 5, (2, 2)).shape == [2, 2]
    assert paddle.randperm(5).dtype == paddle.int64
    for d in ("int32", "int64", "float32", "float64"):
        t = paddle.randperm(6, d)
        assert t.dtype == getattr(paddle, d)
        np.testing.assert_array_equal(np.sort(t.numpy()), np.arange(6))
    assert paddle.randperm(0).shape == [0]


def test_normal_shapes_and_dtypes():
    paddle.seed(0)
    assert paddle.normal(shape=[2, 3]).dtype == paddle.float32
    assert paddle.normal(0, 1, [2, 3]).shape == [2, 3]
    m = paddle.to_tensor([1.0, 2.0], "float64")
    assert paddle.normal(m).dtype == paddle.float64 and paddle.normal(m).shape == [2]
    # Paddle ignores `shape` when mean or std is a Tensor
    assert paddle.normal(paddle.to_tensor([1.0, 2.0]), 1.0, [5]).shape == [2]
    assert paddle.normal(0.0, paddle.to_tensor([[1.0, 2.0]])).shape == [1, 2]
    # std is reshaped to mean's shape
    assert paddle.normal(paddle.zeros([1, 2]), paddle.ones([2])).shape == [1, 2]
    assert paddle.normal(1 + 1j, 2.0, [3]).dtype == paddle.complex64
    assert paddle.normal(paddle.to_tensor([1 + 1j])).dtype == paddle.complex64
    with default_dtype("float64"):
        assert paddle.normal(shape=[2]).dtype == paddle.float64


# ---------------------------------------------------------------- bounds
def test_uniform_bounds():
    paddle.seed(3)
    for d in ("float32", "float64", "float16", "bfloat16"):
        x = paddle.uniform([N], d, min=-2.0, max=3.0).numpy().astype(np.float64)
        assert x.min() >= -2.0 and x.max() <= 3.0
        assert x.min() < -1.9 and x.max() > 2.9
    r = paddle.rand([N], "float64").numpy()
    assert r.min() >= 0.0 and r.max() < 1.0
    z = paddle.uniform([N], "complex64", min=-1.0, max=3.0).numpy()
    for part in (z.real, z.imag):
        assert part.min() >= -1.0 and part.max() < 3.0
    assert abs(np.corrcoef(z.real, z.imag)[0, 1]) < 0.03  # parts drawn independently
    np.testing.assert_array_equal(paddle.uniform([3], min=1.0, max=1.0).numpy(), [1, 1, 1])


def test_randint_bounds_and_uniformity():
    paddle.seed(4)
    x = paddle.randint(-3, 7, [N]).numpy()
    assert x.min() == -3 and x.max() == 6
    counts = np.bincount(x + 3, minlength=10)
    assert counts.min() > 0.9 * N / 10 and counts.max() < 1.1 * N / 10
    assert set(paddle.randint(5, shape=[200]).numpy().tolist()) == {0, 1, 2, 3, 4}


def test_randperm_is_a_permutation():
    paddle.seed(5)
    p = paddle.randperm(1000).numpy()
    np.testing.assert_array_equal(np.sort(p), np.arange(1000))
    assert not np.array_equal(p, np.arange(1000))


# ---------------------------------------------------------------- moments
def test_rand_moments():
    paddle.seed(10)
    for d in ("float32", "float64"):
        x = paddle.rand([N], d).numpy().astype(np.float64)
        assert abs(x.mean() - 0.5) < 0.01
        assert abs(x.var() - 1 / 12) < 0.003


def test_uniform_moments():
    paddle.seed(11)
    x = paddle.uniform([N], min=-2.0, max=3.0).numpy().astype(np.float64)
    assert abs(x.mean() - 0.5) < 0.05
    assert abs(x.var() - 25 / 12) < 0.08


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
def test_randn_moments(dtype):
    paddle.seed(12)
    x = paddle.randn([N], dtype).numpy().astype(np.float64)
    assert abs(x.mean()) < 0.03
    assert abs(x.std() - 1.0) < 0.03
    assert abs(np.mean(x ** 3)) < 0.1  # symmetric
    assert abs(np.mean(x ** 4) - 3.0) < 0.2  # normal kurtosis


def test_complex_normal_moments():
    paddle.seed(13)
    z = paddle.randn([N], "complex128").numpy()
    for part in (z.real, z.imag):  # each part N(0, 1/2), so E|z|^2 = 1
        assert abs(part.mean()) < 0.03
        assert abs(part.std() - np.sqrt(0.5)) < 0.02
    assert abs(np.mean(np.abs(z) ** 2) - 1.0) < 0.04
    w = paddle.normal(2 + 2j, 2.0, [N]).numpy()
    assert abs(w.real.mean() - 2.0) < 0.05 and abs(w.imag.mean() - 2.0) < 0.05
    assert abs(w.real.std() - np.sqrt(2.0)) < 0.04


def test_normal_moments():
    paddle.seed(14)
    x = paddle.normal(3.0, 2.0, [N]).numpy().astype(np.float64)
    assert abs(x.mean() - 3.0) < 0.06
    assert abs(x.std() - 2.0) < 0.05
    # Tensor mean and std: each element has its own distribution
    mean = paddle.to_tensor(np.repeat([[-5.0], [5.0]], N // 2, axis=1))
    std = paddle.to_tensor(np.repeat([[0.5], [3.0]], N // 2, axis=1))
    y = paddle.normal(mean, std).numpy()
    assert y.shape == (2, N // 2) and y.dtype == np.float64
    assert abs(y[0].mean() + 5.0) < 0.03 and abs(y[0].std() - 0.5) < 0.02
    assert abs(y[1].mean() - 5.0) < 0.15 and abs(y[1].std() - 3.0) < 0.1
    z = paddle.normal(1.0, paddle.full([N], 0.25)).numpy()
    assert abs(z.mean() - 1.0) < 0.01 and abs(z.std() - 0.25) < 0.01


# ---------------------------------------------------------------- errors
def test_randint_errors():
    with pytest.raises(ValueError, match=r"randint\(\): \(InvalidArgument\) randint's low must "
                                         r"less then high, but received: low = 5, high = 2"):
        paddle.randint(5, 2)
    with pytest.raises(ValueError, match=r"If high is None, low must be greater than 0, but "
                                         r"received low = 0"):
        paddle.randint(0)
    with pytest.raises(ValueError, match=r"low = -3"):
        paddle.randint(-3)
    with pytest.raises(TypeError, match=r"randint\(\): argument 'low' \(position 0\) must be "
                                        r"int, but got float"):
        paddle.randint(0.5, 5)
    with pytest.raises(TypeError, match=r"randint\(\): argument 'high' .* must be int"):
        paddle.randint(0, 5.5)
    with pytest.raises(RuntimeError, match=r"`randint` is not registered.*int32, int64"):
        paddle.randint(0, 5, [2], "float32")


@pytest.mark.parametrize("fn,op", [(paddle.rand, "uniform"), (paddle.randn, "gaussian"),
                                   (paddle.uniform, "uniform"),
                                   (lambda s: paddle.normal(0.0, 1.0, s), "gaussian"),
                                   (lambda s: paddle.randint(0, 5, s), "randint")])
def test_random_bad_shapes(fn, op):
    with pytest.raises(ValueError, match=rf"{op}\(\): \(InvalidArgument\) Each value of "
                                         r"attribute 'shape' is expected to be no less than 0"):
        fn([2, -1])
    with pytest.raises(TypeError, match=rf"{op}\(\): argument 'shape' .* must be int, but got "
                                        r"float"):
        fn([2.0])


@pytest.mark.parametrize("fn,op", [(paddle.rand, "uniform"), (paddle.randn, "gaussian"),
                                   (paddle.uniform, "uniform")])
def test_float_random_rejects_integer_dtypes(fn, op):
    with pytest.raises(RuntimeError, match=rf"\(NotFound\).*`{op}` is not registered"):
        fn([2], "int32")


def test_uniform_bad_bound():
    with pytest.raises(TypeError, match=r"uniform\(\): argument 'min' .* must be float, but "
                                         r"got str"):
        paddle.uniform([2], min="a")


def test_normal_errors():
    with pytest.raises(ValueError, match=r"normal\(\): The mean of complex gaussian distribution "
                                         r"should be .* but got 1.0 != 2.0"):
        paddle.normal(1 + 2j, shape=[2])
    with pytest.raises(TypeError, match=r"normal\(\): shape must be given"):
        paddle.normal()
    with pytest.raises(ValueError, match=r"normal\(\): std \(shape \[3\]\) must have as many "
                                         r"elements as mean \(shape \[2\]\)"):
        paddle.normal(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([1.0, 2.0, 3.0]))
    with pytest.raises(RuntimeError, match=r"`gaussian` is not registered"):
        paddle.normal(paddle.to_tensor([1, 2]))


def test_randperm_errors():
    with pytest.raises(ValueError, match=r"randperm\(\): \(InvalidArgument\) The number n of "
                                         r"randperm should be no less than 0, but received "
                                         r"n = -1"):
        paddle.randperm(-1)
    with pytest.raises(TypeError, match=r"randperm\(\): argument 'n' .* must be int, but got "
                                        r"float"):
        paddle.randperm(2.5)
    with pytest.raises(RuntimeError, match=r"`randperm` is not registered"):
        paddle.randperm(5, "bool")


def test_seed_rejects_non_int():
    with pytest.raises(TypeError, match=r"seed"):
        paddle.seed(1.5)
