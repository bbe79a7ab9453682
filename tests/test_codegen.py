"""The generated code is committed; it must match what the generator writes from the YAML."""
import os
import subprocess
import sys

import pytest

from codegen.spec import parse_op, SpecError


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
