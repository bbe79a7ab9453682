"""The few differentiable ops the eager layer itself calls, bound in from above at import.

The engine and its structures sit below the generated ops (imports point down), yet a few of
them run ops when they record a graph (create_graph, inplace rebasing, promotion): summing
gradients (add), reducing a gradient to an input's shape (transpose, reshape, sum), the real
part of a complex gradient (real), dtype changes (cast), a view's rebased base (subtract) and
Tensor.clone (assign). Paddle's engine reaches them through C++ headers; here the generated
layer hands its `<op>_ad_func`s to `bind()` when it is imported, and the eager layer calls
them as `ops.add(...)`. Until then they raise, which can only happen inside eagergraph's own
import."""

_NAMES = ("add", "subtract", "sum", "reshape", "transpose", "real", "cast", "assign")


class _BoundOps:
    __slots__ = _NAMES

    def __getattr__(self, name):  # only reached while a slot is still unbound
        raise RuntimeError(f"internal error: the eager layer called op '{name}' before the "
                           f"generated ops were bound (eagergraph is still importing)")


ops = _BoundOps()


def bind(**ad_funcs):
    """Called once by the generated dygraph functions: name -> `<op>_ad_func`."""
    unknown = set(ad_funcs) - set(_NAMES)
    if unknown:
        raise ValueError(f"bound_ops.bind: unknown names {sorted(unknown)}")
    for name, fn in ad_funcs.items():
        setattr(ops, name, fn)
