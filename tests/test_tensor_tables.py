"""Tensor's methods come from declared tables, installed once (eagergraph/tensor_tables.py):
every attribute that tensor.py does not define has exactly one table, a name declared twice is
an error naming both, and so is a second install."""
import ast
import inspect
import pathlib
import sys
import types

import pytest

import eagergraph as paddle
from eagergraph import tensor_tables

TENSOR_PY = pathlib.Path(paddle.__file__).parent / "tensor.py"


def _class_body_names():
    """The names tensor.py's `class Tensor` body binds (methods, properties, slots)."""
    tree = ast.parse(TENSOR_PY.read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tensor")
    names = set()
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    slots = paddle.Tensor.__dict__.get("__slots__", ())
    return names | set((slots,) if isinstance(slots, str) else slots)


def _unwrapped(obj):
    """A keyword-alias wrapper (param_alias, installed after the tables) -> its target."""
    return inspect.unwrap(obj) if callable(obj) else obj


def test_every_attribute_not_in_tensor_py_comes_from_exactly_one_table():
    own = _class_body_names()
    tables = {m: tensor_tables.table_of(m) for m in tensor_tables.TABLES}
    implicit = {"__dict__", "__weakref__", "__module__", "__doc__", "__qualname__"}
    for name, value in vars(paddle.Tensor).items():
        declared = [m for m, t in tables.items() if name in t]
        if name in own and name not in tensor_tables.OVERRIDES or name in implicit \
                or isinstance(value, types.MemberDescriptorType):
            assert declared == [], f"Tensor.{name} is tensor.py's and declared by {declared}"
            continue
        winner = tensor_tables.OVERRIDES[name][0] if name in tensor_tables.OVERRIDES else None
        assert len(declared) == 1 or winner in declared, f"Tensor.{name}: tables {declared}"
        source = tensor_tables.source_of(name)
        assert source == (winner or declared[0])
        assert _unwrapped(value) is _unwrapped(tables[source][name]), f"Tensor.{name} is not {source}'s"


def test_every_table_entry_is_installed():
    for module_name in tensor_tables.TABLES:
        for name, fn in tensor_tables.table_of(module_name).items():
            if tensor_tables.source_of(name) == module_name:
                assert _unwrapped(vars(paddle.Tensor)[name]) is _unwrapped(fn)


def test_overrides_name_their_reason_and_replace_something():
    for name, (module_name, reason) in tensor_tables.OVERRIDES.items():
        assert module_name in tensor_tables.TABLES and len(reason) > 20
        assert tensor_tables.source_of(name) == module_name


@pytest.fixture
def fake_tables():
    mods = {}
    for name, table in (("fake_a", {"f": len, "shared": abs}), ("fake_b", ("g", "shared")),
                        ("fake_c", {"h": min})):
        mod = types.ModuleType(name)
        mod.TENSOR_METHODS = table
        mod.g, mod.shared = max, sum
        mods[name] = mod
    sys.modules.update(mods)
    yield mods
    for name in mods:
        del sys.modules[name]


def test_a_collision_raises_naming_both_sources(fake_tables):
    cls = type("T", (), {})
    with pytest.raises(RuntimeError, match=r"Tensor\.shared is declared by both fake_a and fake_b"):
        tensor_tables.install(cls, ("fake_a", "fake_b"), {})
    assert not hasattr(cls, "f")  # nothing installed


def test_a_collision_with_the_class_raises():
    cls = type("T", (), {"h": None})
    sys.modules["fake_c"] = mod = types.ModuleType("fake_c")
    mod.TENSOR_METHODS = {"h": min}
    try:
        with pytest.raises(RuntimeError, match=r"Tensor\.h is declared by both"):
            tensor_tables.install(cls, ("fake_c",), {})
    finally:
        del sys.modules["fake_c"]


def test_a_declared_override_wins_and_an_unused_one_raises(fake_tables):
    cls = type("T", (), {})
    sources = tensor_tables.install(cls, ("fake_a", "fake_b"),
                                    {"shared": ("fake_b", "fake_b's shared is the right one")})
    assert cls.shared is sum and cls.g is max and cls.f is len
    assert sources == {"f": "fake_a", "g": "fake_b", "shared": "fake_b"}
    with pytest.raises(RuntimeError, match="replace nothing"):
        tensor_tables.install(type("U", (), {}), ("fake_c",), {"h": ("fake_c", "no reason")})


def test_installing_twice_raises(fake_tables):
    cls = type("T", (), {})
    tensor_tables.install(cls, ("fake_c",), {})
    with pytest.raises(RuntimeError, match="already installed"):
        tensor_tables.install(cls, ("fake_c",), {})
    with pytest.raises(RuntimeError, match="already installed"):
        tensor_tables.install_tensor_methods()


def test_a_table_listing_a_name_twice_raises():
    sys.modules["fake_d"] = mod = types.ModuleType("fake_d")
    mod.TENSOR_METHODS, mod.f = ("f", "f"), len
    try:
        with pytest.raises(ValueError, match="lists 'f' twice"):
            tensor_tables.table_of("fake_d")
    finally:
        del sys.modules["fake_d"]


def test_the_tables_hold_what_tensor_answers():
    """Behaviour through the tables: an operator, a patched cast, an autograd method, a sparse
    method, dlpack, the signal method and the constructor's conversion."""
    x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    y = (x * 2.0 + 1.0).sum()
    y.backward()
    assert x.grad.numpy().tolist() == [2.0, 2.0, 2.0]
    assert x.int().dtype == paddle.int32 and x.is_sparse() is False
    assert paddle.Tensor([1, 2]).numpy().tolist() == [1, 2]
    assert x.__dlpack_device__()[1] is None
    assert paddle.Tensor.stft is paddle.signal.stft
    assert hash(x) == object.__hash__(x)
