"""paddle.nn.functional: stateless neural-network functions."""
from ..._generated import public as _public
from . import activation as _activation

# the generated functions public here as they are (ops.yaml `public: nn.functional`), then
# Paddle's Python wrappers
__all__ = list(_public.FUNCTIONAL) + _activation.__all__
globals().update(_public.FUNCTIONAL)
globals().update({_n: getattr(_activation, _n) for _n in _activation.__all__})
