"""paddle.framework as a package: its io_utils and random submodules (Paddle 3.3.1
python/paddle/framework/{io_utils,random}.py), reached by `from paddle.framework.io_utils import
...` and as attributes without an import, as Paddle's own tests use them."""
import io
import os
import subprocess
import sys

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.framework_mode import StaticModeNotSupportedError


_UNDER_ALIAS = """
import sys
import eagergraph
eagergraph.install_as_paddle()
import paddle
from paddle.framework.io_utils import get_value, is_pir_fetch_var, set_value
assert get_value is paddle.framework.io_utils.get_value and callable(set_value)
assert not is_pir_fetch_var(paddle.ones([1]))
import paddle.framework.random as r
assert r is paddle.framework.random
assert sys.modules["paddle.framework.io_utils"] is paddle.framework.io_utils
assert paddle.framework.get_default_dtype() == "float32"  # the package keeps its names
"""


def test_submodules_are_attributes_and_import_under_the_alias():
    assert paddle.framework.random._manual_program_seed(3) is None
    assert paddle.framework.io_utils._is_file_path("a") and \
        not paddle.framework.io_utils._is_file_path(io.BytesIO())
    # under the alias in a subprocess: install_as_paddle() is process-wide (a real paddle
    # would then look installed to every later test)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", _UNDER_ALIAS], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, r.stderr


def test_manual_program_seed_leaves_the_dygraph_stream():
    # Paddle: it seeds the static Programs only; paddle.rand after paddle.seed(1) is unchanged
    paddle.seed(1)
    a = paddle.rand([4]).numpy()
    paddle.seed(1)
    paddle.framework.random._manual_program_seed(7)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), a)
    assert paddle.framework.random.seed is paddle.seed


def test_open_file_buffer():
    iu = paddle.framework.io_utils
    buf = io.BytesIO()
    with iu._open_file_buffer(buf, "wb") as f:
        assert f is buf
        f.write(b"abc")
    assert not buf.closed
    buf.seek(1)
    with pytest.raises(KeyError):
        with iu._open_file_buffer(buf, "rb") as f:
            f.read()
            raise KeyError  # a failed read rewinds to where it began
    assert buf.tell() == 1
    with pytest.raises(ValueError, match="Expected 'r' or 'w' in mode but got b"):
        iu._open_file_buffer(buf, "b")
    with pytest.raises(ValueError):  # a path: open()'s own error (Paddle's test asserts this)
        iu._open_file_buffer("temp", "b")


def test_variable_checks_and_static_helpers():
    iu = paddle.framework.io_utils
    p = paddle.nn.Linear(2, 2).weight
    t = paddle.ones([2])
    assert iu.is_parameter(p) and not iu.is_parameter(t)
    assert iu.is_persistable(p) and not iu.is_persistable(t)
    assert not iu.is_belong_to_optimizer(p)
    assert iu.is_pir_fetch_var(t) is False
    with pytest.raises(StaticModeNotSupportedError):
        iu.get_value(t)


def test_legacy_save_load(tmp_path):
    fio = paddle.framework.io
    assert fio.save is paddle.save and fio.load is paddle.load
    sd = paddle.nn.Linear(3, 2).state_dict()
    path = str(tmp_path / "m" / "legacy.pdparams")
    fio._legacy_save(sd, path)
    back = paddle.load(path, return_numpy=False)
    for k, v in sd.items():
        np.testing.assert_array_equal(back[k].numpy(), v.numpy())
    paddle.save(sd, path)
    raw = fio._legacy_load(path)  # NumPy arrays, the name table dropped
    assert set(raw) == set(sd)
    for k, v in sd.items():
        assert isinstance(raw[k], np.ndarray)
        np.testing.assert_array_equal(raw[k], v.numpy())
    assert "StructuredToParameterName@@" in fio._legacy_load(path, keep_name_table=True)
    with pytest.raises(NotImplementedError, match="only supports save state_dict"):
        fio._legacy_save([1], path)
    with pytest.raises(ValueError, match="protocol"):
        fio._legacy_save(sd, path, protocol=5)
