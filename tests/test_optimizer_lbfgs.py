"""paddle.optimizer.LBFGS: convergence on problems with known minimisers, the fixed-step and
strong-Wolfe paths, state bookkeeping and Paddle's errors; an optional trajectory check against
paddlepaddle when it is installed."""
import numpy as np
import pytest

import eagergraph as paddle


def _quadratic(n=6, seed=0):
    rng = np.random.default_rng(seed)
    m = rng.normal(size=(n, n))
    a = m @ m.T + n * np.eye(n)
    b = rng.normal(size=n)
    return a, b


@pytest.mark.parametrize("line_search", [None, "strong_wolfe"])
def test_quadratic_reaches_the_exact_minimiser(line_search):
    a, b = _quadratic()
    x = paddle.create_parameter([6], "float64",
                                default_initializer=paddle.nn.initializer.Constant(0.0))
    A, B = paddle.to_tensor(a), paddle.to_tensor(b)
    opt = paddle.optimizer.LBFGS(learning_rate=1.0 if line_search else 0.5, max_iter=100,
                                 line_search_fn=line_search, parameters=[x],
                                 tolerance_grad=1e-12, tolerance_change=1e-16)

    def closure():
        opt.clear_grad()
        loss = 0.5 * (x * paddle.mv(A, x)).sum() - (B * x).sum()
        loss.backward()
        return loss

    for _ in range(5):
        opt.step(closure)
    np.testing.assert_allclose(x.numpy(), np.linalg.solve(a, b), rtol=1e-6, atol=1e-8)


def test_rosenbrock_with_strong_wolfe():
    xy = paddle.create_parameter([2], "float64",
                                 default_initializer=paddle.nn.initializer.Assign(
                                     np.array([-1.5, 2.0])))
    opt = paddle.optimizer.LBFGS(max_iter=200, line_search_fn="strong_wolfe", parameters=[xy],
                                 tolerance_grad=1e-10, tolerance_change=1e-14)

    def closure():
        opt.clear_grad()
        loss = (1 - xy[0]) ** 2 + 100 * (xy[1] - xy[0] ** 2) ** 2
        loss.backward()
        return loss

    first = opt.step(closure)
    assert float(first) == pytest.approx(2.5 ** 2 + 100 * (2.0 - 2.25) ** 2)
    np.testing.assert_allclose(xy.numpy(), [1.0, 1.0], atol=1e-6)
    state = opt.state_dict()["state"]
    assert state["n_iter"] >= 1 and state["func_evals"] > state["n_iter"]
    assert len(state["old_yk"]) == len(state["old_sk"]) == len(state["ro"])


def test_history_is_limited_and_step_returns_the_first_loss():
    a, b = _quadratic(8, seed=1)
    x = paddle.create_parameter([8], "float32",
                                default_initializer=paddle.nn.initializer.Constant(0.0))
    A, B = paddle.to_tensor(a.astype("float32")), paddle.to_tensor(b.astype("float32"))
    opt = paddle.optimizer.LBFGS(learning_rate=0.05, max_iter=30, history_size=3,
                                 parameters=[x])
    calls = []

    def closure():
        opt.clear_grad()
        loss = 0.5 * (x * paddle.mv(A, x)).sum() - (B * x).sum()
        loss.backward()
        calls.append(float(loss))
        assert paddle.is_grad_enabled()
        return loss

    with paddle.no_grad():
        out = opt.step(closure)
    assert float(out) == calls[0] == 0.0
    assert len(opt.state_dict()["state"]["old_yk"]) <= 3
    assert x.dtype == paddle.float32 and calls[-1] < calls[0]


def test_errors():
    w = paddle.create_parameter([2], "float32")
    with pytest.raises(TypeError):
        paddle.optimizer.LBFGS(parameters=w)
    opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="armijo")

    def closure():
        opt.clear_grad()
        loss = (w * w).sum() + 1.0
        loss.backward()
        return loss

    with pytest.raises(RuntimeError, match="strong_wolfe"):
        opt.step(closure)
    with pytest.raises(NotImplementedError):
        opt.minimize(closure())


# real Paddle's own warning for to_tensor(tensor)
@pytest.mark.filterwarnings("ignore:To copy construct from a tensor:UserWarning")
def test_matches_paddle_trajectory_when_installed():
    real = pytest.importorskip("paddle")
    if real is paddle or not hasattr(real, "optimizer") or real.__name__ == "eagergraph" \
            or hasattr(real, "_eagergraph"):
        pytest.skip("paddle is eagergraph here")
    rng = np.random.default_rng(0)
    X = rng.normal(size=(16, 4))
    W = rng.normal(size=(4, 3)) * 0.5
    V = rng.normal(size=(3, 1)) * 0.5
    Y = X @ rng.normal(size=(4, 1))

    def run(mod):
        w = mod.create_parameter([4, 3], "float64",
                                 default_initializer=mod.nn.initializer.Assign(W))
        v = mod.create_parameter([3, 1], "float64",
                                 default_initializer=mod.nn.initializer.Assign(V))
        x, y = mod.to_tensor(X), mod.to_tensor(Y)
        opt = mod.optimizer.LBFGS(max_iter=8, line_search_fn="strong_wolfe",
                                  parameters=[w, v], history_size=4)

        def closure():
            opt.clear_grad()
            loss = ((mod.tanh(x @ w) @ v - y) ** 2).mean()
            loss.backward()
            return loss

        return [float(opt.step(closure)) for _ in range(3)], w.numpy()

    (la, wa), (lb, wb) = run(real), run(paddle)
    np.testing.assert_allclose(la, lb, rtol=1e-10)
    np.testing.assert_allclose(wa, wb, rtol=1e-8, atol=1e-10)


def test_line_search_helpers_take_tensors():
    """Paddle's _strong_wolfe / _cubic_interpolate work on Tensors and its tests call them so;
    here they read Tensors as arrays and give what the arrays give (and Paddle's values)."""
    from eagergraph.optimizer import lbfgs as lb
    T = paddle.to_tensor
    args = ([2.0], [1.0], [0.0], [1.0], [2.0], [0.0])
    bounds = [0.1, 0.5]
    got = lb._cubic_interpolate(*[T(a) for a in args], bounds)
    want = lb._cubic_interpolate(*[np.array(a, "float32") for a in args], bounds)
    np.testing.assert_allclose(np.asarray(got, "float64"), np.asarray(want, "float64"))

    def func(x, alpha, d):
        return T(x + alpha * d), T([1.0])

    ls = ([1.0], [-0.001], [1.0], [1.0], [1.0], [1.0])
    got = lb._strong_wolfe(func, *[T(a) for a in ls], max_ls=1)
    want = lb._strong_wolfe(lambda x, a, d: ((x + a * d), np.array([1.0], "float32")),
                            *[np.array(a, "float32") for a in ls], max_ls=1)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g, "float64"), np.asarray(w, "float64"))
    try:
        import paddle as real
    except ImportError:
        return
    if getattr(real, "_eagergraph", None) is not None:
        return
    from paddle.optimizer import lbfgs as rl
    ref = rl._cubic_interpolate(*[real.to_tensor(a) for a in args], bounds)
    np.testing.assert_allclose(np.asarray(lb._cubic_interpolate(*[T(a) for a in args], bounds),
                                          "float64").ravel(), np.asarray(ref).ravel(), rtol=1e-6)
