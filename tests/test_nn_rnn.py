"""Recurrent layers: NumPy references that loop over time with the layer's own weights
(Paddle's gate orders, sequence_length semantics), central-difference gradients in float64,
parameter names / state_dict keys / reprs as Paddle 3.3.1 prints them."""
import contextlib

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import nn
from tests.gradcheck import check_vjp


@contextlib.contextmanager
def float64():
    old = paddle.get_default_dtype()
    paddle.set_default_dtype("float64")
    try:
        yield
    finally:
        paddle.set_default_dtype(old)


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


# ---- NumPy references -------------------------------------------------------------------------
def np_cell(mode, w, x, state):
    """One step of Paddle's cell equations; w = (weight_ih, weight_hh, bias_ih, bias_hh)."""
    w_ih, w_hh, b_ih, b_hh = w
    if mode == "LSTM":
        h, c = state
        g = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
        i, f, cc, o = np.split(g, 4, axis=-1)  # Paddle's order: input, forget, cell, output
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(cc)
        h = sigmoid(o) * np.tanh(c)
        return h, (h, c)
    if mode == "GRU":
        xr, xz, xc = np.split(x @ w_ih.T + b_ih, 3, axis=-1)
        hr, hz, hc = np.split(state @ w_hh.T + b_hh, 3, axis=-1)
        r, z = sigmoid(xr + hr), sigmoid(xz + hz)
        c = np.tanh(xc + r * hc)  # the reset gate scales the hidden projection with its bias
        h = z * state + (1 - z) * c
        return h, h
    pre = x @ w_ih.T + b_ih + state @ w_hh.T + b_hh
    h = np.tanh(pre) if mode == "RNN_TANH" else np.maximum(pre, 0)
    return h, h


def np_run(mode, w, x, state, lengths=None, reverse=False, zero_padding=True):
    """x [batch, time, in]. Past a sequence's length the state holds; the output there is zero
    (the stacked layers) or the cell's output from the held state (RNN / BiRNN)."""
    batch, steps = x.shape[:2]
    lengths = np.full(batch, steps) if lengths is None else lengths
    outs = [None] * steps
    order = range(steps - 1, -1, -1) if reverse else range(steps)
    for t in order:
        out, new = np_cell(mode, w, x[:, t], state)
        valid = (t < lengths)[:, None]
        state = tuple(np.where(valid, n, s) for n, s in zip(new, state)) if mode == "LSTM" \
            else np.where(valid, new, state)
        outs[t] = np.where(valid, out, 0.0) if zero_padding else out
    return np.stack(outs, 1), state


def weights(cell):
    return tuple(p.numpy() for p in (cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh))


def np_stacked(layer, mode, x, init, lengths=None):
    """SimpleRNN / LSTM / GRU: layers of (bi)directional runs, states [L*D, batch, hidden]."""
    dirs = layer.num_directions
    finals = []
    for i, sub in enumerate(layer):
        cells = [sub.cell] if dirs == 1 else [sub.cell_fw, sub.cell_bw]
        outs = []
        for d, cell in enumerate(cells):
            k = i * dirs + d
            s0 = (init[0][k], init[1][k]) if mode == "LSTM" else init[k]
            o, s = np_run(mode, weights(cell), x, s0, lengths, reverse=d == 1)
            outs.append(o)
            finals.append(s)
        x = np.concatenate(outs, -1)
    if mode == "LSTM":
        return x, (np.stack([f[0] for f in finals]), np.stack([f[1] for f in finals]))
    return x, np.stack(finals)


MODES = {"RNN_TANH": lambda **kw: nn.SimpleRNN(**kw),
         "RNN_RELU": lambda **kw: nn.SimpleRNN(activation="relu", **kw),
         "LSTM": lambda **kw: nn.LSTM(**kw),
         "GRU": lambda **kw: nn.GRU(**kw)}
rng = np.random.default_rng(0)
B, T, I, H = 3, 4, 3, 5
LENGTHS = np.array([2, 4, 1])


def init_states(mode, n):
    if mode == "LSTM":
        return (rng.standard_normal((n, B, H)), rng.standard_normal((n, B, H)))
    return rng.standard_normal((n, B, H))


def as_tensors(s):
    return tuple(paddle.to_tensor(a) for a in s) if isinstance(s, tuple) else paddle.to_tensor(s)


def flat(o):
    return [y for item in o for y in flat(item)] if isinstance(o, (list, tuple)) else [o]


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("num_layers,direction", [(1, "forward"), (2, "forward"),
                                                  (1, "bidirect"), (2, "bidirectional")])
