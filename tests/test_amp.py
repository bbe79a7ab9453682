"""paddle.amp with Paddle's GPU semantics: per-op dtypes under O1/O2/OD for float16 and
bfloat16 (white: matmul, black: exp, gray: add), custom lists, gradient dtypes, nesting and
threads, the explainer and operator stats. Expectations are written out from Paddle's rules
(amp_lists.py, GetAmpDestDtype), not read back from eagergraph."""
import threading

import ml_dtypes
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.eager.amp_utils import amp_state

AMP = ("float16", "bfloat16")
NP = {"float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float32": np.float32}


def _t(dtype, shape=(2, 2), seed=0):
    a = np.random.default_rng(seed).uniform(0.5, 1.5, shape).astype(np.float32)
    return paddle.to_tensor(a.astype(NP[dtype]))


def _run(op, *dtypes):
    ts = [_t(d, seed=i) for i, d in enumerate(dtypes)]
    return {"matmul": paddle.matmul, "exp": paddle.exp, "add": paddle.add}[op](*ts).dtype.name


# (level, use_promote, op, input dtypes ('A' = the AMP dtype), expected output ('A' or f32))
TABLE = [
    ("O1", True, "matmul", "f32 f32", "A"), ("O1", True, "exp", "f32", "f32"),
    ("O1", True, "exp", "A", "f32"), ("O1", True, "add", "f32 f32", "f32"),
    ("O1", True, "add", "A A", "A"), ("O1", True, "add", "A f32", "f32"),
    ("O2", True, "matmul", "f32 f32", "A"), ("O2", True, "exp", "f32", "f32"),
    ("O2", True, "exp", "A", "A"), ("O2", True, "add", "A A", "A"),
    ("O2", True, "add", "A f32", "f32"),
    ("O2", False, "matmul", "f32 f32", "A"), ("O2", False, "exp", "f32", "A"),
    ("O2", False, "add", "f32 f32", "A"), ("O2", False, "add", "A f32", "A"),
    ("OD", True, "matmul", "f32 f32", "A"), ("OD", True, "exp", "A", "f32"),
    ("OD", True, "add", "A A", "f32"),
]


@pytest.mark.parametrize("dtype", AMP)
@pytest.mark.parametrize("level,promote,op,ins,out", TABLE,
                         ids=[f"{a}-{'promote' if b else 'nopromote'}-{c}-{d.replace(' ', '_')}"
                              for a, b, c, d, _ in TABLE])
def test_output_dtype_follows_paddles_rules(dtype, level, promote, op, ins, out):
    names = [dtype if i == "A" else "float32" for i in ins.split()]
    with paddle.amp.auto_cast(level=level, dtype=dtype, use_promote=promote):
        got = _run(op, *names)
    assert got == (dtype if out == "A" else "float32")
    assert _run(op, *names) == ("float32" if "float32" in names else dtype)  # AMP off again


def test_white_op_value_is_the_half_precision_product():
    x, y = _t("float32", (3, 4), 1), _t("float32", (4, 2), 2)
    with paddle.amp.auto_cast():
        out = paddle.matmul(x, y)
    xs, ys = x.numpy().astype(np.float16), y.numpy().astype(np.float16)
    want = (xs.astype(np.float32) @ ys.astype(np.float32)).astype(np.float16)
    np.testing.assert_allclose(out.numpy().astype(np.float32), want.astype(np.float32),
                               rtol=1e-3)


def test_integer_bool_and_float64_inputs_are_never_cast():
    i = paddle.to_tensor([1, 2, 3])
    d = paddle.to_tensor([1.0, 2.0], dtype="float64")
    with paddle.amp.auto_cast(level="O2", use_promote=False):
        assert paddle.add(i, i).dtype == paddle.int64
        assert paddle.logical_not(paddle.to_tensor([True])).dtype == paddle.bool
        assert paddle.exp(d).dtype == paddle.float64
        assert paddle.matmul(d, d).dtype == paddle.float64


def test_linear_layer_is_one_white_op_and_conv_bias_add_promotes():
    lin = paddle.nn.Linear(3, 4)
    conv = paddle.nn.Conv2D(1, 2, 3)
    with paddle.amp.auto_cast(dtype="bfloat16"):
        assert lin(_t("float32", (2, 3))).dtype == paddle.bfloat16      # linear_v2: white
        assert conv(_t("float32", (1, 1, 4, 4))).dtype == paddle.float32  # conv2d, then add
    assert lin.weight.dtype == paddle.float32


def test_custom_lists_use_paddles_op_names_and_override_the_defaults():
    with paddle.amp.auto_cast(custom_white_list={"elementwise_add", "exp"}):
        assert _run("add", "float32", "float32") == "float16"
        assert _run("exp", "float32") == "float16"
    with paddle.amp.auto_cast(custom_black_list={"matmul_v2"}):
        assert _run("matmul", "float32", "float32") == "float32"
    with paddle.amp.auto_cast(custom_white_list={"add"}):  # not Paddle's name for add
        assert _run("add", "float32", "float32") == "float32"
    with pytest.raises(ValueError, match="overlap"):
        paddle.amp.auto_cast(custom_white_list={"exp"}, custom_black_list={"exp"})


