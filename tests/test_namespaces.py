"""The public namespaces spell their names: each name is imported (or assigned) in the
namespace's own source, from the module that defines it, and is the object that module's
declared table (__all__, TENSOR_METHODS, the generated PADDLE / FUNCTIONAL / INPLACE) names.
So `grep -rn "def NAME\\|NAME =" eagergraph` finds a definition and a grep of the namespace's
__init__ finds the export; these tests fail when a hand-written import list and the tables it
mirrors (the generated ones included) drift apart."""
import inspect
import pathlib
import re
import sys
import types

import pytest

import eagergraph as paddle
from eagergraph import ops
from eagergraph._generated import public
from eagergraph.ops import (activation, alias, attribute, creation, elementwise, indexing,
                            inplace, linalg, manipulation, random, reduce, search)

ROOT = pathlib.Path(paddle.__file__).parent
FAMILIES = (activation, alias, attribute, creation, elementwise, indexing, inplace, linalg,
            manipulation, random, reduce, search)


def _unwrap(obj):
    return inspect.unwrap(obj) if callable(obj) else obj


def _public_names(mod):
    return {n for n, v in vars(mod).items()
            if not n.startswith("_") and not isinstance(v, types.ModuleType)}


def test_ops_is_what_the_generated_tables_and_the_families_declare():
    declared = {}
    for n in list(public.PADDLE) + list(public.INPLACE):  # (public.TENSOR_METHODS: Tensor's)
        declared[n] = getattr(public, n)
    # a family's wrapper in its __all__ is the name (not the generated function); a Tensor-only
    # method (in TENSOR_METHODS, not __all__) is an attribute here only where nothing else is
    exported, methods = {}, {}
    for m in FAMILIES:
        for n in m.__all__:
            assert exported.setdefault(n, getattr(m, n)) is getattr(m, n), f"{n}: two families"
        for n in getattr(m, "TENSOR_METHODS", ()):
            if not n.startswith("__") and n not in m.__all__:
                methods.setdefault(n, getattr(m, n))
    declared.update(exported)
    for n, fn in methods.items():
        declared.setdefault(n, fn)
    extra, missing = _public_names(ops) - set(declared), set(declared) - _public_names(ops)
    assert not extra, f"eagergraph/ops/__init__.py imports {sorted(extra)}, which no table declares"
    assert not missing, (f"{sorted(missing)} are declared (ops.yaml public:, an ops/ module's "
                         f"__all__ or TENSOR_METHODS) but eagergraph/ops/__init__.py does not "
                         f"import them: add them to its import lists (and to __all__ there and "
                         f"in eagergraph/__init__.py, for a paddle.X)")
    for n, fn in declared.items():
        assert getattr(ops, n) is fn, n
    assert set(ops.__all__) == set(public.PADDLE).union(*(m.__all__ for m in FAMILIES))


def test_paddle_exports_every_op_of_ops_all():
    missing = set(ops.__all__) - set(paddle.__all__)
    assert not missing, f"add {sorted(missing)} to eagergraph/__init__.py's `from .ops import` " \
                        f"and __all__"
    for n in ops.__all__:
        assert _unwrap(getattr(paddle, n)) is _unwrap(getattr(ops, n)), n


def test_nn_functional_is_the_generated_functional_table_and_its_modules():
    F = paddle.nn.functional
    sources = [(n, getattr(public, n)) for n in public.FUNCTIONAL]
    sources += [(n, getattr(activation, n)) for n in activation.FUNCTIONAL]
    mods = [sys.modules[f"eagergraph.nn.functional.{m}"] for m in (
        "activation_extra", "common", "loss", "conv", "pooling", "attention", "norm", "pad",
        "vision", "dropout", "activation_shrink", "distance", "loss_margin", "loss_likelihood",
        "sampling", "loss_sequence", "loss_metric", "extension")]
    sources += [(n, getattr(m, n)) for m in mods for n in m.__all__]
    expected = dict(sources)  # a later module's name wins, as Paddle's import order has it
    missing = set(expected) - set(F.__all__)
    assert not missing, f"add {sorted(missing)} to eagergraph/nn/functional/__init__.py's imports " \
                        f"and __all__"
    assert set(F.__all__) == set(expected)
    for n, fn in expected.items():
        assert _unwrap(getattr(F, n)) is _unwrap(fn), n
    assert isinstance(F.input, types.ModuleType)