@pytest.mark.parametrize("with_lengths", [False, True])
def test_stacked_matches_numpy(mode, num_layers, direction, with_lengths):
    with float64():
        layer = MODES[mode](input_size=I, hidden_size=H, num_layers=num_layers,
                            direction=direction)
    dirs = 2 if direction != "forward" else 1
    x = rng.standard_normal((B, T, I))
    init = init_states(mode, num_layers * dirs)
    lengths = LENGTHS if with_lengths else None
    seq = paddle.to_tensor(lengths) if with_lengths else None
    out, final = layer(paddle.to_tensor(x), as_tensors(init), sequence_length=seq)
    ref_out, ref_final = np_stacked(layer, mode, x, init, lengths)
    assert out.shape == [B, T, dirs * H]
    np.testing.assert_allclose(out.numpy(), ref_out, rtol=1e-10, atol=1e-12)
    for a, b in zip(flat(final), flat(ref_final)):
        np.testing.assert_allclose(a.numpy(), b, rtol=1e-10, atol=1e-12)
    if with_lengths:  # padding: zero outputs; final state = the output at the last valid step
        assert np.all(out.numpy()[0, 2:] == 0) and np.all(out.numpy()[2, 1:] == 0)
        h_last = (final[0] if mode == "LSTM" else final).numpy()[(num_layers - 1) * dirs]
        np.testing.assert_allclose(h_last, out.numpy()[np.arange(B), LENGTHS - 1, :H])


def test_time_major_default_states_and_float32():
    layer = nn.GRU(I, H, direction="bidirect", time_major=True)
    x = rng.standard_normal((T, B, I)).astype("float32")
    out, h = layer(paddle.to_tensor(x), sequence_length=paddle.to_tensor(LENGTHS))
    assert out.dtype == paddle.float32 and h.dtype == paddle.float32
    ref_out, ref_h = np_stacked(layer, "GRU", x.transpose(1, 0, 2).astype(np.float64),
                                np.zeros((2, B, H)), LENGTHS)
    np.testing.assert_allclose(out.numpy(), ref_out.transpose(1, 0, 2), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(h.numpy(), ref_h, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("cell_cls,mode", [(nn.SimpleRNNCell, "RNN_TANH"),
                                           (nn.LSTMCell, "LSTM"), (nn.GRUCell, "GRU")])
def test_rnn_and_birnn_layers(cell_cls, mode):
    """RNN / BiRNN as Paddle's dygraph rnn: states hold past the end, outputs are not zeroed.
    (Their default initial states take the default dtype, as Paddle's, so it stays float64.)"""
    with float64():
        _check_rnn_and_birnn(cell_cls, mode)


def _check_rnn_and_birnn(cell_cls, mode):
    fw, bw = cell_cls(I, H), cell_cls(I, H)
    x = rng.standard_normal((B, T, I))
    zeros = (np.zeros((B, H)), np.zeros((B, H))) if mode == "LSTM" else np.zeros((B, H))
    seq = paddle.to_tensor(LENGTHS)
    out, state = nn.RNN(fw, is_reverse=True)(paddle.to_tensor(x), sequence_length=seq)
    ref, ref_state = np_run(mode, weights(fw), x, zeros, LENGTHS, reverse=True,
                            zero_padding=False)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10, atol=1e-12)
    for a, b in zip(flat(state), flat(ref_state)):
        np.testing.assert_allclose(a.numpy(), b, rtol=1e-10, atol=1e-12)
    out, (s_fw, s_bw) = nn.BiRNN(fw, bw)(paddle.to_tensor(x), sequence_length=seq)
    ref_fw, ref_sfw = np_run(mode, weights(fw), x, zeros, LENGTHS, zero_padding=False)
    ref_bw, ref_sbw = np_run(mode, weights(bw), x, zeros, LENGTHS, reverse=True,
                             zero_padding=False)
    np.testing.assert_allclose(out.numpy(), np.concatenate([ref_fw, ref_bw], -1), rtol=1e-10)
    assert np.abs(out.numpy()[0, 3]).sum() > 0  # past the end: the cell's output, not zero
    for a, b in zip(flat((s_fw, s_bw)), flat((ref_sfw, ref_sbw))):
        np.testing.assert_allclose(a.numpy(), b, rtol=1e-10, atol=1e-12)


def test_cells_one_step_and_default_state():
    with float64():
        cells = {"RNN_RELU": nn.SimpleRNNCell(I, H, activation="relu"),
                 "LSTM": nn.LSTMCell(I, H), "GRU": nn.GRUCell(I, H)}
    x = rng.standard_normal((B, I))
    for mode, cell in cells.items():
        with float64():
            out, state = cell(paddle.to_tensor(x))  # states default to zeros
        zeros = (np.zeros((B, H)),) * 2 if mode == "LSTM" else np.zeros((B, H))
        ref, ref_state = np_cell(mode, weights(cell), x, zeros)
        np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)
        for a, b in zip(flat(state), flat(ref_state)):
            np.testing.assert_allclose(a.numpy(), b, rtol=1e-12)


