"""Tensor's methods: the declared tables of the modules that add them, installed once.

`tensor.py` defines the class (its slots, constructor and fast paths). Every other Tensor
attribute is declared in one table, `TENSOR_METHODS`, of the module that owns it:

- a dict `{"name": function}` (or property, staticmethod, ...), or
- a tuple or list of names, each the module's own attribute of that name (the ops modules:
  `ops/reduce.py`'s `TENSOR_METHODS` lists `sum`, `mean`, ...; `_generated/public.py`'s is a dict).

`install_tensor_methods()` (called once, from the package's `__init__`) installs every table of
`TABLES` on Tensor. A name that two tables declare, or that a table declares while tensor.py
defines it, is an error naming both, unless `OVERRIDES` declares it with the reason; a second
install is an error too. So `grep -rn '"NAME"\\|NAME' <module>` finds where Tensor.NAME comes
from, and `tests/test_tensor_tables.py` checks that each attribute has exactly one source.
"""
import importlib

# the modules whose TENSOR_METHODS tables Tensor gets, in install order (a table may read
# nothing of another: the order only matters for OVERRIDES, applied after all of them)
TABLES = (
    "eagergraph.creation",                  # the constructor's conversion (Tensor._from_data)
    "eagergraph.tensor_methods",            # Python operators (+, -, ==, @, ...), .T, .mT
    "eagergraph._generated.public",         # generated ops public as Tensor methods
    "eagergraph.ops.alias",                 # Paddle's Python wrappers over the ops, by family
    "eagergraph.ops.attribute",
    "eagergraph.ops.elementwise",
    "eagergraph.ops.indexing",
    "eagergraph.ops.inplace",
    "eagergraph.ops.linalg",
    "eagergraph.ops.manipulation",
    "eagergraph.ops.random",
    "eagergraph.ops.reduce",
    "eagergraph.ops.search",
    "eagergraph.tensor_patch",              # casts, to(), data, strides, copy_, ...
    "eagergraph.eager.tensor_patch_methods",  # backward, grad, hooks, detach, clone
    "eagergraph.signal",                    # stft, istft
    "eagergraph.sparse",                    # to_sparse_coo, values, is_sparse, ...
    "eagergraph.utils.dlpack",              # __dlpack__, __dlpack_device__
)

# deliberate replacements, of what tensor.py defines or of an earlier table's entry:
# {name: (the module whose entry wins, why)}
_WRAPPER = ("the hand-written wrapper (Paddle's Python signature and checks) replaces the "
            "generated function that ops.yaml also makes public as a Tensor method")
OVERRIDES = {
    "__hash__": ("eagergraph.tensor_methods",
                 "tensor.py hashes by id() for its own use; with == elementwise, Tensor keeps "
                 "object's identity hash, as Paddle's Tensor does"),
    "add": ("eagergraph.ops.elementwise", _WRAPPER),
    "add_": ("eagergraph.ops.elementwise", _WRAPPER),
    "subtract": ("eagergraph.ops.elementwise", _WRAPPER),
    "subtract_": ("eagergraph.ops.elementwise", _WRAPPER),
    "divide": ("eagergraph.ops.elementwise", _WRAPPER),
    "divide_": ("eagergraph.ops.elementwise", _WRAPPER),
    "scale_": ("eagergraph.ops.elementwise", _WRAPPER),
    "clip_": ("eagergraph.ops.elementwise", _WRAPPER),
    "bitwise_and": ("eagergraph.ops.elementwise", _WRAPPER),
    "bitwise_or": ("eagergraph.ops.elementwise", _WRAPPER),
    "bitwise_xor": ("eagergraph.ops.elementwise", _WRAPPER),
    "bitwise_not": ("eagergraph.ops.elementwise", _WRAPPER),
    "bitwise_left_shift_": ("eagergraph.ops.elementwise", _WRAPPER),
    "bitwise_right_shift_": ("eagergraph.ops.elementwise", _WRAPPER),
    "polygamma_": ("eagergraph.ops.elementwise", _WRAPPER),
    "scatter": ("eagergraph.ops.indexing", _WRAPPER),
    "index_add_": ("eagergraph.ops.indexing", _WRAPPER),
    "cumsum_": ("eagergraph.ops.reduce", _WRAPPER),
    "cumprod_": ("eagergraph.ops.reduce", _WRAPPER),
}

_installed = {}  # class -> {name: module}, once installed
_own = {}  # class -> the names its own body defined, before the install


def table_of(module_name):
    """The module's TENSOR_METHODS as a dict {name: attribute}."""
    mod = importlib.import_module(module_name)
    table = mod.TENSOR_METHODS
    if isinstance(table, dict):
        return dict(table)
    if not isinstance(table, (tuple, list)):
        raise TypeError(f"{module_name}.TENSOR_METHODS must be a dict or a tuple of names, got "
                        f"{type(table).__name__}")
    out = {}
    for name in table:
        if name in out:
            raise ValueError(f"{module_name}.TENSOR_METHODS lists {name!r} twice")
        out[name] = getattr(mod, name)
    return out


def collect(cls, tables=TABLES, overrides=OVERRIDES):
    """{name: (module, attribute)} for every table entry; raises on a name declared twice, or
    declared while cls defines it, unless overrides declares that very replacement."""
    own = _own.get(cls) or set(cls.__dict__)  # what the class itself defines
    sources, replaced = {}, set()
    for module_name in tables:
        for name, fn in table_of(module_name).items():
            first = sources[name][0] if name in sources else \
                cls.__module__ if name in own else None
            if first is not None:
                if overrides.get(name, (None,))[0] != module_name:
                    raise RuntimeError(
                        f"Tensor.{name} is declared by both {first} and {module_name}: keep it in "
                        f"one table, or list the replacement in tensor_tables.OVERRIDES with its "
                        f"reason")
                replaced.add(name)
            sources[name] = (module_name, fn)
    unused = sorted(set(overrides) - replaced)
    if unused:
        raise RuntimeError(f"tensor_tables.OVERRIDES lists {unused}, which replace nothing")
    return sources


def install(cls, tables=TABLES, overrides=OVERRIDES):
    """Set every table's entries on cls, once; returns {name: module}."""
    if cls in _installed:
        raise RuntimeError(f"{cls.__qualname__}'s method tables are already installed")
    sources = collect(cls, tables, overrides)
    _own[cls] = set(cls.__dict__)
    for name, (_module, fn) in sources.items():
        setattr(cls, name, fn)
    _installed[cls] = {name: module for name, (module, _fn) in sources.items()}
    return _installed[cls]


def install_tensor_methods():
    from .tensor import Tensor
    return install(Tensor)


def source_of(name, cls=None):
    """The module whose table installed cls.name (None: defined by the class itself)."""
    if cls is None:
        from .tensor import Tensor as cls
    return _installed.get(cls, {}).get(name)
