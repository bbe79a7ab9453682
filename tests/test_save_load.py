"""paddle.save / paddle.load: Paddle 3.3.1's file format both ways, and a loader that never runs
code from the file.

tests/fixtures/paddle331_* were written by real Paddle 3.3.1 (tests/fixtures/
make_paddle_fixtures.py): a Linear(2, 3) with weight arange(6)/4 and bias [0.5, -1, 2] after one
Adam step (lr 0.1) on sum(linear(ones)), its Adam state dict, and a nested object."""
import collections
import io
import os
import pickle

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.framework_io import UnsafePickleError

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


def fixture(name):
    return os.path.join(FIXTURES, name)


def raw(path):
    with open(path, "rb") as f:
        return pickle.load(f)


# Adam's first step moves every entry by -lr (the gradient of sum(x @ W + b) is positive)
W_AFTER = (np.arange(6, dtype=np.float32).reshape(2, 3) / 4 - np.float32(0.1)).astype(np.float32)
B_AFTER = np.array([0.5, -1.0, 2.0], dtype=np.float32) - np.float32(0.1)


# ----------------------------------------------------------------------- files written by Paddle

def test_load_paddle_linear_state_dict():
    sd = paddle.load(fixture("paddle331_linear.pdparams"))
    assert list(sd) == ["weight", "bias"]  # the name table is dropped
    assert isinstance(sd["weight"], paddle.Tensor)
    assert sd["weight"].dtype == paddle.float32 and sd["weight"].shape == [2, 3]
    np.testing.assert_allclose(sd["weight"].numpy(), W_AFTER, rtol=1e-6)
    np.testing.assert_allclose(sd["bias"].numpy(), B_AFTER, rtol=1e-6)
    assert sd["weight"].name == "linear_0.w_0" and sd["bias"].name == "linear_0.b_0"
    assert sd["weight"].stop_gradient

    kept = paddle.load(fixture("paddle331_linear.pdparams"), keep_name_table=True)
    assert kept["StructuredToParameterName@@"] == {"weight": "linear_0.w_0",
                                                   "bias": "linear_0.b_0"}
    as_np = paddle.load(fixture("paddle331_linear.pdparams"), return_numpy=True)
    assert type(as_np["weight"]) is np.ndarray and as_np["weight"].dtype == np.float32
    np.testing.assert_allclose(as_np["bias"], B_AFTER, rtol=1e-6)


def test_paddle_state_dict_goes_into_an_eagergraph_layer():
    lin = paddle.nn.Linear(2, 3)
    lin.set_state_dict(paddle.load(fixture("paddle331_linear.pdparams")))
    out = lin(paddle.to_tensor([[1.0, 2.0]]))
    np.testing.assert_allclose(out.numpy(), np.array([[1.0, 2.0]]) @ W_AFTER + B_AFTER,
                               rtol=1e-6)


def test_load_paddle_adam_state_dict():
    sd = paddle.load(fixture("paddle331_adam.pdopt"))
    for p in ("linear_0.w_0", "linear_0.b_0"):
        shape = [2, 3] if p.endswith("w_0") else [3]
        m1, m2 = sd[p + "_moment1_0"], sd[p + "_moment2_0"]
        assert m1.shape == shape and m1.name == p + "_moment1_0"
        np.testing.assert_allclose(m1.numpy(), np.full(shape, 0.1), rtol=1e-5)   # (1-b1)*g
        np.testing.assert_allclose(m2.numpy(), np.full(shape, 0.001), rtol=1e-4)  # (1-b2)*g^2
        np.testing.assert_allclose(sd[p + "_beta1_pow_acc_0"].numpy(), [0.9 ** 2], rtol=1e-6)
        np.testing.assert_allclose(sd[p + "_beta2_pow_acc_0"].numpy(), [0.999 ** 2], rtol=1e-6)
    assert "StructuredToParameterName@@" not in sd


