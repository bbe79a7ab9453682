"""Where the debugging tools attach: the functions of each generated layer, the selected
kernels, the grad node classes and the engine module (read, never changed, by this module)."""
from .._generated import ops_api, dygraph_functions, api
from ..eager import backward as engine
from ..eager.grad_node_info import GradNodeBase
from ..phi.kernel_registry import KernelFactory

__all__ = ["ops_api", "dygraph_functions", "api", "engine", "api_functions", "ad_func_names",
           "kernel_api_names", "infermeta_names", "grad_node_classes", "subclasses",
           "cached_kernels"]


def _own_functions(module):
    return sorted(n for n, f in vars(module).items()
                  if callable(f) and getattr(f, "__module__", None) == module.__name__
                  and not n.startswith("_") and hasattr(f, "__code__"))


def api_functions():
    """① The public op functions (`paddle._C_ops.X`), as function objects."""
    return [getattr(ops_api, n) for n in _own_functions(ops_api)]


def ad_func_names():
    """③ `<op>_ad_func` names in the dygraph functions module."""
    return sorted(n for n in vars(dygraph_functions) if n.endswith("_ad_func"))


def kernel_api_names():
    """④ Kernel API function names (forward ops and grad ops)."""
    return _own_functions(api)


def infermeta_names():
    """The InferMeta functions the kernel API calls through its module globals."""
    return sorted(n for n in vars(api) if n.endswith("InferMeta"))


def grad_node_classes():
    """Every GradNodeBase subclass (and the base), recursively."""
    return subclasses(GradNodeBase)


def subclasses(cls):
    """cls and every subclass of it, recursively (classes defined so far)."""
    out, stack = [], [cls]
    while stack:
        c = stack.pop()
        if c not in out:
            out.append(c)
            stack.extend(c.__subclasses__())
    return out


def cached_kernels():
    """The Kernel objects selected so far (the per-op dtype caches)."""
    return [k for cache in KernelFactory._caches.values() for k in cache.values()]
