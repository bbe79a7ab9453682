"""set_state_dict validates before it writes (issue 24): a bad optimizer state dict leaves the
optimizer as it was; a Layer refuses a value of another dtype as Paddle 3.3.1 does (the messages
are Paddle's, checked against real Paddle when it is installed)."""
import numpy as np
import pytest

import eagergraph as paddle


def _trained():
    paddle.seed(1)
    lin = paddle.nn.Linear(2, 3)
    sched = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=1)
    opt = paddle.optimizer.Adam(learning_rate=sched, parameters=lin.parameters())
    for _ in range(2):
        lin(paddle.ones([1, 2])).sum().backward()
        opt.step()
        opt.clear_grad()
        sched.step()
    return lin, opt, sched


def _snapshot(opt):
    return {k: v.numpy().copy() for k, v in opt.state_dict().items() if k != "LR_Scheduler"}, \
        dict(opt.state_dict()["LR_Scheduler"])


@pytest.mark.parametrize("damage", ["wrong_shape_last", "missing_last"])
def test_optimizer_set_state_dict_is_all_or_nothing(damage):
    lin, opt, sched = _trained()
    sd = opt.state_dict()
    other = {k: (paddle.to_tensor(v.numpy() + 1) if k != "LR_Scheduler" else
                 dict(v, last_epoch=v["last_epoch"] + 5)) for k, v in sd.items()}
    last = [k for k in sd if k != "LR_Scheduler"][-1]
    if damage == "wrong_shape_last":
        other[last] = paddle.ones([5])
        match = r"Variable Shape not match, Variable \[ .* \] need tensor with shape"
    else:
        del other[last]
        match = f"optimizer Tensor {last} not found"
    before = _snapshot(opt)
    with pytest.raises(AssertionError, match=match):
        opt.set_state_dict(other)
    after = _snapshot(opt)
    assert after[1] == before[1]  # the LR scheduler was not touched
    assert sorted(after[0]) == sorted(before[0])
    for k in before[0]:
        np.testing.assert_array_equal(after[0][k], before[0][k], err_msg=k)


def test_optimizer_good_state_dict_still_loads():
    lin, opt, sched = _trained()
    before = _snapshot(opt)[0]  # copies: state_dict() Tensors share the live accumulators
    other = {k: (paddle.to_tensor(v.numpy() * 2) if k != "LR_Scheduler" else v)
             for k, v in opt.state_dict().items()}
    opt.set_state_dict(other)
    for k, v in opt.state_dict().items():
        if k != "LR_Scheduler":
            np.testing.assert_array_equal(v.numpy(), before[k] * 2)


@pytest.mark.parametrize("value", [np.ones((2, 3)), np.ones((2, 3), np.float16),
                                   np.ones((2, 3), np.int64)])
def test_layer_set_state_dict_refuses_another_dtype_before_writing(value):
    lin = paddle.nn.Linear(2, 3)
    bias = lin.bias.numpy().copy()
    weight = lin.weight.numpy().copy()
    with pytest.raises(AssertionError, match=(
            rf"Variable dtype not match, Variable \[ {lin.weight.name} \] need tensor with dtype "
            rf"paddle.float32  but load tensor with dtype paddle.{value.dtype}")):
        lin.set_state_dict({"bias": np.full(3, 7, np.float32), "weight": value})
    np.testing.assert_array_equal(lin.bias.numpy(), bias)  # nothing written
    np.testing.assert_array_equal(lin.weight.numpy(), weight)
    with pytest.raises(AssertionError, match="dtype paddle.float64"):
        lin.set_state_dict({"weight": paddle.to_tensor(np.ones((2, 3)))})


def test_layer_set_state_dict_same_dtype_and_bfloat16_bits():
    lin = paddle.nn.Linear(2, 3)
    assert lin.set_state_dict({"weight": np.full((2, 3), 2, np.float32),
                               "bias": paddle.zeros([3])}) == ([], [])
    np.testing.assert_array_equal(lin.weight.numpy(), np.full((2, 3), 2, np.float32))
    lin16 = paddle.nn.Linear(2, 3)
    lin16.to(dtype="bfloat16")
    sd = {k: v for k, v in lin16.state_dict().items()}
    paddle.save(sd, buf := __import__("io").BytesIO())
    buf.seek(0)
    lin16.set_state_dict(paddle.load(buf, return_numpy=True))  # uint16 bits: bfloat16's numpy()


def test_messages_match_real_paddle():
    rp = pytest.importorskip("paddle")
    lin = rp.nn.Linear(2, 3)
    with pytest.raises(AssertionError) as theirs:
        lin.set_state_dict({"weight": np.ones((2, 3)), "bias": np.zeros(3, np.float32)})
    ours_lin = paddle.nn.Linear(2, 3)
    with pytest.raises(AssertionError) as ours:
        ours_lin.set_state_dict({"weight": np.ones((2, 3)), "bias": np.zeros(3, np.float32)})
    assert str(ours.value).replace(ours_lin.weight.name, "W") == \
        str(theirs.value).replace(lin.weight.name, "W")
