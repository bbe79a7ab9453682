"""paddle.nn.functional: stateless neural-network functions."""
from ..._generated import public as _public
from ...ops import activation as _activation
from . import activation_extra as _activation_extra
from . import common as _common
from . import loss as _loss
from . import conv as _conv
from . import pooling as _pooling
from . import attention as _attention
from . import norm as _norm
from . import pad as _pad
from . import vision as _vision
from . import dropout as _dropout
from . import activation_shrink as _activation_shrink
from . import distance as _distance
from . import loss_margin as _loss_margin
from . import loss_likelihood as _loss_likelihood
from . import sampling as _sampling
from . import loss_sequence as _loss_sequence
from . import loss_metric as _loss_metric
from . import extension as _extension
from . import input as _input  # binds paddle.nn.functional.input, Paddle's module

# the generated functions public here as they are (ops.yaml `public: nn.functional`), then
# Paddle's Python wrappers and the functions composed from public ops
_modules = (_activation_extra, _common, _loss, _conv, _pooling, _attention, _norm,
            _pad, _vision, _dropout, _activation_shrink, _distance, _loss_margin,
            _loss_likelihood, _sampling, _loss_sequence, _loss_metric, _extension)
__all__ = (list(_public.FUNCTIONAL) + _activation.FUNCTIONAL
           + [_n for _m in _modules for _n in _m.__all__])
globals().update(_public.FUNCTIONAL)
globals().update({_n: getattr(_activation, _n) for _n in _activation.FUNCTIONAL})
globals().update({_n: getattr(_m, _n) for _m in _modules for _n in _m.__all__})
del _modules
del _input  # the submodule stays bound as .input