# ---- gradients -------------------------------------------------------------------------------
def param_directional_check(layer, loss_fn, seed=3, eps=1e-6):
    """d loss / d params along a random direction: backward against central differences."""
    params = layer.parameters()
    r = np.random.default_rng(seed)
    loss_fn().backward()
    grads = [p.grad.numpy() for p in params]
    base = [p.numpy().copy() for p in params]
    dirs = [r.standard_normal(p.shape) for p in base]

    def at(step):
        for p, b, d in zip(params, base, dirs):
            p.set_value(b + step * d)
        return float(loss_fn())
    numeric = (at(eps) - at(-eps)) / (2 * eps)
    at(0.0)
    analytic = sum(float((g * d).sum()) for g, d in zip(grads, dirs))
    assert abs(analytic - numeric) <= 1e-6 + 1e-5 * abs(numeric), (analytic, numeric)


@pytest.mark.parametrize("mode", ["RNN_TANH", "LSTM", "GRU"])
def test_stacked_gradients(mode):
    with float64():
        layer = MODES[mode](input_size=2, hidden_size=3, num_layers=2, direction="bidirect")
    n = 4
    x = rng.standard_normal((2, 3, 2))
    init = [rng.standard_normal((n, 2, 3)) for _ in range(2 if mode == "LSTM" else 1)]
    seq = paddle.to_tensor(np.array([3, 2]))

    def fn(ts):
        states = tuple(ts[1:]) if mode == "LSTM" else ts[1]
        out, final = layer(ts[0], states, sequence_length=seq)
        return [out] + flat(final)
    check_vjp(fn, [x] + init, np.random.default_rng(1))

    w = rng.standard_normal((2, 3, 6))

    def loss():
        out, final = layer(paddle.to_tensor(x), sequence_length=seq)
        return (out * paddle.to_tensor(w)).sum() + (flat(final)[0] ** 2).sum()
    param_directional_check(layer, loss)


@pytest.mark.parametrize("cell_cls", [nn.SimpleRNNCell, nn.LSTMCell, nn.GRUCell])
def test_cell_gradients(cell_cls):
    with float64():
        cell = cell_cls(2, 3)
    lstm = cell_cls is nn.LSTMCell
    x = rng.standard_normal((2, 2))
    states = [rng.standard_normal((2, 3)) for _ in range(2 if lstm else 1)]

    def fn(ts):
        out, new = cell(ts[0], tuple(ts[1:]) if lstm else ts[1])
        return [out] + flat(new)
    check_vjp(fn, [x] + states, np.random.default_rng(4))
    with float64():
        param_directional_check(cell, lambda: (cell(paddle.to_tensor(x))[0] ** 3).sum())


def test_dropout_between_layers():
    layer = nn.LSTM(I, H, num_layers=2, dropout=0.5)
    x = paddle.to_tensor(rng.standard_normal((B, T, I)).astype("float32"))
    layer.eval()
    a, _ = layer(x)
    b, _ = layer(x)
    np.testing.assert_array_equal(a.numpy(), b.numpy())  # no dropout when not training
    layer.train()
    paddle.seed(0)
    c, _ = layer(x)
    assert not np.allclose(c.numpy(), a.numpy())
    single = nn.LSTM(I, H, num_layers=1, dropout=0.5)
    d, _ = single(x)  # one layer: nothing between layers to drop
    single.eval()
    np.testing.assert_array_equal(d.numpy(), single(x)[0].numpy())