def test_load_paddle_nested_object():
    obj = paddle.load(fixture("paddle331_nested.pd"))
    assert set(obj) == {"t", "epoch"} and obj["epoch"] == 7
    t, inner = obj["t"]
    assert t.name == "fixture_tensor" and t.dtype == paddle.int32
    np.testing.assert_array_equal(t.numpy(), [[1, 2], [3, 4]])
    assert inner["half"].dtype == paddle.float16
    np.testing.assert_array_equal(inner["half"].numpy(), np.array([1.5], np.float16))
    as_np = paddle.load(fixture("paddle331_nested.pd"), return_numpy=True)
    assert as_np["t"][0].dtype == np.int32 and type(as_np["t"][1]["half"]) is np.ndarray


# -------------------------------------------------------------------- files eagergraph writes

def _like_fixture_state_dict():
    ref = raw(fixture("paddle331_linear.pdparams"))
    sd = collections.OrderedDict()
    for key in ("weight", "bias"):
        t = paddle.to_tensor(ref[key])
        t.name = ref["StructuredToParameterName@@"][key]
        sd[key] = t
    return sd


def test_state_dict_file_is_byte_identical_to_paddles(tmp_path):
    path = str(tmp_path / "lin.pdparams")
    paddle.save(_like_fixture_state_dict(), path)
    with open(path, "rb") as f, open(fixture("paddle331_linear.pdparams"), "rb") as g:
        assert f.read() == g.read()


def test_nested_file_is_byte_identical_to_paddles(tmp_path):
    ref = raw(fixture("paddle331_nested.pd"))  # {'t': [(name, arr), {'half': (name, arr)}], ..}
    (n0, a0), half = ref["t"][0], ref["t"][1]["half"]
    t0, t1 = paddle.to_tensor(a0), paddle.to_tensor(half[1])
    t0.name, t1.name = n0, half[0]
    path = str(tmp_path / "nested.pd")
    paddle.save({"t": [t0, {"half": t1}], "epoch": 7}, path)
    with open(path, "rb") as f, open(fixture("paddle331_nested.pd"), "rb") as g:
        assert f.read() == g.read()


def test_saved_formats(tmp_path):
    lin = paddle.nn.Linear(3, 2)
    path = str(tmp_path / "sub" / "dir" / "lin.pdparams")  # parent directories are created
    paddle.save(lin.state_dict(), path)
    got = raw(path)
    assert list(got) == ["weight", "bias", "StructuredToParameterName@@"]
    assert type(got["weight"]) is np.ndarray
    np.testing.assert_array_equal(got["weight"], lin.weight.numpy())
    assert got["StructuredToParameterName@@"] == {"weight": lin.weight.name,
                                                  "bias": lin.bias.name}

    t = paddle.to_tensor([1.0, 2.0], dtype="float64")
    t.name = "w"
    paddle.save(t, str(tmp_path / "t.pdtensor"))
    name, arr = raw(str(tmp_path / "t.pdtensor"))
    assert name == "w" and arr.dtype == np.float64 and arr.tolist() == [1.0, 2.0]

    bf = paddle.to_tensor([1.0, 2.0], dtype="bfloat16")
    paddle.save({"bf": bf}, str(tmp_path / "bf.pdparams"))
    stored = raw(str(tmp_path / "bf.pdparams"))["bf"]
    assert stored.dtype == np.uint16 and stored.tolist() == [0x3F80, 0x4000]  # bf16 bits
    back = paddle.load(str(tmp_path / "bf.pdparams"))["bf"]
    assert back.dtype == paddle.bfloat16
    np.testing.assert_array_equal(back.astype("float32").numpy(), [1.0, 2.0])