def test_gradients_come_back_in_each_inputs_dtype():
    x = _t("float32", (2, 3))
    w = _t("float32", (3, 2))
    h = _t("float16", (2, 2))
    for t in (x, w, h):
        t.stop_gradient = False
    with paddle.amp.auto_cast():
        y = paddle.matmul(x, w)                  # float16
        z = paddle.exp(h)                        # black: h cast to float32
        loss = (y + z).sum()                     # promote -> float32, sum black
        loss.backward()                          # inside the block: backward runs AMP-free
    assert (y.dtype, z.dtype, loss.dtype) == (paddle.float16, paddle.float32, paddle.float32)
    assert (x.grad.dtype, w.grad.dtype, h.grad.dtype) == (paddle.float32, paddle.float32,
                                                          paddle.float16)
    ws = w.numpy().astype(np.float16).astype(np.float32)
    np.testing.assert_allclose(x.grad.numpy(), np.ones((2, 2)) @ ws.T, rtol=2e-3)
    np.testing.assert_allclose(h.grad.numpy().astype(np.float32),
                               np.exp(h.numpy().astype(np.float32)), rtol=2e-3)


def test_nested_decorator_state_and_errors():
    @paddle.amp.auto_cast(dtype="bfloat16", level="O2")
    def f():
        return paddle.amp.get_autocast_dtype(), paddle.amp.is_auto_cast_enabled()
    assert f() == ("bfloat16", True)
    assert (paddle.amp.is_autocast_enabled(), paddle.amp.get_amp_dtype()) == (False, "float16")
    with paddle.amp.auto_cast():
        with paddle.amp.auto_cast(enable=False):
            assert not paddle.is_autocast_enabled()
            assert _run("matmul", "float32", "float32") == "float32"
        assert _run("matmul", "float32", "float32") == "float16"
    assert not amp_state.active
    with pytest.raises(ValueError, match="level should be"):
        paddle.amp.auto_cast(level="O3")
    with pytest.raises(ValueError, match="dtype should be"):
        paddle.amp.auto_cast(dtype="float32")
    assert paddle.amp.is_float16_supported() and paddle.amp.is_bfloat16_supported()
    assert "matmul_v2" in paddle.amp.white_list()["bfloat16"]["O1"]
    assert "exp" not in paddle.amp.black_list()["float16"]["O2"]


def test_amp_state_is_thread_local():
    seen = {}

    def other():
        seen["dtype"] = _run("matmul", "float32", "float32")
        seen["on"] = paddle.amp.is_autocast_enabled()
    with paddle.amp.auto_cast():
        th = threading.Thread(target=other)
        th.start()
        th.join()
        assert _run("matmul", "float32", "float32") == "float16"
    assert seen == {"dtype": "float32", "on": False}


def test_inplace_ops_skip_amp():
    x = _t("float32")
    with paddle.amp.auto_cast(level="O2", use_promote=False):
        x.exp_()
    assert x.dtype == paddle.float32


def test_explainer_records_lists_casts_and_outputs(capsys):
    x, w = _t("float32", (2, 3)), _t("float32", (3, 2))
    with paddle.amp.auto_cast(dtype="bfloat16", custom_black_list={"elementwise_mul"}):
        with paddle.amp.debugging.explain() as ex:
            y = paddle.matmul(x, w)
            paddle.exp(y)
            paddle.add(y, y)
            paddle.multiply(y, y)
    table = capsys.readouterr().out
    rows = ex.rows()
    assert [r[0] for r in rows] == ["matmul (matmul_v2)", "exp", "add (elementwise_add)",
                                    "multiply (elementwise_mul)"]
    assert [r[2] for r in rows] == ["white", "black", "promote", "custom-black"]
    assert rows[0][3] == "x:float32->bfloat16, y:float32->bfloat16"
    assert [r[5] for r in rows] == ["bfloat16", "float32", "bfloat16", "float32"]
    assert "custom-black" in table and "computes in" in table
    assert not amp_state.active


def test_operator_stats_count_calls_per_dtype(capsys):
    x = _t("float32")
    paddle.amp.debugging.enable_operator_stats_collection()
    with paddle.amp.auto_cast():
        paddle.matmul(x, x)
        paddle.exp(x)
    paddle.matmul(x, x)
    stats = paddle.amp.debugging.operator_stats()
    paddle.amp.debugging.disable_operator_stats_collection()
    assert stats == {"matmul_v2": [1, 0, 1, 0], "exp": [0, 0, 1, 0]}
    out = capsys.readouterr().out
    assert "op count: 2" in out and "matmul_v2" in out
    assert not amp_state.active
