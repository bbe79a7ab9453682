"""Paddle 3.x keyword aliases (eagergraph/param_alias.py, eagergraph/param_alias_table.py), pinned
to the list measured in Paddle 3.3.1 (tests/fixtures/paddle331_aliases.json, from
tools/paddle_aliases.py)."""
import importlib.util
import inspect
import json
import os

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph.param_alias_table import ALIASES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tool():
    spec = importlib.util.spec_from_file_location(
        "alias_table", os.path.join(ROOT, "tools", "alias_table.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _fixture():
    with open(os.path.join(ROOT, "tests", "fixtures", "paddle331_aliases.json")) as fh:
        return json.load(fh)


def test_table_is_the_fixture():
    """The table is what tools/alias_table.py makes of Paddle's list: every alias Paddle 3.3.1
    has on a name eagergraph has, with the parameter it stands for, and nothing else."""
    tool = _tool()
    data = _fixture()
    table, counts = tool.build(data)
    assert table == ALIASES
    with open(tool.TABLE) as fh:
        assert fh.read() == tool.render(table, counts, data["paddle_version"])
    assert data["paddle_version"] == "3.3.1"
    assert sum(len(m) for m in data["aliases"].values()) >= 427  # the count
    measured = dict(data["aliases"])
    for qual, others in data["same"].items():  # one Paddle function under several names
        for other in others:
            measured.setdefault(other, measured.get(qual, {}))
    for qual, (mapping, *_) in ALIASES.items():
        for alias, name in mapping.items():
            assert measured[qual][alias] == name


def test_every_entry_is_installed_with_its_signature():
    tool = _tool()
    for qual, (mapping, *_) in ALIASES.items():
        obj = tool.resolve(qual)
        fn = obj.__init__ if inspect.isclass(obj) else obj
        assert mapping.items() <= fn.__param_aliases__.items(), qual
        # the signature stays the function's own (Paddle's decorators keep it too)
        assert "kwargs" not in inspect.signature(fn).parameters or qual.startswith("paddle.nn.")


def _x():
    return np.arange(6.0).reshape(2, 3)


def test_torch_style_names_give_the_same_values():
    a = _x()
    x = paddle.to_tensor(a)
    np.testing.assert_allclose(paddle.sum(x, dim=0).numpy(), a.sum(0))
    np.testing.assert_allclose(x.sum(dim=1).numpy(), a.sum(1))
    np.testing.assert_allclose(paddle.sum(input=x, dim=1, keepdim=True).numpy(),
                               a.sum(1, keepdims=True))
    np.testing.assert_allclose(paddle.concat([x, x], dim=1).numpy(), np.concatenate([a, a], 1))
    np.testing.assert_allclose(paddle.add(input=x, other=x).numpy(), a + a)
    np.testing.assert_allclose(x.add(other=x).numpy(), a + a)
    assert paddle.flatten(paddle.ones([2, 3, 4]), start_dim=1).shape == [2, 12]
    assert paddle.flatten(paddle.ones([2, 3, 4]), start_dim=0, end_dim=1).shape == [6, 4]
    e = np.exp(a - a.max(-1, keepdims=True))
    np.testing.assert_allclose(F.softmax(x, dim=-1).numpy(), e / e.sum(-1, keepdims=True))
    np.testing.assert_allclose(paddle.matmul(input=x, other=x.T).numpy(), a @ a.T)
    np.testing.assert_allclose(paddle.tile(x, dims=[2, 1]).numpy(), np.tile(a, [2, 1]))
    assert paddle.zeros(size=[2, 3]).shape == [2, 3]


def test_cross_entropy_target():
    logits = np.array([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
    t = np.array([1, 2])
    got = F.cross_entropy(paddle.to_tensor(logits), target=paddle.to_tensor(t)).numpy()
    lse = np.log(np.exp(logits).sum(1))
    np.testing.assert_allclose(got, np.mean(lse - logits[[0, 1], t]), rtol=1e-6)


def test_layer_constructor_alias():
    layers = [paddle.nn.Linear(2, 2), paddle.nn.ReLU()]
    ll = paddle.nn.LayerList(modules=layers)
    assert len(ll) == 2 and ll[0] is layers[0]


def test_decorator_aliases_of_functions_with_other_required_arguments():
    """Aliases of Paddle's Python decorators on functions, Layer methods, forwards and
    constructors that the probe cannot see (read from the decorators' source): the same
    values as the parameter's own name."""
    x = paddle.to_tensor(_x().astype(np.float32))
    same = [
        (paddle.topk(x, 1, dim=0), paddle.topk(x, 1, axis=0)),
        (x.topk(1, dim=0), x.topk(1, axis=0)),
        (paddle.chunk(x, 3, dim=1), paddle.chunk(x, 3, axis=1)),
        (paddle.eye(2, m=3), paddle.eye(2, num_columns=3)),
        (F.cosine_similarity(x, x + 1, dim=0), F.cosine_similarity(x, x + 1, axis=0)),
        (F.layer_norm(x, x.shape[1:], eps=0.1), F.layer_norm(x, x.shape[1:], epsilon=0.1)),
    ]
    lin = paddle.nn.Linear(x.shape[1], 2)
    same.append((lin(input=x), lin(x)))
    for a, b in same:
        for u, v in zip(*(t if isinstance(t, (list, tuple)) else (t,) for t in (a, b))):
            np.testing.assert_array_equal(u.numpy(), v.numpy())
    assert lin.parameters(recurse=False) == lin.parameters(include_sublayers=False)
    lin.register_buffer("b", paddle.ones([1]), persistent=False)
    assert "b" not in lin.state_dict()
    ll = paddle.nn.LayerList()
    ll.append(module=lin)
    assert ll[0] is lin
    assert paddle.nn.LayerNorm(2, eps=0.5)._epsilon == 0.5
    with pytest.raises(TypeError, match="unexpected keyword argument 'dim'"):
        paddle.topk(x, 1, axis=0, dim=0)  # param_two_alias leaves the alias in place
    net = paddle.nn.Sequential(paddle.nn.Linear(3, 3))
    net.set_sublayer("0", module=lin)
    assert net[0] is lin and net.get_submodule("0") is lin
    with pytest.raises(AttributeError, match="has no attribute `1`"):
        net.set_submodule("1", lin, strict=True)


def test_a_class_under_two_names_is_wrapped_once():
    # paddle.nn.Module is Layer, Conv2d is Conv2D: the table names both, one wrapper serves
    for f in (paddle.nn.Layer.parameters, paddle.nn.Conv2D.forward,
              paddle.nn.AdaptiveMaxPool2D.__init__):
        assert inspect.unwrap(f) is f.__wrapped__, f


def test_topk_returns_paddles_named_tuple():
    x = paddle.to_tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
    r = paddle.topk(x, 2)
    assert type(r).__name__ == "TopKRetType" and isinstance(r, tuple)
    np.testing.assert_array_equal(r.values.numpy(), [[5, 3], [6, 4]])
    np.testing.assert_array_equal(r.indices.numpy(), [[1, 2], [2, 0]])
    assert repr(r).startswith("TopKRetType(values=Tensor(shape=[2, 2]")
    values, indices = x.topk(1)
    assert values.shape == [2, 1] and indices.dtype == paddle.int64


@pytest.mark.parametrize("call, err, msg", [
    # ParamAliasDecorator (Python)
    (lambda x: paddle.concat([x, x], axis=0, dim=1), ValueError,
     "Cannot specify both 'axis' and its alias 'dim'"),
    (lambda x: paddle.flatten(x, start_axis=0, start_dim=1), ValueError,
     "Cannot specify both 'start_axis' and its alias 'start_dim'"),
    # the C++ argument parsers
    (lambda x: paddle.sum(x, axis=0, dim=0), ValueError, "(InvalidArgument) has too many arguments"),
    (lambda x: paddle.exp(x=x, input=x), ValueError, "(InvalidArgument) has too many arguments"),
    # param_two_alias leaves the alias for the inner function to reject
    (lambda x: paddle.add(x, y=x, other=x), TypeError,
     "add() got an unexpected keyword argument 'other'"),
])
def test_name_and_alias_together_raise_paddles_error(call, err, msg):
    with pytest.raises(err) as e:
        call(paddle.to_tensor(_x()))
    assert str(e.value) == msg


def test_the_alias_wins_where_paddle_lets_it():
    """softmax's and zeros' decorators rename without looking (Paddle 3.3.1)."""
    x = paddle.to_tensor(_x())
    np.testing.assert_allclose(F.softmax(x, axis=0, dim=1).numpy(), F.softmax(x, axis=1).numpy())
    assert paddle.zeros(shape=[1], size=[2, 3]).shape == [2, 3]


def test_name_and_alias_errors_match_paddle():
    real = pytest.importorskip("paddle")
    if getattr(real, "__file__", "").startswith(os.path.dirname(paddle.__file__)):
        pytest.skip("paddle is eagergraph here")
    import warnings
    warnings.filterwarnings("ignore")
    data = _fixture()
    checked = 0
    for qual, (mapping, kind, *_) in sorted(ALIASES.items()):
        if not mapping or kind == "override" or not qual.startswith("paddle.") or qual.count(".") != 1:
            continue
        alias, name = sorted(mapping.items())[0]
        name_ = qual.split(".")[1]
        a = np.ones([2, 2], np.float32)

        def outcome(mod):
            t = mod.to_tensor(a)
            kw = {name: t, alias: t}
            try:
                getattr(mod, name_)(**kw)
            except Exception as e:  # noqa: BLE001
                return type(e).__name__, str(e).split(" (at /paddle")[0].split("\n")[0]
            return None

        theirs = outcome(real)
        if theirs is None or "Cannot specify" not in theirs[1] and "too many" not in theirs[1] \
                and "unexpected keyword" not in theirs[1]:
            continue  # Paddle failed on something else first
        assert outcome(paddle) == theirs, qual
        checked += 1
    assert checked > 20
    assert data["both"]
