"""paddle.jit in an eager-only system: to_static is a pass-through (same values and gradients),
jit.save/jit.load round-trip eagergraph's recorded op program (tests/test_jit_save_load.py)."""
import numpy as np
import pytest

import eagergraph as paddle


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(3, 2)

    @paddle.jit.to_static
    def forward(self, x):
        return paddle.tanh(self.fc(x))


def test_to_static_runs_eagerly_with_gradients():
    paddle.seed(0)
    net = Net()
    assert paddle.jit.to_static(net) is net
    x = paddle.to_tensor(np.ones((4, 3), "float32"))
    out = net(x)
    out.sum().backward()
    w = net.fc.weight.numpy()
    ref = np.tanh(np.ones((4, 3)) @ w + net.fc.bias.numpy())
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-6)
    assert net.fc.weight.grad is not None

    @paddle.jit.to_static(input_spec=[paddle.static.InputSpec([None, 3], "float32")])
    def double(t):
        return t * 2

    assert double(x).numpy().tolist() == (np.ones((4, 3)) * 2).tolist()
    assert paddle.jit.not_to_static(double) is double
    paddle.jit.enable_to_static(False)
    paddle.jit.enable_to_static(True)
    with pytest.raises(TypeError):
        paddle.jit.enable_to_static(1)
