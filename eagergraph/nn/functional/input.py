"""paddle.nn.functional.input: Paddle's module of the id-lookup functionals (one_hot, embedding,
embedding_renorm_). They are defined in common.py; this module hands out the package's own
bindings (which eagergraph's keyword-alias install wraps), looked up when first asked for."""

_NAMES = ("one_hot", "embedding", "embedding_renorm_")
__all__ = list(_NAMES)


def __getattr__(name):
    if name in _NAMES:
        from .. import functional
        return getattr(functional, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