# ---- names, shapes, reprs (Paddle 3.3.1) -----------------------------------------------------
def test_state_dict_keys_and_shapes():
    layer = nn.LSTM(3, 4, num_layers=2, direction="bidirect")
    sd = layer.state_dict()
    top = [f"{w}_l{k}{s}" for k in range(2) for s in ("", "_reverse")
           for w in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")]
    subs = [f"{k}.{c}.{w}" for k in range(2) for c in ("cell_fw", "cell_bw")
            for w in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")]
    assert list(sd) == top + subs
    assert sd["weight_ih_l0"].shape == [16, 3] and sd["weight_ih_l1_reverse"].shape == [16, 8]
    assert sd["weight_hh_l1"].shape == [16, 4] and sd["bias_hh_l0_reverse"].shape == [16]
    assert sd["weight_ih_l0"] is sd["0.cell_fw.weight_ih"]
    assert [n for n, _ in layer.named_parameters()] == top  # each parameter once
    gru = nn.GRU(3, 4)
    assert list(gru.state_dict()) == ["weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0",
                                      "0.cell.weight_ih", "0.cell.weight_hh", "0.cell.bias_ih",
                                      "0.cell.bias_hh"]
    assert gru.weight_ih_l0.shape == [12, 3]
    assert [n for n, _ in gru.named_buffers()] == ["_dropout_state"]
    assert list(nn.RNN(nn.SimpleRNNCell(3, 4)).state_dict()) == [
        "cell.weight_ih", "cell.weight_hh", "cell.bias_ih", "cell.bias_hh"]


def test_default_init_and_fixed_parameters():
    cell = nn.GRUCell(50, 16)
    bound = 1 / np.sqrt(16)
    for p in cell.parameters():
        v = p.numpy()
        assert v.min() >= -bound and v.max() <= bound and v.std() > bound / 3
    fixed = nn.SimpleRNNCell(2, 3, weight_hh_attr=False, bias_ih_attr=False)
    np.testing.assert_array_equal(fixed.weight_hh.numpy(), np.ones((3, 3)))
    np.testing.assert_array_equal(fixed.bias_ih.numpy(), np.zeros(3))
    assert fixed.weight_hh.stop_gradient and fixed.bias_ih.stop_gradient
    assert not fixed.weight_ih.stop_gradient


def test_lstm_proj_size():
    with float64():
        layer = nn.LSTM(3, 4, proj_size=2)
    cell = layer[0].cell
    assert cell.weight_hh.shape == [16, 2] and cell.weight_ho.shape == [4, 2]
    x = rng.standard_normal((2, 3, 3))
    out, (h, c) = layer(paddle.to_tensor(x))
    assert out.shape == [2, 3, 2] and h.shape == [1, 2, 2] and c.shape == [1, 2, 4]
    hs, cs = np.zeros((2, 2)), np.zeros((2, 4))
    w = weights(cell)
    for t in range(3):
        g = x[:, t] @ w[0].T + w[2] + hs @ w[1].T + w[3]
        i, f, cc, o = np.split(g, 4, axis=-1)
        cs = sigmoid(f) * cs + sigmoid(i) * np.tanh(cc)
        hs = (sigmoid(o) * np.tanh(cs)) @ cell.weight_ho.numpy()
    np.testing.assert_allclose(out.numpy()[:, -1], hs, rtol=1e-10)
    np.testing.assert_allclose(c.numpy()[0], cs, rtol=1e-10)


def test_reprs():
    assert repr(nn.LSTM(3, 4, num_layers=2, direction="bidirect")) == (
        "LSTM(3, 4, num_layers=2\n"
        "  (0): BiRNN(\n    (cell_fw): LSTMCell(3, 4)\n    (cell_bw): LSTMCell(3, 4)\n  )\n"
        "  (1): BiRNN(\n    (cell_fw): LSTMCell(8, 4)\n    (cell_bw): LSTMCell(8, 4)\n  )\n)")
    assert repr(nn.SimpleRNN(3, 4, activation="relu", time_major=True, dropout=0.1)) == (
        "SimpleRNN(3, 4, time_major=True, dropout=0.1\n"
        "  (0): RNN(\n    (cell): SimpleRNNCell(3, 4, activation=relu)\n  )\n)")
    assert repr(nn.GRUCell(3, 4)) == "GRUCell(3, 4)"


def test_errors():
    with pytest.raises(ValueError, match="direction should be forward or bidirect"):
        nn.GRU(3, 4, direction="backward")
    with pytest.raises(ValueError, match="Unknown activation 'sigmoid'"):
        nn.SimpleRNN(3, 4, activation="sigmoid")
    with pytest.raises(ValueError, match="hidden_size of LSTMCell must be greater than 0"):
        nn.LSTMCell(3, 0)
    with pytest.raises(ValueError, match="proj_size must be smaller than hidden_size"):
        nn.LSTMCell(3, 4, proj_size=4)
    with pytest.raises(ValueError, match="input size of forward cell"):
        nn.BiRNN(nn.GRUCell(3, 4), nn.GRUCell(2, 4))
