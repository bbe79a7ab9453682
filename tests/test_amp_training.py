"""paddle.amp training pieces: GradScaler (Paddle's defaults, overflow -> skip -> halve ->
recover -> grow, state_dict), decorate O2 (which layers go half, float32 master weights that
keep updates too small for float16, save_dtype) and the demo trained with --amp bfloat16.
Expected values are computed by hand from the update rules."""
import ml_dtypes
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import nn


def test_grad_scaler_defaults_match_paddle():
    s = paddle.amp.GradScaler()
    assert (s.get_init_loss_scaling(), s.get_incr_ratio(), s.get_decr_ratio(),
            s.get_incr_every_n_steps(), s.get_decr_every_n_nan_or_inf(),
            s.is_use_dynamic_loss_scaling(), s.is_enable()) == (2.0 ** 16, 2.0, 0.5, 2000, 1,
                                                                True, True)
    assert paddle.amp.AmpScaler().get_init_loss_scaling() == 2.0 ** 15
    assert float(s.get_loss_scaling().numpy()[0]) == 2.0 ** 16


# the float16 overflow is the point of the test: NumPy's cast warning is expected
@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
def test_grad_scaler_overflow_skips_halves_recovers_and_grows(capsys):
    # y = x @ W in float16 with x = ones[2, 1]: d loss / dW = 2 * scale in float16, which is
    # inf from scale 2**15 up (float16 max 65504), finite at 2**14
    lin = nn.Linear(1, 1, bias_attr=False)
    lin.weight.set_value(np.array([[1.0]], np.float32))
    opt = paddle.optimizer.SGD(learning_rate=0.125, parameters=lin.parameters())
    lin, opt = paddle.amp.decorate(lin, opt, level="O2")
    scaler = paddle.amp.GradScaler(init_loss_scaling=2.0 ** 17, incr_every_n_steps=2)
    x = paddle.ones([2, 1], dtype="float16")
    scales, weights = [], []
    for _ in range(7):
        with paddle.amp.auto_cast(level="O2"):
            loss = lin(x).sum()
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        scales.append(scaler._current())
        weights.append(float(lin.weight.numpy().astype(np.float32)[0, 0]))
    # 2**17, 2**16, 2**15 overflow (skipped, halved); 2**14 twice fine (w -= 0.125 * 2 each),
    # then the scale doubles to 2**15, which overflows again and halves
    assert scales == [2.0 ** 16, 2.0 ** 15, 2.0 ** 14, 2.0 ** 14, 2.0 ** 15, 2.0 ** 14,
                      2.0 ** 14]
    assert weights == [1.0, 1.0, 1.0, 0.75, 0.5, 0.5, 0.25]
    assert capsys.readouterr().out.count("Found inf or nan") == 4


def test_grad_scaler_unscale_step_order_and_state_dict():
    lin = nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=lin.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=8.0)
    with paddle.amp.auto_cast():
        loss = lin(paddle.ones([1, 2])).sum()
    scaler.scale(loss).backward()
    scaler.unscale_(opt)
    np.testing.assert_allclose(lin.bias.grad.numpy(), [1.0, 1.0])  # 8 * 1 / 8
    with pytest.raises(RuntimeError, match="already been called"):
        scaler.unscale_(opt)
    scaler.step(opt)
    with pytest.raises(RuntimeError, match="step\\(\\) has already"):
        scaler.step(opt)
    scaler.update()
    state = scaler.state_dict()
    other = paddle.amp.GradScaler()
    other.load_state_dict(state)
    assert other.get_init_loss_scaling() == 8.0 and other._incr_count == 1


def test_grad_scaler_turns_itself_off_for_bfloat16():
    scaler = paddle.amp.GradScaler()
    with paddle.amp.auto_cast(dtype="bfloat16"):
        loss = paddle.ones([2]).sum()
    with pytest.warns(UserWarning, match="bfloat16"):
        out = scaler.scale(loss)
    assert out is loss and not scaler.is_enable() and scaler.state_dict() == {}