def test_round_trip_nested_and_bytesio():
    a = paddle.to_tensor([[1, 2]], dtype="int64")
    a.name = "a_t"
    obj = {"a": [a, (a, 3)], "od": collections.OrderedDict(x=1.5), "s": "str",
           "arr": np.arange(3)}
    buf = io.BytesIO()
    paddle.save(obj, buf)
    buf.seek(0)
    got = paddle.load(buf)
    assert got["a"][0].name == "a_t" and got["a"][0].tolist() == [[1, 2]]
    assert isinstance(got["a"][1], tuple) and got["a"][1][1] == 3
    assert isinstance(got["od"], collections.OrderedDict) and got["od"]["x"] == 1.5
    assert got["s"] == "str"
    # with (name, ndarray) tuples in the file, bare ndarrays stay ndarrays (as Paddle)
    assert type(got["arr"]) is np.ndarray

    buf = io.BytesIO()
    paddle.save([np.ones(2, np.float32)], buf)  # no tensors: every ndarray becomes a Tensor
    buf.seek(0)
    (t,) = paddle.load(buf)
    assert isinstance(t, paddle.Tensor) and t.dtype == paddle.float32


def test_state_dict_with_plain_sub_dict_and_protocols(tmp_path):
    m = paddle.to_tensor([0.5])
    sd = {"moment": m, "LR_Scheduler": {"last_epoch": 3, "last_lr": 0.01}}
    for protocol in (2, 3, 4):
        path = str(tmp_path / f"opt{protocol}.pdopt")
        paddle.save(sd, path, protocol=protocol)
        assert raw(path)["LR_Scheduler"] == {"last_epoch": 3, "last_lr": 0.01}
        got = paddle.load(path)
        assert got["LR_Scheduler"] == {"last_epoch": 3, "last_lr": 0.01}
        assert got["moment"].tolist() == [0.5] and got["moment"].name == m.name


def test_big_param_slices_are_joined_on_load(tmp_path):
    # protocols 2/3 store an array over 1 GiB as slices listed under UnpackBigParamInfor@@
    whole = np.arange(10, dtype=np.float32).reshape(2, 5)
    flat = whole.reshape(-1)
    saved = {"w@@.0": flat[:6], "w@@.1": flat[6:],
             "UnpackBigParamInfor@@": {"w": {"OriginShape": (2, 5), "slices": ["w@@.0", "w@@.1"]}},
             "StructuredToParameterName@@": {"w": "big_w"}}
    path = str(tmp_path / "big.pdparams")
    with open(path, "wb") as f:
        pickle.dump(saved, f, protocol=2)
    got = paddle.load(path)
    assert list(got) == ["w"] and got["w"].name == "big_w"
    np.testing.assert_array_equal(got["w"].numpy(), whole)


def test_save_load_errors(tmp_path):
    with pytest.raises(ValueError, match="do not support saving `paddle.nn.Layer`"):
        paddle.save([paddle.nn.Linear(2, 2)], str(tmp_path / "layer.pd"))
    with pytest.raises(ValueError, match="protocol"):
        paddle.save({"w": paddle.to_tensor([1.0])}, str(tmp_path / "p.pd"), protocol=5)
    with pytest.raises(ValueError, match=r"config \(foo\) of `paddle.save`"):
        paddle.save({}, str(tmp_path / "x.pd"), foo=1)
    with pytest.raises(ValueError, match="filename is empty"):
        paddle.save({}, str(tmp_path) + os.sep)
    with pytest.raises(ValueError, match="only supports saving objects to file and `BytesIO`"):
        paddle.save({}, 3)
    with pytest.raises(ValueError, match="not exists"):
        paddle.load(str(tmp_path / "missing.pdparams"))
    (tmp_path / "model.pdparams").write_bytes(b"")
    with pytest.raises(ValueError, match="full file name"):
        paddle.load(str(tmp_path / "model"))
    with pytest.raises(ValueError, match="can not parse the file"):
        paddle.load(str(tmp_path / "model.pdparams"))
    with pytest.raises(ValueError, match=r"config \(bar\) of `paddle.load`"):
        paddle.load(fixture("paddle331_linear.pdparams"), bar=True)


# ------------------------------------------------------------------------ no code from files

