"""paddle.jit.save / paddle.jit.load: the forward recorded as an op program (eagergraph's own
.egmodel format) plus the state_dict (.pdparams); the loaded TranslatedLayer gives the eval
outputs and first-order grads of the Layer it was saved from, trains, and refuses Paddle's own
program files, malformed programs and forwards that cannot be recorded."""
import json

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.static import InputSpec


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(3, 4, 3)
        self.bn = paddle.nn.BatchNorm2D(4)
        self.drop = paddle.nn.Dropout(0.3)
        self.fc = paddle.nn.Linear(4 * 6 * 6, 5)
        self.ln = paddle.nn.LayerNorm(5)

    def forward(self, x):
        h = self.drop(paddle.nn.functional.relu(self.bn(self.conv(x))))
        y = self.ln(self.fc(paddle.flatten(h, 1)))
        return y * 2.0 + 1.0, {"head": y[:, :2], "mean": y.mean()}


def _net():
    paddle.seed(0)
    net = Net()
    x = paddle.randn([6, 3, 8, 8])
    with pytest.warns(UserWarning, match="always track global mean and variance"):  # Paddle's
        net(x)                  # train-mode step: BatchNorm's running stats move off 0/1
    return net


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def _saved(tmp_path, net, spec=None):
    path = str(tmp_path / "sub" / "model")
    paddle.jit.save(net, path, input_spec=spec or [InputSpec([None, 3, 8, 8], "float32", "x")])
    return path


def test_round_trip_values_any_batch(tmp_path):
    net = _net()
    state = paddle.get_rng_state()
    path = _saved(tmp_path, net)
    assert net.training                      # save leaves the mode and the generator as they were
    after = paddle.rand([4]).numpy()
    paddle.set_rng_state(state)
    np.testing.assert_array_equal(after, paddle.rand([4]).numpy())
    loaded = paddle.jit.load(path)
    assert isinstance(loaded, paddle.jit.TranslatedLayer)
    assert list(loaded.state_dict()) == list(net.state_dict())
    net.eval()
    for batch in (1, 4, 9):
        x = paddle.randn([batch, 3, 8, 8])
        (a, da), (b, db) = net(x), loaded(x)
        np.testing.assert_array_equal(a.numpy(), b.numpy())
        assert set(da) == set(db)
        for k in da:
            np.testing.assert_array_equal(da[k].numpy(), db[k].numpy())


def test_fine_tuning_grads_equal_the_original_and_train(tmp_path):
    net = _net()
    loaded = paddle.jit.load(_saved(tmp_path, net))
    net.eval()
    x = paddle.randn([4, 3, 8, 8])
    for m in (net, loaded):
        out, aux = m(x)
        ((out * out).sum() + aux["mean"]).backward()
    ref = dict(net.named_parameters())
    for name, p in loaded.named_parameters():
        assert p.stop_gradient == ref[name].stop_gradient
        if p.stop_gradient:
            assert p.grad is None
        else:
            np.testing.assert_allclose(p.grad.numpy(), ref[name].grad.numpy(), rtol=1e-6,
                                       atol=1e-7)
    # an optimizer step on the loaded parameters
    opt = paddle.optimizer.SGD(0.1, parameters=loaded.parameters())
    before = loaded.fc.weight.numpy().copy()
    opt.step()
    np.testing.assert_allclose(loaded.fc.weight.numpy(),
                               before - 0.1 * ref["fc.weight"].grad.numpy(), rtol=1e-5,
                               atol=1e-6)
    # the parameters file is an ordinary state_dict: set_state_dict puts the saved ones back
    loaded.set_state_dict(paddle.load(str(tmp_path / "sub" / "model.pdparams")))
    np.testing.assert_array_equal(loaded.fc.weight.numpy(), before)


