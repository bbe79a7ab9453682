"""`import paddle` answered by eagergraph, so unchanged Paddle scripts run.

`install_as_paddle()` puts an import hook first on sys.meta_path: `paddle` is a thin module
that reads and writes through to the eagergraph package, and `paddle.X.Y` the module
`eagergraph.X.Y` itself (the same object, so `paddle.nn is eagergraph.nn`), whether imported as
`import paddle.nn as nn`, `from paddle.io import DataLoader` or `import paddle.nn.functional
as F`. A Paddle module that eagergraph does not have raises ModuleNotFoundError naming it.
`python -m eagergraph run script.py` installs the hook and runs the script.

Under the alias, programs see Paddle's identity: `paddle.__version__` is the Paddle API level
emulated ("3.3.1", paddle.version.full_version; `eagergraph.__version__` stays eagergraph's own),
and the tensor classes print as Paddle's (eagergraph/paddle_names.py)."""
import importlib
import importlib.abc
import importlib.util
import sys
import types

_PREFIX = "paddle"


class _PaddleAliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `paddle[.X...]` and loads it as the already-importable `eagergraph[.X...]`."""

    def __init__(self):
        self._specs = {}  # alias name -> the real module's own spec, restored after loading

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _PREFIX and not fullname.startswith(_PREFIX + "."):
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=True)

    def create_module(self, spec):
        real = "eagergraph" + spec.name[len(_PREFIX):]
        try:
            module = importlib.import_module(real)
        except ModuleNotFoundError as e:
            if e.name is not None and (real == e.name or real.startswith(e.name + ".")):
                raise ModuleNotFoundError(
                    f"No module named '{spec.name}': eagergraph stands in for paddle here and "
                    f"does not have {spec.name} (yet). What eagergraph supports and where it "
                    f"differs from Paddle: docs/op_coverage.md and docs/differences.md in "
                    f"eagergraph's repository.", name=spec.name) from None
            raise
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module):
        # the import system gave the real module the alias's spec; give its own back
        spec = self._specs.pop(module.__spec__.name, None)
        if spec is not None:
            module.__spec__ = spec


class _PaddleModule(types.ModuleType):
    """`paddle`: every attribute is eagergraph's (read and written through), except its own
    __name__/__spec__ and __version__ (Paddle's)."""

    _OWN = frozenset({"__name__", "__spec__", "__loader__", "__package__", "__version__",
                      "__doc__", "_eagergraph"})

    def __init__(self, real):
        super().__init__(_PREFIX, real.__doc__)
        object.__setattr__(self, "_eagergraph", real)
        object.__setattr__(self, "__version__", real.version.full_version)
        object.__setattr__(self, "__package__", _PREFIX)

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, "_eagergraph"), name)

    def __setattr__(self, name, value):
        if name in _PaddleModule._OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self._eagergraph, name, value)

    def __delattr__(self, name):
        delattr(self._eagergraph, name)

    def __dir__(self):
        return sorted(set(dir(self._eagergraph)) | {"__version__"})

    def __repr__(self):
        return f"<module 'paddle' (eagergraph) from {self._eagergraph.__file__!r}>"


def install_as_paddle():
    """Make `import paddle` (and every `paddle.X` eagergraph has) import eagergraph. Idempotent;
    a real paddle already imported in this process is left alone and this raises."""
    have = sys.modules.get(_PREFIX)
    eagergraph = sys.modules[__name__.rpartition(".")[0]]  # the package this module is in
    if have is not None and not isinstance(have, _PaddleModule):
        raise RuntimeError("install_as_paddle(): the real paddle is already imported in this "
                           "process; call install_as_paddle() before anything imports paddle.")
    if not any(isinstance(f, _PaddleAliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PaddleAliasFinder())
    if have is None:
        sys.modules[_PREFIX] = _PaddleModule(eagergraph)
    from .paddle_names import use_paddle_names
    use_paddle_names()
    for name, module in list(sys.modules.items()):  # eagergraph modules imported so far
        if name.startswith("eagergraph.") and module is not None:
            sys.modules.setdefault(_PREFIX + name[len("eagergraph"):], module)
    return eagergraph