class _Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.bn = nn.BatchNorm1D(4)
        self.ln = nn.LayerNorm(4)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        return self.out(self.ln(self.bn(self.fc(x))))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_decorate_o2_casts_all_but_norm_layers(dtype):
    net = _Net()
    opt = paddle.optimizer.Adam(parameters=net.parameters())
    net2, opt2 = paddle.amp.decorate(net, opt, level="O2", dtype=dtype,
                                     excluded_layers=net.out)
    assert net2 is net and opt2 is opt and opt._multi_precision
    assert net.fc.weight.dtype.name == dtype
    assert net.bn.weight.dtype == paddle.float32 and net.out.weight.dtype == paddle.float32
    # Paddle keeps LayerNorm float32 for float16 only
    assert net.ln.weight.dtype.name == ("float32" if dtype == "float16" else dtype)
    assert paddle.amp.decorate(net, level="O1") is net


def test_master_weights_keep_updates_too_small_for_float16():
    def run(master_weight):
        lin = nn.Linear(1, 1, bias_attr=False)
        lin.weight.set_value(np.array([[1.0]], np.float32))
        opt = paddle.optimizer.SGD(learning_rate=1e-4, parameters=lin.parameters())
        lin, opt = paddle.amp.decorate(lin, opt, level="O2", master_weight=master_weight)
        for _ in range(20):
            with paddle.amp.auto_cast(level="O2"):
                lin(paddle.ones([1, 1], dtype="float16")).sum().backward()
            opt.step()
            opt.clear_grad()
        return lin, opt
    lin, opt = run(None)
    master = opt.state_dict()["master_weights"][lin.weight.name]
    assert master.dtype == paddle.float32
    np.testing.assert_allclose(master.numpy(), [[1.0 - 20 * 1e-4]], rtol=1e-6)
    assert lin.weight.dtype == paddle.float16
    assert lin.weight.numpy()[0, 0] == np.float16(1.0 - 20 * 1e-4)
    lin, _ = run(False)  # float16 arithmetic: 1 - 1e-4 rounds back to 1
    assert lin.weight.numpy()[0, 0] == np.float16(1.0)


def test_master_weights_with_adam_keep_float32_moments():
    lin = nn.Linear(2, 2)
    opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=lin.parameters())
    lin, opt = paddle.amp.decorate(lin, opt, level="O2", dtype="bfloat16")
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
        lin(paddle.ones([1, 2], dtype="bfloat16")).sum().backward()
    opt.step()
    state = opt.state_dict()
    moments = [v for k, v in state.items() if "moment1" in k]
    assert moments and all(m.dtype == paddle.float32 for m in moments)
    assert lin.weight._data.dtype == ml_dtypes.bfloat16


def test_decorate_save_dtype_and_errors():
    net = paddle.amp.decorate(nn.Linear(2, 2), level="O2", save_dtype="float32")
    assert net.weight.dtype == paddle.float16
    assert all(v.dtype == paddle.float32 for v in net.state_dict().values())
    with pytest.raises(ValueError, match="level should be O1 or O2"):
        paddle.amp.decorate(net, level="O3")
    with pytest.raises(ValueError, match="dtype only support"):
        paddle.amp.decorate(net, level="O2", dtype="float32")
    with pytest.raises(TypeError, match="models must be"):
        paddle.amp.decorate("net", level="O2")


def test_demo_trains_with_amp_bfloat16_close_to_float32(tmp_path):
    from eagergraph import demo
    f32 = demo.train(epochs=2, seed=0, out=str(tmp_path / "f32"), progress=False)
    bf16 = demo.train(epochs=2, seed=0, out=str(tmp_path / "bf16"), progress=False,
                      amp="bfloat16")
    # two epochs reach ~95% in float32; bfloat16 (7-bit mantissa) must stay within 3 points
    assert f32["test_acc"][-1] > 0.85
    assert bf16["test_acc"][-1] >= f32["test_acc"][-1] - 0.03
    assert bf16["train_loss"][-1] < bf16["train_loss"][0]
