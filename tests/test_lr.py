"""paddle.optimizer.lr: each scheduler's values over steps against its formula."""
import math

import numpy as np
import pytest

from eagergraph.optimizer import lr


def _values(sched, n, metrics=None):
    out = []
    for i in range(n):
        out.append(sched())
        sched.step() if metrics is None else sched.step(metrics[i])
    return out


def _close(a, b):
    np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)


def test_simple_decays():
    n = 8
    e = np.arange(n)
    _close(_values(lr.ExponentialDecay(0.5, 0.9), n), 0.5 * 0.9 ** e)
    _close(_values(lr.NaturalExpDecay(0.5, 0.1), n), 0.5 * np.exp(-0.1 * e))
    _close(_values(lr.InverseTimeDecay(0.5, 0.1), n), 0.5 / (1 + 0.1 * e))
    _close(_values(lr.StepDecay(0.5, 3, 0.1), n), 0.5 * 0.1 ** (e // 3))
    _close(_values(lr.MultiStepDecay(0.5, [2, 5], 0.1), n),
           [0.5 * 0.1 ** sum(int(x >= m) for m in (2, 5)) for x in e])
    _close(_values(lr.PiecewiseDecay([2, 4], [1.0, 0.5, 0.1]), n),
           [1.0 if x < 2 else 0.5 if x < 4 else 0.1 for x in e])
    _close(_values(lr.LambdaDecay(0.5, lambda x: 0.9 ** x), n), 0.5 * 0.9 ** e)
    _close(_values(lr.MultiplicativeDecay(0.5, lambda x: 0.9), n), 0.5 * 0.9 ** e)


def test_noam():
    vals = _values(lr.NoamDecay(64, 4, learning_rate=2.0), 8)
    exp = [2.0 * 64 ** -0.5 * min(1 if x == 0 else x ** -0.5, 4 ** -1.5 * x) for x in range(8)]
    _close(vals, exp)


def test_polynomial():
    _close(_values(lr.PolynomialDecay(1.0, 4, end_lr=0.1, power=2.0), 7),
           [(1.0 - 0.1) * (1 - min(x, 4) / 4) ** 2 + 0.1 for x in range(7)])
    exp = []
    for x in range(9):
        steps = 4 * (1 if x == 0 else math.ceil(x / 4))
        exp.append(0.9 * (1 - x / steps) + 0.1)
    _close(_values(lr.PolynomialDecay(1.0, 4, end_lr=0.1, cycle=True), 9), exp)


def test_linear_warmup_float_and_scheduler():
    _close(_values(lr.LinearWarmup(0.5, 4, 0.0, 0.5), 7),
           [0.0, 0.125, 0.25, 0.375, 0.5, 0.5, 0.5])
    inner = lr.StepDecay(0.5, 2, 0.5)
    _close(_values(lr.LinearWarmup(inner, 2, 0.1, 0.5), 7),
           [0.1, 0.3, 0.5, 0.5, 0.25, 0.25, 0.125])
    state = lr.LinearWarmup(lr.StepDecay(0.5, 2), 2, 0.1, 0.5).state_dict()
    assert state["LinearWarmup_LR"] == {"last_epoch": 0, "last_lr": 0.5}


def test_cosine_annealing_matches_closed_form():
    T, base, eta = 5, 1.0, 0.1
    vals = _values(lr.CosineAnnealingDecay(base, T, eta), 11)
    exp = [eta + (base - eta) * (1 + math.cos(math.pi * x / T)) / 2 for x in range(11)]
    np.testing.assert_allclose(vals, exp, rtol=1e-9)
    s = lr.CosineAnnealingDecay(base, T, eta)
    s.step(3)
    assert s() == pytest.approx(exp[3])


def test_cosine_warm_restarts():
    vals = _values(lr.CosineAnnealingWarmRestarts(1.0, T_0=3, T_mult=2, eta_min=0.0), 10)
    # cycles of length 3, 6, ...: position within the current cycle
    pos = [(0, 3), (1, 3), (2, 3), (0, 6), (1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (0, 12)]
    _close(vals, [(1 + math.cos(math.pi * c / t)) / 2 for c, t in pos])


def test_linear_lr():
    vals = _values(lr.LinearLR(1.0, total_steps=4, start_factor=0.2, end_factor=1.0), 7)
    np.testing.assert_allclose(vals, [0.2, 0.4, 0.6, 0.8, 1.0, 1.0, 1.0], rtol=1e-12)


def test_one_cycle():
    vals = _values(lr.OneCycleLR(1.0, total_steps=10, divide_factor=10.0,
                                 end_learning_rate=0.001, anneal_strategy="linear"), 10)
    up_end = 0.3 * 10 - 1  # 2
    exp = []
    for x in range(10):
        if x <= up_end:
            exp.append(0.1 + (1.0 - 0.1) * x / up_end)
        else:
            exp.append(1.0 + (0.001 - 1.0) * (x - up_end) / (9 - up_end))
    _close(vals, exp)
    s = lr.OneCycleLR(1.0, total_steps=2)
    s.step()
    s.step()  # epoch 2 == total_steps is still allowed
    with pytest.raises(ValueError, match="Tried to step 3 times"):
        s.step()


def test_cyclic_triangular_and_triangular2():
    vals = _values(lr.CyclicLR(0.1, 1.0, step_size_up=2, step_size_down=2), 9)
    _close(vals, [0.1, 0.55, 1.0, 0.55, 0.1, 0.55, 1.0, 0.55, 0.1])
    vals = _values(lr.CyclicLR(0.1, 1.0, step_size_up=2, mode="triangular2"), 7)
    _close(vals, [0.1, 0.55, 1.0, 0.55, 0.1, 0.325, 0.55])


def test_reduce_on_plateau():
    s = lr.ReduceOnPlateau(1.0, factor=0.5, patience=1, cooldown=1)
    for m in (1.0, 1.0, 1.0):  # best, bad 1, bad 2 > patience -> reduce
        s.step(m)
    assert s() == 0.5
    s.step(1.0)  # cooldown
    assert s() == 0.5 and s.cooldown_counter == 0
    s.step(0.1)  # improvement
    assert s.best == 0.1 and s.num_bad_epochs == 0
    assert set(s.state_dict()) == {"cooldown_counter", "best", "num_bad_epochs",
                                   "last_epoch", "last_lr"}
    with pytest.raises(TypeError):
        s.step("x")


def test_state_dict_round_trip_and_errors():
    s = lr.StepDecay(1.0, 2)
    for _ in range(3):
        s.step()
    state = s.state_dict()
    assert state == {"last_epoch": 3, "last_lr": 0.1}
    t = lr.StepDecay(1.0, 2)
    t.set_state_dict(state)
    assert (t.last_epoch, t()) == (3, 0.1)
    with pytest.raises(RuntimeError):
        t.set_state_dict({"last_epoch": 1})
    with pytest.raises(TypeError):
        lr.StepDecay(1.0, 2.5)
    with pytest.raises(ValueError):
        lr.MultiStepDecay(1.0, [3, 2])
    with pytest.raises(TypeError):
        lr.LRScheduler("a")


def test_step_with_epoch_and_verbose(capsys):
    s = lr.ExponentialDecay(1.0, 0.5, verbose=True)
    s.step(3)
    assert s() == 0.125 and s.last_epoch == 3
    assert "Epoch 3: ExponentialDecay set learning rate to 0.125." in capsys.readouterr().out
