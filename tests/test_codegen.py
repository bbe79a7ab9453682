"""The generated code is committed; it must match what the generator writes from the YAML."""
import os
import subprocess
import sys

import pytest

from codegen.spec import parse_op, SpecError
from codegen.backward_spec import parse_backward
from codegen import emit_backward


def test_generated_code_is_not_stale():
    r = subprocess.run([sys.executable, "-m", "codegen", "--check"],
                       capture_output=True, text=True,
                       cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert r.returncode == 0, r.stderr + r.stdout


def test_spec_errors_name_the_op_and_key():
    with pytest.raises(SpecError, match="op 'foo'.*infer_meta"):
        parse_op({"op": "foo", "args": "(Tensor x)", "output": "Tensor(out)"})
    with pytest.raises(SpecError, match="op 'foo'.*unknown keys"):
        parse_op({"op": "foo", "args": "(Tensor x)", "output": "Tensor(out)",
                  "infer_meta": {"func": "X"}, "kernal": {}})
    with pytest.raises(SpecError, match="op 'foo'.*unknown type 'Tensr'"):
        parse_op({"op": "foo", "args": "(Tensr x)", "output": "Tensor(out)",
                  "infer_meta": {"func": "X"}})


def test_spec_parses_defaults_and_outputs():
    s = parse_op({"op": "foo", "args": "(Tensor x, IntArray axis=None, bool keepdim=false, "
                                       "int[] perm=[0, 1])",
                  "output": "Tensor(out), Tensor(indices)", "infer_meta": {"func": "X"}})
    assert [a.name for a in s.args] == ["x", "axis", "keepdim", "perm"]
    assert s.arg("keepdim").default is False and s.arg("perm").default == [0, 1]
    assert [o.name for o in s.outputs] == ["out", "indices"]


def _bwd_entry(**keys):
    return {"backward_op": "foo_grad", "args": "(Tensor x, Tensor out_grad)",
            "output": "Tensor(x_grad)", **keys}


def _foo():
    return parse_op({"op": "foo", "args": "(Tensor x, float alpha=1.0)", "output": "Tensor(out)",
                     "infer_meta": {"func": "UnchangedInferMeta"}, "backward": "foo_grad"})


def test_backward_spec_one_way_per_kind():
    by_bwd = {"foo_grad": _foo()}
    b = parse_backward(_bwd_entry(invoke={"x_grad": "scale(out_grad, alpha, 0.0, True)"}), by_bwd)
    assert not b.kernel and b.attrs_used == ("alpha",)
    b = parse_backward(_bwd_entry(kernel="foo_grad", composite={"x_grad": "out_grad"}), by_bwd)
    assert b.kernel == "foo_grad" and b.attrs_used == ("alpha",)  # a kernel gets every attr
    with pytest.raises(SpecError, match="foo_grad.*'composite' is for grad ops with a kernel"):
        parse_backward(_bwd_entry(composite={"x_grad": "out_grad"}), by_bwd)
    with pytest.raises(SpecError, match="foo_grad.*'invoke' is for composition"):
        parse_backward(_bwd_entry(kernel="foo_grad", invoke={"x_grad": "out_grad"}), by_bwd)
    with pytest.raises(SpecError, match="foo_grad.*needs 'composite'"):
        parse_backward(_bwd_entry(kernel="foo_grad"), by_bwd)


def test_formula_names_are_checked():
    by_bwd = {"foo_grad": _foo()}
    ops = {"scale", "multiply"}
    b = parse_backward(_bwd_entry(invoke={"x_grad": "helper(out_grad)"}), by_bwd)
    with pytest.raises(ValueError, match="'helper' in a formula is neither"):
        emit_backward.emit_node(b, ops, set())
    b = parse_backward(_bwd_entry(invoke="y = out_grad"), by_bwd)
    with pytest.raises(ValueError, match="does not assign \\['x_grad'\\]"):
        emit_backward.emit_node(b, ops, set())
    b = parse_backward(_bwd_entry(invoke={"x_grad": "multiply(out_grad, conj(x.shape))"}), by_bwd)
    code = emit_backward.emit_node(b, ops, set())
    assert "multiply_ad_func(out_grad, _conj(x._data.shape))" in code


def test_public_surface_comes_from_ops_yaml():
    import eagergraph as paddle
    from eagergraph._generated import public
    # the public names are the generated functions, wrapped where Paddle 3.3.1 adds keyword
    # aliases or out= (eagergraph/param_alias_table.py)
    import inspect
    assert inspect.unwrap(paddle.expm1) is paddle._C_ops.expm1
    assert inspect.unwrap(paddle.Tensor.log2) is paddle._C_ops.log2
    assert paddle.nn.functional.tanh is paddle.tanh  # public: [paddle, Tensor, nn.functional]
    assert paddle.tanh_ is paddle._C_ops.tanh_ and paddle.Tensor.tanh_ is paddle._C_ops.tanh_
    assert "relu" in public.FUNCTIONAL and not hasattr(paddle, "relu")


def test_bound_ops_reject_unknown_names():
    from eagergraph.eager import bound_ops
    with pytest.raises(ValueError, match="unknown names \\['mul'\\]"):
        bound_ops.bind(mul=None)
    assert bound_ops.ops.add is paddle_add_ad_func()


def paddle_add_ad_func():
    from eagergraph._generated.dygraph_functions import add_ad_func
    return add_ad_func


def test_generated_node_creation_sets_every_grad_node_field():
    """The ad_funcs build nodes with object.__new__ and set GradNodeBase.__init__'s fields
    themselves: every slot __init__ sets must be set on a generated node, with __init__'s value."""
    import numpy as np
    import eagergraph as paddle
    from eagergraph.eager.grad_node_info import GradNodeBase

    ref = GradNodeBase()
    x = paddle.to_tensor(np.ones((2, 2), np.float32), stop_gradient=False)
    y = paddle.to_tensor(np.ones((2, 2), np.float32), stop_gradient=False)
    for out in (x * y, paddle.tanh(x), paddle.concat([x, y]), paddle.stack([x, y])):
        node = out._grad_node
        for slot in GradNodeBase.__slots__:
            if slot in ("__weakref__", "_next", "_meta", "_save_site", "_slot_sizes"):
                continue
            assert getattr(node, slot) == getattr(ref, slot), (type(node).__name__, slot)
        assert node._next and node._meta
        node._save_site  # set (a site, or None)
        node._slot_sizes  # set


def test_saved_fields_are_declared_for_every_saved_tensor():
    """Each saved Tensor of a generated node is listed in saved_fields, with its three fields
    (two for no_need_buffer), so the debug tools and TensorWrapper views find them all."""
    from eagergraph._generated import dygraph_functions as df
    from eagergraph.eager.grad_node_info import GradNodeBase
    n = 0
    for cls in vars(df).values():
        if not (isinstance(cls, type) and issubclass(cls, GradNodeBase)):
            continue
        for name, where, slot, nnb in cls.saved_fields:
            assert where in ("in", "out") and isinstance(slot, int)
            need = [f"{name}_saved"] + ([] if nnb else [f"{name}_version", f"{name}_snap"])
            assert all(s in cls.__slots__ for s in need), (cls.__name__, name)
            n += 1
    assert n > 100
