"""Optimizers and schedulers against real Paddle (skipped where paddle is not installed):
same parameters, same grads, several steps; trajectories within a few float32 ulps (Paddle's
CPU kernels contract some multiply-adds), state_dict keys and scheduler values equal."""
import re
import warnings

import numpy as np
import pytest

real = pytest.importorskip("paddle")
import eagergraph as eg  # noqa: E402

warnings.filterwarnings("ignore")


def _params(lib, real_params):
    rng = np.random.RandomState(0)
    arrays = [rng.randn(3, 4).astype("float32"), rng.randn(4).astype("float32")]
    out = []
    for name, a in zip(("vs.w_0", "vs.b_0"), arrays):
        if real_params:
            p = lib.create_parameter(list(a.shape), "float32",
                                     default_initializer=lib.nn.initializer.Assign(a))
        else:
            p = lib.to_tensor(a, stop_gradient=False)
        p.name = name
        out.append(p)
    return out


CASES = {
    "sgd": lambda O, R, C, ps: O.SGD(0.1, parameters=ps),
    "sgd_l1_globalclip": lambda O, R, C, ps: O.SGD(0.1, parameters=ps,
                                                   weight_decay=R.L1Decay(0.05),
                                                   grad_clip=C.ClipGradByGlobalNorm(1.0)),
    "sgd_groups": lambda O, R, C, ps: O.SGD(0.1, weight_decay=0.01, parameters=[
        {"params": [ps[0]]}, {"params": [ps[1]], "learning_rate": 0.5, "weight_decay": 0.1}]),
    "momentum_nesterov_l2": lambda O, R, C, ps: O.Momentum(0.1, 0.8, parameters=ps,
                                                           use_nesterov=True, weight_decay=0.05),
    "adam_amsgrad_sched": lambda O, R, C, ps: O.Adam(O.lr.StepDecay(0.01, 2), parameters=ps,
                                                     amsgrad=True, weight_decay=0.1),
    "adamw_fun": lambda O, R, C, ps: O.AdamW(0.01, parameters=ps, weight_decay=0.2,
                                             apply_decay_param_fun=lambda n: "w" in n),
    "adamax": lambda O, R, C, ps: O.Adamax(0.01, parameters=ps),
    "nadam": lambda O, R, C, ps: O.NAdam(0.01, parameters=ps),
    "radam": lambda O, R, C, ps: O.RAdam(0.01, parameters=ps),
    "rmsprop_centered": lambda O, R, C, ps: O.RMSProp(0.01, momentum=0.5, centered=True,
                                                      parameters=ps),
    "adagrad": lambda O, R, C, ps: O.Adagrad(0.1, parameters=ps),
    "adadelta": lambda O, R, C, ps: O.Adadelta(1.0, parameters=ps),
    "lamb": lambda O, R, C, ps: O.Lamb(0.01, parameters=ps),
    "asgd": lambda O, R, C, ps: O.ASGD(0.1, batch_num=3, parameters=ps),
    "rprop": lambda O, R, C, ps: O.Rprop(0.01, parameters=ps),
}


def _trajectory(lib, make, real_params):
    ps = _params(lib, real_params)
    opt = make(lib.optimizer, lib.regularizer, lib.nn.clip, ps)
    sched = opt._learning_rate if isinstance(opt._learning_rate,
                                             lib.optimizer.lr.LRScheduler) else None
    rng = np.random.RandomState(1)
    traj = []
    for step in range(10):
        gs = [rng.randn(*p.shape).astype("float32") * (3.0 if step % 4 == 0 else 0.3)
              for p in ps]
        sum((p * lib.to_tensor(g)).sum() for p, g in zip(ps, gs)).backward()
        opt.step()
        opt.clear_grad()
        if sched is not None:
            sched.step()
        traj.append([p.numpy().copy() for p in ps])
    return traj, opt.state_dict()


def _stem(key):
    return re.sub(r"_\d+$", "", key)


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_paddle(case):
    want, want_sd = _trajectory(real, CASES[case], True)
    got, got_sd = _trajectory(eg, CASES[case], False)
    for w_step, g_step in zip(want, got):
        for w, g in zip(w_step, g_step):
            np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-6)
    assert sorted(map(_stem, want_sd)) == sorted(map(_stem, got_sd))
    got_by_stem = {_stem(k): v for k, v in got_sd.items()}
    for k, v in want_sd.items():
        if k == "LR_Scheduler":
            assert got_by_stem[k] == v
            continue
        g = got_by_stem[_stem(k)]
        assert g.shape == v.shape and str(g.dtype).split(".")[-1] == str(v.dtype).split(".")[-1]
        np.testing.assert_allclose(g.numpy(), v.numpy(), rtol=1e-4, atol=1e-6)


SCHEDULERS = {
    "Noam": lambda L: L.NoamDecay(64, 5, 2.0),
    "Piecewise": lambda L: L.PiecewiseDecay([3, 6], [1.0, 0.5, 0.1]),
    "NaturalExp": lambda L: L.NaturalExpDecay(0.5, 0.2),
    "InverseTime": lambda L: L.InverseTimeDecay(0.5, 0.2),
    "Polynomial": lambda L: L.PolynomialDecay(0.5, 4, 0.01, 2.0, cycle=True),
    "LinearWarmup": lambda L: L.LinearWarmup(L.CosineAnnealingDecay(0.5, 4), 3, 0.0, 0.5),
    "Exponential": lambda L: L.ExponentialDecay(0.5, 0.8),
    "MultiStep": lambda L: L.MultiStepDecay(0.5, [2, 7]),
    "Step": lambda L: L.StepDecay(0.5, 3),
    "Lambda": lambda L: L.LambdaDecay(0.5, lambda e: 0.9 ** e),
    "Multiplicative": lambda L: L.MultiplicativeDecay(0.5, lambda e: 0.95),
    "CosineAnnealing": lambda L: L.CosineAnnealingDecay(0.5, 4, 0.01),
    "OneCycle": lambda L: L.OneCycleLR(1.0, 20, three_phase=True),
    "Cyclic": lambda L: L.CyclicLR(0.1, 1.0, 3, 2, mode="exp_range", exp_gamma=0.9),
    "LinearLR": lambda L: L.LinearLR(0.5, 6),
    "WarmRestarts": lambda L: L.CosineAnnealingWarmRestarts(0.5, 3, 2, 0.01),
}


@pytest.mark.parametrize("name", sorted(SCHEDULERS))
def test_scheduler_matches_paddle(name):
    a, b = SCHEDULERS[name](real.optimizer.lr), SCHEDULERS[name](eg.optimizer.lr)
    for _ in range(18):
        assert b() == a()
        a.step()
        b.step()
    assert b.state_dict() == a.state_dict()


def test_reduce_on_plateau_matches_paddle():
    a = real.optimizer.lr.ReduceOnPlateau(1.0, patience=2, cooldown=1, factor=0.5)
    b = eg.optimizer.lr.ReduceOnPlateau(1.0, patience=2, cooldown=1, factor=0.5)
    for m in [3.0, 2.0, 2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5]:
        a.step(m)
        b.step(m)
        assert b() == a()
    assert b.state_dict() == a.state_dict()
