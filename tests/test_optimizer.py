"""paddle.optimizer: each update rule against a textbook NumPy version (float64, several
steps), weight decay, gradient clipping, parameter groups, state_dict and errors."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.nn.clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue
from eagergraph.regularizer import L1Decay, L2Decay

O = paddle.optimizer
STEPS = 5


def _params(seed=0, names=("w", "b")):
    rng = np.random.RandomState(seed)
    shapes = [(3, 4), (4,)]
    ps = []
    for name, shape in zip(names, shapes):
        p = paddle.to_tensor(rng.randn(*shape).astype("float32"), stop_gradient=False)
        p.name = name
        ps.append(p)
    return ps


def _grads(step, ps):
    rng = np.random.RandomState(100 + step)
    return [rng.randn(*p.shape).astype("float32") * (2.0 if step % 2 else 0.5) for p in ps]


def _run(opt, ps, steps=STEPS):
    """Set known grads by backward of sum(p * G), step, clear; return the grads used."""
    used = []
    for s in range(steps):
        gs = _grads(s, ps)
        loss = sum((p * paddle.to_tensor(g)).sum() for p, g in zip(ps, gs))
        loss.backward()
        opt.step()
        opt.clear_grad()
        used.append(gs)
    return used


def _check(make_opt, reference, steps=STEPS, rtol=2e-5, atol=1e-6):
    ps = _params()
    start = [p.numpy().astype(np.float64) for p in ps]
    used = _run(make_opt(ps), ps, steps)
    for i, p in enumerate(ps):
        x = start[i].copy()
        state = {}
        for t, gs in enumerate(used, 1):
            x = reference(x, gs[i].astype(np.float64), t, state)
        np.testing.assert_allclose(p.numpy(), x, rtol=rtol, atol=atol)


# ---- update rules ------------------------------------------------------------------------------
def test_sgd():
    _check(lambda ps: O.SGD(0.1, parameters=ps), lambda x, g, t, s: x - 0.1 * g)


def test_sgd_update_of_a_large_parameter_is_exactly_data_minus_lr_grad():
    # the update runs a block at a time (a small temporary): the same float32 roundings
    rng = np.random.default_rng(3)
    w0 = rng.standard_normal((400, 211)).astype("float32")  # not a multiple of the block
    g = rng.standard_normal((400, 211)).astype("float32")
    w = paddle.to_tensor(w0, stop_gradient=False)
    opt = O.SGD(0.03, parameters=[w])
    (w * paddle.to_tensor(g)).sum().backward()
    opt.step()
    np.testing.assert_array_equal(w.numpy(), w0 - np.float32(0.03) * g)


def test_momentum_and_nesterov():
    def ref(mu, nesterov):
        def f(x, g, t, s):
            v = s["v"] = mu * s.get("v", 0.0) + g
            return x - 0.1 * (g + mu * v) if nesterov else x - 0.1 * v
        return f
    _check(lambda ps: O.Momentum(0.1, parameters=ps), ref(0.9, False))
    _check(lambda ps: O.Momentum(0.1, momentum=0.7, use_nesterov=True, parameters=ps),
           ref(0.7, True))


def _adam_ref(lr, b1, b2, eps, amsgrad=False, decay=0.0):
    def f(x, g, t, s):
        x = x * (1 - lr * decay)
        m = s["m"] = b1 * s.get("m", 0.0) + (1 - b1) * g
        v = s["v"] = b2 * s.get("v", 0.0) + (1 - b2) * g * g
        if amsgrad:
            v = s["vmax"] = np.maximum(s.get("vmax", 0.0), v)
        # Paddle's form: eps scaled by sqrt(1 - b2^t) (bias-corrected m and v, eps outside)
        m_hat, v_hat = m / (1 - b1 ** t), v / (1 - b2 ** t)
        return x - lr * m_hat / (np.sqrt(v_hat) + eps)
    return f


def test_adam():
    _check(lambda ps: O.Adam(0.01, parameters=ps), _adam_ref(0.01, 0.9, 0.999, 1e-8))
    _check(lambda ps: O.Adam(0.01, beta1=0.5, beta2=0.9, epsilon=1e-3, amsgrad=True,
                             parameters=ps), _adam_ref(0.01, 0.5, 0.9, 1e-3, amsgrad=True))


def test_adamw_decoupled_decay():
    _check(lambda ps: O.AdamW(0.01, weight_decay=0.1, parameters=ps),
           _adam_ref(0.01, 0.9, 0.999, 1e-8, decay=0.1))


def test_adamw_apply_decay_param_fun():
    ps = _params()
    start = [p.numpy().astype(np.float64) for p in ps]
    used = _run(O.AdamW(0.01, weight_decay=0.5, parameters=ps,
                        apply_decay_param_fun=lambda n: n == "w"), ps)
    for i, decay in ((0, 0.5), (1, 0.0)):
        ref, x, s = _adam_ref(0.01, 0.9, 0.999, 1e-8, decay=decay), start[i], {}
        for t, gs in enumerate(used, 1):
            x = ref(x, gs[i].astype(np.float64), t, s)
        np.testing.assert_allclose(ps[i].numpy(), x, rtol=2e-5, atol=1e-6)


def test_adamax():
    def ref(x, g, t, s):
        m = s["m"] = 0.9 * s.get("m", 0.0) + 0.1 * g
        u = s["u"] = np.maximum(np.abs(g), 0.999 * s.get("u", 0.0) + 1e-8)
        return x - 0.01 / (1 - 0.9 ** t) * m / u
    _check(lambda ps: O.Adamax(0.01, parameters=ps), ref)


def test_nadam():
    b1, b2, eps, psi, lr = 0.9, 0.999, 1e-8, 0.004, 0.01

    def ref(x, g, t, s):
        mu_t = b1 * (1 - 0.5 * 0.96 ** (t * psi))
        mu_next = b1 * (1 - 0.5 * 0.96 ** ((t + 1) * psi))
        prod = s["prod"] = s.get("prod", 1.0) * mu_t
        m = s["m"] = b1 * s.get("m", 0.0) + (1 - b1) * g
        v = s["v"] = b2 * s.get("v", 0.0) + (1 - b2) * g * g
        m_hat = mu_next * m / (1 - prod * mu_next) + (1 - mu_t) * g / (1 - prod)
        return x - lr * m_hat / (np.sqrt(v / (1 - b2 ** t)) + eps)
    _check(lambda ps: O.NAdam(lr, parameters=ps), ref)


def test_radam():
    b1, b2, eps, lr = 0.9, 0.999, 1e-8, 0.01
    rho_inf = 2 / (1 - b2) - 1

    def ref(x, g, t, s):
        m = s["m"] = b1 * s.get("m", 0.0) + (1 - b1) * g
        v = s["v"] = b2 * s.get("v", 0.0) + (1 - b2) * g * g
        m_hat = m / (1 - b1 ** t)
        rho_t = rho_inf - 2 * t * b2 ** t / (1 - b2 ** t)
        if rho_t > 5:
            r = np.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf
                        / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            return x - lr * m_hat * r * np.sqrt(1 - b2 ** t) / (np.sqrt(v) + eps)
        return x - lr * m_hat
    _check(lambda ps: O.RAdam(lr, parameters=ps), ref, steps=8, rtol=1e-4)


def test_rmsprop_plain_and_centered():
    def ref(centered):
        def f(x, g, t, s):
            ms = s["ms"] = 0.9 * s.get("ms", 0.0) + 0.1 * g * g
            mg = s["mg"] = 0.9 * s.get("mg", 0.0) + 0.1 * g
            denom = np.sqrt(ms - mg * mg + 1e-6) if centered else np.sqrt(ms + 1e-6)
            mom = s["mom"] = 0.5 * s.get("mom", 0.0) + 0.01 * g / denom
            return x - mom
        return f
    for centered in (False, True):
        _check(lambda ps: O.RMSProp(0.01, rho=0.9, momentum=0.5, centered=centered,
                                    parameters=ps), ref(centered), rtol=1e-4)


def test_adagrad():
    def ref(x, g, t, s):
        acc = s["acc"] = s.get("acc", 0.1) + g * g
        return x - 0.1 * g / (np.sqrt(acc) + 1e-6)
    _check(lambda ps: O.Adagrad(0.1, parameters=ps, initial_accumulator_value=0.1), ref)


def test_adadelta():
    def ref(x, g, t, s):
        eg = s["eg"] = 0.95 * s.get("eg", 0.0) + 0.05 * g * g
        dx = -np.sqrt(s.get("ex", 0.0) + 1e-6) / np.sqrt(eg + 1e-6) * g
        s["ex"] = 0.95 * s.get("ex", 0.0) + 0.05 * dx * dx
        return x + 1.0 * dx
    _check(lambda ps: O.Adadelta(1.0, parameters=ps), ref)


def test_lamb():
    def ref(x, g, t, s):
        m = s["m"] = 0.9 * s.get("m", 0.0) + 0.1 * g
        v = s["v"] = 0.999 * s.get("v", 0.0) + 0.001 * g * g
        r = (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-6) + 0.01 * x
        return x - 0.01 * (np.linalg.norm(x) / np.linalg.norm(r)) * r
    _check(lambda ps: O.Lamb(0.01, parameters=ps), ref, rtol=1e-4)


def test_asgd():
    def ref(x, g, t, s):
        hist = s.setdefault("hist", [])
        hist.append(g)
        window = hist[-3:]
        return x - 0.1 / len(window) * sum(window)
    _check(lambda ps: O.ASGD(0.1, batch_num=3, parameters=ps), ref, steps=6)


def test_rprop():
    def ref(x, g, t, s):
        prev = s.get("prev", np.zeros_like(g))
        rate = s.get("rate", np.full_like(g, 0.01))
        prod = g * prev
        rate = np.clip(rate * np.where(prod > 0, 1.2, np.where(prod < 0, 0.5, 1.0)), 1e-5, 50)
        g = np.where(prod < 0, 0.0, g)
        s["prev"], s["rate"] = g, rate
        return x - np.sign(g) * rate
    _check(lambda ps: O.Rprop(0.01, parameters=ps), ref, steps=6)


# ---- weight decay, clipping, groups ------------------------------------------------------------
def test_weight_decay_float_l2_l1_and_param_regularizer_wins():
    for wd, term in ((0.1, lambda x: 0.1 * x), (L2Decay(0.2), lambda x: 0.2 * x),
                     (L1Decay(0.3), lambda x: 0.3 * np.sign(x))):
        _check(lambda ps: O.SGD(0.1, parameters=ps, weight_decay=wd),
               lambda x, g, t, s: x - 0.1 * (g + term(x)))
    # a parameter's own regularizer wins over the optimizer's weight_decay
    ps = _params()
    ps[0].regularizer = L1Decay(0.5)
    w0, b0 = ps[0].numpy(), ps[1].numpy()
    used = _run(O.SGD(0.1, parameters=ps, weight_decay=0.1), ps, steps=1)
    np.testing.assert_allclose(ps[0].numpy(), w0 - 0.1 * (used[0][0] + 0.5 * np.sign(w0)),
                               rtol=1e-6)
    np.testing.assert_allclose(ps[1].numpy(), b0 - 0.1 * (used[0][1] + 0.1 * b0), rtol=1e-6)


def test_momentum_l2_folded():
    def ref(x, g, t, s):
        g = g + 0.05 * x
        v = s["v"] = 0.9 * s.get("v", 0.0) + g
        return x - 0.1 * v
    _check(lambda ps: O.Momentum(0.1, parameters=ps, weight_decay=0.05), ref)


def _clip_one_step(clip, expected):
    ps = _params()
    start = [p.numpy() for p in ps]
    used = _run(O.SGD(1.0, parameters=ps, grad_clip=clip), ps, steps=1)[0]
    for p, x, g in zip(ps, start, expected(used)):
        np.testing.assert_allclose(p.numpy(), x - g, rtol=1e-5, atol=1e-6)


def test_grad_clips():
    _clip_one_step(ClipGradByValue(0.3), lambda gs: [np.clip(g, -0.3, 0.3) for g in gs])
    _clip_one_step(ClipGradByNorm(0.5),
                   lambda gs: [g * min(1.0, 0.5 / np.linalg.norm(g)) for g in gs])

    def global_norm(gs):
        n = np.sqrt(sum((g.astype(np.float64) ** 2).sum() for g in gs))
        return [g * 0.5 / max(n, 0.5) for g in gs]
    _clip_one_step(ClipGradByGlobalNorm(0.5), global_norm)


def test_need_clip_false_keeps_grad_and_leaves_global_norm():
    ps = _params()
    ps[1].need_clip = False
    start = [p.numpy() for p in ps]
    used = _run(O.SGD(1.0, parameters=ps, grad_clip=ClipGradByGlobalNorm(0.5)), ps, 1)[0]
    n = np.linalg.norm(used[0])
    np.testing.assert_allclose(ps[0].numpy(), start[0] - used[0] * 0.5 / n, rtol=1e-5)
    np.testing.assert_allclose(ps[1].numpy(), start[1] - used[1], rtol=1e-6)


def test_clip_callable_on_tensor_pairs():
    p = _params()[0]
    g = paddle.to_tensor(np.full((3, 4), 2.0, np.float32))
    (q, out), = ClipGradByValue(1.0)([(p, g)])
    assert q is p and isinstance(out, paddle.Tensor)
    np.testing.assert_array_equal(out.numpy(), np.ones((3, 4), np.float32))


def test_param_groups_lr_scale_and_overrides():
    ps = _params()
    start = [p.numpy().astype(np.float64) for p in ps]
    opt = O.Adam(0.01, parameters=[{"params": [ps[0]], "beta1": 0.5},
                                   {"params": [ps[1]], "learning_rate": 2.0}])
    used = _run(opt, ps)
    for i, ref in ((0, _adam_ref(0.01, 0.5, 0.999, 1e-8)), (1, _adam_ref(0.02, 0.9, 0.999, 1e-8))):
        x, s = start[i], {}
        for t, gs in enumerate(used, 1):
            x = ref(x, gs[i].astype(np.float64), t, s)
        np.testing.assert_allclose(ps[i].numpy(), x, rtol=2e-5, atol=1e-6)


def test_param_group_weight_decay():
    ps = _params()
    start = [p.numpy() for p in ps]
    used = _run(O.SGD(0.1, parameters=[{"params": [ps[0]]},
                                       {"params": [ps[1]], "weight_decay": 0.5}],
                      weight_decay=0.1), ps, 1)[0]
    np.testing.assert_allclose(ps[0].numpy(), start[0] - 0.1 * (used[0] + 0.1 * start[0]),
                               rtol=1e-6)
    np.testing.assert_allclose(ps[1].numpy(), start[1] - 0.1 * (used[1] + 0.5 * start[1]),
                               rtol=1e-6)


def test_param_in_two_groups_raises():
    ps = _params()
    with pytest.raises(ValueError, match="more than one parameter group"):
        O.SGD(0.1, parameters=[{"params": ps}, {"params": [ps[0]]}])


def test_skips_stop_gradient_and_missing_grad():
    ps = _params()
    frozen = paddle.to_tensor(np.ones(3, np.float32))  # stop_gradient=True
    opt = O.SGD(0.1, parameters=ps + [frozen])
    (ps[0] * 2.0).sum().backward()  # only w gets a grad
    b0 = ps[1].numpy()
    opt.step()
    np.testing.assert_array_equal(ps[1].numpy(), b0)
    np.testing.assert_array_equal(frozen.numpy(), np.ones(3, np.float32))


def test_step_bumps_inplace_version():
    ps = _params()
    v = ps[0].inplace_version
    _run(O.SGD(0.1, parameters=ps), ps, 1)
    assert ps[0].inplace_version == v + 1


def test_clear_grad_and_minimize():
    ps = _params()
    opt = O.SGD(0.1, parameters=ps)
    loss = (ps[0] * 3.0).sum() + ps[1].sum()
    loss.backward()
    w0 = ps[0].numpy()
    opt.minimize(loss)
    np.testing.assert_allclose(ps[0].numpy(), w0 - 0.3, rtol=1e-6)
    opt.clear_grad()
    np.testing.assert_array_equal(ps[0].grad.numpy(), np.zeros((3, 4), np.float32))
    opt.clear_grad(set_to_zero=False)
    assert ps[0].grad is None


# ---- learning rate -----------------------------------------------------------------------------
def test_get_set_lr_and_scheduler():
    ps = _params()
    opt = O.SGD(0.1, parameters=ps)
    assert opt.get_lr() == 0.1
    opt.set_lr(0.5)
    assert opt.get_lr() == 0.5
    sched = O.lr.StepDecay(1.0, step_size=1, gamma=0.5)
    opt.set_lr_scheduler(sched)
    sched.step()
    assert opt.get_lr() == 0.5
    with pytest.raises(RuntimeError):
        opt.set_lr(0.1)
    with pytest.raises(TypeError):
        opt.set_lr_scheduler(0.1)
    with pytest.raises(TypeError):
        O.SGD(0.1, parameters=ps).set_lr("x")


def test_scheduler_drives_updates():
    sched = O.lr.StepDecay(0.1, step_size=2, gamma=0.5)
    ps = _params()
    w0 = ps[0].numpy().astype(np.float64)
    opt = O.SGD(sched, parameters=ps)
    x = w0
    for s in range(4):
        g = _grads(s, ps)[0]
        (ps[0] * paddle.to_tensor(g)).sum().backward()
        opt.step()
        opt.clear_grad()
        x = x - 0.1 * 0.5 ** (s // 2) * g
        sched.step()
    np.testing.assert_allclose(ps[0].numpy(), x, rtol=1e-5)


# ---- state dict --------------------------------------------------------------------------------
def test_state_dict_names_and_round_trip():
    ps = _params(names=("fc.w", "fc.b"))
    sched = O.lr.ExponentialDecay(0.01, gamma=0.9)
    opt = O.Adam(sched, parameters=ps)
    assert opt.state_dict() == {"LR_Scheduler": {"last_epoch": 0, "last_lr": 0.01}}
    _run(opt, ps, 2)
    sched.step()
    sd = opt.state_dict()
    stems = sorted(k.rsplit("_", 1)[0] for k in sd if k != "LR_Scheduler")
    assert stems == sorted(f"fc.{p}_{a}" for p in "wb" for a in
                           ("moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc"))
    beta1_pow = [v for k, v in sd.items() if k.startswith("fc.w_beta1_pow_acc")][0]
    assert beta1_pow.shape == [1]
    np.testing.assert_allclose(beta1_pow.numpy(), [0.9 ** 3], rtol=1e-6)
    assert sd["LR_Scheduler"] == {"last_epoch": 1, "last_lr": sched()}
    saved = {k: (v.numpy().copy() if isinstance(v, paddle.Tensor) else dict(v))
             for k, v in sd.items()}
    # continue once; then restore the parameters and the saved state and redo that step
    params_after_2 = [p.numpy().copy() for p in ps]
    _run(opt, ps, 1)
    sched.step()
    expected = [p.numpy().copy() for p in ps]
    for p, a in zip(ps, params_after_2):
        p.set_value(a)
    opt.set_state_dict(saved)
    assert sched.last_epoch == 1 and sched() == saved["LR_Scheduler"]["last_lr"]
    _run(opt, ps, 1)
    for p, e in zip(ps, expected):
        np.testing.assert_array_equal(p.numpy(), e)


def test_set_state_dict_before_first_step_is_consumed_lazily():
    ps = _params(names=("lazy.w", "lazy.b"))
    opt2 = O.Momentum(0.1, parameters=ps)
    # Paddle names accumulators <param>_<acc>_<n>, n counting per name in the process: this
    # optimizer's first velocity accumulators will be *_velocity_0
    opt2.set_state_dict({"lazy.w_velocity_0": np.full((3, 4), 1.0, np.float32),
                         "lazy.b_velocity_0": np.full((4,), 1.0, np.float32)})
    assert sorted(opt2.state_dict()) == ["lazy.b_velocity_0", "lazy.w_velocity_0"]
    start = [p.numpy() for p in ps]
    used = _run(opt2, ps, 1)[0]
    for p, x, g in zip(ps, start, used):
        np.testing.assert_allclose(p.numpy(), x - 0.1 * (0.9 * 1.0 + g), rtol=1e-6)


def test_set_state_dict_into_live_accumulators():
    ps = _params(names=("sd.w", "sd.b"))
    opt = O.Momentum(0.1, parameters=ps)
    _run(opt, ps, 1)
    sd = opt.state_dict()
    new = {k: paddle.to_tensor(np.full(v.shape, 7.0, np.float32)) for k, v in sd.items()}
    opt.set_state_dict(new)
    for v in opt.state_dict().values():
        np.testing.assert_array_equal(v.numpy(), np.full(v.shape, 7.0, np.float32))
    with pytest.raises(AssertionError, match="not found"):
        opt.set_state_dict({})


# ---- errors ------------------------------------------------------------------------------------
def test_constructor_errors():
    ps = _params()
    with pytest.raises(AttributeError, match="should not be None"):
        O.SGD(0.1)
    with pytest.raises(TypeError, match="learning rate should be float or LRScheduler"):
        O.SGD(1, parameters=ps)
    with pytest.raises(TypeError, match="iterable of paddle Tensors"):
        O.SGD(0.1, parameters=ps[0])
    with pytest.raises(TypeError, match="should not get dict"):
        O.SGD(0.1, parameters={"params": ps})
    with pytest.raises(TypeError, match="GradientClipBase"):
        O.SGD(0.1, parameters=ps, grad_clip=1.0)
    with pytest.raises(ValueError, match="beta1"):
        O.Adam(0.1, beta1=1.0, parameters=ps)
    with pytest.raises(TypeError, match="weight_decay"):
        O.AdamW(0.1, parameters=ps, weight_decay=L2Decay(0.1))
    with pytest.raises(ValueError):
        O.Rprop(100.0, parameters=ps)
    with pytest.raises(ValueError):
        O.ASGD(0.1, batch_num=0, parameters=ps)
    with pytest.raises(NotImplementedError):
        O.Optimizer(0.1, parameters=ps)._update(None, None, None, None)