def test_nn_layers_are_their_modules_and_nn_reexports_them():
    L = paddle.nn.layer
    mods = [sys.modules[f"eagergraph.nn.layer.{m}"] for m in (
        "activation", "loss", "conv", "pooling", "norm", "rnn", "transformer", "padding",
        "vision", "dropout", "activation_shrink", "loss_margin", "loss_sequence")]
    for m in mods:
        for n in m.__all__:
            assert _unwrap(getattr(L, n)) is _unwrap(getattr(m, n)), n
            assert n in L.__all__
    # the torch-style names are the same classes
    assert L.Module is L.Layer and L.Conv2d is L.Conv2D and L.MaxUnpool2d is L.MaxUnPool2D
    assert L.SiLU is L.Silu and L.ZeroPad2d is L.ZeroPad2D
    assert set(L.__all__) <= set(paddle.nn.__all__)
    for n in L.__all__:
        assert getattr(paddle.nn, n) is getattr(L, n), n
    assert paddle.nn.loss is sys.modules["eagergraph.nn.loss"] is L.loss
    assert L.loss.CTCLoss is L.CTCLoss and L.loss.MarginRankingLoss is L.MarginRankingLoss


def test_generated_stubs_are_named_and_exported():
    from eagergraph.incubate.nn.functional import gpu_only
    from eagergraph.distributed import unsupported
    IF = paddle.incubate.nn.functional
    for n in gpu_only.__all__:
        assert getattr(IF, n) is getattr(gpu_only, n) and n in IF.__all__
        with pytest.raises(RuntimeError, match="is not registered"):
            getattr(IF, n)()
    for n in unsupported.FUNCTIONS + unsupported.CLASSES:
        assert getattr(paddle.distributed, n) is getattr(unsupported, n)
        assert n in paddle.distributed.__all__
    with pytest.raises(NotImplementedError):
        paddle.distributed.shard_tensor(None, None, None)


def test_vision_top_level_is_models_transforms_and_datasets():
    V = paddle.vision
    not_at_top = {"functional", "RandomAffine", "RandomErasing", "RandomPerspective", "affine",
                  "erase", "perspective"}  # Paddle 3.3.1's paddle.vision leaves these out
    for m in (V.models, V.transforms, V.datasets):
        for n in m.__all__:
            if n in not_at_top:
                assert not hasattr(V, n) or isinstance(getattr(V, n), types.ModuleType), n
            else:
                assert getattr(V, n) is getattr(m, n), n


_SPACES = ("eagergraph", "eagergraph.nn", "eagergraph.nn.layer", "eagergraph.nn.functional",
           "eagergraph.linalg", "eagergraph.fft", "eagergraph.signal", "eagergraph.sparse",
           "eagergraph.incubate.nn.functional", "eagergraph.vision", "eagergraph.distributed",
           "eagergraph.ops")


@pytest.fixture(scope="module")
def defined_names():
    """Every name eagergraph's source defines: def / class NAME, NAME = ... (chained and tuple
    targets too) and `import X as NAME`."""
    import ast
    names = set()
    for p in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for t in getattr(node, "targets", None) or [node.target]:
                    names.update(x.id for x in ast.walk(t) if isinstance(x, ast.Name))
            elif isinstance(node, ast.alias) and node.asname:
                names.add(node.asname)
    return names


@pytest.mark.parametrize("space", _SPACES)
def test_a_grep_finds_each_public_name_its_export_and_a_definition(space, defined_names):
    mod = sys.modules[space]
    text = pathlib.Path(mod.__file__).read_text()
    for n in sorted(_public_names(mod) | set(getattr(mod, "__all__", ()))):
        obj = getattr(mod, n)
        if isinstance(obj, types.ModuleType) or not getattr(obj, "__module__", "eagergraph") \
                .startswith("eagergraph"):  # a submodule, or typing's Sequence
            continue
        assert re.search(rf"\b{re.escape(n)}\b", text), f"{space}.{n}: not in {mod.__file__}"
        assert n in defined_names, f"{space}.{n}: no definition found"
