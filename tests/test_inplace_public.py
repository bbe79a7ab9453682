"""Only the inplace forms Paddle has are public (issue 9 item 4): `F.relu_` yes, `paddle.hardtanh_`
no, `paddle.exp_` no (Paddle 3.3.1 has Tensor.exp_ only), `paddle.erf_` but no `Tensor.erf_`.

Paddle's lists come from tests/fixtures/paddle331_inplace_public.json, captured from a real
Paddle 3.3.1 by tools/paddle_inplace_names.py (no Paddle needed here).
"""
import json
import os

import numpy as np
import pytest

import eagergraph as paddle

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "paddle331_inplace_public.json")
with open(FIXTURE) as _f:
    PADDLE = json.load(_f)
PLACES = {"paddle": paddle, "Tensor": paddle.Tensor, "nn.functional": paddle.nn.functional}

# Paddle inplace forms of ops eagergraph has out of place but not (yet) in place: comparisons,
# logical and bitwise ops write a bool/int result into x, and the view-like t_/transpose_ and
# where_/put_along_axis_ need their own inplace kernels. Shrink this list as they are added.
NOT_YET = {"paddle": set(), "Tensor": set()}
NOT_YET["nn.functional"] = set()


def public_inplace(ns):
    return {n for n in dir(ns) if n.endswith("_") and not n.startswith("_")
            and not n.endswith("__") and callable(getattr(ns, n, None))}


def test_fixture_is_paddle_331():
    assert PADDLE["paddle_version"] == "3.3.1"
    assert "relu_" in PADDLE["nn.functional"] and "hardtanh_" in PADDLE["nn.functional"]
    assert "hardtanh_" not in PADDLE["paddle"] and "exp_" in PADDLE["Tensor"]


@pytest.mark.parametrize("place", sorted(PLACES))
def test_no_inplace_form_paddle_lacks(place):
    extra = sorted(public_inplace(PLACES[place]) - set(PADDLE[place]))
    assert not extra, f"{place}: public inplace forms Paddle 3.3.1 does not have: {extra}"


@pytest.mark.parametrize("place", sorted(PLACES))
def test_every_paddle_inplace_form_of_an_op_we_have(place):
    ns = PLACES[place]
    have = public_inplace(ns)
    missing = sorted(n for n in PADDLE[place] if hasattr(ns, n[:-1]) and n not in have
                     and n not in NOT_YET[place])
    assert not missing, f"{place}: Paddle has these inplace forms, eagergraph not: {missing}"
    done = sorted(NOT_YET[place] & have)
    assert not done, f"{place}: now implemented, drop them from NOT_YET: {done}"


@pytest.mark.parametrize("name,place_ok,place_not", [
    ("exp_", "Tensor", "paddle"), ("clip_", "Tensor", "paddle"), ("zero_", "Tensor", "paddle"),
    ("erf_", "paddle", "Tensor"), ("relu_", "nn.functional", "paddle"),
    ("hardtanh_", "nn.functional", "paddle"), ("tanh_", "nn.functional", None),
])
def test_examples(name, place_ok, place_not):
    assert hasattr(PLACES[place_ok], name)
    if place_not:
        assert not hasattr(PLACES[place_not], name)


@pytest.mark.parametrize("fn,ref", [
    (paddle.log1p_, np.log1p), (paddle.tan_, np.tan), (paddle.erf_, None),
    (paddle.nn.functional.tanh_, np.tanh), (paddle.Tensor.log1p_, np.log1p),
])
def test_new_inplace_forms_write_into_x_and_keep_gradients(fn, ref):
    from math import erf
    ref = ref or np.vectorize(erf)
    v = np.array([0.3, 0.6, -0.2])
    leaf = paddle.to_tensor(v, dtype="float64", stop_gradient=False)
    x = leaf * 1.0
    ver = x.inplace_version
    out = fn(x)
    assert out is x and x.inplace_version > ver
    np.testing.assert_allclose(x.numpy(), ref(v), rtol=1e-13)
    out.sum().backward()
    h = 1e-6
    np.testing.assert_allclose(leaf.grad.numpy(), (ref(v + h) - ref(v - h)) / (2 * h), rtol=1e-7)


def test_inplace_on_a_leaf_that_needs_grad_is_refused():
    x = paddle.to_tensor([0.5], stop_gradient=False)
    with pytest.raises(ValueError):
        paddle.log1p_(x)