def test_grad_against_numpy_float64(tmp_path):
    class Small(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = self.create_parameter([3, 2], dtype="float64")

        def forward(self, x, y):
            return paddle.tanh(x @ self.w) * y

    paddle.seed(1)
    m = Small()
    path = str(tmp_path / "small")
    paddle.jit.save(m, path, input_spec=[InputSpec([None, 3], "float64"),
                                         InputSpec([None, 2], "float64")])
    loaded = paddle.jit.load(path)
    rng = np.random.default_rng(0)
    xv, yv = rng.standard_normal((4, 3)), rng.standard_normal((4, 2))
    out = loaded(paddle.to_tensor(xv), paddle.to_tensor(yv))
    out.sum().backward()
    w = m.w.numpy()
    np.testing.assert_allclose(out.numpy(), np.tanh(xv @ w) * yv, rtol=1e-12)
    np.testing.assert_allclose(loaded.w.grad.numpy(),
                               xv.T @ ((1 - np.tanh(xv @ w) ** 2) * yv), rtol=1e-12)


def test_embedding_int_input_and_example_tensor_spec(tmp_path):
    paddle.seed(2)
    m = paddle.nn.Sequential(paddle.nn.Embedding(10, 4), paddle.nn.Linear(4, 2))
    ids = paddle.to_tensor([[1, 2, 3], [4, 5, 9]])
    path = str(tmp_path / "emb")
    paddle.jit.save(m, path, input_spec=[ids])           # a Tensor: its shape is fixed
    loaded = paddle.jit.load(path)
    np.testing.assert_array_equal(loaded(ids).numpy(), m(ids).numpy())
    with pytest.raises(ValueError, match="input 0 has shape"):
        loaded(paddle.to_tensor([[1, 2]]))
    with pytest.raises(ValueError, match="dtype"):
        loaded(paddle.ones([2, 3], dtype="float32"))


def test_forwards_that_cannot_be_recorded(tmp_path):
    class BakedShape(paddle.nn.Layer):
        def forward(self, x):
            return paddle.reshape(x, [x.shape[0] * 4])          # the traced batch is baked in

    class FromNumpy(paddle.nn.Layer):
        def forward(self, x):
            return paddle.to_tensor(x.numpy() * 2.0)            # a value read into Python

    for layer in (BakedShape(), FromNumpy()):
        with pytest.raises(ValueError, match="(cannot be recorded|does not run on other)"):
            paddle.jit.save(layer, str(tmp_path / "bad"), input_spec=[InputSpec([None, 4])])
        assert not (tmp_path / "bad.egmodel").exists()


def test_a_constant_made_in_forward_is_kept(tmp_path):
    class WithConst(paddle.nn.Layer):
        def forward(self, x):
            return x + paddle.to_tensor(np.arange(4, dtype="float32"))

    path = str(tmp_path / "c")
    paddle.jit.save(WithConst(), path, input_spec=[InputSpec([None, 4])])
    x = paddle.ones([2, 4])
    np.testing.assert_array_equal(paddle.jit.load(path)(x).numpy(), 1 + np.arange(4.0)[None]
                                  .repeat(2, 0))


def test_load_errors(tmp_path):
    missing = str(tmp_path / "nothing")
    with pytest.raises(ValueError, match="to load model not exists"):
        paddle.jit.load(missing)
    for suffix in (".pdmodel", ".json"):
        p = tmp_path / f"paddle_model{suffix[1:]}"
        (tmp_path / (p.name + suffix)).write_bytes(b"\x08\x01")
        with pytest.raises(NotImplementedError, match="Paddle static-graph inference program"):
            paddle.jit.load(str(p))

    net = _net()
    path = _saved(tmp_path, net)
    prog_file = path + ".egmodel"
    with open(prog_file) as f:
        good = json.load(f)

    def tampered(change, match):
        prog = json.loads(json.dumps(good))
        change(prog)
        _write(prog_file, json.dumps(prog))
        with pytest.raises(ValueError, match=match):
            paddle.jit.load(path)

    tampered(lambda p: p["ops"][0].update(op="system"), "an op eagergraph does not have")
    tampered(lambda p: p["ops"][0].update(kind="os"), "an op eagergraph does not have")
    tampered(lambda p: p.update(format="x"), "not an eagergraph program")
    tampered(lambda p: p.update(version=99), "version 99")
    tampered(lambda p: p["state"].append({"key": "ghost", "kind": "parameter",
                                          "stop_gradient": False}), "lacks")
    tampered(lambda p: p["constants"].append({"dtype": "object", "shape": [1], "data": ""}),
             "malformed constant")
    _write(prog_file, "{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        paddle.jit.load(path)

    def bad_ref(p):
        p["ops"][0]["args"][0] = {"t": {"v": 999}}
    prog = json.loads(json.dumps(good))
    bad_ref(prog)
    _write(prog_file, json.dumps(prog))
    with pytest.raises(ValueError, match="refers to v 999"):
        paddle.jit.load(path)(paddle.randn([1, 3, 8, 8]))


def test_save_errors(tmp_path):
    net = _net()
    with pytest.raises(ValueError, match="input_spec is required"):
        paddle.jit.save(net, str(tmp_path / "m"))
    with pytest.raises(TypeError, match="should be 'Layer'"):
        paddle.jit.save(lambda t: t, str(tmp_path / "m"), input_spec=[InputSpec([1])])
    with pytest.raises(ValueError, match="dirname/file_prefix"):
        paddle.jit.save(net, str(tmp_path) + "/", input_spec=[InputSpec([1])])
    with pytest.raises(TypeError, match="InputSpec"):
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=[3])


def test_parameters_file_loads_in_real_paddle(tmp_path):
    rp = pytest.importorskip("paddle")
    net = _net()
    path = _saved(tmp_path, net)
    state = rp.load(path + ".pdparams")
    np.testing.assert_array_equal(np.asarray(state["fc.weight"]), net.fc.weight.numpy())