class _Evil:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_malicious_pickle_does_not_run(tmp_path):
    marker = tmp_path / "pwned"
    # check the payload is real: plain pickle would run it
    pickle.loads(pickle.dumps(_Evil(tmp_path / "proof")))
    assert (tmp_path / "proof").exists()

    path = str(tmp_path / "evil.pdparams")
    with open(path, "wb") as f:
        pickle.dump({"weight": np.ones(2), "x": _Evil(marker)}, f, protocol=2)
    with pytest.raises(UnsafePickleError, match=r"refuses to load '(posix|os)\.system'"):
        paddle.load(path)
    assert not marker.exists()


@pytest.mark.parametrize("payload", [
    # GLOBAL builtins.eval with real code (Paddle's DenseTensor format uses eval('data', {...}))
    b"cbuiltins\neval\n(V__import__('os').system('touch PWNED')\ntR.",
    # a numpy array rebuilt with another class
    b"cnumpy.core.multiarray\n_reconstruct\n(cbuiltins\ndict\n(I0\ntS'b'\ntR.",
    b"cbuiltins\ngetattr\n(cbuiltins\nobject\nS'__subclasses__'\ntR.",
    b"csubprocess\ncall\n((S'touch'\nS'PWNED'\nltR.",
    b"(cos\nsystem\nS'touch PWNED'\no.",   # INST/OBJ style
])
def test_restricted_unpickler_refuses(tmp_path, payload, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "evil.pd"
    path.write_bytes(payload)
    with pytest.raises(UnsafePickleError):
        paddle.load(str(path))
    assert not (tmp_path / "PWNED").exists()


def test_dense_tensor_eval_form_is_answered_without_eval(tmp_path):
    # how Paddle pickles a static-graph DenseTensor: (eval, ('data', {'data': ndarray}))
    class DenseLike:
        def __reduce__(self):
            return (eval, ("data", {"data": np.array([1.0, 2.0])}))
    path = tmp_path / "dense.pd"
    path.write_bytes(pickle.dumps(DenseLike(), protocol=4))
    t = paddle.load(str(path))
    assert isinstance(t, paddle.Tensor) and t.tolist() == [1.0, 2.0]


# ----------------------------------------------------------------- both ways with real Paddle

def test_round_trip_with_real_paddle(tmp_path):
    real = pytest.importorskip("paddle")
    if real is paddle:
        pytest.skip("`paddle` is eagergraph here")
    # eagergraph -> Paddle
    lin = paddle.nn.Linear(3, 2)
    paddle.save(lin.state_dict(), str(tmp_path / "eg.pdparams"))
    t = paddle.to_tensor([[1, 2]], dtype="int32")
    t.name = "eg_t"
    paddle.save({"nested": [t], "epoch": 2}, str(tmp_path / "eg.pd"))
    got = real.load(str(tmp_path / "eg.pdparams"))
    np.testing.assert_array_equal(got["weight"].numpy(), lin.weight.numpy())
    assert got["weight"].name == lin.weight.name
    real_lin = real.nn.Linear(3, 2)
    real_lin.set_state_dict(got)
    np.testing.assert_array_equal(real_lin.bias.numpy(), lin.bias.numpy())
    nested = real.load(str(tmp_path / "eg.pd"))
    assert nested["epoch"] == 2 and nested["nested"][0].name == "eg_t"
    assert str(nested["nested"][0].dtype) == "paddle.int32"
    # Paddle -> eagergraph
    plin = real.nn.Linear(3, 2)
    real.save(plin.state_dict(), str(tmp_path / "pd.pdparams"))
    real.save({"w": [plin.weight], "n": 1}, str(tmp_path / "pd.pd"))
    back = paddle.load(str(tmp_path / "pd.pdparams"))
    np.testing.assert_array_equal(back["weight"].numpy(), plin.weight.numpy())
    assert back["weight"].name == plin.weight.name
    obj = paddle.load(str(tmp_path / "pd.pd"))
    assert obj["n"] == 1 and obj["w"][0].name == plin.weight.name
    np.testing.assert_array_equal(obj["w"][0].numpy(), plin.weight.numpy())
