"""nn.Layer: registration through attributes, traversal, structured state_dict names,
set_state_dict, hooks, train/eval, dtype changes, reprs and parameter naming as Paddle 3.3.1."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import nn


class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 3)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(3, 1, bias_attr=False)
        self.register_buffer("steps", paddle.zeros([1]))
        self.register_buffer("tmp", paddle.ones([2]), persistable=False)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def test_registration_and_traversal():
    net = Net()
    assert [n for n, _ in net.named_parameters()] == ["fc1.weight", "fc1.bias", "fc2.weight"]
    assert net.fc2.bias is None
    assert [n for n, _ in net.named_sublayers()] == ["fc1", "act", "fc2"]
    assert [n for n, _ in net.named_children()] == ["fc1", "act", "fc2"]
    assert len(net.sublayers(include_self=True)) == 4
    assert [n for n, _ in net.named_buffers()] == ["steps", "tmp"]
    # Paddle's order: a layer's own parameters, its persistable buffers, then its sublayers
    assert list(net.state_dict().keys()) == ["steps", "fc1.weight", "fc1.bias", "fc2.weight"]
    assert net.state_dict()["fc1.weight"] is net.fc1.weight
    # a Tensor assigned as an attribute is a non-persistable buffer
    net.extra = paddle.ones([1])
    assert "extra" in net._buffers and "extra" not in net.state_dict()
    del net.extra
    assert "extra" not in net._buffers
    with pytest.raises(TypeError, match="should be of type Parameter or None"):
        net.fc1.weight = 3
    with pytest.raises(KeyError, match="already exists"):
        net.register_buffer("fc1", paddle.zeros([1]))


def test_parameter_attributes_and_names():
    lin = nn.Linear(2, 3)
    w = lin.weight
    assert isinstance(w, nn.Parameter) and isinstance(w, paddle.Tensor)
    assert not w.stop_gradient and w.persistable and w.trainable
    assert w.optimize_attr == {"learning_rate": 1.0} and w.need_clip and w.regularizer is None
    prefix = lin.full_name()
    assert w.name == prefix + ".w_0" and lin.bias.name == prefix + ".b_0"
    assert prefix.startswith("linear_")
    w.trainable = False
    assert w.stop_gradient
    assert repr(w).startswith("Parameter containing:\nTensor(shape=[2, 3], dtype=float32")
    attr = paddle.ParamAttr(name="my_w", learning_rate=0.5, trainable=False, need_clip=False,
                            initializer=nn.initializer.Constant(0.5))
    lin2 = nn.Linear(2, 2, weight_attr=attr)
    assert lin2.weight.name == "my_w" and lin2.weight.optimize_attr == {"learning_rate": 0.5}
    assert lin2.weight.stop_gradient and not lin2.weight.need_clip
    np.testing.assert_array_equal(lin2.weight.numpy(), np.full((2, 2), 0.5))
    with pytest.raises(ValueError, match="have be been used"):
        nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name="my_w"))


def test_forward_and_gradients():
    net = Net()
    x = paddle.to_tensor(np.array([[1.0, -2.0], [0.5, 3.0]], np.float32))
    out = net(x)
    h = np.maximum(x.numpy() @ net.fc1.weight.numpy() + net.fc1.bias.numpy(), 0)
    np.testing.assert_allclose(out.numpy(), h @ net.fc2.weight.numpy(), rtol=1e-6)
    out.sum().backward()
    np.testing.assert_allclose(net.fc2.weight.grad.numpy(), h.sum(0, keepdims=True).T,
                               rtol=1e-6)
    net.clear_gradients()
    assert not net.fc2.weight.grad.numpy().any()
    net.clear_gradients(set_to_zero=False)
    assert net.fc2.weight.grad is None


def test_set_state_dict_returns_missing_and_unexpected():
    a, b = Net(), Net()
    sd = a.state_dict()
    missing, unexpected = b.set_state_dict(sd)
    assert missing == [] and unexpected == []
    np.testing.assert_array_equal(b.fc1.weight.numpy(), a.fc1.weight.numpy())
    assert b.fc1.weight is not a.fc1.weight
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        missing, unexpected = b.set_state_dict(
            {"fc1.weight": np.zeros((2, 3), np.float32), "fc1.bias": np.zeros(4, np.float32),
             "foo": np.zeros(1)})
    assert missing == ["steps", "fc1.bias", "fc2.weight"] and unexpected == ["fc1.bias", "foo"]
    assert not b.fc1.weight.numpy().any()
    with pytest.raises(RuntimeError, match="Missing key"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            b.load_state_dict({})


def test_hooks():
    lin = nn.Linear(2, 2)
    calls = []
    h1 = lin.register_forward_pre_hook(lambda layer, inp: (inp[0] * 0,))
    h2 = lin.register_forward_post_hook(lambda layer, inp, out: calls.append(out) or out + 1)
    out = lin(paddle.ones([1, 2]))
    np.testing.assert_allclose(out.numpy(), lin.bias.numpy()[None] + 1)
    assert len(calls) == 1
    h1.remove()
    h2.remove()
    np.testing.assert_allclose(lin(paddle.ones([1, 2])).numpy(),
                               lin.weight.numpy().sum(0)[None] + lin.bias.numpy(), rtol=1e-6)
    assert len(calls) == 1


def test_train_eval_apply():
    net = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5))
    net.eval()
    assert not net.training and not net[1].training
    net.train()
    assert net[1].training
    seen = []
    net.apply(lambda layer: seen.append(type(layer).__name__))
    assert seen == ["Linear", "Dropout", "Sequential"]


def test_dtype_changes():
    lin = nn.Linear(2, 3)
    w = lin.weight
    lin.to(dtype="float64")
    assert lin.weight is w and w.dtype == paddle.float64
    assert repr(lin) == "Linear(in_features=2, out_features=3, dtype=float64)"
    lin.float()
    assert w.dtype == paddle.float32
    lin.double()
    assert w.dtype == paddle.float64
    assert repr(lin) == "Linear(in_features=2, out_features=3, dtype=paddle.float64)"
    # Paddle 3.3.1's astype records the dtype but leaves the parameters as they are
    lin2 = nn.Linear(2, 3).astype("float64")
    assert lin2.weight.dtype == paddle.float32
    with pytest.raises(ValueError, match="dtype value error"):
        lin2.astype("float")


def test_reprs():
    s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(),
                      nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5)))
    assert repr(s) == (
        "Sequential(\n"
        "  (0): Linear(in_features=2, out_features=3, dtype=float32)\n"
        "  (1): ReLU()\n"
        "  (2): Sequential(\n"
        "    (0): Linear(in_features=3, out_features=3, dtype=float32)\n"
        "    (1): Dropout(p=0.5, axis=None, mode=upscale_in_train, inplace=False)\n"
        "  )\n"
        ")")
    assert repr(nn.LayerDict({"a": nn.ReLU()})) == "LayerDict(\n  (a): ReLU()\n)"
    assert repr(nn.Linear(2, 3, name="fc")) == \
        "Linear(in_features=2, out_features=3, dtype=float32, name=fc)"


def test_containers():
    ll = nn.LayerList([nn.Linear(2, 2), nn.ReLU()])
    ll.append(nn.Tanh())
    assert len(ll) == 3 and isinstance(ll[-1], nn.Tanh)
    del ll[0]
    assert [n for n, _ in ll.named_children()] == ["0", "1"]
    pl = nn.ParameterList([paddle.create_parameter([2], "float32")])
    pl.append(paddle.create_parameter([3], "float32"))
    assert list(pl.state_dict().keys()) == ["0", "1"]
    seq = nn.Sequential(("a", nn.Linear(2, 2)), ("b", nn.ReLU()))
    assert list(seq.state_dict().keys()) == ["a.weight", "a.bias"]
    assert isinstance(seq["b"], nn.ReLU) and len(seq[:1]) == 1
    d = nn.LayerDict()
    d["x"] = nn.ReLU()
    assert "x" in d and list(d.keys()) == ["x"]


def test_create_parameter_on_layer_uses_default_dtype():
    class M(nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = self.create_parameter([2, 3])

    paddle.set_default_dtype("float64")
    try:
        m = M()
    finally:
        paddle.set_default_dtype("float32")
    assert m.w.dtype == paddle.float64 and m.w.name == m.full_name() + ".w_0"
    assert m.full_name().startswith("m_")
